"""The OWL reader (owlready2) gives the same records as the OBO reader (pronto) for the same terms."""

from __future__ import annotations

from pathlib import Path

import pytest

from loaders.errors import SourceFormatError
from loaders.obo import parse_obo
from loaders.owl import describe_owl_release, parse_owl
from loaders.records import ConceptRecord, LoadReport, RelationRecord

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
OWL = FIXTURES / "owl" / "hp_subset.owl"
OBO = FIXTURES / "hpo" / "hp.obo"


def comparable(records):
    concepts = {r.code: (r.display, r.synonyms, r.properties) for r in records if isinstance(r, ConceptRecord)}
    edges = {(r.type, r.source_code, r.target, r.target_code) for r in records if isinstance(r, RelationRecord)}
    return concepts, edges


def test_owl_and_obo_agree_on_shared_terms():
    owl_concepts, owl_edges = comparable(list(parse_owl(OWL, LoadReport())))
    obo_concepts, obo_edges = comparable(list(parse_obo(OBO, LoadReport())))
    shared = set(owl_concepts)
    assert shared == {"HP:0000001", "HP:0000118", "HP:0001626", "HP:0001635", "HP:0000822", "HP:0001636"}
    for code in shared:
        owl_display, owl_synonyms, owl_props = owl_concepts[code]
        obo_display, obo_synonyms, obo_props = obo_concepts[code]
        assert (owl_display, owl_synonyms) == (obo_display, obo_synonyms), code
        keys = ("definition", "obsolete", "synonyms_exact", "synonyms_related", "synonyms_broad", "replaced_by")
        assert {k: dict(owl_props)[k] for k in keys} == {k: dict(obo_props)[k] for k in keys}, code
    assert owl_edges == {e for e in obo_edges if e[1] in shared}


def test_version_from_version_iri():
    assert describe_owl_release(OWL).release_id == "HPO@2025-01-16"


def test_not_owl(tmp_path):
    bad = tmp_path / "bad.owl"
    bad.write_text("<rdf:RDF this is broken")
    with pytest.raises(SourceFormatError, match="bad.owl.*not readable as OWL"):
        list(parse_owl(bad))

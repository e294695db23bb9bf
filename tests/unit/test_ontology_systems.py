"""Any ontology is a release of its own system (issue 17, class 10): the Gene Ontology read as GO, with its
synonyms by scope, definitions, is_a, other relations, obsolete terms and cross-references; never as HPO."""

from __future__ import annotations

from pathlib import Path

import pytest

from loaders.errors import SourceFormatError
from loaders.obo import describe_obo_release, ontology_system, parse_obo, xref_target
from loaders.owl import describe_owl_release, parse_owl
from loaders.records import ConceptRecord, LoadReport, RelationRecord
from loaders.registry import LoadRequest, get_loader

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GO_OBO = FIXTURES / "ontologies" / "go_sample.obo"
GO_OWL = FIXTURES / "ontologies" / "go_sample.owl"
HP_OBO = FIXTURES / "hpo" / "hp.obo"


def records(path: Path, report: LoadReport | None = None):
    parse = parse_owl if path.suffix == ".owl" else parse_obo
    found = list(parse(path, report or LoadReport()))
    concepts = {r.code: r for r in found if isinstance(r, ConceptRecord)}
    edges = [r for r in found if isinstance(r, RelationRecord)]
    return concepts, edges


def test_the_gene_ontology_is_a_go_release_not_an_hpo_one():
    assert ontology_system(GO_OBO) == "GO"
    assert describe_obo_release(GO_OBO).release_id == "GO@2099-01-01"
    assert describe_owl_release(GO_OWL).release_id == "GO@2099-01-01"
    assert describe_obo_release(HP_OBO).release_id == "HPO@2025-01-16"
    prepared = get_loader("obo").prepare(LoadRequest(path=GO_OBO))
    assert prepared.info.system == "GO" and prepared.info.systems == ("GO",)


def test_terms_keep_names_definitions_and_synonyms_by_scope():
    concepts, _ = records(GO_OBO)
    assert {r.system for r in concepts.values()} == {"GO"}
    cycle = dict(concepts["GO:0000278"].properties)
    assert concepts["GO:0000278"].display == "mitotic cell cycle"
    assert cycle["definition"] == "Progression through the phases of the mitotic cell cycle."
    assert cycle["synonyms_related"] == ("mitosis",) and cycle["synonyms_narrow"] == ("mitotic cell division",)
    # Search names: exact and related synonyms only; a narrow synonym names another concept.
    assert concepts["GO:0000278"].synonyms == ("mitosis",)
    process = dict(concepts["GO:0009987"].properties)
    assert process["synonyms_broad"] == ("cellular physiological process",)


def test_is_a_other_relations_and_obsolete_terms():
    concepts, edges = records(GO_OBO)
    is_a = {(e.source_code, e.target_code) for e in edges if e.type == "IS_A"}
    assert ("GO:0000278", "GO:0007049") in is_a and ("GO:0005634", "GO:0005575") in is_a
    relations = {(e.source_code, dict(e.properties)["attribute"], dict(e.properties)["type_id"], e.target_code)
                 for e in edges if e.type == "HAS_ATTRIBUTE"}
    assert relations == {("GO:0005634", "part_of", "BFO:0000050", "GO:0005575"),
                         ("GO:0051726", "regulates", "RO:0002211", "GO:0007049")}
    obsolete = dict(concepts["GO:0000074"].properties)
    assert obsolete["obsolete"] is True and obsolete["active"] is False
    assert [(e.type, e.target_code) for e in edges if e.source_code == "GO:0000074"] == [
        ("REPLACED_BY", "GO:0051726")]


def test_imported_terms_are_counted_not_made_concepts_of_the_release():
    report = LoadReport()
    concepts, edges = records(GO_OBO, report)
    assert "BFO:0000050" not in concepts
    assert report.counts["foreign_term"] == 1
    assert all(e.target_code in concepts for e in edges if not e.to_identity)


def test_cross_references_go_to_code_identities_and_urls_stay_text():
    concepts, edges = records(GO_OBO)
    xrefs = {(e.source_code, e.target, e.target_code) for e in edges if e.type == "XREF"}
    assert ("GO:0007049", "MESH", "D002453") in xrefs and ("GO:0000278", "NCIT", "C17365") in xrefs
    assert all(e.to_identity for e in edges if e.type == "XREF")
    assert not any(target == "WIKIPEDIA" for _, target, _ in xrefs)
    assert "Wikipedia:Biological_process" in dict(concepts["GO:0008150"].properties)["xrefs"]
    assert xref_target("SNOMEDCT_US:22298006") == ("SNOMEDCT", "22298006")
    assert xref_target("Orphanet:558") == ("ORPHA", "ORPHA:558")
    assert xref_target("OMIM:154700") == ("OMIM", "OMIM:154700")


def test_owl_reads_the_same_ontology_with_some_restrictions_as_relations():
    concepts, edges = records(GO_OWL)
    assert set(concepts) == {"GO:0005575", "GO:0005622", "GO:0005634"}
    assert concepts["GO:0005634"].synonyms == ("cell nucleus",)
    relations = {(e.source_code, dict(e.properties)["attribute"], dict(e.properties)["type_id"], e.target_code)
                 for e in edges if e.type == "HAS_ATTRIBUTE"}
    assert relations == {("GO:0005634", "part_of", "BFO:0000050", "GO:0005622")}


@pytest.mark.parametrize("header", ["ontology: icd10cm", "ontology: snomedct", "ontology: loinc"])
def test_an_ontology_cannot_pose_as_a_system_with_its_own_loader(tmp_path, header):
    fake = tmp_path / "fake.obo"
    fake.write_text(f"format-version: 1.2\ndata-version: 2099-01-01\n{header}\n\n[Term]\nid: X:1\nname: x\n")
    with pytest.raises(SourceFormatError, match=r"fake.obo, field ontology: an ontology cannot be a release of"):
        describe_obo_release(fake)


def test_without_an_ontology_header_the_id_space_names_the_system(tmp_path):
    bare = tmp_path / "mondo_part.obo"
    bare.write_text("format-version: 1.2\ndata-version: releases/2099-01-01\n\n[Term]\nid: MONDO:0005015\n"
                    "name: diabetes mellitus\nxref: DOID:9351\n")
    assert describe_obo_release(bare).release_id == "MONDO@2099-01-01"
    concepts, edges = records(bare)
    assert set(concepts) == {"MONDO:0005015"}
    assert [(e.target, e.target_code) for e in edges] == [("DOID", "DOID:9351")]

"""hp.obo and phenotype.hpoa parsers on hand-written files in the official formats (no database)."""

from __future__ import annotations

from pathlib import Path

import pytest

from loaders.errors import SourceFormatError
from loaders.hpo import describe_release, parse_release
from loaders.hpoa import count_rows, parse_hpoa
from loaders.obo import ontology_version, parse_obo
from loaders.records import ConceptRecord, LoadReport, RelationRecord

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "hpo"
OBO = FIXTURES / "hp.obo"
HPOA = FIXTURES / "phenotype.hpoa"


def split(records):
    concepts = {r.code: r for r in records if isinstance(r, ConceptRecord)}
    relations = [r for r in records if isinstance(r, RelationRecord)]
    return concepts, relations


@pytest.fixture(scope="module")
def release():
    report = LoadReport()
    concepts, relations = split(list(parse_release(OBO, HPOA, report)))
    return concepts, relations, report


def attr(rec, name):
    return dict(rec.properties).get(name)


def test_terms_with_scoped_synonyms_and_definitions(release):
    concepts, _, _ = release
    chf = concepts["HP:0001635"]
    assert chf.display == "Congestive heart failure" and chf.kind == "term"
    assert attr(chf, "synonyms_exact") == ("Cardiac failure", "Heart failure")
    assert attr(chf, "synonyms_related") == ("Congestive cardiac failure",)
    assert attr(concepts["HP:0000822"], "synonyms_broad") == ("Elevated blood pressure",)
    # broad synonyms are not searchable names of the term
    assert "Elevated blood pressure" not in concepts["HP:0000822"].synonyms
    assert attr(chf, "definition").startswith("The presence of an abnormality of cardiac function")


def test_obsolete_terms_keep_replacements_and_no_hierarchy(release):
    concepts, relations, _ = release
    old = concepts["HP:0001636"]
    assert attr(old, "obsolete") is True and attr(old, "active") is False
    assert ("REPLACED_BY", "HP:0001636", "HP:0001635") in {(r.type, r.source_code, r.target_code) for r in relations}
    assert attr(concepts["HP:0000812"], "consider") == ("HP:0000077",)
    assert not [r for r in relations if r.type == "IS_A" and r.source_code in ("HP:0001636", "HP:0000812")]


def test_xrefs_point_at_code_identities_of_other_systems(release):
    _, relations, report = release
    xrefs = {(r.source_code, r.target, r.target_code) for r in relations if r.type == "XREF"}
    assert ("HP:0001635", "SNOMEDCT", "42343007") in xrefs
    assert ("HP:0001635", "UMLS", "C0018802") in xrefs
    assert all(r.to_identity for r in relations if r.type == "XREF")
    assert report.counts["malformed_xref"] == 1  # UMLS:0000000 is not a CUI


def test_every_annotation_row_is_accounted_for(release):
    _, relations, report = release
    counts = count_rows(report)
    data_rows = sum(1 for line in HPOA.read_text().splitlines() if line and not line.startswith("#")) - 1
    assert counts.rows == data_rows == 13
    assert (counts.positive, counts.negated, counts.rejected) == (8, 2, 3)
    assert report.counts["rejected_duplicate_row"] == 1
    assert report.counts["rejected_unknown_hpo_term"] == 1
    assert report.counts["rejected_unknown_evidence"] == 1
    edges = [r for r in relations if r.type == "HAS_PHENOTYPE"]
    assert len(edges) == counts.positive + counts.negated


def test_not_rows_are_negated_edges_never_positive(release):
    _, relations, _ = release
    edges = {(r.source_code, r.target_code): dict(r.properties) for r in relations if r.type == "HAS_PHENOTYPE"}
    assert edges[("OMIM:125853", "HP:0005110")]["negated"] is True
    assert edges[("ORPHA:99103", "HP:0003074")]["negated"] is True
    assert edges[("OMIM:125853", "HP:0003074")]["negated"] is False


def test_annotation_fields_are_typed(release):
    _, relations, _ = release
    edges = {(r.source_code, r.target_code): dict(r.properties) for r in relations if r.type == "HAS_PHENOTYPE"}
    ckd = edges[("OMIM:125853", "HP:0012622")]
    assert ckd["references"] == ("PMID:9050881", "PMID:10000001")
    assert ckd["pmids"] == ("PMID:9050881", "PMID:10000001")
    assert ckd["frequency"] == "3/10" and ckd["frequency_value"] == 0.3
    assert edges[("ORPHA:99103", "HP:0000822")]["frequency_value"] == 0.85
    assert edges[("OMIM:125853", "HP:0000103")]["frequency"] == "HP:0040283"
    assert edges[("DECIPHER:18", "HP:0000093")]["sex"] == "male"
    assert edges[("OMIM:125853", "HP:0000006")]["aspect"] == "I"


def test_diseases_are_concepts_of_their_own_systems(release):
    concepts, relations, _ = release
    assert concepts["OMIM:125853"].system == "OMIM" and concepts["OMIM:125853"].kind == "disease"
    assert concepts["ORPHA:99103"].system == "ORPHA"
    assert concepts["DECIPHER:18"].system == "DECIPHER"
    for edge in (r for r in relations if r.type == "HAS_PHENOTYPE"):
        assert edge.target == "HPO" and edge.source_code in concepts and edge.target_code in concepts


def test_release_description():
    info = describe_release(OBO, HPOA)
    assert info.release_id == "HPO@2025-01-16"
    assert info.systems == ("HPO", "DECIPHER", "OMIM", "ORPHA")
    assert [f.name for f in info.files] == ["hp.obo", "phenotype.hpoa"]
    assert ontology_version(OBO) == "2025-01-16"


@pytest.mark.parametrize(
    ("name", "line", "fragment"),
    [
        ("bad_header.hpoa", 5, "field header: header is 'db_id/"),
        ("wrong_columns.hpoa", 8, "field columns: 11 columns, expected 12"),
        ("truncated.hpoa", 18, "last line is truncated"),
    ],
)
def test_bad_annotation_files(name, line, fragment):
    with pytest.raises(SourceFormatError) as caught:
        list(parse_hpoa(FIXTURES / name, known_terms=None))
    assert caught.value.line == line and fragment in str(caught.value) and name in str(caught.value)


@pytest.mark.parametrize(
    ("name", "line", "fragment"),
    [
        ("not_obo.obo", 1, "not an OBO file"),
        ("undeclared_synonym_type.obo", 52, "undeclared synonym type: abbreviation"),
        ("missing.obo", None, "file not found"),
    ],
)
def test_bad_ontology_files(name, line, fragment):
    with pytest.raises(SourceFormatError) as caught:
        list(parse_obo(FIXTURES / name))
    assert caught.value.line == line and fragment in str(caught.value) and name in str(caught.value)


def test_latin1_annotation_file_is_refused(tmp_path):
    bad = tmp_path / "latin1.hpoa"
    bad.write_bytes(HPOA.read_bytes().replace(b"(test)", "(tést)".encode("latin-1")))
    with pytest.raises(SourceFormatError, match="latin1.hpoa.*not UTF-8"):
        list(parse_hpoa(bad))


def test_an_ontology_without_hpo_terms_is_refused_as_hpo_not_read_as_an_empty_hpo(tmp_path):
    """Issue 17, class 10: `load obo` of the Gene Ontology published an empty HPO release. Read as HPO (the
    `hpo` loader), it is refused; read as itself it is a GO release (tests/unit/test_ontology_systems.py)."""
    go = Path(__file__).resolve().parents[1] / "fixtures" / "hpo" / "go_sample.obo"
    with pytest.raises(SourceFormatError, match=r"go_sample.obo, field \[Term\]: no term of HP in this ontology "
                                                r"\(its terms are GO\); only HP terms load as HPO"):
        list(parse_obo(go, system="HPO"))

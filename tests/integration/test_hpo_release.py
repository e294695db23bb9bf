"""An HPO release (ontology + annotations) in a real Neo4j: terms, diseases, NOT kept as evidence against."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.store.releases import list_releases
from graph.store.stats import release_stats
from loaders.errors import SourceFormatError

from .helpers import DATABASE, api_client, count, load_hpo, load_icd

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
HPO = FIXTURES / "hpo"


@pytest.fixture(scope="module")
def graph(driver, neo4j_settings):
    from tests.conftest import wipe

    wipe(driver, neo4j_settings.database)
    load_icd(driver, FIXTURES / "icd10cm" / "tabular_2026.xml")
    result = load_hpo(driver, HPO / "hp.obo", HPO / "phenotype.hpoa")
    assert result.action == "loaded"
    return driver


@pytest.fixture(scope="module")
def client(graph, neo4j_settings):
    with api_client(neo4j_settings, driver=graph) as c:
        yield c


def test_release_counts(graph):
    stats = {s["release"]: s for s in release_stats(graph, DATABASE)}
    hpo = stats["HPO@2025-01-16"]
    assert hpo["concepts_by_system"] == {"DECIPHER": 1, "HPO": 15, "OMIM": 2, "ORPHA": 1}
    assert hpo["edges_by_type"] == {"HAS_PHENOTYPE": 10, "IS_A": 12, "REPLACED_BY": 1, "XREF": 19}
    assert hpo["phenotype_annotations"] == {"positive": 8, "negated": 2}
    assert any(line.startswith("rejected_unknown_hpo_term: 1") for line in hpo["report"])
    assert stats["ICD10CM@2026"]["current"] and hpo["current"]


def test_not_annotation_is_served_as_negative_evidence(client):
    body = client.get("/v1/concepts/OMIM/125853").json()
    assert body["code"] == "OMIM:125853" and body["kind"] == "disease"
    by_code = {p["code"]: p for p in body["phenotypes"]}
    assert by_code["HP:0005110"]["negated"] is True
    assert by_code["HP:0003074"]["negated"] is False
    assert by_code["HP:0012622"]["frequency_value"] == 0.3
    assert by_code["HP:0012622"]["references"] == ["PMID:9050881", "PMID:10000001"]


def test_term_lookup_with_synonyms_xrefs_and_replacement(client):
    chf = client.get("/v1/concepts/HPO/HP:0001635").json()
    assert chf["display"] == "Congestive heart failure"
    assert {"system": "SNOMEDCT", "code": "42343007"} in chf["xrefs"]
    assert chf["attributes"]["synonyms_exact"] == ["Cardiac failure", "Heart failure"]
    assert [p["code"] for p in chf["parents"]] == ["HP:0001626"]
    old = client.get("/v1/concepts/hpo/0001636").json()
    assert old["active"] is False and [r["code"] for r in old["replaced_by"]] == ["HP:0001635"]


def test_search_finds_a_layperson_synonym(client):
    hits = client.get("/v1/search", params={"q": "high blood sugar", "system": "HPO"}).json()["hits"]
    assert hits[0]["code"] == "HP:0003074"


def test_xrefs_meet_in_one_code_identity_per_system_code(graph):
    # SNOMED CT is not loaded, yet its codes exist as identities the xrefs point at
    assert count(graph, "MATCH (:Concept {code: 'HP:0001635'})-[:XREF]->(k:Code {system: 'SNOMEDCT'}) "
                        "RETURN count(k)") == 1
    assert count(graph, "MATCH (k:Code {system: 'UMLS', code: 'C0018802'}) RETURN count(k)") == 1


def test_a_failed_annotation_file_leaves_no_hpo_release(clean_graph):
    with pytest.raises(SourceFormatError, match="wrong_columns.hpoa, line 8"):
        load_hpo(clean_graph, HPO / "hp.obo", HPO / "wrong_columns.hpoa")
    assert list_releases(clean_graph, DATABASE) == []
    assert count(clean_graph, "MATCH (n) WHERE n:Concept OR n:Code RETURN count(n)") == 0


def test_an_annotation_citing_nothing_is_served_with_no_references(clean_graph, neo4j_settings, tmp_path):
    """The reference column may be empty; the writer stores no empty list, and the concept must still answer
    (it was a 500: the API model's ``references`` is a list, and the row gave null)."""
    annotations = tmp_path / "phenotype.hpoa"
    text = (HPO / "phenotype.hpoa").read_text()
    row = "OMIM:125853\tDiabetes mellitus, noninsulin-dependent\t\tHP:0003074\tPMID:9050881\tTAS"
    assert text.count(row) == 1
    annotations.write_text(text.replace(row, row.replace("PMID:9050881", "")))
    load_hpo(clean_graph, HPO / "hp.obo", annotations)
    with api_client(neo4j_settings, driver=clean_graph) as client:
        r = client.get("/v1/concepts/OMIM/125853")
    assert r.status_code == 200, r.text
    by_code = {p["code"]: p for p in r.json()["phenotypes"]}
    assert by_code["HP:0003074"]["references"] == []
    assert by_code["HP:0012622"]["references"] == ["PMID:9050881", "PMID:10000001"]

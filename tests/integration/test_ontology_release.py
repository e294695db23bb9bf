"""`clinigraph load obo` of an ontology that is not HPO makes a release of that ontology's own system, served
like any other, and the current HPO is untouched (issue 17, class 10 and build item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.store.releases import list_releases

from .helpers import DATABASE, api_client, count, load_hpo, load_source

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GO = FIXTURES / "ontologies" / "go_sample.obo"


@pytest.fixture
def hpo_and_go(clean_graph):
    load_hpo(clean_graph, FIXTURES / "hpo" / "hp.obo", None)
    hpo_terms = count(clean_graph, "MATCH (c:Concept {system: 'HPO'}) RETURN count(c)")
    result = load_source(clean_graph, "obo", GO)
    return clean_graph, hpo_terms, result


def test_the_gene_ontology_becomes_a_go_release_beside_the_untouched_hpo(hpo_and_go):
    driver, hpo_terms, result = hpo_and_go
    assert result.release_id == "GO@2099-01-01"
    current = {r["id"]: r for r in list_releases(driver, DATABASE)}
    assert set(current) == {"HPO@2025-01-16", "GO@2099-01-01"}
    assert count(driver, "MATCH (c:Concept {system: 'HPO'}) RETURN count(c)") == hpo_terms
    assert count(driver, "MATCH (c:Concept {system: 'GO'}) RETURN count(c)") == 8
    assert count(driver, "MATCH (c:Concept {release: 'GO@2099-01-01'}) WHERE c.system <> 'GO' RETURN count(c)") == 0


def test_relations_and_cross_references_are_in_the_graph(hpo_and_go):
    driver, _, _ = hpo_and_go
    assert count(driver, "MATCH (:Concept {system: 'GO', code: 'GO:0005634'})-[r:HAS_ATTRIBUTE {attribute: "
                         "'part_of'}]->(:Concept {code: 'GO:0005575'}) RETURN count(r)") == 1
    assert count(driver, "MATCH (:Concept {system: 'GO', code: 'GO:0007049'})-[:XREF]->(k:Code {system: 'MESH', "
                         "code: 'D002453'}) RETURN count(k)") == 1
    assert count(driver, "MATCH (:Concept {code: 'GO:0000074'})-[:REPLACED_BY]->(:Concept {code: 'GO:0051726'}) "
                         "RETURN count(*)") == 1


def test_the_api_serves_the_ontology_as_its_own_system(hpo_and_go, neo4j_settings):
    driver, _, _ = hpo_and_go
    with api_client(neo4j_settings, driver) as client:
        concept = client.get("/v1/concepts/GO/GO_0000278")
        assert concept.status_code == 200, concept.text
        body = concept.json()
        assert body["code"] == "GO:0000278" and body["display"] == "mitotic cell cycle"
        assert [p["code"] for p in body["parents"]] == ["GO:0007049"]
        hits = client.get("/v1/search", params={"q": "cell cycle", "system": "go"})
        assert hits.status_code == 200, hits.text
        assert "GO:0007049" in [h["code"] for h in hits.json()["hits"]]
        assert client.get("/v1/search", params={"q": "GO:0005634"}).json()["hits"][0]["code"] == "GO:0005634"
        unknown = client.get("/v1/concepts/UBERON/UBERON:0000948")
        assert unknown.status_code == 404 and "unknown code system 'UBERON'" in unknown.text

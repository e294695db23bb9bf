"""A SNOMED CT RF2 release in a real Neo4j, beside ICD-10-CM and HPO: terms, attributes, history, map."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.store.releases import list_releases
from graph.store.stats import release_stats
from loaders.sctid import make_sctid

from .helpers import DATABASE, api_client, count, graph_fingerprint, load_hpo, load_icd, load_source

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SNAPSHOT = FIXTURES / "snomed" / "snapshot_release"
FULL = FIXTURES / "snomed" / "full_release"


def load_snomed(driver, path: Path, prefer: str = "Snapshot", version: str | None = None):
    return load_source(driver, "snomed", path, full=prefer == "Full", version=version)


@pytest.fixture(scope="module")
def graph(driver, neo4j_settings):
    from tests.conftest import wipe

    wipe(driver, neo4j_settings.database)
    load_icd(driver, FIXTURES / "icd10cm" / "tabular_2026.xml")
    load_hpo(driver, FIXTURES / "hpo" / "hp.obo", FIXTURES / "hpo" / "phenotype.hpoa")
    assert load_snomed(driver, SNAPSHOT).action == "loaded"
    return driver


@pytest.fixture(scope="module")
def client(graph, neo4j_settings):
    with api_client(neo4j_settings, driver=graph) as c:
        yield c


def test_counts(graph):
    stats = {s["release"]: s for s in release_stats(graph, DATABASE)}
    sct = stats["SNOMEDCT@20250301"]
    assert sct["concepts"] == 36
    assert sct["edges_by_type"] == {"HAS_ATTRIBUTE": 13, "IS_A": 35, "MAPS_TO": 9, "REPLACED_BY": 1}
    assert sct["current"]


def test_concept_with_preferred_term_attributes_and_map(client):
    body = client.get("/v1/concepts/SNOMEDCT/127013003").json()
    assert body["display"] == "Disorder of kidney due to diabetes mellitus"
    assert body["attributes"]["fsn"] == "Disorder of kidney due to diabetes mellitus (disorder)"
    assert {(r["attribute"], r["role_group"], r["code"]) for r in body["relationships"]} == {
        ("due_to", 1, "73211009"), ("finding_site", 1, "64033007"),
    }
    # the map reaches the loaded ICD-10-CM release through the Code identity
    assert [(m["map_group"], m["code"], m["display"]) for m in body["maps"]] == [
        (1, "E11.22", "Type 2 diabetes mellitus with diabetic chronic kidney disease"),
        (2, "N18.9", "Chronic kidney disease, unspecified"),
    ]


def test_inactive_concept_points_at_its_replacement(client):
    body = client.get(f"/v1/concepts/SNOMEDCT/{make_sctid(9100001)}").json()
    assert body["active"] is False
    assert [(r["code"], r["association"]) for r in body["replaced_by"]] == [("44054006", "replaced_by")]


def test_hpo_xref_and_snomed_concept_share_one_code(graph):
    # HPO's xref to SNOMEDCT:42343007 and the SNOMED concept meet in one Code node
    assert count(graph, "MATCH (:Concept {system: 'HPO', code: 'HP:0001635'})-[:XREF]->(k:Code)"
                        "<-[:VERSION_OF]-(c:Concept {system: 'SNOMEDCT'}) RETURN count(c)") == 1


def test_full_release_makes_the_same_graph_as_the_snapshot(clean_graph):
    load_snomed(clean_graph, SNAPSHOT, version="snap")
    snap = graph_fingerprint(clean_graph)
    from tests.conftest import wipe

    wipe(clean_graph, DATABASE)
    load_snomed(clean_graph, FULL, prefer="Full", version="snap")
    assert graph_fingerprint(clean_graph) == snap
    [release] = list_releases(clean_graph, DATABASE)
    assert release["title"] == "SNOMED CT RF2 Full"

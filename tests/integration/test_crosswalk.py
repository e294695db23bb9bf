"""Every fixture release together: a CUI meets an ICD-10-CM code, a SNOMED CT concept and an HPO term."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.store.releases import list_releases

from .helpers import DATABASE, api_client, load_hpo, load_icd, load_source

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

_CROSSWALK = """
MATCH (u:Concept {system: 'UMLS', code: $cui})-[:XREF]->(k:Code)<-[:VERSION_OF]-(c:Concept)
MATCH (r:Release {id: c.release, status: 'complete', current: true})
RETURN c.system AS system, c.code AS code, c.display AS display ORDER BY system
"""


@pytest.fixture(scope="module")
def graph(driver, neo4j_settings):
    from tests.conftest import wipe

    wipe(driver, neo4j_settings.database)
    load_icd(driver, FIXTURES / "icd10cm" / "tabular_2026.xml")
    load_hpo(driver, FIXTURES / "hpo" / "hp.obo", FIXTURES / "hpo" / "phenotype.hpoa")
    load_source(driver, "snomed", FIXTURES / "snomed" / "snapshot_release")
    load_source(driver, "umls", FIXTURES / "umls" / "2025AA")
    return driver


def test_a_cui_links_icd10cm_snomed_and_hpo(graph):
    records, _, _ = graph.execute_query(_CROSSWALK, cui="C0018802", database_=DATABASE)
    assert [(r["system"], r["code"]) for r in records] == [
        ("HPO", "HP:0001635"), ("ICD10CM", "I50.9"), ("SNOMEDCT", "42343007"),
    ]


def test_hpo_xref_to_umls_lands_on_the_umls_concept(graph):
    records, _, _ = graph.execute_query(
        "MATCH (:Concept {code: 'HP:0001635'})-[:XREF]->(k:Code {system: 'UMLS'})<-[:VERSION_OF]-(u:Concept) "
        "RETURN u.code AS cui, u.display AS name", database_=DATABASE,
    )
    assert [(r["cui"], r["name"]) for r in records] == [("C0018802", "Congestive heart failure")]


def test_umls_concept_over_http(graph, neo4j_settings):
    with api_client(neo4j_settings, driver=graph) as client:
        body = client.get("/v1/concepts/UMLS/C0018802").json()
    assert body["attributes"]["semantic_types"] == ["Disease or Syndrome"]
    assert {"system": "ICD10CM", "code": "I50.9"} in body["xrefs"]
    assert len(list_releases(graph, DATABASE)) == 4

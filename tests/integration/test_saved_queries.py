"""Every saved query in cypher/queries runs as a person would run it in Neo4j Browser."""

from __future__ import annotations

import pytest

from graph.relevance.links import build_links
from graph.relevance.specialties import load_specialties
from graph.review.saved_queries import read_saved_query, run_saved_query, saved_queries

from .helpers import DATABASE, load_hpo, load_icd, load_source

pytestmark = pytest.mark.integration

QUERIES = saved_queries()
#: Saved queries that must find something in the ICD-10-CM fixture.
EXPECT_ROWS = {"01_releases", "02_concept_neighbourhood", "03_etiology_manifestation",
               "04_code_history", "06_search", "07_snomed_attributes", "08_crosswalk", "09_disease_phenotypes",
               "10_home_specialties", "11_diagnosis_links", "12_open_crosswalk"}


@pytest.fixture(scope="module")
def loaded(driver, neo4j_settings, icd_fixtures, tmp_path_factory):
    from tests.conftest import wipe

    wipe(driver, neo4j_settings.database)
    load_icd(driver, icd_fixtures / "tabular_2026.xml")
    fixtures = icd_fixtures.parent
    load_hpo(driver, fixtures / "hpo" / "hp.obo", fixtures / "hpo" / "phenotype.hpoa")
    load_source(driver, "snomed", fixtures / "snomed" / "snapshot_release")
    load_source(driver, "umls", fixtures / "umls" / "2025AA")
    load_source(driver, "mondo", fixtures / "open_disease" / "mondo_sample.json")
    load_source(driver, "doid", fixtures / "open_disease" / "doid_sample.json")
    load_specialties(driver, neo4j_settings.database)
    # the bundled curated links name codes the fixture release does not have: one of its own
    curated = tmp_path_factory.mktemp("curated") / "curated_links.csv"
    curated.write_text('a,b,class,rationale,reference\nI10,N18,2,"Hypertension and CKD","KDIGO 2021"\n')
    build_links(driver, neo4j_settings.database, curated)
    return driver


def test_there_are_saved_queries():
    assert len(QUERIES) >= 6


@pytest.mark.parametrize("path", QUERIES, ids=lambda p: p.stem)
def test_saved_query_runs(loaded, path):
    assert read_saved_query(path)[1], f"{path.name} has no query"
    rows = run_saved_query(loaded, DATABASE, path)
    if path.stem in EXPECT_ROWS:
        assert rows, f"{path.name} found nothing in the fixture releases"

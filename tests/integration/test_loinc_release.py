"""LOINC releases in a real Neo4j: the hierarchy read from its old and new file names, side by side."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.store.stats import release_stats

from .helpers import DATABASE, api_client, load_source

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "loinc"


@pytest.fixture(scope="module")
def client(driver, neo4j_settings):
    from tests.conftest import wipe

    wipe(driver, neo4j_settings.database)
    for version in ("2.73", "2.78"):
        assert load_source(driver, "loinc", FIXTURES / f"Loinc_{version}").action == "loaded"
    with api_client(neo4j_settings, driver=driver) as c:
        yield c


def test_both_releases_complete_and_the_newer_is_current(client, driver):
    stats = {s["release"]: s for s in release_stats(driver, DATABASE)}
    assert set(stats) == {"LOINC@2.73", "LOINC@2.78"}
    assert stats["LOINC@2.78"]["current"] and not stats["LOINC@2.73"]["current"]
    for s in stats.values():
        assert s["edges_by_type"] == {"HAS_PART": 7, "IS_A": 7, "REPLACED_BY": 1}


@pytest.mark.parametrize("version", ["2.73", "2.78"])
def test_a_code_reaches_its_hierarchy_parent_in_either_release(client, version):
    body = client.get("/v1/concepts/LOINC/2345-7", params={"version": version}).json()
    assert body["release"]["id"] == f"LOINC@{version}"
    assert [p["code"] for p in body["parents"]] == ["LP14635-4"]
    assert body["display"] == "Glucose [Mass/volume] in Serum or Plasma"


def test_deprecated_code_points_at_its_replacement(client):
    body = client.get("/v1/concepts/LOINC/33914-3").json()
    assert body["active"] is False
    assert [r["code"] for r in body["replaced_by"]] == ["98979-8"]


def test_search_finds_a_term_by_words_of_its_long_name(client):
    hits = client.get("/v1/search", params={"q": "glucose serum plasma", "system": "LOINC"}).json()["hits"]
    assert hits[0]["code"] == "2345-7"

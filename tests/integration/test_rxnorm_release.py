"""RxNorm in a real Neo4j: term types, suppressed rows left out, and ingredient-level normalisation."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.store.stats import release_stats

from .helpers import DATABASE, api_client, load_source

pytestmark = pytest.mark.integration

RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "rxnorm"


@pytest.fixture(scope="module")
def client(driver, neo4j_settings):
    from tests.conftest import wipe

    wipe(driver, neo4j_settings.database)
    assert load_source(driver, "rxnorm", RELEASE).action == "loaded"
    with api_client(neo4j_settings, driver=driver) as c:
        yield c


def test_release_counts(client, driver):
    [stats] = release_stats(driver, DATABASE)
    assert stats["release"] == "RXNORM@2025-11-03"
    assert stats["concepts"] == 19
    assert stats["edges_by_type"] == {"RELATED": 24, "REPLACED_BY": 1}
    assert any(line.startswith("suppressed_atom: 1") for line in stats["report"])


def test_branded_drug_normalises_to_its_ingredient(client):
    body = client.get("/v1/rxnorm/209387/ingredients").json()
    assert body["tty"] == "SBD" and body["display"] == "Tylenol 500 MG Oral Tablet"
    [ingredient] = body["ingredients"]
    assert (ingredient["rxcui"], ingredient["name"]) == ("161", "acetaminophen")
    assert ingredient["via"] in (["tradename_of", "consists_of", "has_ingredient"], ["has_ingredient", "tradename_of"])


def test_combination_drug_normalises_to_each_ingredient(client):
    body = client.get("/v1/rxnorm/197885/ingredients").json()
    assert [i["name"] for i in body["ingredients"]] == ["hydrochlorothiazide", "lisinopril"]


@pytest.mark.parametrize(("rxcui", "expected"), [("235743", ["metformin"]), ("6809", ["metformin"]),
                                                  ("861007", ["metformin"]), ("214618", ["hydrochlorothiazide",
                                                                                         "lisinopril"])])
def test_precise_ingredients_packs_and_ingredients(client, rxcui, expected):
    assert [i["name"] for i in client.get(f"/v1/rxnorm/{rxcui}/ingredients").json()["ingredients"]] == expected


def test_concept_lookup_and_suppressed_synonym_left_out(client):
    body = client.get("/v1/concepts/RXNORM/161").json()
    assert body["display"] == "acetaminophen" and body["kind"] == "IN"
    assert body["synonyms"] == ["APAP"]


def test_retired_rxcui_points_at_its_current_one(client):
    body = client.get("/v1/concepts/RXNORM/1234567").json()
    assert body["active"] is False and [r["code"] for r in body["replaced_by"]] == ["198440"]


def test_unknown_rxcui_is_404_and_bad_one_422(client):
    assert client.get("/v1/rxnorm/99999999/ingredients").status_code == 404
    assert client.get("/v1/rxnorm/abc/ingredients").status_code == 422

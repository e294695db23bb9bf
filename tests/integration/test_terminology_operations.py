"""FHIR-shaped terminology operations over the fixture releases: $lookup, $validate-code, $subsumes,
$translate, $expand, and search filters — as of the current release or a named version."""

from __future__ import annotations

from pathlib import Path

import pytest

from api.models import ExpandOut, LookupOut, SubsumesOut, TranslateOut, ValidateCodeOut
from loaders.sctid import make_sctid

from .helpers import api_client, load_hpo, load_icd, load_source

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
OPS = "/v1/terminology"


@pytest.fixture(scope="module")
def client(driver, neo4j_settings):
    from tests.conftest import wipe

    wipe(driver, neo4j_settings.database)
    load_icd(driver, FIXTURES / "icd10cm" / "tabular_2025.xml")
    load_icd(driver, FIXTURES / "icd10cm" / "tabular_2026.xml")
    load_hpo(driver, FIXTURES / "hpo" / "hp.obo", FIXTURES / "hpo" / "phenotype.hpoa")
    load_source(driver, "snomed", FIXTURES / "snomed" / "snapshot_release")
    load_source(driver, "umls", FIXTURES / "umls" / "2025AA")
    with api_client(neo4j_settings, driver=driver, role="reviewer") as c:
        yield c


def get(client, path, model, **params):
    r = client.get(f"{OPS}/{path}", params=params)
    assert r.status_code == 200, r.text
    model.model_validate(r.json())  # the documented shape
    return r.json()


def test_lookup_gives_display_designations_and_properties(client):
    body = get(client, "lookup", LookupOut, system="SNOMEDCT", code="44054006")
    assert body["display"] == "Type 2 diabetes mellitus" and body["active"] is True
    assert {"use": "synonym", "value": "Type II diabetes mellitus"} in body["designations"]
    assert {"code": "parent", "value": "73211009"} in body["properties"]
    assert body["release"] == "SNOMEDCT@20250301" and body["provenance"]["file"]


def test_validate_code_valid_category_inactive_unknown_and_other_release(client):
    ok = get(client, "validate-code", ValidateCodeOut, system="ICD10CM", code="E11.22")
    assert (ok["result"], ok["reason"]) == (True, None)
    category = get(client, "validate-code", ValidateCodeOut, system="ICD10CM", code="E11")
    assert (category["result"], category["reason"], category["billable"]) == (True, "not-billable", False)
    gone = get(client, "validate-code", ValidateCodeOut, system="ICD10CM", code="E11.8")
    assert (gone["result"], gone["reason"]) == (False, "not-in-release")
    assert [o["release"] for o in gone["other_releases"]] == ["ICD10CM@2025"]
    # as of 2025 the same code is valid
    assert get(client, "validate-code", ValidateCodeOut, system="ICD10CM", code="E11.8", version="2025")["result"]
    inactive = get(client, "validate-code", ValidateCodeOut, system="HPO", code="HP:0001636")
    assert (inactive["result"], inactive["reason"]) == (False, "inactive")
    assert [r["code"] for r in inactive["replaced_by"]] == ["HP:0001635"]
    sct = get(client, "validate-code", ValidateCodeOut, system="SNOMEDCT", code=make_sctid(9100001))
    assert sct["reason"] == "inactive" and sct["replaced_by"][0]["code"] == "44054006"
    unknown = get(client, "validate-code", ValidateCodeOut, system="ICD10CM", code="Z99.999")
    assert (unknown["result"], unknown["reason"]) == (False, "unknown-code")
    wrong_name = get(client, "validate-code", ValidateCodeOut, system="SNOMEDCT", code="44054006",
                     display="Type 1 diabetes mellitus")
    assert wrong_name["reason"] == "display-mismatch"
    synonym = get(client, "validate-code", ValidateCodeOut, system="SNOMEDCT", code="44054006",
                  display="type ii diabetes mellitus")
    assert synonym["result"] is True


def test_subsumes_both_ways_and_not(client):
    down = get(client, "subsumes", SubsumesOut, system="SNOMEDCT", codeA="73211009", codeB="44054006")
    assert down["outcome"] == "subsumes" and down["path"] == ["44054006", "73211009"]
    up = get(client, "subsumes", SubsumesOut, system="ICD10CM", codeA="E11.22", codeB="E11")
    assert up["outcome"] == "subsumed-by" and up["steps"] == 2
    assert get(client, "subsumes", SubsumesOut, system="ICD10CM", codeA="E11", codeB="I10")["outcome"] == \
        "not-subsumed"
    assert get(client, "subsumes", SubsumesOut, system="ICD10CM", codeA="e1122", codeB="E11.22")["outcome"] == \
        "equivalent"
    r = client.get(f"{OPS}/subsumes", params={"system": "ICD10CM", "codeA": "E11", "codeB": "Z99.9"})
    assert r.status_code == 404 and "Z99.9" in r.json()["detail"]


def test_translate_snomed_to_icd_with_rule_and_advice(client):
    body = get(client, "translate", TranslateOut, system="SNOMEDCT", code="44054006", target="ICD10CM")
    maps = [m for m in body["matches"] if m["via"] == "map"]
    assert [(m["code"], m["direction"]) for m in maps] == [("E11.9", "source-to-target")]
    assert maps[0]["detail"]["map_advice"] == "ALWAYS E11.9" and maps[0]["detail"]["map_rule"] == "TRUE"
    assert maps[0]["display"] == "Type 2 diabetes mellitus without complications"


def test_translate_icd_to_snomed_says_it_reads_the_map_backwards(client):
    body = get(client, "translate", TranslateOut, system="ICD10CM", code="E11.9", target="SNOMEDCT")
    assert ("44054006", "map", "target-to-source") in {(m["code"], m["via"], m["direction"]) for m in body["matches"]}


def test_translate_hpo_to_snomed_and_umls_and_through_a_cui(client):
    to_sct = get(client, "translate", TranslateOut, system="HPO", code="HP:0001635", target="SNOMEDCT")
    assert {(m["code"], m["via"]) for m in to_sct["matches"]} >= {("42343007", "xref")}
    to_umls = get(client, "translate", TranslateOut, system="HPO", code="HP:0001635", target="UMLS")
    assert "C0018802" in {m["code"] for m in to_umls["matches"]}
    # ICD-10-CM → HPO has no direct edge: both codes are in UMLS concept C0018802
    via_cui = get(client, "translate", TranslateOut, system="ICD10CM", code="I50.9", target="HPO")
    assert [(m["code"], m["via"], m["bridge"]) for m in via_cui["matches"]] == [("HP:0001635", "umls", "C0018802")]
    none = get(client, "translate", TranslateOut, system="ICD10CM", code="B10.01", target="SNOMEDCT")
    assert none["result"] is False and none["matches"] == []


def test_expand_a_subtree_with_limit_and_depth(client):
    full = get(client, "expand", ExpandOut, system="ICD10CM", code="N18")
    assert full["total"] == 9 and not full["truncated"]
    assert [c["code"] for c in full["contains"]][:3] == ["N18.1", "N18.2", "N18.3"]
    cut = get(client, "expand", ExpandOut, system="ICD10CM", code="N18", limit=2)
    assert cut["total"] == 9 and cut["truncated"] and len(cut["contains"]) == 2
    shallow = get(client, "expand", ExpandOut, system="ICD10CM", code="N18", depth=1)
    assert "N18.30" not in {c["code"] for c in shallow["contains"]} and shallow["total"] == 7
    hpo = get(client, "expand", ExpandOut, system="HPO", code="HP:0000077")
    assert {c["code"] for c in hpo["contains"]} == {"HP:0012622", "HP:0000093", "HP:0000103"}


def test_search_filters_kind_active_and_version(client):
    cats = client.get("/v1/search", params={"q": "diabetes", "system": "ICD10CM", "kind": "category"}).json()
    assert cats["hits"] and {h["kind"] for h in cats["hits"]} == {"category"}
    inactive = client.get("/v1/search", params={"q": "obsolete", "system": "HPO", "active": "false"}).json()
    assert inactive["hits"] and all(h["active"] is False for h in inactive["hits"])
    old = client.get("/v1/search", params={"q": "E11.8", "system": "ICD10CM", "version": "2025"}).json()
    assert [h["release"] for h in old["hits"]][:1] == ["ICD10CM@2025"]
    assert client.get("/v1/search", params={"q": "E11.8", "version": "2025"}).status_code == 422


@pytest.mark.parametrize("path, params, status", [
    ("lookup", {"system": "XX", "code": "1"}, 404),
    ("lookup", {"system": "LOINC", "code": "1-8"}, 404),  # known system, not loaded
    ("validate-code", {"system": "ICD10CM", "code": "E11", "version": "1999"}, 404),
    ("expand", {"system": "ICD10CM", "code": "N18", "limit": 0}, 422),
    ("translate", {"system": "ICD10CM", "code": "I50.9"}, 422),
    ("lookup", {"system": "ICD10CM", "code": "E11;DROP"}, 422),
])
def test_bad_operations_are_problems(client, path, params, status):
    r = client.get(f"{OPS}/{path}", params=params)
    assert r.status_code == status
    assert r.headers["content-type"] == "application/problem+json" and r.json()["detail"]

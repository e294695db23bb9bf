"""The HTTP API over a real Neo4j holding the ICD-10-CM fixture."""

from __future__ import annotations

import pytest

from .helpers import api_client, load_icd

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def client(driver, neo4j_settings, icd_fixtures):
    from tests.conftest import wipe

    wipe(driver, neo4j_settings.database)
    load_icd(driver, icd_fixtures / "tabular_2026.xml")
    load_icd(driver, icd_fixtures / "tabular_2025.xml")
    with api_client(neo4j_settings, driver=driver) as c:
        yield c


def test_health(client):
    r = client.get("/health")
    assert r.status_code == 200
    assert r.json() == {"status": "ok", "neo4j": "ok", "releases": 2}
    assert client.get("/health/neo4j").json() == {"status": "ok", "neo4j": "ok"}


def test_releases_lists_files_and_current(client):
    body = client.get("/v1/releases").json()
    assert [(r["id"], r["current"]) for r in body] == [("ICD10CM@2025", False), ("ICD10CM@2026", True)]
    assert body[1]["files"][0]["name"] == "tabular_2026.xml"


def test_concept_with_parents_children_and_cited_notes(client):
    r = client.get("/v1/concepts/ICD10CM/E11.22")
    assert r.status_code == 200
    c = r.json()
    assert c["display"] == "Type 2 diabetes mellitus with diabetic chronic kidney disease"
    assert c["billable"] is True and c["kind"] == "code"
    assert [p["code"] for p in c["parents"]] == ["E11.2"]
    assert c["children"] == []
    [note] = [n for n in c["notes"] if n["type"] == "use_additional_code"]
    assert note["text"] == "code to identify stage of chronic kidney disease (N18.1-N18.6)"
    assert [x["code"] for x in note["cited"]] == ["N18.1", "N18.2", "N18.3", "N18.4", "N18.5", "N18.6"]
    assert c["release"]["id"] == "ICD10CM@2026"


def test_concept_accepts_codes_without_dot_and_lower_case(client):
    assert client.get("/v1/concepts/icd10cm/i509").json()["code"] == "I50.9"


def test_header_concept_lists_children(client):
    c = client.get("/v1/concepts/ICD10CM/N18").json()
    assert c["billable"] is False
    assert [x["code"] for x in c["children"]] == [
        "N18.1", "N18.2", "N18.3", "N18.4", "N18.5", "N18.6", "N18.9",
    ]
    assert c["children_total"] == 7
    code_first = [n for n in c["notes"] if n["type"] == "code_first"]
    assert [x["code"] for n in code_first for x in n["cited"]] == ["E11.22"]


def test_older_version_on_request(client):
    assert client.get("/v1/concepts/ICD10CM/E11.8").status_code == 404
    r = client.get("/v1/concepts/ICD10CM/E11.8", params={"version": "2025"})
    assert r.status_code == 200 and r.json()["release"]["id"] == "ICD10CM@2025"


@pytest.mark.parametrize(
    ("path", "status", "fragment"),
    [
        ("/v1/concepts/ICD10CM/E11.9999", 404, "E11.9999 is not a code of ICD10CM"),
        ("/v1/concepts/ICD10CM/A00.X", 404, "A00.X is not a code"),
        ("/v1/concepts/NOPE/E11.9", 404, "unknown code system 'NOPE'"),
        ("/v1/concepts/SNOMEDCT/22298006", 404, "no complete release of SNOMEDCT"),
        ("/v1/concepts/ICD10CM/E11.22?version=1999", 404, "version 1999 of ICD10CM"),
        ("/v1/concepts/ICD10CM/E11%2022", 422, "path.code"),
        ("/v1/search?q=", 422, "query.q"),
        ("/v1/search?q=heart&limit=1000", 422, "query.limit"),
        ("/v1/search?q=heart&system=XYZ", 404, "unknown code system 'XYZ'"),
    ],
)
def test_errors_are_problem_json(client, path, status, fragment):
    r = client.get(path)
    assert r.status_code == status
    assert r.headers["content-type"].startswith("application/problem+json")
    body = r.json()
    assert body["status"] == status and fragment in body["detail"]


def test_search_ranks_title_matches_and_synonyms(client):
    hits = client.get("/v1/search", params={"q": "heart failure"}).json()["hits"]
    codes = [h["code"] for h in hits]
    assert codes[0] in {"I50", "I50.9"}
    assert "I11.0" in codes
    # a synonym (inclusion term) finds its code
    hits = client.get("/v1/search", params={"q": "septicemia"}).json()["hits"]
    assert [h["code"] for h in hits] == ["A41.9"]
    # only the current release is searched
    assert all(h["release"] == "ICD10CM@2026" for h in hits)


def test_search_by_code_puts_the_code_first(client):
    hits = client.get("/v1/search", params={"q": "e1122"}).json()["hits"]
    assert hits[0]["code"] == "E11.22" and hits[0]["matched"] == "code"


def test_search_tolerates_a_typo(client):
    hits = client.get("/v1/search", params={"q": "diabetis nephropathy"}).json()["hits"]
    assert hits and hits[0]["code"] == "E11.21"


def test_openapi_docs_are_served(client):
    assert client.get("/docs").status_code == 200
    spec = client.get("/openapi.json").json()
    assert {"/health", "/v1/releases", "/v1/concepts/{system}/{code}", "/v1/search"} <= set(spec["paths"])
    # every error any operation can answer is documented as what it is: problem+json with the Problem schema
    errors = [(path, method, status, response) for path, ops in spec["paths"].items() for method, op in ops.items()
              for status, response in op["responses"].items() if int(status) >= 400]
    assert errors and all(list(r["content"]) == ["application/problem+json"] and
                          r["content"]["application/problem+json"]["schema"] == {"$ref": "#/components/schemas/Problem"}
                          for *_, r in errors)
    assert all({"401", "403", "422", "503"} <= set(op["responses"]) for path, ops in spec["paths"].items()
               if path.startswith("/v1/") for op in ops.values())

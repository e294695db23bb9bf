"""Access control, enforced by the service: API keys with roles, read-only Cypher for reviewers, admin
jobs, and every read endpoint in read transactions (checked on the Bolt messages the driver sends)."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.auth import KeyStore

from .helpers import count, load_icd

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

# POST routes that only read; every other non-GET route must be an admin write.
READ_ONLY_POSTS = {"/v1/verify", "/v1/verify/batch", "/v1/verify/distractors", "/v1/specialty-relevance",
                   "/v1/cypher"}

CLAIM = {"subject": {"system": "ICD10CM", "code": "E11.22"}, "predicate": "associate",
         "object": {"system": "ICD10CM", "code": "N18.3"}, "thresholds": {"sources": ["ontology"]}}
WRITE_QUERIES = [
    "CREATE (:Intruder)",
    "MATCH (c:Concept) SET c.display = 'x'",
    "MATCH (c:Concept) DETACH DELETE c",
    "MERGE (r:Release {id: 'FAKE'})",
    "CREATE INDEX intruder IF NOT EXISTS FOR (n:Intruder) ON (n.x)",
    "LOAD CSV FROM 'file:///etc/passwd' AS line RETURN line",
    "CALL db.createLabel('Intruder')",
    "MATCH (c:Concept) CALL (c) { SET c.touched = true } IN TRANSACTIONS RETURN count(*)",
]


@pytest.fixture(scope="module")
def keyed(driver, neo4j_settings, tmp_path_factory):
    from tests.conftest import wipe

    wipe(driver, neo4j_settings.database)
    load_icd(driver, FIXTURES / "icd10cm" / "tabular_2026.xml")
    store = KeyStore(tmp_path_factory.mktemp("keys") / "api-keys.json")
    keys = {role: store.add(f"{role}-1", role) for role in ("reviewer", "generator", "admin")}
    app = create_app(neo4j_settings, driver=driver, keys=store)
    with TestClient(app) as client:
        yield client, keys, store, app


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def test_no_key_or_unknown_key_is_401_problem(keyed):
    client, *_ = keyed
    r = client.get("/v1/releases")
    assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
    assert r.headers["content-type"] == "application/problem+json" and "API key" in r.json()["detail"]
    assert client.get("/v1/releases", headers=auth("cg_not-a-key")).status_code == 401
    assert client.get("/health").status_code == 200  # probes need no key
    assert client.get("/openapi.json").json()["components"]["securitySchemes"]


def test_x_api_key_header_works_too(keyed):
    client, keys, *_ = keyed
    assert client.get("/v1/releases", headers={"X-API-Key": keys["reviewer"]}).status_code == 200


@pytest.mark.parametrize("role, method, path, body, allowed", [
    ("reviewer", "GET", "/v1/concepts/ICD10CM/E11.22", None, True),
    ("reviewer", "GET", "/v1/terminology/lookup?system=ICD10CM&code=E11.22", None, True),
    ("reviewer", "POST", "/v1/cypher", {"query": "RETURN 1 AS one"}, True),
    ("reviewer", "POST", "/v1/verify", CLAIM, False),
    ("reviewer", "GET", "/v1/admin/jobs", None, False),
    ("generator", "POST", "/v1/verify", CLAIM, True),
    ("generator", "GET", "/v1/terminology/lookup?system=ICD10CM&code=E11.22", None, True),
    ("generator", "POST", "/v1/cypher", {"query": "RETURN 1 AS one"}, False),
    ("generator", "GET", "/v1/admin/jobs", None, False),
    ("admin", "POST", "/v1/verify", CLAIM, True),
    ("admin", "POST", "/v1/cypher", {"query": "RETURN 1 AS one"}, True),
    ("admin", "GET", "/v1/admin/jobs", None, True),
])
def test_roles(keyed, role, method, path, body, allowed):
    client, keys, *_ = keyed
    r = client.request(method, path, json=body, headers=auth(keys[role]))
    if allowed:
        assert r.status_code == 200, r.text
    else:
        assert r.status_code == 403 and role in r.json()["detail"]


def test_a_reviewer_key_is_refused_on_every_write_endpoint(keyed):
    client, keys, _, app = keyed
    writes = [(method.upper(), path) for path, operations in app.openapi()["paths"].items() for method in operations
              if method.upper() not in {"GET", "HEAD"} and path not in READ_ONLY_POSTS]
    assert writes and all(path.startswith("/v1/admin/") for _, path in writes), writes
    for method, path in writes:
        for body in ({"kind": "schema"}, {"kind": "load", "source": "icd10cm"}):
            r = client.request(method, path, json=body, headers=auth(keys["reviewer"]))
            assert r.status_code == 403, (method, path, r.text)
    assert client.get("/v1/admin/jobs", headers=auth(keys["admin"])).json() == []  # nothing was started


@pytest.mark.parametrize("query", WRITE_QUERIES)
def test_write_queries_are_refused_and_change_nothing(keyed, driver, query):
    client, keys, *_ = keyed
    before = count(driver, "MATCH (n) RETURN count(n)")
    for role in ("reviewer", "admin"):  # not even an admin key writes through the Cypher endpoint
        r = client.post("/v1/cypher", json={"query": query}, headers=auth(keys[role]))
        assert r.status_code == 422, r.text
        assert r.json()["title"] == "Query refused"
    assert count(driver, "MATCH (n) RETURN count(n)") == before
    assert count(driver, "MATCH (n:Intruder) RETURN count(n)") == 0


def test_read_query_returns_rows_with_a_row_limit_and_a_time_limit(keyed):
    client, keys, *_ = keyed
    h = auth(keys["reviewer"])
    body = client.post("/v1/cypher", json={"query": "MATCH (c:Concept {system: $s}) RETURN c ORDER BY c.code",
                                           "parameters": {"s": "ICD10CM"}, "max_rows": 3}, headers=h).json()
    assert body["columns"] == ["c"] and body["row_count"] == 3 and body["truncated"] is True
    assert "Concept" in body["rows"][0][0]["labels"] and body["rows"][0][0]["properties"]["code"]
    started = time.monotonic()
    slow = client.post("/v1/cypher", json={"query": "UNWIND range(1, 400000000) AS x WITH x WHERE x % 7 = 99 "
                                                    "RETURN count(x)", "timeout_seconds": 0.5}, headers=h)
    assert slow.status_code == 422 and "limit" in slow.json()["detail"]
    assert time.monotonic() - started < 20
    catalogue = client.post("/v1/cypher", json={"query": "CALL db.labels() YIELD label RETURN label"}, headers=h)
    assert catalogue.status_code == 200 and ["Concept"] in catalogue.json()["rows"]
    assert client.post("/v1/cypher", json={"query": "MATCH (n RETURN n"}, headers=h).status_code == 422


def test_admin_starts_a_job_and_follows_it(keyed):
    client, keys, *_ = keyed
    h = auth(keys["admin"])
    job = client.post("/v1/admin/jobs", json={"kind": "schema"}, headers=h)
    assert job.status_code == 202 and job.json()["requested_by"] == "admin-1"
    deadline = time.monotonic() + 120
    while (state := client.get(f"/v1/admin/jobs/{job.json()['id']}", headers=h).json())["status"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.5)
    assert state["status"] == "succeeded" and state["exit_code"] == 0, state
    bad = client.post("/v1/admin/jobs", json={"kind": "load", "source": "nope"}, headers=h)
    assert bad.status_code == 422 and bad.json()["detail"].startswith("source:")
    missing = client.post("/v1/admin/jobs", json={"kind": "load", "source": "snomed", "path": "/no/such/folder"},
                          headers=h)
    assert missing.status_code == 422 and "does not exist" in missing.json()["detail"]
    assert client.post("/v1/admin/jobs", json={"kind": "rm -rf"}, headers=h).status_code == 422


def test_a_revoked_key_is_refused_from_the_next_request(keyed):
    client, _, store, _ = keyed
    key = store.add("short-lived", "generator")
    assert client.get("/v1/releases", headers=auth(key)).status_code == 200
    store.revoke("short-lived")
    assert client.get("/v1/releases", headers=auth(key)).status_code == 401


def test_every_read_endpoint_runs_in_read_transactions(keyed, caplog):
    """The driver logs each Bolt message it sends; every BEGIN and every auto-commit RUN of a read
    endpoint must carry access mode 'r' (a write-mode message has no mode)."""
    client, keys, *_ = keyed
    reads = [("GET", "/v1/releases", None), ("GET", "/v1/concepts/ICD10CM/E11.22", None),
             ("GET", "/v1/search?q=diabetes", None), ("GET", "/v1/terminology/lookup?system=ICD10CM&code=E11", None),
             ("GET", "/v1/terminology/validate-code?system=ICD10CM&code=E11.8", None),
             ("GET", "/v1/terminology/subsumes?system=ICD10CM&codeA=E11&codeB=E11.22", None),
             ("GET", "/v1/terminology/translate?system=ICD10CM&code=E11.22&target=HPO", None),
             ("GET", "/v1/terminology/expand?system=ICD10CM&code=N18", None),
             ("GET", "/v1/provenance/concept/ICD10CM/E11.22", None),
             ("POST", "/v1/verify", CLAIM), ("POST", "/v1/cypher", {"query": "MATCH (n) RETURN count(n)"})]
    with caplog.at_level(logging.DEBUG, logger="neo4j"):
        for method, path, body in reads:
            r = client.request(method, path, json=body, headers=auth(keys["admin"]))
            assert r.status_code == 200, (path, r.text)
    # Per connection: a BEGIN opens a transaction (its mode is on the BEGIN) until COMMIT or ROLLBACK; a RUN
    # outside one is an auto-commit transaction and carries its own mode.
    in_transaction: dict[str, bool] = {}
    transactions, not_read = 0, []
    for rec in caplog.records:
        message = rec.getMessage()
        connection, _, rest = message.partition("  C: ")
        if rest.startswith(("COMMIT", "ROLLBACK")):
            in_transaction[connection] = False
        elif rest.startswith("BEGIN") or (rest.startswith("RUN") and not in_transaction.get(connection)):
            transactions += 1
            in_transaction[connection] = rest.startswith("BEGIN")
            if "'mode': 'r'" not in rest:
                not_read.append(message[:200])
    assert transactions >= len(reads)
    assert not_read == []

"""Faults, on a Neo4j of this module's own (it is stopped and restarted here):

* Neo4j stops while the API serves: every graph route answers 503 with Retry-After, never 500 (after
  the first, /v1 requests are answered at once, without trying Neo4j), and
  the same API process answers again by itself once Neo4j is back;
* a load killed with SIGKILL midway leaves no release anyone can see, and rerunning it completes it.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from graph.store.connection import open_driver
from graph.store.releases import list_releases
from graph.store.runtime import Neo4jRuntime, throwaway_server
from graph.store.schema import apply_schema

from .helpers import api_client, count, load_icd

pytestmark = [pytest.mark.integration, pytest.mark.realdata]

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ROOT = Path(__file__).resolve().parents[2]
CLAIM = {"subject": {"system": "ICD10CM", "code": "I11.0"}, "predicate": "cause",
         "object": {"system": "ICD10CM", "code": "I50.9"}, "thresholds": {"sources": ["ontology"]}}
ROUTES = [("GET", "/v1/concepts/ICD10CM/E11.22", None), ("GET", "/v1/search?q=diabetes", None),
          ("GET", "/v1/terminology/lookup?system=ICD10CM&code=E11.22", None), ("POST", "/v1/verify", CLAIM),
          ("GET", "/health", None), ("GET", "/health/neo4j", None)]


@pytest.fixture(scope="module")
def own_server(tmp_path_factory):
    with throwaway_server(tmp_path_factory.mktemp("fault-neo4j")) as settings:
        with open_driver(settings) as driver:
            apply_schema(driver, settings.database)
        yield settings


def wait_until(predicate, seconds: float, what: str) -> float:
    started = time.monotonic()
    while not predicate():
        if time.monotonic() - started > seconds:
            raise AssertionError(f"{what} did not happen within {seconds} s")
        time.sleep(0.25)
    return time.monotonic() - started


def test_neo4j_down_gives_503_with_retry_after_and_the_api_recovers_by_itself(own_server):
    with open_driver(own_server) as driver:
        load_icd(driver, FIXTURES / "icd10cm" / "tabular_2026.xml")
    runtime = Neo4jRuntime(own_server)
    with api_client(own_server) as client:  # the app opens its own sync and async drivers
        for method, path, body in ROUTES:
            assert client.request(method, path, json=body).status_code == 200, path
        runtime.stop()
        try:
            details = []
            for method, path, body in ROUTES:
                r = client.request(method, path, json=body)
                assert r.status_code == 503, (path, r.status_code, r.text)
                assert r.headers["retry-after"] == "5"
                assert r.headers["content-type"] in ("application/problem+json", "application/json")
                details.append(r.json().get("detail", ""))
            # The first /v1 request waited out the driver's retries and found Neo4j gone; the ones after it were
            # answered from that (the hold is longer than this loop), without trying Neo4j.
            assert "not tried" not in details[0]
            assert all("was not tried" in d for d in details[1:4]), details
        finally:
            runtime.start()
        for method, path, body in ROUTES:
            wait_until(lambda m=method, p=path, b=body: client.request(m, p, json=b).status_code == 200, 60,
                       f"{path} answering again")


def test_a_load_killed_midway_leaves_no_visible_release_and_a_rerun_completes_it(own_server):
    from tests.conftest import wipe

    with open_driver(own_server) as driver:
        wipe(driver, own_server.database)  # the fixture release of the test above has the same id
    env = own_server.subprocess_environment()
    loader = subprocess.Popen([sys.executable, "-m", "api.cli", "load", "icd10cm"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open_driver(own_server) as driver:
        def halfway() -> bool:
            assert loader.poll() is None, "the load ended before it could be killed"
            return count(driver, "MATCH (c:Concept {release: 'ICD10CM@2026'}) RETURN count(c)") > 5000

        wait_until(halfway, 120, "the load writing concepts")
        loader.kill()  # SIGKILL: no handler, no cleanup
        loader.wait()
        status = count(driver, "MATCH (r:Release {id: 'ICD10CM@2026', status: 'loading'}) RETURN count(r)")
        assert status == 1  # the killed load's release is still marked as loading …
        assert [r["id"] for r in list_releases(driver, own_server.database)] == []  # … and nobody sees it
        with api_client(own_server, driver=driver) as client:
            assert client.get("/v1/concepts/ICD10CM/E11.22").status_code == 404
            assert client.get("/v1/search", params={"q": "diabetes"}).json()["hits"] == []
            assert client.get("/v1/terminology/validate-code",
                              params={"system": "ICD10CM", "code": "E11.22"}).status_code == 404
        rerun = subprocess.run([sys.executable, "-m", "api.cli", "load", "icd10cm"], cwd=ROOT, env=env,
                               capture_output=True, text=True, timeout=600)
        assert rerun.returncode == 0, rerun.stderr[-2000:]
        [release] = list_releases(driver, own_server.database)
        assert (release["id"], release["status"], release["current"]) == ("ICD10CM@2026", "complete", True)
        concepts = count(driver, "MATCH (c:Concept {release: 'ICD10CM@2026'}) RETURN count(c)")
        distinct = count(driver, "MATCH (c:Concept {release: 'ICD10CM@2026'}) RETURN count(DISTINCT c.code)")
        assert concepts == distinct > 90_000  # every code once: nothing of the killed attempt was left over
        with api_client(own_server, driver=driver) as client:
            assert client.get("/v1/concepts/ICD10CM/E11.22").status_code == 200

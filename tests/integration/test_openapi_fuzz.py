"""A short Schemathesis pass over every operation of the OpenAPI schema, in the test suite: the real server
(``clinigraph serve``'s configuration in a thread) on the fixture releases, a real Neo4j behind it.

For every operation Schemathesis generates valid and invalid requests from the schema; none may answer a
5xx, and every answer's status, content type and body must be the documented ones. The full, longer pass
is ``bench/run checks`` (``bench/check_api.py``); this one is bounded (a few examples per operation, no
deadline per example) so the suite stays short. Admin job starts are fuzzed with a reviewer key (all
refused), so the fuzzer never starts a load.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from api.auth import KeyStore
from graph.store.runtime import free_port

from .helpers import load_hpo, load_icd

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@pytest.fixture(scope="module")
def served(driver, neo4j_settings, tmp_path_factory) -> Iterator[dict[str, str]]:
    import uvicorn

    from api.app import create_app
    from api.server import ServerLimits, server_config
    from tests.conftest import wipe

    wipe(driver, neo4j_settings.database)
    load_icd(driver, FIXTURES / "icd10cm" / "tabular_2026.xml")
    load_hpo(driver, FIXTURES / "hpo" / "hp.obo", FIXTURES / "hpo" / "phenotype.hpoa")
    store = KeyStore(tmp_path_factory.mktemp("keys") / "api-keys.json")
    keys = {role: store.add(f"fuzz-{role}", role) for role in ("admin", "reviewer")}
    port = free_port()
    server = uvicorn.Server(server_config(create_app(neo4j_settings, driver=driver, keys=store), "127.0.0.1", port,
                                          access_log=False, limits=ServerLimits.from_settings(neo4j_settings)))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{base}/health", timeout=10).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.2)
    try:
        yield {"base": base, **keys}
    finally:
        server.should_exit = True
        thread.join(15)


def fuzz(operation, mode: GenerationMode, headers: dict[str, str]) -> None:  # noqa: ANN001
    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(max_examples=5, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
    def call(case) -> None:  # noqa: ANN001
        case.call_and_validate(headers=headers, checks=CHECKS)

    call()


def test_every_operation_answers_as_documented_and_never_5xx(served):
    """Valid and invalid requests for every operation; the failures of all operations are reported together."""
    api = schemathesis.openapi.from_url(f"{served['base']}/openapi.json")
    failures: dict[str, str] = {}
    tried = 0
    for result in api.get_all_operations():
        operation = result.ok()
        admin_job_start = operation.method.upper() == "POST" and operation.path == "/v1/admin/jobs"
        headers = {"Authorization": f"Bearer {served['reviewer' if admin_job_start else 'admin']}"}
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            tried += 1
            try:
                fuzz(operation, mode, headers)
            except Unsatisfiable:
                continue  # an operation without parameters has no invalid request to make
            except Exception as exc:  # noqa: BLE001 - every operation's failure is collected, then reported
                failures[f"{operation.method.upper()} {operation.path} ({mode.value})"] = str(exc)[:2000]
    assert tried >= 40, tried  # every operation of the schema, both ways
    assert not failures, "\n\n".join(f"{k}:\n{v}" for k, v in failures.items())

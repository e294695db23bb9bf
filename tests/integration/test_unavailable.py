"""While Neo4j cannot be reached the API answers 503 with Retry-After, never 500.

The driver here is real and points at a loopback port where nothing listens:
exactly what the API sees while its server is down. No mock is involved.
"""

from __future__ import annotations

import pytest
from neo4j import GraphDatabase

from graph.settings import Settings
from graph.store.runtime import free_port

from .helpers import api_client

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def client_without_server():
    settings = Settings(NEO4J_URI=None, api_retry_seconds=0.5)
    driver = GraphDatabase.driver(
        f"bolt://127.0.0.1:{free_port()}", auth=("neo4j", "unused"),
        connection_timeout=2, max_transaction_retry_time=settings.api_retry_seconds,
    )
    with api_client(settings, driver=driver) as client:
        yield client
    driver.close()


@pytest.mark.parametrize("path", ["/health", "/health/neo4j", "/v1/releases", "/v1/concepts/ICD10CM/E11.22",
                                  "/v1/search?q=heart"])
def test_503_with_retry_after(client_without_server, path):
    r = client_without_server.get(path)
    assert r.status_code == 503
    assert r.headers["retry-after"] == "5"
    assert "127.0.0.1" not in r.text  # no connection details leak to clients

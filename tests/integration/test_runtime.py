"""clinigraph's own Neo4j runtime: resolved from Maven Central, loopback only, idempotent start, clean stop."""

from __future__ import annotations

import os
import stat
import urllib.request

import pytest
from neo4j import GraphDatabase

from graph.runtime import Neo4jRuntime, free_port
from graph.settings import Settings

pytestmark = pytest.mark.integration


@pytest.fixture
def managed(neo4j_settings):
    if neo4j_settings.uses_external_server:
        pytest.skip("the tests run against an external server; the local runtime is not in use")
    return neo4j_settings


def test_start_is_idempotent(managed):
    runtime = Neo4jRuntime(managed)
    first = runtime.read_state()
    again = runtime.start()
    assert again.pid == first.pid
    assert runtime.status()["running"] is True


def test_password_is_generated_and_private(managed):
    runtime = Neo4jRuntime(managed)
    state = runtime.read_state()
    assert len(state.password) >= 20
    assert stat.S_IMODE(os.stat(runtime.state_file).st_mode) == 0o600
    conf = (runtime.conf_dir / "neo4j.conf").read_text()
    assert state.password not in conf
    assert "dbms.security.auth_enabled=true" in conf
    assert f"server.bolt.listen_address=127.0.0.1:{managed.bolt_port}" in conf
    assert "server.default_listen_address=127.0.0.1" in conf


def test_server_is_5_26_community_and_serves_the_browser(managed, driver):
    records, _, _ = driver.execute_query(
        "CALL dbms.components() YIELD versions, edition RETURN versions[0] AS v, edition"
    )
    assert records[0]["v"].startswith("5.26.") and records[0]["edition"] == "community"
    state = Neo4jRuntime(managed).read_state()
    with urllib.request.urlopen(state.browser_url, timeout=10) as response:
        page = response.read().decode("utf-8", "replace")
    assert response.status == 200 and "Neo4j Browser" in page


def test_stop_is_clean_and_data_survives_a_restart(tmp_path):
    settings = Settings(home=tmp_path / "instance", bolt_port=free_port(), http_port=free_port(),
                        heap_size="512m", pagecache_size="256m", NEO4J_URI=None)
    runtime = Neo4jRuntime(settings)
    state = runtime.start()
    try:
        with GraphDatabase.driver(state.bolt_uri, auth=(state.user, state.password)) as drv:
            drv.execute_query("CREATE (:Marker {name: 'kept'})")
        assert runtime.stop() is True
        assert runtime.status()["running"] is False
        assert runtime.stop() is False
        restarted = runtime.start()
        assert restarted.password == state.password
        with GraphDatabase.driver(restarted.bolt_uri, auth=(restarted.user, restarted.password)) as drv:
            records, _, _ = drv.execute_query("MATCH (m:Marker) RETURN m.name AS name")
        assert [r["name"] for r in records] == ["kept"]
    finally:
        runtime.stop()
    assert "Stopped" in (tmp_path / "instance" / "logs" / "console.log").read_text()


def test_a_taken_port_is_reported(tmp_path, managed):
    settings = Settings(home=tmp_path / "clash", bolt_port=managed.bolt_port, http_port=free_port(),
                        NEO4J_URI=None)
    with pytest.raises(Exception, match=f"port {managed.bolt_port} on 127.0.0.1 is taken"):
        Neo4jRuntime(settings).start()

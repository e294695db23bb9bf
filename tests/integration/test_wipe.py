"""The suite's wipe on its own server: a large graph is left behind with its store, and what the next test
gets is the same as after deleting — an empty graph, the whole schema, a driver that answers at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import conftest

from .helpers import DATABASE, count, load_icd

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def schema(driver) -> tuple[list[str], list[str], list[str]]:
    def names(query: str) -> list[str]:
        return sorted(r["name"] for r in driver.execute_query(query, database_=DATABASE).records
                      if r["type"] != "LOOKUP")

    migrations = sorted(r["id"] for r in driver.execute_query(
        "MATCH (m:SchemaMigration) RETURN m.id AS id", database_=DATABASE).records)
    return (names("SHOW INDEXES YIELD name, type"), names("SHOW CONSTRAINTS YIELD name, type"), migrations)


def test_a_large_graph_is_wiped_by_a_fresh_store_and_the_next_load_sees_the_same_schema(
        clean_graph, neo4j_settings, monkeypatch):
    if neo4j_settings.uses_external_server:
        pytest.skip("a server this test run does not own is always wiped by deleting")
    from graph.store.runtime import Neo4jRuntime

    driver, runtime = clean_graph, Neo4jRuntime(neo4j_settings)
    load_icd(driver, FIXTURES / "icd10cm" / "tabular_2026.xml")
    deleted_to = schema(driver)
    server = runtime.read_state().pid
    conftest.wipe(driver, DATABASE)  # a small graph: deleted, the server goes on
    assert runtime.read_state().pid == server and schema(driver) == deleted_to

    load_icd(driver, FIXTURES / "icd10cm" / "tabular_2026.xml")
    elements = count(driver, "MATCH (n) RETURN count(n)") + count(driver, "MATCH ()-[r]->() RETURN count(r)")
    monkeypatch.setattr(conftest, "FRESH_STORE_ABOVE", elements - 1)  # now this graph counts as large
    conftest.wipe(driver, DATABASE)

    assert runtime.read_state().pid != server  # started anew on a fresh store
    assert count(driver, "MATCH (n) WHERE NOT n:SchemaMigration RETURN count(n)") == 0
    assert count(driver, "MATCH ()-[r]->() RETURN count(r)") == 0
    assert deleted_to[0] and schema(driver) == deleted_to  # every index, constraint and ledger entry again
    # the driver answers on the new store at once (its bookmarks were replaced) and a load completes
    result = load_icd(driver, FIXTURES / "icd10cm" / "tabular_2026.xml")
    assert result.action == "loaded" and count(driver, "MATCH (c:Concept) RETURN count(c)") == result.counts.concepts

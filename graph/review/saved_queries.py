"""The saved queries of ``cypher/queries`` and ``cypher/audit``, read and run as a person runs them in
Neo4j Browser: ``:param name => 'value'`` lines first, then Cypher statements (read-only, each in a
read transaction)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from neo4j import Driver, ManagedTransaction

from graph.store.schema import split_statements
from loaders.errors import ClinigraphError
from loaders.package_resources import shipped_path

CYPHER_DIR = shipped_path("cypher")
_PARAM = re.compile(r"^:param\s+(\w+)\s*=>\s*'([^']*)'\s*$")


def saved_queries(folder: str = "queries") -> list[Path]:
    return sorted((CYPHER_DIR / folder).glob("*.cypher"))


def read_saved_query(path: Path) -> tuple[dict[str, str], list[str]]:
    """A saved query's ``:param`` values and its Cypher statements; any other Browser command is an error."""
    params: dict[str, str] = {}
    statements = []
    for statement in split_statements(path.read_text(encoding="utf-8")):
        m = _PARAM.match(statement)
        if m:
            params[m.group(1)] = m.group(2)
        elif statement.startswith(":"):
            raise ClinigraphError(f"{path.name}: unsupported Browser command {statement.splitlines()[0]!r}")
        else:
            statements.append(statement)
    return params, statements


def run_saved_query(driver: Driver, database: str, path: Path, **overrides: str) -> list[dict[str, Any]]:
    """Every row of every statement of a saved query (its ``:param`` values, or ``overrides``)."""
    params, statements = read_saved_query(path)
    params.update(overrides)

    def work(tx: ManagedTransaction) -> list[dict[str, Any]]:
        return [r.data() for statement in statements for r in tx.run(statement, params)]

    with driver.session(database=database, default_access_mode="READ") as session:
        return session.execute_read(work)

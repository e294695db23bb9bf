"""Read-only Cypher for reviewers: a query runs only if Neo4j's own ``EXPLAIN`` says it reads, with a
time limit and a row limit.

Neo4j Community has no roles, so the server cannot be asked to refuse writes for one user. Three
guards instead: the plan's query type must be ``r`` (read only — not ``rw``, ``w`` or ``s``), the plan
may not load files or URLs (``LOAD CSV`` is a read by type) nor call procedures outside a short list
of read-only catalogue procedures, and the query then runs in a READ transaction, which the server
itself refuses to let write.
"""

from __future__ import annotations

from typing import Any

from neo4j import Driver, ManagedTransaction, Query, unit_of_work
from neo4j.exceptions import ClientError, Neo4jError
from neo4j.graph import Node, Path, Relationship

from loaders.errors import ClinigraphError

#: Procedures a reviewer may call (all read-only catalogue or index lookups).
ALLOWED_PROCEDURES = frozenset({
    "db.labels", "db.relationshipTypes", "db.propertyKeys", "db.schema.visualization", "db.schema.nodeTypeProperties",
    "db.schema.relTypeProperties", "db.index.fulltext.queryNodes", "db.index.fulltext.queryRelationships",
})
#: Plan operators that reach outside the graph.
REFUSED_OPERATORS = frozenset({"LoadCSV"})

MAX_QUERY_CHARS = 20_000
MAX_ROWS = 5_000


class CypherRefusedError(ClinigraphError):
    """The query is not one the read-only endpoint runs; the message says why."""


def _operators(plan: Any) -> list[tuple[str, str]]:
    found = []
    stack = [plan]
    while stack:
        p = stack.pop()
        args = p.get("args", {}) if isinstance(p, dict) else {}
        found.append((str(p.get("operatorType", "")).split("@")[0], str(args.get("Details", ""))))
        stack.extend(p.get("children", []))
    return found


def check_read_only(driver: Driver, database: str, query: str, parameters: dict[str, Any]) -> str:
    """The query's type after the three guards, or :class:`CypherRefusedError` naming the guard."""
    if not query.strip():
        raise CypherRefusedError("the query is empty")
    if len(query) > MAX_QUERY_CHARS:
        raise CypherRefusedError(f"the query is over {MAX_QUERY_CHARS:,} characters")
    try:
        with driver.session(database=database, default_access_mode="READ") as session:
            summary = session.run(Query("EXPLAIN " + query), parameters).consume()
    except ClientError as exc:
        raise CypherRefusedError(f"the query does not compile: {exc.message}") from None
    if summary.query_type != "r":
        raise CypherRefusedError(f"only read-only queries run here; this one's type is {summary.query_type!r} "
                                 "(rw: reads and writes, w: writes, s: schema)")
    for operator, details in _operators(summary.plan or {}):
        if operator in REFUSED_OPERATORS:
            raise CypherRefusedError(f"{operator} reads outside the graph and is not allowed")
        if operator.startswith("ProcedureCall"):
            name = details.split("(", 1)[0].strip()
            if name not in ALLOWED_PROCEDURES:
                raise CypherRefusedError(f"procedure {name or '?'} is not one of the allowed read-only procedures "
                                         f"({', '.join(sorted(ALLOWED_PROCEDURES))})")
    return summary.query_type


def to_json(value: Any) -> Any:
    """A Neo4j value as JSON: nodes and relationships as their ids, labels or type, and properties."""
    if isinstance(value, Node):
        return {"element_id": value.element_id, "labels": sorted(value.labels),
                "properties": {k: to_json(v) for k, v in value.items()}}
    if isinstance(value, Relationship):
        return {"element_id": value.element_id, "type": value.type,
                "start": value.start_node.element_id if value.start_node else None,
                "end": value.end_node.element_id if value.end_node else None,
                "properties": {k: to_json(v) for k, v in value.items()}}
    if isinstance(value, Path):
        return {"nodes": [to_json(n) for n in value.nodes], "relationships": [to_json(r) for r in value.relationships]}
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)  # dates, times, durations, points


def run_read_only(driver: Driver, database: str, query: str, parameters: dict[str, Any] | None = None, *,
                  timeout: float = 10.0, max_rows: int = 1000) -> dict[str, Any]:
    """Check the query, then run it in a READ transaction with ``timeout`` seconds and at most ``max_rows``
    rows back (``truncated`` says whether there were more)."""
    parameters = parameters or {}
    query_type = check_read_only(driver, database, query, parameters)
    max_rows = max(1, min(max_rows, MAX_ROWS))

    @unit_of_work(timeout=timeout)
    def work(tx: ManagedTransaction) -> tuple[list[str], list[list[Any]], bool]:
        result = tx.run(query, parameters)
        rows: list[list[Any]] = []
        for record in result:
            if len(rows) == max_rows:
                return list(result.keys()), rows, True
            rows.append([to_json(v) for v in record.values()])
        return list(result.keys()), rows, False

    try:
        with driver.session(database=database, default_access_mode="READ") as session:
            columns, rows, truncated = session.execute_read(work)
    except Neo4jError as exc:
        if "Timeout" in (exc.code or "") or "timeout" in (exc.message or "").lower():
            raise CypherRefusedError(f"the query ran past its {timeout:g} s limit and was stopped") from None
        if isinstance(exc, ClientError):
            raise CypherRefusedError(f"the query failed: {exc.message}") from None
        raise
    return {"columns": columns, "rows": rows, "row_count": len(rows), "truncated": truncated,
            "query_type": query_type, "limits": {"timeout_seconds": timeout, "max_rows": max_rows}}

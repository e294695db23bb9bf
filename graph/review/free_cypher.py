"""Read-only Cypher for reviewers: a query runs only if its plan is made of known read operators, under a
deadline the database and the client both keep, with row, byte and nesting limits.

Neo4j Community has no roles, so the server cannot be asked to refuse anything for one user; every API
client and every load runs as the one Neo4j user. The guards, in order:

1. **Shape of the text.** Neo4j 5.26's parser overflows its stack on deeply nested text (300 nested
   parentheses, a 300-hop pattern, 600 chained property reads, 500 ``NOT``\\ s) and then fails to encode the
   failure, so it never answers at all (measured in ``bench/RESULTS.md``). Such text is refused before it is
   sent: :func:`shape_problem` counts nesting and chains far below what the parser survives.
2. **Plan by allowlist.** ``EXPLAIN`` types ``SHOW TRANSACTIONS``, ``TERMINATE TRANSACTIONS`` and
   ``SHOW SETTINGS`` as reads, and they are not procedure calls; a reviewer could read every in-flight
   query with its parameters and kill it. So every operator of the plan must be one of
   :data:`READ_OPERATORS` (scans, seeks, expands, joins, projections, sorts, aggregations), a procedure call
   must name one of :data:`ALLOWED_PROCEDURES`, and anything else (``Show…``, ``Terminate…``,
   ``AdministrationCommand``, ``LoadCSV``, ``TransactionApply``, every write) is refused with its name.
3. **Deadline.** ``EXPLAIN`` and the query run on the async driver inside ``asyncio.timeout``: a call
   that does not answer in time is cancelled, which makes the driver kill its connection, so no worker
   or socket is left waiting on a server that will never answer. The transaction also carries the same
   timeout, so the database itself stops it; ``db.transaction.timeout`` and the transaction memory limits
   in the generated ``neo4j.conf`` bound whatever escapes this module.
4. **READ transaction**, which the server refuses to let write, and at most ``max_rows`` rows and
   ``max_bytes`` bytes of rendered JSON back.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import orjson
from neo4j import AsyncDriver, AsyncManagedTransaction, Query, unit_of_work
from neo4j.exceptions import ClientError, DatabaseError, Neo4jError, TransientError
from neo4j.graph import Node, Path, Relationship

from graph.review.results import ReadOnlyResult
from graph.settings import API_MAX_RESULT_BYTES
from loaders.errors import InputError

#: Procedures a reviewer may call (all read-only catalogue or index lookups).
ALLOWED_PROCEDURES = frozenset({
    "db.labels", "db.relationshipTypes", "db.propertyKeys", "db.schema.visualization", "db.schema.nodeTypeProperties",
    "db.schema.relTypeProperties", "db.index.fulltext.queryNodes", "db.index.fulltext.queryRelationships",
})

#: Plan operators that only read the graph (names as ``EXPLAIN`` gives them, without the ``(…)`` variant and
#: the ``@database`` suffix). Every other operator is refused, so an operator Neo4j adds later is refused
#: until someone reads what it does and lists it here.
READ_OPERATORS = frozenset({
    # leaves: scans, seeks, counts
    "AllNodesScan", "NodeByLabelScan", "IntersectionNodeByLabelsScan", "UnionNodeByLabelsScan",
    "SubtractionNodeByLabelsScan", "PartitionedAllNodesScan", "PartitionedNodeByLabelScan", "NodeByIdSeek",
    "NodeByElementIdSeek", "NodeIndexSeek", "NodeUniqueIndexSeek", "NodeIndexSeekByRange",
    "NodeUniqueIndexSeekByRange", "NodeIndexScan", "PartitionedNodeIndexScan", "NodeIndexContainsScan",
    "NodeIndexEndsWithScan", "MultiNodeIndexSeek", "AssertingMultiNodeIndexSeek", "NodeCountFromCountStore",
    "RelationshipCountFromCountStore", "DirectedAllRelationshipsScan", "UndirectedAllRelationshipsScan",
    "DirectedRelationshipTypeScan", "UndirectedRelationshipTypeScan", "DirectedUnionRelationshipTypesScan",
    "UndirectedUnionRelationshipTypesScan", "DirectedRelationshipByIdSeek", "UndirectedRelationshipByIdSeek",
    "DirectedRelationshipByElementIdSeek", "UndirectedRelationshipByElementIdSeek",
    "DirectedRelationshipIndexSeek", "UndirectedRelationshipIndexSeek", "DirectedRelationshipUniqueIndexSeek",
    "UndirectedRelationshipUniqueIndexSeek", "DirectedRelationshipIndexSeekByRange",
    "UndirectedRelationshipIndexSeekByRange", "DirectedRelationshipUniqueIndexSeekByRange",
    "UndirectedRelationshipUniqueIndexSeekByRange", "DirectedRelationshipIndexScan",
    "UndirectedRelationshipIndexScan", "DirectedRelationshipIndexContainsScan",
    "UndirectedRelationshipIndexContainsScan", "DirectedRelationshipIndexEndsWithScan",
    "UndirectedRelationshipIndexEndsWithScan", "Argument", "ArgumentTracker", "EmptyRow", "Input",
    # traversal
    "Expand", "OptionalExpand", "VarLengthExpand", "BFSPruningVarExpand", "ShortestPath", "StatefulShortestPath",
    "Repeat", "BidirectionalRepeat", "PathPropagatingBFS", "ProjectEndpoints", "NullifyMetadata", "Trail",
    "TriadicBuild", "TriadicFilter", "TriadicSelection", "AssertSameNode", "AssertSameRelationship",
    # relational
    "ProduceResults", "Filter", "Projection", "CacheProperties", "Apply", "SemiApply", "AntiSemiApply",
    "LetSemiApply", "LetAntiSemiApply", "SelectOrSemiApply", "SelectOrAntiSemiApply", "LetSelectOrSemiApply",
    "LetSelectOrAntiSemiApply", "ConditionalApply", "AntiConditionalApply", "RollUpApply", "CartesianProduct",
    "NodeHashJoin", "NodeLeftOuterHashJoin", "NodeRightOuterHashJoin", "ValueHashJoin", "Sort", "PartialSort",
    "Top", "PartialTop", "Limit", "ExhaustiveLimit", "Skip", "Distinct", "OrderedDistinct", "EagerAggregation",
    "OrderedAggregation", "Unwind", "PartitionedUnwind", "Optional", "Anti", "Eager", "Union", "OrderedUnion",
    "EmptyResult", "PreserveOrder",
    # checked further below: only the listed procedures
    "ProcedureCall",
})

#: What the text may hold; each well below what Neo4j 5.26's parser was seen to survive (in brackets).
MAX_QUERY_CHARS = 20_000
MAX_NESTING = 40            # ( [ { CASE nested (parentheses 250, maps 200, lists 300, CASE 150 survived)
MAX_PROPERTY_CHAIN = 100    # a.b.c… reads in a row (300 survived, 600 did not)
MAX_INDEX_CHAIN = 100       # x[0][0]… in a row (300 survived, 600 did not)
MAX_PATTERN_HOPS = 25       # relationships in the whole query (30 in one chain took 10 s to plan)
MAX_OPERATORS = 1_000       # NOT, AND, +, = … in the whole query (NOT × 500 and + × 9,000 did not survive)
MAX_ROWS = 5_000
MAX_RESULT_DEPTH = 32       # lists and maps nested in one value of the result

#: Rows and seconds a query gets unless it asks otherwise, and the longest deadline it may ask for (the API
#: refuses more): a reviewer's query shares the server with the API's own reads.
DEFAULT_ROWS = 1000
DEFAULT_TIMEOUT_SECONDS = 10.0
MAX_TIMEOUT_SECONDS = 30

#: Seconds the client waits past the transaction's own timeout before it gives up on the server: Neo4j
#: checks transaction timeouts every 2 s (``db.transaction.monitor.check.interval``), so a query that merely
#: runs long is normally stopped by the database (422) before the client's deadline (504) fires.
_CLIENT_GRACE = 5.0

_TOKEN = re.compile(
    r"""(?P<skip>\s+|//[^\n]*|/\*.*?\*/|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`]|``)*`)"""
    r"""|(?P<number>\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)"""
    r"""|(?P<word>[A-Za-z_$][A-Za-z0-9_$]*)"""
    r"""|(?P<arrow><-\[|\]->|\]-|-\[|<--|-->|--)"""
    r"""|(?P<op><>|<=|>=|=~|\|\||[-+*/%^=<>])"""
    r"""|(?P<char>.)""",
    re.DOTALL,
)
_WORD_OPERATORS = frozenset({"NOT", "AND", "OR", "XOR", "IN", "IS", "CONTAINS", "STARTS", "ENDS"})


class CypherRefusedError(InputError):
    """The query is not one the read-only endpoint runs; the message says why."""


class CypherTimeoutError(CypherRefusedError):
    """Neo4j did not answer within the query's time limit (a server that never answers, or planning that
    would not end); the client closed the connection."""


class CypherResultTooLargeError(CypherRefusedError):
    """The rows asked for would be more than the result byte limit."""


def shape_problem(query: str) -> str | None:
    """Why the text is too deeply nested or chained for Neo4j's parser, or None if it is fine.

    >>> shape_problem("MATCH (c:Concept {code: 'E11.9'})-[:IS_A]->(p) RETURN p.code") is None
    True
    >>> shape_problem("RETURN " + "(" * 300 + "1" + ")" * 300)
    'the query nests brackets 300 deep; at most 40 are allowed'
    """
    depth = deepest = 0
    props = longest_props = 0        # a.b.c: the dots of the current run
    subscripts = longest_subscripts = 0  # x[0][1]: the subscripts of the current run
    hops = operators = 0
    previous = ""                    # the last token: its text, or "word" / "number"
    for match in _TOKEN.finditer(query):
        kind = match.lastgroup
        if kind == "skip":
            continue
        text = match.group()
        word = text.upper() if kind == "word" else ""
        if text == ".":
            props += 1
            longest_props = max(longest_props, props)
        elif kind != "word":
            props = 0
        if text == "[":
            if previous == "]":
                subscripts += 1
            elif previous in ("word", ")"):
                subscripts = 1
            longest_subscripts = max(longest_subscripts, subscripts)
        if kind == "arrow":
            hops += not text.endswith("[")  # -[…]-> is one relationship, counted at its end
        if text in ("(", "[", "{") or word == "CASE" or text.endswith("["):
            depth += 1
            deepest = max(deepest, depth)
        elif text in (")", "]", "}") or word == "END" or text.startswith("]"):
            depth -= 1
        elif kind == "op" or word in _WORD_OPERATORS:
            operators += 1
        previous = kind if kind in ("word", "number") else text
    if deepest > MAX_NESTING:
        return f"the query nests brackets {deepest} deep; at most {MAX_NESTING} are allowed"
    if longest_props > MAX_PROPERTY_CHAIN:
        return f"the query chains {longest_props} property reads; at most {MAX_PROPERTY_CHAIN} are allowed"
    if longest_subscripts > MAX_INDEX_CHAIN:
        return f"the query chains {longest_subscripts} subscripts; at most {MAX_INDEX_CHAIN} are allowed"
    if hops > MAX_PATTERN_HOPS:
        return f"the query has {hops} relationship patterns; at most {MAX_PATTERN_HOPS} are allowed"
    if operators > MAX_OPERATORS:
        return f"the query has {operators} operators; at most {MAX_OPERATORS} are allowed"
    return None


def _operators(plan: Any) -> list[tuple[str, str]]:
    """Every operator of a plan as (name without variant or database, details)."""
    found = []
    stack = [plan]
    while stack:
        p = stack.pop()
        args = p.get("args", {}) if isinstance(p, dict) else {}
        name = str(p.get("operatorType", "")).split("@")[0].split("(")[0].strip()
        found.append((name, str(args.get("Details", ""))))
        stack.extend(p.get("children", []))
    return found


def refusal_for_plan(query_type: str, plan: Any) -> str | None:
    """Why a plan is not one a reviewer may run, or None: the query type must be ``r`` and every operator
    a listed read operator, a procedure call one of the listed procedures."""
    if query_type != "r":
        return (f"only read-only queries run here; this one's type is {query_type!r} "
                "(rw: reads and writes, w: writes, s: schema or administration)")
    for operator, details in _operators(plan or {}):
        if operator == "ProcedureCall":
            name = details.split("(", 1)[0].strip()
            if name not in ALLOWED_PROCEDURES:
                return (f"procedure {name or '?'} is not one of the allowed read-only procedures "
                        f"({', '.join(sorted(ALLOWED_PROCEDURES))})")
        elif operator not in READ_OPERATORS:
            return f"the plan operator {operator or '?'} is not one of the read operators allowed here"
    return None


_JAVA_CLASS = re.compile(r"\b(?:[a-z][a-z0-9_]*\.)+[A-Z][A-Za-z0-9_$]*(?:Exception|Error)\b:?\s*")


def neo4j_message(exc: Neo4jError, query: str) -> str:
    """Neo4j's message for the caller: without Java class names, and with positions and excerpts of the
    ``EXPLAIN`` wrapper taken back to the caller's own text."""
    message = str(exc.message or exc.code or "failed")
    message = _JAVA_CLASS.sub("", message)
    message = message.replace('"EXPLAIN ' + query[:60], '"' + query[:60])

    def shift(m: re.Match[str]) -> str:
        line, column, offset = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if line == 1:
            column -= len("EXPLAIN ")
        return f"line {line}, column {max(column, 1)} (offset: {max(offset - len('EXPLAIN '), 0)})"

    message = re.sub(r"line (\d+), column (\d+) \(offset: (\d+)\)", shift, message)
    message = message.replace("EXPLAIN ", "", 1) if message.startswith("EXPLAIN ") else message
    return message.strip().splitlines()[0][:500] if message.strip() else "failed"


def to_json(value: Any, depth: int = 0) -> Any:
    """A Neo4j value as JSON: nodes and relationships as their ids, labels or type, and properties."""
    if depth > MAX_RESULT_DEPTH:
        raise CypherRefusedError(f"a value of the result nests lists or maps over {MAX_RESULT_DEPTH} deep")
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Node):
        return {"element_id": value.element_id, "labels": sorted(value.labels),
                "properties": {k: to_json(v, depth + 1) for k, v in value.items()}}
    if isinstance(value, Relationship):
        return {"element_id": value.element_id, "type": value.type,
                "start": value.start_node.element_id if value.start_node else None,
                "end": value.end_node.element_id if value.end_node else None,
                "properties": {k: to_json(v, depth + 1) for k, v in value.items()}}
    if isinstance(value, Path):
        return {"nodes": [to_json(n, depth + 1) for n in value.nodes],
                "relationships": [to_json(r, depth + 1) for r in value.relationships]}
    if isinstance(value, dict):
        return {str(k): to_json(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_json(v, depth + 1) for v in value]
    if isinstance(value, bytes | bytearray):
        return value.hex()
    return str(value)  # dates, times, durations, points


def _failure(exc: Neo4jError, query: str, timeout: float) -> CypherRefusedError:
    """The caller's answer to a failure Neo4j reported (a 422 naming it; the class says which)."""
    code = exc.code or ""
    if "Timeout" in code or "TimedOut" in code or "timeout" in (exc.message or "").lower():
        return CypherRefusedError(f"the query ran past its {timeout:g} s limit and was stopped by the database")
    if "MemoryLimit" in code or "OutOfMemory" in code or "memory" in (exc.message or "").lower():
        return CypherRefusedError("the query needed more memory than a transaction may use here; narrow it")
    what = "does not compile" if "Statement.Syntax" in code or "Statement.Semantic" in code else "failed"
    return CypherRefusedError(f"the query {what}: {neo4j_message(exc, query)}")


async def run_read_only(driver: AsyncDriver, database: str, query: str, parameters: dict[str, Any] | None = None,
                        *, timeout: float = DEFAULT_TIMEOUT_SECONDS, max_rows: int = DEFAULT_ROWS,
                        max_bytes: int = API_MAX_RESULT_BYTES) -> ReadOnlyResult:
    """Check the query, then run it in a READ transaction within ``timeout`` seconds (EXPLAIN included),
    with at most ``max_rows`` rows (``truncated`` says whether there were more) and ``max_bytes`` of JSON."""
    parameters = parameters or {}
    if not query.strip():
        raise CypherRefusedError("the query is empty")
    if len(query) > MAX_QUERY_CHARS:
        raise CypherRefusedError(f"the query is over {MAX_QUERY_CHARS:,} characters")
    problem = shape_problem(query)
    if problem:
        raise CypherRefusedError(problem + " (Neo4j's parser fails on such text without answering)")
    max_rows = max(1, min(max_rows, MAX_ROWS))

    @unit_of_work(timeout=timeout)
    async def work(tx: AsyncManagedTransaction) -> tuple[list[str], list[list[Any]], bool]:
        result = await tx.run(query, parameters)
        rows: list[list[Any]] = []
        size = 0
        async for record in result:
            if len(rows) == max_rows:
                return list(result.keys()), rows, True
            row = [to_json(v) for v in record.values()]
            size += len(orjson.dumps(row))
            if size > max_bytes:
                raise CypherResultTooLargeError(
                    f"the result is over {max_bytes:,} bytes after {len(rows):,} rows; ask for fewer rows "
                    "(max_rows, LIMIT) or smaller values")
            rows.append(row)
        return list(result.keys()), rows, False

    try:
        async with asyncio.timeout(timeout + _CLIENT_GRACE), \
                driver.session(database=database, default_access_mode="READ", fetch_size=100) as session:
            summary = await (await session.run(Query("EXPLAIN " + query, timeout=timeout), parameters)).consume()
            query_type = summary.query_type or ""
            refusal = refusal_for_plan(query_type, summary.plan)
            if refusal:
                raise CypherRefusedError(refusal)
            columns, rows, truncated = await session.execute_read(work)
    except TimeoutError:
        raise CypherTimeoutError(f"no answer from Neo4j within the query's {timeout:g} s limit; the connection "
                                 "was closed") from None
    except (ClientError, DatabaseError, TransientError) as exc:
        raise _failure(exc, query, timeout) from None
    except UnicodeEncodeError:
        raise CypherRefusedError("the query or a parameter holds text that is not valid Unicode "
                                 "(a lone surrogate)") from None
    return {"columns": columns, "rows": rows, "row_count": len(rows), "truncated": truncated,
            "query_type": query_type, "limits": {"timeout_seconds": timeout, "max_rows": max_rows,
                                                         "max_bytes": max_bytes}}

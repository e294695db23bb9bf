"""What a reviewer's read-only Cypher query answers, declared once.

The API renders :class:`ReadOnlyResult` through ``CypherOut`` (``api/models.py``), and
``tests/unit/test_result_types.py`` keeps the model's fields equal to its keys. A TypedDict, so the answer
is still the plain dict it always was while mypy checks the dict built against its shape. Pure: no Neo4j.
"""

# No ``from __future__ import annotations``: Python 3.11's TypedDict tells NotRequired keys only from
# evaluated annotations (``__required_keys__`` would list every key).
from typing import Any, TypedDict


class ReadLimits(TypedDict):
    """The limits a query ran under, so a reviewer can tell a cut result from a complete one."""

    timeout_seconds: float
    max_rows: int
    max_bytes: int


class ReadOnlyResult(TypedDict):
    columns: list[str]
    rows: list[list[Any]]
    row_count: int
    truncated: bool
    #: ``r``: only read-only queries are run
    query_type: str
    limits: ReadLimits

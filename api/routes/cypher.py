"""Read-only Cypher for reviewers (:mod:`graph.free_cypher`): the plan must say read-only, with a time
and row limit. Writes, schema commands, file loads and most procedures are refused with the reason."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.concurrency import run_in_threadpool

from api.deps import GraphDep
from api.models import CypherIn, CypherOut, Problem
from graph.free_cypher import run_read_only

router = APIRouter(tags=["cypher"])


@router.post("/cypher", response_model=CypherOut, responses={422: {"model": Problem}, 503: {"model": Problem}})
async def cypher(graph: GraphDep, body: CypherIn) -> dict[str, Any]:
    """Run a read-only Cypher query with parameters; at most ``max_rows`` rows and ``timeout_seconds``."""
    return await run_in_threadpool(run_read_only, graph.driver, graph.database, body.query, body.parameters,
                                   timeout=body.timeout_seconds, max_rows=body.max_rows)

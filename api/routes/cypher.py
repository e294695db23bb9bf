"""Read-only Cypher for reviewers (:mod:`graph.review.free_cypher`): a plan of known read operators only, with a
deadline, a row limit and a byte limit. Writes, ``SHOW``/``TERMINATE`` commands, administration, file
loads and most procedures are refused with the construct named."""

from __future__ import annotations

from fastapi import APIRouter, Request
from neo4j.exceptions import ServiceUnavailable

from api.deps import GraphDep
from api.models import CypherIn, CypherOut, Problem
from graph.review.free_cypher import run_read_only
from graph.review.results import ReadOnlyResult

router = APIRouter(tags=["cypher"])


@router.post("/cypher", response_model=CypherOut, responses={413: {"model": Problem}, 422: {"model": Problem},
                                                             503: {"model": Problem}})
async def cypher(graph: GraphDep, body: CypherIn, request: Request) -> ReadOnlyResult:
    """Run a read-only Cypher query with parameters; at most ``max_rows`` rows, ``timeout_seconds`` and the
    service's result byte limit (``CLINIGRAPH_API_MAX_RESULT_BYTES``)."""
    if graph.reviewer_driver is None:
        raise ServiceUnavailable("no Neo4j server is configured for reviewers' queries")
    max_bytes = request.app.state.settings.api_max_result_bytes
    return await run_read_only(graph.reviewer_driver, graph.database, body.query, body.parameters,
                               timeout=body.timeout_seconds, max_rows=body.max_rows, max_bytes=max_bytes)

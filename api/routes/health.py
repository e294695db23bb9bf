from __future__ import annotations

from fastapi import APIRouter
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from neo4j.exceptions import Neo4jError, ServiceUnavailable, SessionExpired

from api.deps import GraphDep
from api.models import HealthOut
from graph.store.connection import around_trip, round_trip
from graph.store.releases import list_releases

router = APIRouter(tags=["health"])


@router.get("/health", response_model=HealthOut, responses={503: {"description": "Neo4j unreachable"}})
def health(graph: GraphDep) -> HealthOut | JSONResponse:
    """Whether the API can reach Neo4j, and how many complete releases it serves."""
    try:
        graph.driver.verify_connectivity()
        count = len(list_releases(graph.driver, graph.database))
    except (ServiceUnavailable, SessionExpired, Neo4jError, OSError) as exc:
        return JSONResponse(
            {"status": "unavailable", "neo4j": f"unreachable ({type(exc).__name__})", "releases": 0},
            status_code=503, headers={"Retry-After": "5"},
        )
    return HealthOut(status="ok", neo4j="ok", releases=count)


@router.get("/health/neo4j", responses={503: {"description": "Neo4j unreachable"}})
async def neo4j_round_trip(graph: GraphDep) -> JSONResponse:
    """One bare Bolt round trip through the API's own stack: a cheap readiness probe, and the floor any
    query route here is measured against (bench/RESULTS.md)."""
    try:
        if graph.async_driver is not None:
            await around_trip(graph.async_driver, graph.database)
        else:
            await run_in_threadpool(round_trip, graph.driver, graph.database)
    except (ServiceUnavailable, SessionExpired, Neo4jError, OSError) as exc:
        return JSONResponse({"status": "unavailable", "neo4j": f"unreachable ({type(exc).__name__})"},
                            status_code=503, headers={"Retry-After": "5"})
    return JSONResponse({"status": "ok", "neo4j": "ok"})

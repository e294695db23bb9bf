from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from neo4j.exceptions import Neo4jError, ServiceUnavailable, SessionExpired

from api.deps import GraphDep
from api.models import HealthOut
from graph.releases import list_releases

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

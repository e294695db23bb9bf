from __future__ import annotations

from fastapi import APIRouter, Query

from api.deps import GraphDep
from api.models import ReleaseOut
from graph.releases import list_releases

router = APIRouter(tags=["releases"])


@router.get("/releases", response_model=list[ReleaseOut])
def releases(
    graph: GraphDep,
    include_incomplete: bool = Query(False, description="Also list loading and failed releases."),
) -> list[dict]:
    """Loaded releases with their source files (name, size, sha256) and load reports."""
    return list_releases(graph.driver, graph.database, include_incomplete=include_incomplete)

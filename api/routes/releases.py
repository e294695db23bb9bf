from __future__ import annotations

from fastapi import APIRouter, Query

from api.deps import GraphDep
from api.models import DerivedLayerOut, ReleaseOut
from graph.store.derived import derived_layers
from graph.store.releases import list_releases
from graph.store.results import DerivedLayer, ReleaseListing

router = APIRouter(tags=["releases"])


@router.get("/releases", response_model=list[ReleaseOut])
def releases(
    graph: GraphDep,
    include_incomplete: bool = Query(False, description="Also list loading and failed releases."),
) -> list[ReleaseListing]:
    """Loaded releases with their source files (name, size, sha256) and load reports."""
    return list_releases(graph.driver, graph.database, include_incomplete=include_incomplete)


@router.get("/derived-layers", response_model=list[DerivedLayerOut])
def layers(graph: GraphDep) -> list[DerivedLayer]:
    """Extraction runs, specialty maps and link runs with the release instances they stand on; a layer whose
    instance was replaced is ``stale`` (with why, and the command that rebuilds it) until its job reruns."""
    return derived_layers(graph.driver, graph.database)

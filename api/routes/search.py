from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from api.deps import GraphDep
from api.models import Problem, SearchOut
from graph.terminology import search as search_concepts

router = APIRouter(tags=["search"])


@router.get("/search", response_model=SearchOut, responses={404: {"model": Problem}, 422: {"model": Problem}})
def search(
    graph: GraphDep,
    q: Annotated[str, Query(min_length=1, max_length=200, description="Words or a code")],
    system: Annotated[str | None, Query(max_length=32)] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
) -> dict:
    """Ranked full-text search over titles and synonyms of current releases; an exact code ranks first."""
    hits = search_concepts(graph.driver, graph.database, q, system=system, limit=limit)
    return {"query": q, "system": system, "count": len(hits), "hits": hits}

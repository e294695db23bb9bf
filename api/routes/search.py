from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from api.deps import GraphDep
from api.models import Problem, SearchOut
from graph.terminology.concepts import DEFAULT_SEARCH_HITS, MAX_SEARCH_HITS
from graph.terminology.concepts import search as search_concepts
from graph.terminology.results import SearchResults
from graph.terminology.systems import MAX_SYSTEM_LENGTH, MAX_VERSION_LENGTH

router = APIRouter(tags=["search"])


@router.get("/search", response_model=SearchOut, responses={404: {"model": Problem}, 422: {"model": Problem}})
def search(
    graph: GraphDep,
    q: Annotated[str, Query(min_length=1, max_length=200, description="Words or a code")],
    system: Annotated[str | None, Query(max_length=MAX_SYSTEM_LENGTH)] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_SEARCH_HITS)] = DEFAULT_SEARCH_HITS,
    kind: Annotated[str | None, Query(max_length=32, description="e.g. category, code, term, disorder")] = None,
    active: Annotated[bool | None, Query(description="only active (true) or inactive (false) concepts")] = None,
    version: Annotated[str | None, Query(max_length=MAX_VERSION_LENGTH,
                                         description="a release version of `system` (as of)")] = None,
) -> SearchResults:
    """Ranked full-text search over titles and synonyms of current releases (or one version of a system);
    an exact code ranks first; filters by system, kind and active."""
    hits = search_concepts(graph.driver, graph.database, q, system=system, limit=limit, kind=kind, active=active,
                           version=version)
    return {"query": q, "system": system, "count": len(hits), "hits": hits}

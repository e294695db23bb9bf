from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query

from api.deps import GraphDep
from api.models import ConceptOut, Problem
from graph.terminology.concepts import get_concept
from graph.terminology.results import ConceptDetails
from graph.terminology.systems import MAX_CODE_LENGTH, MAX_SYSTEM_LENGTH, MAX_VERSION_LENGTH

router = APIRouter(tags=["concepts"])

SystemPath = Annotated[str, Path(min_length=2, max_length=MAX_SYSTEM_LENGTH, pattern=r"^[A-Za-z0-9_-]+$")]
CodePath = Annotated[str, Path(min_length=1, max_length=MAX_CODE_LENGTH, pattern=r"^[A-Za-z0-9.\-_:]+$")]


@router.get(
    "/concepts/{system}/{code}",
    response_model=ConceptOut,
    responses={404: {"model": Problem}, 422: {"model": Problem}},
)
def concept(
    graph: GraphDep,
    system: SystemPath,
    code: CodePath,
    version: Annotated[str | None, Query(max_length=MAX_VERSION_LENGTH,
                                         description="A release version; default: current")] = None,
) -> ConceptDetails:
    """A concept as the release defines it: titles, synonyms, billable flag, parents,
    children, instructional notes with the codes they cite, and where it came from."""
    return get_concept(graph.driver, graph.database, system, code, version)

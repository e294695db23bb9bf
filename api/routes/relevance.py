"""Specialty relevance: which of a patient's findings matter to a specialty, with the path that says why.

``GET`` takes repeated ``diagnosis`` / ``finding`` (``SYSTEM:CODE``) / ``item`` query
parameters, ``POST`` the same as JSON; both answer from :mod:`graph.relevance.answers` in one
read transaction. Unknown codes, specialties or items and empty patients are a 422
naming the offending item.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.concurrency import run_in_threadpool

from api.deps import GraphDep
from api.models import Problem, RelevanceIn, RelevanceOut
from graph.relevance.answers import (
    MAX_DIAGNOSES,
    MAX_FINDINGS,
    MAX_ITEMS,
    Patient,
    RelevanceInputError,
    patient_from_items,
    relevance,
    specialties,
)
from graph.relevance.results import SpecialtyRelevance

router = APIRouter(tags=["specialty relevance"])
_ERRORS: dict[int | str, dict[str, Any]] = {422: {"model": Problem}, 503: {"model": Problem}}


def _answer(graph: GraphDep, body: RelevanceIn) -> SpecialtyRelevance:
    if body.items and (body.diagnoses or body.findings):
        raise RelevanceInputError("give diagnoses (and findings) or items, not both", "items")
    if body.items:
        patient = patient_from_items(graph.driver, graph.database, body.items)
    else:
        patient = Patient(tuple(body.diagnoses), tuple((f.system.upper(), f.code) for f in body.findings))
    return relevance(graph.driver, graph.database, patient, body.specialty)


@router.post("/specialty-relevance", response_model=RelevanceOut, responses=_ERRORS)
async def relevance_post(graph: GraphDep, body: RelevanceIn) -> SpecialtyRelevance:
    """Findings tiered primary / relevant / neutral / excluded for one specialty (or all), each with its
    explanation path; critical findings marked; an explicit abstention where nothing is relevant."""
    return await run_in_threadpool(_answer, graph, body)


@router.get("/specialty-relevance", response_model=RelevanceOut, responses=_ERRORS)
async def relevance_get(
    graph: GraphDep,
    diagnosis: Annotated[list[str], Query(max_length=MAX_DIAGNOSES, description="ICD-10-CM code (repeat)")
                         ] = [],  # noqa: B006
    finding: Annotated[list[str], Query(max_length=MAX_FINDINGS,
                                        description="SYSTEM:CODE, e.g. HPO:HP:0000103 (repeat)")] = [],  # noqa: B006
    item: Annotated[list[str], Query(max_length=MAX_ITEMS, description="Item id (repeat), instead of diagnoses"
                                     )] = [],  # noqa: B006
    specialty: Annotated[str | None, Query(max_length=60)] = None,
) -> SpecialtyRelevance:
    """The same as POST, from query parameters (the same limits; a value the body model refuses, such as an
    over-long finding code, is a 422 naming it)."""
    findings = []
    for i, f in enumerate(finding):
        system, sep, code = f.partition(":")
        if not sep or not code:
            raise RelevanceInputError(f"{f!r} is not SYSTEM:CODE", f"finding[{i}]", f)
        findings.append({"system": system, "code": code})
    body = RelevanceIn.model_validate({"diagnoses": diagnosis, "findings": findings, "items": item,
                                       "specialty": specialty})
    return await run_in_threadpool(_answer, graph, body)


@router.get("/specialties", response_model=list[str])
async def specialty_list(graph: GraphDep) -> list[str]:
    """The specialties of the current map."""
    return await run_in_threadpool(specialties, graph.driver, graph.database)

"""Terminology operations (FHIR-shaped: $lookup, $validate-code, $subsumes, $translate, $expand) over
:mod:`graph.terminology.operations`. ``version`` asks a named release instead of the current one."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from api.deps import GraphDep
from api.models import ExpandOut, LookupOut, Problem, SubsumesOut, TranslateOut, ValidateCodeOut
from graph.terminology import operations
from graph.terminology.results import CodeValidation, Expansion, LookupResult, Subsumption, Translation
from graph.terminology.systems import MAX_CODE_LENGTH, MAX_SYSTEM_LENGTH, MAX_VERSION_LENGTH

router = APIRouter(prefix="/terminology", tags=["terminology"])

_ERRORS: dict[int | str, dict[str, Any]] = {404: {"model": Problem}, 422: {"model": Problem},
                                            503: {"model": Problem}}
System = Annotated[str, Query(min_length=2, max_length=MAX_SYSTEM_LENGTH, pattern=r"^[A-Za-z0-9_-]+$",
                              description="ICD10CM, SNOMEDCT, LOINC, RXNORM, HPO, UMLS …")]
Code = Annotated[str, Query(min_length=1, max_length=MAX_CODE_LENGTH, pattern=r"^[A-Za-z0-9.\-_:]+$")]
Version = Annotated[str | None, Query(max_length=MAX_VERSION_LENGTH, pattern=r"^[A-Za-z0-9.\-_]+$",
                                      description="A release version (as of); default: the current release")]


@router.get("/lookup", response_model=LookupOut, responses=_ERRORS)
def lookup(graph: GraphDep, system: System, code: Code, version: Version = None) -> LookupResult:
    """``$lookup``: display, designations and properties (parents, children, inactive, billable,
    replaced-by) of one code, with its provenance."""
    return operations.lookup(graph.driver, graph.database, system, code, version)


@router.get("/validate-code", response_model=ValidateCodeOut, responses=_ERRORS)
def validate_code(graph: GraphDep, system: System, code: Code, version: Version = None,
                  display: Annotated[str | None, Query(max_length=300)] = None) -> CodeValidation:
    """``$validate-code``: whether the code is valid in the release, and if not why (unknown, only in
    other releases, inactive — with its replacement —, display mismatch); a category is valid but
    reported as not billable."""
    return operations.validate_code(graph.driver, graph.database, system, code, version, display)


@router.get("/subsumes", response_model=SubsumesOut, responses=_ERRORS)
def subsumes(graph: GraphDep, system: System, codeA: Code, codeB: Code,  # noqa: N803 - FHIR names
             version: Version = None) -> Subsumption:
    """``$subsumes``: IS_A reasoning inside one release of one system."""
    return operations.subsumes(graph.driver, graph.database, system, codeA, codeB, version)


@router.get("/translate", response_model=TranslateOut, responses=_ERRORS)
def translate(graph: GraphDep, system: System, code: Code,
              target: Annotated[str, Query(min_length=2, max_length=MAX_SYSTEM_LENGTH, pattern=r"^[A-Za-z0-9_-]+$")],
              version: Version = None) -> Translation:
    """``$translate``: SNOMED CT → ICD-10-CM through the map (rules and advice shown), HPO ↔ SNOMED CT /
    UMLS through cross-references, and any system through shared UMLS concepts; each match says how it
    was found and in which direction the source states it."""
    return operations.translate(graph.driver, graph.database, system, code, target, version)


@router.get("/expand", response_model=ExpandOut, responses=_ERRORS)
def expand(graph: GraphDep, system: System, code: Code, version: Version = None,
           depth: Annotated[int, Query(ge=1, le=operations.MAX_DEPTH)] = operations.MAX_DEPTH,
           active_only: bool = True,
           limit: Annotated[int, Query(ge=1, le=operations.MAX_EXPANSION)] = operations.DEFAULT_EXPANSION
           ) -> Expansion:
    """``$expand`` of a subtree: the descendants of a code (``total`` counts all, ``truncated`` says
    whether ``limit`` cut them)."""
    return operations.expand(graph.driver, graph.database, system, code, version, depth=depth,
                             active_only=active_only, limit=limit)

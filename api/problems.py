"""One error shape (:class:`api.models.Problem`, ``application/problem+json``) and one table from the
service's exceptions to it, shared by the FastAPI exception handlers and the hot verification path
(:mod:`api.hot_verify`), so a failure answers the same whichever of the two served the request.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from fastapi.responses import JSONResponse
from neo4j.exceptions import ClientError, DatabaseError, ServiceUnavailable, SessionExpired, TransientError
from pydantic import ValidationError

from api.auth import AuthError
from api.jobs import JobInputError, JobNotFoundError
from graph.derived import StaleLayerError
from graph.free_cypher import CypherRefusedError, CypherResultTooLargeError, CypherTimeoutError
from graph.provenance import ProvenanceNotFoundError
from graph.relevance import RelevanceInputError
from graph.terminology import ConceptNotFoundError, NotLoadedError, SearchInputError, UnknownSystemError
from graph.verification import VerificationInputError
from loaders.errors import ClinigraphError


def problem(status: int, title: str, detail: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(
        {"status": status, "title": title, "detail": detail},
        status_code=status,
        media_type="application/problem+json",
        headers=headers,
    )


def invalid_fields(errors: Iterable[dict[str, Any]]) -> JSONResponse:
    """A 422 naming every invalid field (``body.subject.system: …``) from the validation errors."""
    parts = []
    for err in errors:
        where = ".".join(str(p) for p in err.get("loc", ()))
        parts.append(f"{where}: {err.get('msg')}")
    return problem(422, "Invalid request", "; ".join(parts))


_NOT_FOUND = (ConceptNotFoundError, JobNotFoundError, ProvenanceNotFoundError, UnknownSystemError, NotLoadedError)
_BAD_INPUT = (VerificationInputError, RelevanceInputError, SearchInputError)

# The exception types with an answer of their own; anything else is a 500 without details.
HANDLED: tuple[type[Exception], ...] = (AuthError, JobInputError, *_NOT_FOUND, *_BAD_INPUT, CypherRefusedError,
                                        ServiceUnavailable, SessionExpired, TransientError, DatabaseError,
                                        ClientError, ClinigraphError, ValidationError, UnicodeError,
                                        RecursionError)


def problem_for(exc: Exception) -> JSONResponse | None:
    """The answer to a known failure, or None for one nobody foresaw (the caller logs it and answers 500)."""
    if isinstance(exc, AuthError):
        if exc.status == 401:
            return problem(401, "Unauthorized", str(exc), {"WWW-Authenticate": "Bearer"})
        return problem(exc.status, "Forbidden", str(exc))
    if isinstance(exc, JobInputError):
        if "already running" in str(exc):
            return problem(409, "Conflict", str(exc))
        return problem(422, "Invalid request", f"{exc.field}: {exc}")
    if isinstance(exc, _NOT_FOUND):
        return problem(404, "Not found", str(exc))
    if isinstance(exc, _BAD_INPUT):
        return problem(422, "Invalid request", f"{exc.field}: {exc}")
    if isinstance(exc, CypherResultTooLargeError):
        return problem(413, "Result too large", str(exc))
    if isinstance(exc, CypherTimeoutError):
        return problem(504, "Query timed out", str(exc), {"Retry-After": "5"})
    if isinstance(exc, CypherRefusedError):
        return problem(422, "Query refused", str(exc))
    if isinstance(exc, ServiceUnavailable | SessionExpired | TransientError):
        return problem(503, "Graph unavailable", "Neo4j cannot be reached right now; retry shortly.",
                       {"Retry-After": "5"})
    if isinstance(exc, DatabaseError):
        # Neo4j failed on its side (logged by the caller's handler); nothing the client sent is at fault.
        return problem(503, "Graph unavailable", "Neo4j failed to answer this request; retry shortly.",
                       {"Retry-After": "5"})
    if isinstance(exc, ClientError):
        # A fixed, parameterised statement refused by Neo4j: the parameters (from the request) were out of
        # what Neo4j takes; its message would name internals, so only the class of failure is told.
        return problem(422, "Invalid request", "Neo4j refused a value of this request (too large, or of the "
                                               "wrong kind); check the parameters")
    if isinstance(exc, ValidationError):
        return invalid_fields([dict(e) for e in exc.errors(include_url=False)])
    if isinstance(exc, UnicodeError):
        return problem(422, "Invalid request", "the request holds text that is not valid Unicode "
                                               "(e.g. a lone surrogate such as \\ud800)")
    if isinstance(exc, RecursionError):
        return problem(422, "Invalid request", "the request or its answer nests lists or objects too deeply")
    if isinstance(exc, StaleLayerError):
        # A derived layer stands on a replaced release: the graph's state conflicts until its job reruns.
        return problem(409, "Derived layer stale", str(exc))
    if isinstance(exc, ClinigraphError):
        # Bad input is caught before this as 4xx; a ClinigraphError here is the service's own setup
        # (e.g. an unreadable keys file): unavailable until an operator fixes it.
        return problem(503, "Service misconfigured", str(exc), {"Retry-After": "30"})
    return None


def internal_error() -> JSONResponse:
    return problem(500, "Internal error", "the service failed to answer; the error is in its log")

"""One error shape (:class:`api.models.Problem`, ``application/problem+json``) and one table from the
service's exceptions to it, shared by the FastAPI exception handlers and the hot verification path
(:mod:`api.hot_verify`), so a failure answers the same whichever of the two served the request.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from fastapi.responses import JSONResponse
from neo4j.exceptions import ClientError, DatabaseError, ServiceUnavailable, SessionExpired, TransientError
from pydantic import ValidationError

from api.auth import ForbiddenError, UnauthenticatedError
from graph.review.free_cypher import CypherRefusedError, CypherResultTooLargeError, CypherTimeoutError
from graph.store.derived import StaleLayerError
from loaders.errors import ClinigraphError, ConflictError, InputError, NotFoundError


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


@dataclass(frozen=True)
class Answer:
    """How one class of failure is answered: status, title, headers, and the detail told to the client."""

    status: int
    title: str
    headers: dict[str, str] | None = None
    #: The detail: the error's own message, or a fixed text where the message would name internals.
    detail: Callable[[BaseException], str] = str


def _field_first(exc: BaseException) -> str:
    """``subject.code: not a code of ICD10CM`` — the field the client must change, then why."""
    field = getattr(exc, "field", None)
    return f"{field}: {exc}" if field else str(exc)


def _fixed(text: str) -> Callable[[BaseException], str]:
    return lambda _: text


_RETRY_SOON = {"Retry-After": "5"}

#: Every failure with an answer of its own, by class; the first row whose class matches answers, so a
#: subclass with its own answer comes before its category. Anything else is a 500 without details.
ANSWERS: tuple[tuple[type[Exception] | tuple[type[Exception], ...], Answer], ...] = (
    (UnauthenticatedError, Answer(401, "Unauthorized", {"WWW-Authenticate": "Bearer"})),
    (ForbiddenError, Answer(403, "Forbidden")),
    (CypherResultTooLargeError, Answer(413, "Result too large")),
    (CypherTimeoutError, Answer(504, "Query timed out", _RETRY_SOON)),
    (CypherRefusedError, Answer(422, "Query refused")),
    (InputError, Answer(422, "Invalid request", detail=_field_first)),
    (NotFoundError, Answer(404, "Not found")),
    # A derived layer stands on a replaced release: the graph's state conflicts until its job reruns.
    (StaleLayerError, Answer(409, "Derived layer stale")),
    (ConflictError, Answer(409, "Conflict")),
    ((ServiceUnavailable, SessionExpired, TransientError),
     Answer(503, "Graph unavailable", _RETRY_SOON, _fixed("Neo4j cannot be reached right now; retry shortly."))),
    # Neo4j failed on its side (logged by the caller's handler); nothing the client sent is at fault.
    (DatabaseError, Answer(503, "Graph unavailable", _RETRY_SOON,
                           _fixed("Neo4j failed to answer this request; retry shortly."))),
    # A fixed, parameterised statement refused by Neo4j: the parameters (from the request) were out of what
    # Neo4j takes; its message would name internals, so only the class of failure is told.
    (ClientError, Answer(422, "Invalid request", detail=_fixed(
        "Neo4j refused a value of this request (too large, or of the wrong kind); check the parameters"))),
    (UnicodeError, Answer(422, "Invalid request", detail=_fixed(
        "the request holds text that is not valid Unicode (e.g. a lone surrogate such as \\ud800)"))),
    (RecursionError, Answer(422, "Invalid request", detail=_fixed(
        "the request or its answer nests lists or objects too deeply"))),
    # Bad input, missing things and conflicts are answered above; what is left of the tree (UnavailableError,
    # e.g. an unreadable keys file, and the root) is the service's own setup: unavailable until fixed.
    (ClinigraphError, Answer(503, "Service misconfigured", {"Retry-After": "30"})),
)

#: The exception types the app registers a handler for (pydantic's ValidationError is answered field by field).
HANDLED: tuple[type[Exception], ...] = (
    *(c for classes, _ in ANSWERS for c in (classes if isinstance(classes, tuple) else (classes,))),
    ValidationError,
)


def problem_for(exc: Exception) -> JSONResponse | None:
    """The answer to a known failure, or None for one nobody foresaw (the caller logs it and answers 500)."""
    if isinstance(exc, ValidationError):
        return invalid_fields([dict(e) for e in exc.errors(include_url=False)])
    for classes, answer in ANSWERS:
        if isinstance(exc, classes):
            return problem(answer.status, answer.title, answer.detail(exc), answer.headers)
    return None


def internal_error() -> JSONResponse:
    return problem(500, "Internal error", "the service failed to answer; the error is in its log")

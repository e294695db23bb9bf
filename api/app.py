"""The FastAPI application: one driver per process, created in the lifespan and injected.

Errors have one JSON shape (:class:`api.models.Problem`, served as
``application/problem+json``): 401/403 for a missing key or a role without the
permission, 404 for unknown systems and codes, 413 for an oversized body, 422 for
malformed input, 503 with ``Retry-After`` while Neo4j cannot be reached, 504 past
the request time limit, and 500 (with no details) for anything unforeseen.

Every route but the health probes needs an API key whose role has the route's
permission (:mod:`api.auth`).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from neo4j import Driver
from neo4j.exceptions import DatabaseError
from starlette.exceptions import HTTPException as StarletteHTTPException

from api.auth import ADMIN, CYPHER, PROVENANCE, READ, RELEVANCE, VERIFY, KeyStore, require
from api.docs import install_docs
from api.hot_verify import HotVerify
from api.jobs import JobRunner
from api.limits import RequestLimits
from api.models import Problem
from api.outage import Outage, OutageGuard, note_unreachable
from api.problems import HANDLED, internal_error, invalid_fields, problem, problem_for
from api.routes import (
    admin,
    concepts,
    cypher,
    health,
    medications,
    provenance,
    releases,
    relevance,
    search,
    terminology,
    verify,
)
from graph.settings import Settings, get_settings
from graph.store.connection import open_async_driver, open_driver, open_reviewer_driver
from graph.store.runtime import RuntimeProblem
from graph.verification.anchors import AnchorCache

log = logging.getLogger("clinigraph.api")


def create_app(settings: Settings | None = None, driver: Driver | None = None, keys: KeyStore | None = None
               ) -> FastAPI:
    """Build the app; pass ``driver`` to share one (tests), else it is opened at startup; ``keys`` defaults
    to the keys file of ``settings``."""
    settings = settings or get_settings()
    keys = keys or KeyStore(settings.keys_path)
    keys.entries()  # a malformed keys file stops the API here, not at the first request
    app = FastAPI(
        title="clinigraph",
        version="0.1.0",
        summary="An open clinical knowledge graph: versioned terminologies with provenance.",
        lifespan=_lifespan(settings, driver),
        # Swagger UI and ReDoc from the installed package, not a CDN: people paste their keys on /docs.
        docs_url=None,
        redoc_url=None,
    )
    install_docs(app)
    app.state.keys = keys
    app.state.outage = Outage(settings.api_outage_hold_seconds)
    app.state.jobs = JobRunner(settings.subprocess_environment(), settings=settings)
    _include_routers(app)
    _install_error_handlers(app)
    # Innermost first: the hot verification path sits inside the request limits (413 / 504 apply to it).
    app.add_middleware(HotVerify)
    app.add_middleware(OutageGuard)
    app.add_middleware(RequestLimits, max_body_bytes=settings.api_max_body_bytes,
                       timeout=settings.api_timeout_seconds, max_response_bytes=settings.api_max_result_bytes)
    _document_problems(app)
    return app


def _lifespan(settings: Settings, driver: Driver | None) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """Open the drivers and the process-wide caches at startup, close what was opened here at shutdown."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        owned = driver is None
        app.state.driver = driver or open_driver(settings, serving=True)
        # A shared (test) driver has no async twin we could be sure points at the same server: then
        # verification runs on the sync driver in the thread pool instead.
        app.state.async_driver = open_async_driver(settings) if owned else None
        # Reviewers' free Cypher always runs on an async driver of its own, so its deadline can close a
        # connection that waits on a silent server (graph/review/free_cypher.py).
        try:
            app.state.reviewer_driver = open_reviewer_driver(settings)
        except RuntimeProblem:  # no server these settings name (a shared test driver elsewhere): 503 there
            app.state.reviewer_driver = None
        app.state.database = settings.database
        app.state.settings = settings
        # Each code's crosswalk anchors, shared by the process's verifications (graph/verification/anchors.py).
        app.state.anchors = AnchorCache()
        try:
            yield
        finally:
            app.state.jobs.close()
            if app.state.reviewer_driver is not None:
                await app.state.reviewer_driver.close()
            if owned:
                app.state.driver.close()
                await app.state.async_driver.close()

    return lifespan


def _include_routers(app: FastAPI) -> None:
    """Health without a key; everything else under ``/v1``, each router behind the permission it needs."""
    app.include_router(health.router)
    for router, permission in [(releases.router, READ), (concepts.router, READ), (search.router, READ),
                               (medications.router, READ), (terminology.router, READ), (verify.router, VERIFY),
                               (provenance.router, PROVENANCE), (relevance.router, RELEVANCE),
                               (cypher.router, CYPHER), (admin.router, ADMIN)]:
        app.include_router(router, prefix="/v1", dependencies=[require(permission)],
                           responses={401: {"model": Problem}, 403: {"model": Problem}})


def _install_error_handlers(app: FastAPI) -> None:
    """Every error answered as problem+json: the error tree by class, FastAPI's and Starlette's own, the rest 500."""

    async def known(request: Request, exc: Exception) -> JSONResponse:
        note_unreachable(request.app.state, exc)
        if isinstance(exc, DatabaseError):
            log.error("Neo4j failed on %s %s: %s", request.method, request.url.path, exc.code)
        response = problem_for(exc)
        assert response is not None  # registered for the handled types only
        return response

    for handled in HANDLED:
        app.add_exception_handler(handled, known)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return invalid_fields(exc.errors())

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400:  # FastAPI's "error parsing the body" (not UTF-8, not JSON): malformed input
            return problem(422, "Invalid request", "body: not a JSON document in UTF-8")
        titles = {404: "Not found", 405: "Method not allowed", 413: "Request too large"}
        # Starlette's 405 names the methods the path takes in Allow (RFC 9110 requires it): kept.
        return problem(exc.status_code, titles.get(exc.status_code, "Error"), str(exc.detail),
                       dict(exc.headers) if exc.headers else None)

    @app.exception_handler(Exception)
    async def unforeseen(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error")
        return internal_error()


_ERROR_STATUSES = {
    "401": "No API key, or an unknown or revoked one",
    "403": "The key's role lacks the permission",
    "413": "The request body, or the answer it asks for, is too large",
    "422": "Invalid request: the detail names the field",
    "500": "The service failed to answer (no details are given out)",
    "503": "Neo4j cannot be reached right now (see Retry-After)",
    "504": "The request ran past the time limit",
}


def _document_problems(app: FastAPI) -> None:
    """Every error an operation can answer, documented as what it is: ``application/problem+json`` with the
    :class:`Problem` schema (FastAPI would say ``application/json`` and its own validation-error shape)."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = build()
        problem_ref = {"$ref": "#/components/schemas/Problem"}
        for path, operations in schema.get("paths", {}).items():
            for operation in operations.values():
                responses = operation.setdefault("responses", {})
                for status, description in _ERROR_STATUSES.items():
                    if status in ("401", "403") and not path.startswith("/v1/"):
                        continue  # the health probes need no key
                    responses.setdefault(status, {"description": description})
                for status, response in responses.items():
                    if status.isdigit() and int(status) >= 400:
                        if response.get("description") in (None, "", "Validation Error", "Additional Response"):
                            response["description"] = _ERROR_STATUSES.get(status, "Error")
                        response["content"] = {"application/problem+json": {"schema": problem_ref}}
        components = schema.get("components", {}).get("schemas", {})
        for unused in ("HTTPValidationError", "ValidationError"):
            components.pop(unused, None)
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]

"""The FastAPI application: one driver per process, created in the lifespan and injected.

Errors have one JSON shape (:class:`api.models.Problem`, served as
``application/problem+json``): 404 for unknown systems and codes, 422 for
malformed input, 503 with ``Retry-After`` while Neo4j cannot be reached.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from neo4j import Driver
from neo4j.exceptions import ServiceUnavailable, SessionExpired
from starlette.exceptions import HTTPException as StarletteHTTPException

from api.routes import concepts, health, medications, provenance, releases, relevance, search, verify
from graph.connection import open_async_driver, open_driver
from graph.provenance import ProvenanceNotFoundError
from graph.relevance import RelevanceInputError
from graph.settings import Settings, get_settings
from graph.terminology import ConceptNotFoundError, NotLoadedError, UnknownSystemError
from graph.verification import VerificationInputError


def problem(status: int, title: str, detail: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(
        {"status": status, "title": title, "detail": detail},
        status_code=status,
        media_type="application/problem+json",
        headers=headers,
    )


def create_app(settings: Settings | None = None, driver: Driver | None = None) -> FastAPI:
    """Build the app; pass ``driver`` to share one (tests), else it is opened at startup."""
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        owned = driver is None
        app.state.driver = driver or open_driver(settings, serving=True)
        # A shared (test) driver has no async twin we could be sure points at the same server: then
        # verification runs on the sync driver in the thread pool instead.
        app.state.async_driver = open_async_driver(settings) if owned else None
        app.state.database = settings.database
        try:
            yield
        finally:
            if owned:
                app.state.driver.close()
                await app.state.async_driver.close()

    app = FastAPI(
        title="clinigraph",
        version="0.1.0",
        summary="An open clinical knowledge graph: versioned terminologies with provenance.",
        lifespan=lifespan,
    )
    app.include_router(health.router)
    app.include_router(releases.router, prefix="/v1")
    app.include_router(concepts.router, prefix="/v1")
    app.include_router(search.router, prefix="/v1")
    app.include_router(medications.router, prefix="/v1")
    app.include_router(verify.router, prefix="/v1")
    app.include_router(provenance.router, prefix="/v1")
    app.include_router(relevance.router, prefix="/v1")

    @app.exception_handler(ConceptNotFoundError)
    @app.exception_handler(ProvenanceNotFoundError)
    @app.exception_handler(UnknownSystemError)
    @app.exception_handler(NotLoadedError)
    async def not_found(_: Request, exc: Exception) -> JSONResponse:
        return problem(404, "Not found", str(exc))

    @app.exception_handler(VerificationInputError)
    @app.exception_handler(RelevanceInputError)
    async def bad_claim(_: Request, exc: VerificationInputError | RelevanceInputError) -> JSONResponse:
        return problem(422, "Invalid request", f"{exc.field}: {exc}")

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()))
            parts.append(f"{where}: {err.get('msg')}")
        return problem(422, "Invalid request", "; ".join(parts))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return problem(exc.status_code, "Error", str(exc.detail))

    @app.exception_handler(ServiceUnavailable)
    @app.exception_handler(SessionExpired)
    async def unavailable(_: Request, exc: Exception) -> JSONResponse:
        return problem(
            503, "Graph unavailable", "Neo4j cannot be reached right now; retry shortly.", {"Retry-After": "5"}
        )

    return app

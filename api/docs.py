"""The API documentation pages, Swagger UI at ``/docs`` and ReDoc at ``/redoc``, with their assets served here.

FastAPI's own pages load Swagger UI and ReDoc from a CDN with no integrity check, and ``/docs`` is
where people paste their API keys: whoever controls what the CDN serves could read them. These
pages load the same Swagger UI 5 and ReDoc 2 builds from the copies the ``fastapi-offline``
package ships (MIT; the Swagger UI bundle is Apache-2.0, ReDoc MIT), mounted under
``/docs/static``, and nothing from another host (ReDoc's Google fonts included).

The app must be made without FastAPI's pages, then handed to :func:`install_docs`::

    app = FastAPI(..., docs_url=None, redoc_url=None)
    install_docs(app)
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.staticfiles import StaticFiles
from starlette.requests import Request
from starlette.responses import HTMLResponse

#: The package whose ``static/`` folder holds the Swagger UI and ReDoc builds.
ASSET_PACKAGE = "fastapi_offline"
SWAGGER_JS = "swagger-ui-bundle.js"
SWAGGER_CSS = "swagger-ui.css"
REDOC_JS = "redoc.standalone.js"
FAVICON = "favicon.png"

DOCS_URL = "/docs"
REDOC_URL = "/redoc"
STATIC_URL = "/docs/static"


def asset_folder() -> Path:
    """The folder with the bundled assets; an error naming the package if it is missing or incomplete."""
    try:
        folder = Path(str(resources.files(ASSET_PACKAGE).joinpath("static")))
    except ModuleNotFoundError:
        raise RuntimeError(f"the API docs need the {ASSET_PACKAGE!r} package (pip install fastapi-offline)") from None
    missing = [name for name in (SWAGGER_JS, SWAGGER_CSS, REDOC_JS, FAVICON) if not (folder / name).is_file()]
    if missing:
        raise RuntimeError(f"{folder} lacks the API docs assets {', '.join(missing)}")
    return folder


def install_docs(app: FastAPI) -> None:
    """Add ``/docs`` (with Swagger UI's OAuth2 redirect page) and ``/redoc``, served with local assets.

    Pages follow the app's settings as FastAPI's own would: its title, ``openapi_url``,
    ``swagger_ui_oauth2_redirect_url``, ``swagger_ui_init_oauth``, ``swagger_ui_parameters`` and the
    request's ``root_path``. An app without an OpenAPI schema gets no pages.
    """
    if app.docs_url or app.redoc_url:
        # FastAPI's CDN pages were registered when the app was made and would answer first.
        raise ValueError("make the app with FastAPI(..., docs_url=None, redoc_url=None) before install_docs(app)")
    openapi_url = app.openapi_url
    if not openapi_url:
        return
    app.mount(STATIC_URL, StaticFiles(directory=asset_folder()), name="docs-static")
    redirect_url = app.swagger_ui_oauth2_redirect_url

    def prefix(request: Request) -> str:
        return str(request.scope.get("root_path", "")).rstrip("/")

    async def swagger_ui(request: Request) -> HTMLResponse:
        root = prefix(request)
        return get_swagger_ui_html(
            openapi_url=root + openapi_url,
            title=f"{app.title} - Swagger UI",
            swagger_js_url=f"{root}{STATIC_URL}/{SWAGGER_JS}",
            swagger_css_url=f"{root}{STATIC_URL}/{SWAGGER_CSS}",
            swagger_favicon_url=f"{root}{STATIC_URL}/{FAVICON}",
            oauth2_redirect_url=root + redirect_url if redirect_url else None,
            init_oauth=app.swagger_ui_init_oauth,
            swagger_ui_parameters=app.swagger_ui_parameters,
        )

    async def oauth2_redirect(_: Request) -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()

    async def redoc(request: Request) -> HTMLResponse:
        root = prefix(request)
        return get_redoc_html(
            openapi_url=root + openapi_url,
            title=f"{app.title} - ReDoc",
            redoc_js_url=f"{root}{STATIC_URL}/{REDOC_JS}",
            redoc_favicon_url=f"{root}{STATIC_URL}/{FAVICON}",
            with_google_fonts=False,
        )

    app.add_route(DOCS_URL, swagger_ui, include_in_schema=False)
    if redirect_url:
        app.add_route(redirect_url, oauth2_redirect, include_in_schema=False)
    app.add_route(REDOC_URL, redoc, include_in_schema=False)

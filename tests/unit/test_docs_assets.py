"""The API docs pages load Swagger UI and ReDoc from this server, never from a CDN."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.docs import install_docs

#: Every URL a page makes the browser fetch: script src, link href, img src, and any absolute URL in its text.
FETCHED = re.compile(r"""<(?:script|link|img)\b[^>]*?\b(?:src|href)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
ABSOLUTE = re.compile(r"""(?:https?:)?//[^\s"'<>)]+""", re.IGNORECASE)

CONTENT_TYPES = {".js": "javascript", ".css": "text/css", ".png": "image/png"}


@pytest.fixture
def client() -> TestClient:
    app = FastAPI(title="docs test", docs_url=None, redoc_url=None)

    @app.get("/ping")
    def ping() -> dict[str, str]:
        return {"ok": "yes"}

    install_docs(app)
    return TestClient(app)


def _fetched(page: str) -> list[str]:
    return FETCHED.findall(page)


def _foreign(page: str) -> list[str]:
    """URLs in the page (fetched, or written anywhere in it) that point at another host than the test server."""
    return [u for u in _fetched(page) + ABSOLUTE.findall(page) if urlsplit(u).netloc not in ("", "testserver")]


def _assets_answer(client: TestClient, urls: list[str]) -> dict[str, str]:
    """Each local asset URL with what it answered: "ok", or the status and content type it got."""
    answers = {}
    for url in urls:
        response = client.get(url)
        kind = next((v for k, v in CONTENT_TYPES.items() if urlsplit(url).path.endswith(k)), None)
        ok = response.status_code == 200 and kind is not None and kind in response.headers["content-type"]
        ok = ok and len(response.content) > 1000
        answers[url] = "ok" if ok else f"{response.status_code} {response.headers.get('content-type')}"
    return answers


def test_swagger_ui_page_loads_nothing_from_another_host(client):
    response = client.get("/docs")
    assert response.status_code == 200 and "text/html" in response.headers["content-type"]
    page = response.text
    assert _foreign(page) == []
    urls = _fetched(page)
    assert {urlsplit(u).path for u in urls} == {
        "/docs/static/swagger-ui-bundle.js", "/docs/static/swagger-ui.css", "/docs/static/favicon.png"}
    assert set(_assets_answer(client, urls).values()) == {"ok"}
    assert "url: '/openapi.json'" in page
    assert "oauth2RedirectUrl: window.location.origin + '/docs/oauth2-redirect'" in page


def test_redoc_page_loads_nothing_from_another_host(client):
    response = client.get("/redoc")
    assert response.status_code == 200 and "text/html" in response.headers["content-type"]
    page = response.text
    assert _foreign(page) == []
    assert "fonts.googleapis.com" not in page
    urls = _fetched(page)
    assert {urlsplit(u).path for u in urls} == {"/docs/static/redoc.standalone.js", "/docs/static/favicon.png"}
    assert set(_assets_answer(client, urls).values()) == {"ok"}
    assert 'spec-url="/openapi.json"' in page


def test_the_bundles_are_the_real_libraries(client):
    assert "SwaggerUIBundle" in client.get("/docs/static/swagger-ui-bundle.js").text[:2000]
    assert ".swagger-ui" in client.get("/docs/static/swagger-ui.css").text
    assert "Redoc" in client.get("/docs/static/redoc.standalone.js").text[:2000]
    assert client.get("/docs/static/nothing-here.js").status_code == 404


def test_oauth2_redirect_page(client):
    response = client.get("/docs/oauth2-redirect")
    assert response.status_code == 200 and "text/html" in response.headers["content-type"]
    assert "window.opener.swaggerUIRedirectOauth2" in response.text
    assert _foreign(response.text) == []


def test_pages_follow_the_root_path():
    app = FastAPI(docs_url=None, redoc_url=None)
    install_docs(app)
    with TestClient(app, root_path="/api") as client:
        docs, redoc = client.get("/docs").text, client.get("/redoc").text
    assert "/api/docs/static/swagger-ui-bundle.js" in docs and "url: '/api/openapi.json'" in docs
    assert "/api/docs/static/redoc.standalone.js" in redoc and 'spec-url="/api/openapi.json"' in redoc


def test_the_docs_are_not_in_the_schema(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert list(paths) == ["/ping"]


def test_an_app_with_fastapis_cdn_pages_is_refused():
    with pytest.raises(ValueError, match="docs_url=None, redoc_url=None"):
        install_docs(FastAPI())


def test_fastapis_own_pages_would_fail_these_checks():
    """The check itself bites: FastAPI's default /docs and /redoc load from a CDN."""
    client = TestClient(FastAPI())
    assert _foreign(client.get("/docs").text) != []
    assert _foreign(client.get("/redoc").text) != []

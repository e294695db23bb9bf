"""The hot verification path (api/hot_verify.py) answers exactly what the FastAPI route answers, and hands
every request it is not sure of to the route with the body untouched."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from api.hot_verify import HotVerify
from api.models import VerifyOut

from .helpers import api_client, load_connected_fixtures

pytestmark = pytest.mark.integration

ROUTE_ONLY = "application/vnd.clinigraph+json"  # FastAPI parses any +json body; the hot path takes only JSON

CLAIMS: list[dict[str, Any]] = [
    {"subject": {"system": "UMLS", "code": "C0020538"}, "predicate": "cause", "object": {"name": "stroke"}},
    {"subject": {"system": "UMLS", "code": "C0020538"}, "predicate": "cause",
     "object": {"system": "UMLS", "code": "C0038454"}, "context": [{"system": "UMLS", "code": "C0011849"}],
     "thresholds": {"hierarchy_steps": 1, "sources": ["literature", "ontology"]}},
    {"subject": {"name": "no such concept anywhere"}, "predicate": "cause", "object": {"name": "stroke"}},
    {"subject": {"system": "XX", "code": "1"}, "predicate": "cause", "object": {"system": "UMLS", "code": "C1"}},
    {"subject": {"system": "UMLS", "code": "C0020538"}, "predicate": "nope",
     "object": {"system": "UMLS", "code": "C0038454"}},
    {"subject": {"system": "UMLS", "code": "C0020538"}, "predicate": "cause"},  # no object: the body is invalid
    {"subject": {"name": "a" * 201}, "predicate": "cause", "object": {"name": "b"}},
]


@pytest.fixture(scope="module")
def graph(driver):
    return load_connected_fixtures(driver)


@pytest.fixture(scope="module", params=[True, False], ids=["sync-driver-in-thread-pool", "async-driver"])
def http(request, graph, neo4j_settings):
    with api_client(neo4j_settings, driver=graph if request.param else None, role="generator") as client:
        yield client


@pytest.mark.parametrize("claim", CLAIMS, ids=[f"claim{i}" for i in range(len(CLAIMS))])
def test_the_hot_path_and_the_route_give_the_same_answer(http, claim):
    body = json.dumps(claim)
    hot = http.post("/v1/verify", content=body, headers={"Content-Type": "application/json"})
    route = http.post("/v1/verify", content=body, headers={"Content-Type": ROUTE_ONLY})
    assert (hot.status_code, hot.headers["content-type"], hot.json()) == \
           (route.status_code, route.headers["content-type"], route.json())
    if hot.status_code == 200:
        VerifyOut.model_validate(hot.json())


def test_the_claims_cover_answers_and_each_kind_of_refusal(http):
    statuses = [http.post("/v1/verify", json=c).status_code for c in CLAIMS]
    assert statuses.count(200) == 3 and statuses.count(422) == 4


class _Recorder:
    """An inner app that records what reached it (the body it could read) and answers 299."""

    def __init__(self) -> None:
        self.bodies: list[bytes] = []

    async def __call__(self, scope, receive, send) -> None:  # noqa: ANN001
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        self.bodies.append(body)
        await send({"type": "http.response.start", "status": 299, "headers": []})
        await send({"type": "http.response.body", "body": b""})


def _call(app, state_app, method: str, path: str, body: bytes, headers: dict[str, str]) -> int:  # noqa: ANN001
    sent: list[dict[str, Any]] = []
    scope = {"type": "http", "method": method, "path": path, "app": state_app, "query_string": b"",
             "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()]}

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    return int(sent[0]["status"])


@pytest.mark.parametrize("role, method, path, content_type, claim, served_hot", [
    ("generator", "POST", "/v1/verify", "application/json", CLAIMS[0], True),
    ("generator", "POST", "/v1/verify", "application/json; charset=utf-8", CLAIMS[0], True),
    ("generator", "POST", "/v1/verify", "application/json", CLAIMS[3], True),  # a claim error: answered, 422
    ("reviewer", "POST", "/v1/verify", "application/json", CLAIMS[0], False),  # role without verify
    (None, "POST", "/v1/verify", "application/json", CLAIMS[0], False),  # no key
    ("generator", "POST", "/v1/verify", "application/json", CLAIMS[5], False),  # body does not validate
    ("generator", "POST", "/v1/verify", "text/plain", CLAIMS[0], False),
    ("generator", "POST", "/v1/verify/batch", "application/json", {"items": [CLAIMS[0]]}, False),
    ("generator", "GET", "/v1/verify", "application/json", CLAIMS[0], False),
])
def test_what_the_hot_path_answers_and_what_it_hands_on(graph, neo4j_settings, role, method, path, content_type,
                                                         claim, served_hot):
    with api_client(neo4j_settings, driver=graph, role=role or "generator") as client:
        headers = {"Content-Type": content_type}
        if role is not None:
            headers["Authorization"] = client.headers["Authorization"]
        inner = _Recorder()
        body = json.dumps(claim).encode()
        status = _call(HotVerify(inner), client.app, method, path, body, headers)
    if served_hot:
        assert inner.bodies == [] and status in (200, 422)
    else:
        assert inner.bodies == [body] and status == 299  # handed on, with the whole body

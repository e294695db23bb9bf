"""``POST /v1/verify`` answered in front of the framework: the call generation jobs make thousands of times.

FastAPI's per-request work for this route (routing over every route, solving four dependencies, parsing
and validating the body through its generic path, the exception middleware) cost 0.24 ms of a 1.5 ms
single verification on the 10 M-row benchmark graph, more than the verification's own Python. This pure
ASGI layer answers the calls it is sure of with the same pieces the route uses — the key check
(:func:`api.auth.authorize`'s store and roles), the request model (:class:`api.models.VerifyIn`), the
verification (:func:`api.claims.verify_one`) and the error table (:mod:`api.problems`) — and hands
everything else to the route with the body replayed, so the route stays the one definition of how odd
requests (no key, a role without ``verify``, a body that does not validate, another content type) are
answered. It sits inside :class:`api.limits.RequestLimits`: the body and time limits apply to it.
"""

from __future__ import annotations

from pydantic import ValidationError
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.auth import VERIFY, KeyStore, key_of
from api.claims import verify_one
from api.deps import graph_of
from api.models import VerifyIn
from api.outage import note_unreachable
from api.problems import problem_for
from api.responses import FastJSONResponse
from loaders.errors import ClinigraphError

PATH = "/v1/verify"


def _header(scope: Scope, name: bytes) -> str | None:
    """The first value of a (lower-case) header, as Starlette's ``request.headers.get`` gives it."""
    for key, value in scope["headers"]:
        if key == name:
            return value.decode("latin-1")
    return None


def _is_json(content_type: str | None) -> bool:
    return content_type is not None and content_type.split(";", 1)[0].strip().lower() == "application/json"


async def _read_body(receive: Receive) -> bytes | None:
    """The whole body, or None if the client went away before sending it (nobody is left to answer)."""
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replaying(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the already-read body once, then whatever the connection says next."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


class HotVerify:
    """Answers a well-formed ``POST /v1/verify`` with a permitted key; passes every other request on."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (scope["type"] != "http" or scope["path"] != PATH or scope["method"] != "POST"
                or not _is_json(_header(scope, b"content-type"))):
            await self.app(scope, receive, send)
            return
        body = await _read_body(receive)  # an oversized body raises through to RequestLimits (413)
        if body is None:
            return
        state = scope["app"].state
        keys: KeyStore = state.keys
        try:
            principal = keys.principal(key_of(_header(scope, b"authorization"), _header(scope, b"x-api-key")) or "")
        except ClinigraphError:  # an unreadable keys file: the route answers it (503)
            principal = None
        try:
            item = VerifyIn.model_validate_json(body) if principal and principal.may(VERIFY) else None
        except ValidationError:
            item = None
        if item is None:  # no key, a role without the permission, or a body that does not validate
            await self.app(scope, _replaying(body, receive), send)
            return
        try:
            response: Response = FastJSONResponse(await verify_one(graph_of(state), item))
        except Exception as exc:
            note_unreachable(state, exc)
            known = problem_for(exc)
            if known is None:
                raise  # the app's 500 handler (ServerErrorMiddleware) logs it and answers without details
            response = known
        await response(scope, receive, send)


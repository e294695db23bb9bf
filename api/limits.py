"""Service-wide limits every request meets before and while a route runs: the body size, the time, and the
size of the answer.

A pure ASGI middleware (no per-request objects beyond two closures), so the hot verification route
pays microseconds for it. Field lengths, batch sizes and result sizes are limited where they are
declared (the pydantic models and the routes' query parameters).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from graph.settings import API_MAX_RESULT_BYTES


class _BodyTooLarge(HTTPException):
    """An HTTPException, so FastAPI's body parsing passes it on as it is (a 413, not a 400)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is over {limit:,} bytes")


def problem_messages(status: int, title: str, detail: str, headers: list[tuple[bytes, bytes]] | None = None
                     ) -> list[Message]:
    """A problem+json answer as the two ASGI messages a pure middleware sends (no app behind it runs)."""
    body = json.dumps({"status": status, "title": title, "detail": detail}).encode()
    return [
        {"type": "http.response.start", "status": status,
         "headers": [(b"content-type", b"application/problem+json"), (b"content-length", str(len(body)).encode()),
                     *(headers or [])]},
        {"type": "http.response.body", "body": body},
    ]


class RequestLimits:
    """413 for a body over ``max_body_bytes`` (by its Content-Length, or while it streams in), 504 when a
    request takes longer than ``timeout`` seconds and its answer has not begun, and a 413 problem instead
    of any answer whose Content-Length is over ``max_response_bytes`` (routes whose answers can grow with
    the data — free Cypher, expansions, provenance chains — are refused rather than sent whole; free
    Cypher also stops reading rows at that size, see :mod:`graph.review.free_cypher`)."""

    def __init__(self, app: ASGIApp, max_body_bytes: int, timeout: float,
                 max_response_bytes: int = API_MAX_RESULT_BYTES) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.timeout = timeout
        self.max_response_bytes = max_response_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.max_body_bytes
        for name, value in scope["headers"]:
            if name == b"content-length":
                if not value.isdigit() or int(value) > limit:
                    for m in problem_messages(413, "Request too large",
                                               f"the request body is over {limit:,} bytes"):
                        await send(m)
                    return
                break
        received = 0
        started = False
        refused = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise _BodyTooLarge(limit)
            return message

        async def tracked_send(message: Message) -> None:
            nonlocal started, refused
            if refused:
                return  # the rest of an answer that was replaced by a 413
            if message["type"] == "http.response.start":
                started = True
                for name, value in message.get("headers", ()):
                    if name == b"content-length" and int(value) > self.max_response_bytes:
                        refused = True
                        for m in problem_messages(413, "Result too large",
                                                  f"the answer would be over {self.max_response_bytes:,} bytes; "
                                                  "narrow the request (fewer codes, a lower limit or count)"):
                            await send(m)
                        return
                    if name == b"content-length":
                        break
            await send(message)

        failure: tuple[Any, ...] | None = None
        try:
            async with asyncio.timeout(self.timeout):
                await self.app(scope, limited_receive, tracked_send)
        except _BodyTooLarge:
            failure = (413, "Request too large", f"the request body is over {limit:,} bytes")
        except TimeoutError:
            failure = (504, "Request timed out", f"no answer within {self.timeout:g} s; narrow the request",
                       [(b"retry-after", b"5")])
        if failure is not None and not started:
            for m in problem_messages(*failure):
                await send(m)

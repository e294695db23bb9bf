"""503 at once while Neo4j is known to be unreachable, instead of after the driver's retries.

When Neo4j stops, every request that reaches it waits out the driver's retry window
(``api_retry_seconds``) before its 503: 1.5 s p50 and 7.5 s p99 measured with 20 calls
(bench/RESULTS.md, production checks). A generation job calling verification thousands of times
then stalls for seconds per call. :class:`Outage` remembers the last time a request found Neo4j
unreachable; for ``hold_seconds`` after it, ``/v1`` requests are answered 503 at once (with the same
``Retry-After``); after that one request at a time goes through as a probe, and the first answer that
is not such a 503 ends the outage. The health routes are never held: they are the probes people and
orchestrators read.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from neo4j.exceptions import ServiceUnavailable, SessionExpired
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.limits import problem_messages

GUARDED_PREFIX = "/v1/"


class Outage:
    """Whether Neo4j was found unreachable lately, and whether a probe request is out."""

    def __init__(self, hold_seconds: float = 2.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.hold_seconds = hold_seconds
        self.clock = clock
        self.since: float | None = None  # when a request last found Neo4j unreachable
        self._probe: float | None = None  # when the request probing since then was admitted

    def admit(self) -> float | None:
        """When this request was admitted to try Neo4j, or None: held (during the hold, or while another
        request probes)."""
        now = self.clock()
        if self.since is None:
            return now
        if self._probe is not None or now - self.since < self.hold_seconds:
            return None
        self._probe = now
        return now

    def unreachable(self) -> None:
        """A request found Neo4j unreachable (the driver gave up): hold the next ones."""
        self.since = self.clock()
        self._probe = None

    def answered(self, admitted: float, status: int) -> None:
        """An admitted request ended with ``status`` (0: without an answer, e.g. cancelled by the time limit).
        A 2xx–4xx from a request admitted since the outage began means Neo4j answers again; a 5xx or no
        answer says nothing either way (the probe slot is freed), nor does an older request's answer."""
        if self.since is None or admitted < self.since:
            return
        if 0 < status < 500:
            self.since = None
        if self._probe == admitted:
            self._probe = None

    def held_for(self) -> float:
        return 0.0 if self.since is None else self.clock() - self.since


def note_unreachable(state: object, exc: Exception) -> None:
    """Record an outage if ``exc`` is the driver giving up on reaching Neo4j (the app's ``state``)."""
    if isinstance(exc, ServiceUnavailable | SessionExpired):
        outage: Outage | None = getattr(state, "outage", None)
        if outage is not None:
            outage.unreachable()


class OutageGuard:
    """Answers ``/v1`` requests 503 at once while :class:`Outage` holds; records how admitted ones ended.

    The failure itself is recorded where the driver's exception is turned into a 503 (the app's handlers
    and the verification hot path call :meth:`Outage.unreachable`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(GUARDED_PREFIX):
            await self.app(scope, receive, send)
            return
        outage: Outage = scope["app"].state.outage
        admitted = outage.admit()
        if admitted is None:
            detail = (f"Neo4j was unreachable {outage.held_for():.1f} s ago; this request was not tried. "
                      "Retry shortly.")
            for m in problem_messages(503, "Graph unavailable", detail, [(b"retry-after", b"5")]):
                await send(m)
            return
        status = 0

        async def noted_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, noted_send)
        finally:
            outage.answered(admitted, status)

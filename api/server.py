"""The HTTP server under the API: uvicorn's httptools protocol with the limits it lacks.

Stock uvicorn (httptools) bounds neither the time a request's line and headers may take to arrive nor their
size: a connection that sends nothing, or half a header, stays open for good, and an 8 MB header block or
20,000 header fields are accepted. Its own answers to malformed HTTP are ``text/plain``. This module adds,
below the app, where those requests never reach:

- a **header timeout**: a request's line and headers must be complete within ``header_timeout`` seconds of
  the connection opening, or of the previous answer on a keep-alive connection; past it the connection is
  closed, with a 408 if a request had begun (uvicorn's keep-alive timer stops at the first byte, so a
  partial request on an idle connection was never timed out);
- a **size limit**: a request line and headers over ``max_header_bytes`` or with more than ``max_headers``
  fields is answered 431 and the connection closed;
- the server's own 400 (malformed request line or headers), 408 and 431 as ``application/problem+json``
  ``{"status", "title", "detail"}``, the shape of every other error of the service (:mod:`api.problems`).

The per-request cost is a few attribute updates (single verifications answer in about a millisecond and
are measured): bytes are counted per read, not per header; the header count is the length of the list
uvicorn builds anyway; the exact size of a head is only summed when the reads it came in were larger
than the limit; and one timer per connection is re-armed lazily (no timer or task per request).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from graph.settings import (
    API_HEADER_TIMEOUT_SECONDS,
    API_KEEPALIVE_TIMEOUT_SECONDS,
    API_MAX_HEADER_BYTES,
    API_MAX_HEADERS,
)

if TYPE_CHECKING:
    import uvicorn
    from starlette.types import ASGIApp
    from uvicorn.server import ServerState

    from graph.settings import Settings

# Where a connection's parser is: between requests, inside a request's line and headers, past them.
_IDLE, _HEAD, _BODY = 0, 1, 2

# Stands in for uvicorn's logger while a refusal raised in a parser callback passes through uvicorn's
# data_received, which would log it as "Invalid HTTP request received."; the refusal is logged as what it is.
_QUIET = logging.Logger("clinigraph.api.server.quiet")
_QUIET.disabled = True


@dataclass(frozen=True)
class ServerLimits:
    """The server's limits; the defaults are :class:`graph.settings.Settings`' (see there and the README).

    32 KiB of line and headers: the longest request the API takes is a GET of ``/v1/specialty-relevance``
    with 50 diagnoses and 200 findings, about 7 KB URL-encoded, and a client's own headers are well under
    1 KB; 32 KiB leaves room for what proxies add (forwarding, tracing) while bounding what a connection
    can make the server hold.
    """

    header_timeout: float = API_HEADER_TIMEOUT_SECONDS
    keepalive_timeout: int = API_KEEPALIVE_TIMEOUT_SECONDS
    max_header_bytes: int = API_MAX_HEADER_BYTES
    max_headers: int = API_MAX_HEADERS

    @classmethod
    def from_settings(cls, settings: Settings) -> ServerLimits:
        return cls(header_timeout=settings.api_header_timeout_seconds,
                   keepalive_timeout=settings.api_keepalive_timeout_seconds,
                   max_header_bytes=settings.api_max_header_bytes, max_headers=settings.api_max_headers)


class _Refused(Exception):
    """Raised in a parser callback to stop parsing; the answer is in ``LimitedHttpToolsProtocol._refusal``."""


class LimitedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a header timeout, header size and count limits, and problem+json
    answers of its own. ``with_limits`` makes the class uvicorn is given (it instantiates it per connection).

    Sizes are counted from the reads: every byte that arrives while a request's head is incomplete is
    part of it (between requests only the CRLFs HTTP allows come first). A read holding the end of a
    previous request and the start of the next one (pipelining) leaves the new head's share of that read
    uncertain: until the head completes it is not counted, so an incomplete head can grow past the limit
    by at most one read before it is refused; a complete head is measured exactly.
    """

    limits: ClassVar[ServerLimits] = ServerLimits()

    @classmethod
    def with_limits(cls, limits: ServerLimits) -> type[LimitedHttpToolsProtocol]:
        return type(cls.__name__, (cls,), {"limits": limits})

    def __init__(self, config: uvicorn.Config, server_state: ServerState, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        limits = self.limits
        self._header_timeout = limits.header_timeout
        self._max_header_bytes = limits.max_header_bytes
        self._max_headers = limits.max_headers
        self._phase = _IDLE
        self._received = 0  # bytes read on this connection
        self._read_start = 0  # where the current read starts in them
        # The current head starts somewhere in [_head_first, _head_last] of the bytes read.
        self._head_first = 0
        self._head_last = 0
        self._refusal: tuple[int, str, str] | None = None
        self._logger = self.logger
        self._head_deadline = 0.0
        self._head_timer: asyncio.TimerHandle | None = None

    # The connection and its reads.

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_deadline = self.loop.time() + self._header_timeout
        self._head_timer = self.loop.call_later(self._header_timeout, self._head_timer_fired)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        start = self._received
        self._received = start + len(data)
        self._read_start = start
        if self._phase == _IDLE:
            self._head_first = self._head_last = start
        super().data_received(data)
        if self._phase == _HEAD and not self.transport.is_closing():
            # The head is still incomplete: everything read since it began is part of it.
            if self._received - self._head_last > self._max_header_bytes:
                self._refuse_head(f"the request line and headers are over {self._max_header_bytes:,} bytes")
            elif len(self.headers) > self._max_headers:
                self._refuse_head(f"more than {self._max_headers} header fields")

    # Parser callbacks (called from feed_data inside data_received).

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._phase = _HEAD

    def on_headers_complete(self) -> None:
        self._phase = _BODY
        if len(self.headers) > self._max_headers:
            self._refuse_in_parser(f"more than {self._max_headers} header fields")
        if self._received - self._head_first > self._max_header_bytes and self._head_size() > self._max_header_bytes:
            self._refuse_in_parser(f"the request line and headers are over {self._max_header_bytes:,} bytes")
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._phase = _IDLE
        # The next head, if it begins in this read, begins somewhere in the rest of it.
        self._head_first = self._read_start
        self._head_last = self._received

    def _head_size(self) -> int:
        """The head just parsed, as parsed: method, target, version, and each field as ``name: value``."""
        size = len(self.parser.get_method()) + len(self.url) + len(b"  HTTP/1.1\r\n\r\n")
        for name, value in self.headers:
            size += len(name) + len(value) + 4
        return size

    # Answers and timeouts.

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to anything the parser rejects, which includes a refusal raised in a callback."""
        refusal, self._refusal = self._refusal, None
        if refusal is None:
            refusal = (400, "Bad request", "the request line or a header is not valid HTTP/1.1")
        else:
            self.logger = self._logger
        self._answer_and_close(*refusal)

    def _refuse_in_parser(self, detail: str) -> None:
        """Stop the parser from a callback; uvicorn's data_received then calls send_400_response."""
        self._logger.warning("Request header fields too large: %s", detail)
        self._refusal = (431, "Request header fields too large", detail)
        self.logger = _QUIET
        raise _Refused

    def _refuse_head(self, detail: str) -> None:
        self._logger.warning("Request header fields too large: %s", detail)
        self._answer_and_close(431, "Request header fields too large", detail)

    def _answer_and_close(self, status: int, title: str, detail: str) -> None:
        if self.transport.is_closing():
            return
        body = json.dumps({"status": status, "title": title, "detail": detail}).encode()
        head = [STATUS_LINE[status]]
        for name, value in self.server_state.default_headers:
            head += [name, b": ", value, b"\r\n"]
        head += [b"content-type: application/problem+json\r\ncontent-length: ", str(len(body)).encode(),
                 b"\r\nconnection: close\r\n\r\n", body]
        self.transport.write(b"".join(head))
        self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.transport.is_closing():
            return
        # The next request's head is due within the timeout of this answer. The connection's one timer is
        # only re-armed here when it has lapsed; otherwise it finds the new deadline when it fires.
        self._head_deadline = self.loop.time() + self._header_timeout
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self._header_timeout, self._head_timer_fired)

    def _head_timer_fired(self) -> None:
        self._head_timer = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete:
            return  # a request is being answered (or queued behind one): its answer re-arms the timer
        remaining = self._head_deadline - self.loop.time()
        if remaining > 0:
            self._head_timer = self.loop.call_later(remaining, self._head_timer_fired)
            return
        if self._phase == _HEAD:
            self._logger.warning("Request timeout: no complete request line and headers within %g s",
                                 self._header_timeout)
            self._answer_and_close(408, "Request timeout",
                                   f"the request line and headers did not arrive within {self._header_timeout:g} s")
        else:  # nothing of a request (or only the rest of an answered one's body): just close
            self.transport.close()


def server_config(app: ASGIApp, host: str, port: int, *, access_log: bool, limits: ServerLimits) -> uvicorn.Config:
    """The uvicorn configuration ``clinigraph serve`` runs: uvloop, the limited httptools protocol, the
    keep-alive timeout, and no WebSocket support (the API has no WebSocket route)."""
    import uvicorn

    return uvicorn.Config(app, host=host, port=port, loop="uvloop",
                          http=LimitedHttpToolsProtocol.with_limits(limits), ws="none",
                          timeout_keep_alive=limits.keepalive_timeout, access_log=access_log)


def serve(app: ASGIApp, host: str, port: int, *, access_log: bool, limits: ServerLimits) -> None:
    """Serve ``app`` until interrupted; exit status 3 (uvicorn's) when the server cannot start."""
    import uvicorn
    from uvicorn.config import STARTUP_FAILURE

    server = uvicorn.Server(server_config(app, host, port, access_log=access_log, limits=limits))
    server.run()
    if not server.started:
        sys.exit(STARTUP_FAILURE)

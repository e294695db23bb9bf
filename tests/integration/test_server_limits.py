"""The HTTP server's own limits (api/server.py), against the real server over raw sockets: a header timeout
(408, or a plain close when nothing of a request arrived), 431 for too many or too large headers, the
server's 400 as problem+json, and keep-alive still working and timing out.

Each test talks to ``clinigraph serve``'s configuration (:func:`api.server.server_config`) run in a thread
with the real app. The stock uvicorn configuration (``uvicorn.run(app, loop="uvloop", http="httptools")``)
fails every test but the one guarding against refusing what is allowed, which fails on a limit that counts
body bytes as header bytes or is one field too strict.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress

import pytest

import api.server as server_module
from graph.store.runtime import free_port

pytestmark = pytest.mark.integration

HEADER_TIMEOUT = 1.0
KEEPALIVE_TIMEOUT = 1
SLACK = 3.0  # "closed within the timeout" means within timeout + SLACK seconds


@contextmanager
def running_server(settings, driver) -> Iterator[int]:
    """The real app under ``clinigraph serve``'s server configuration, on a free loopback port."""
    import uvicorn

    from api.app import create_app

    port = free_port()
    config = server_module.server_config(create_app(settings, driver=driver), "127.0.0.1", port,
                                         access_log=False, limits=server_module.ServerLimits.from_settings(settings))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name=f"uvicorn-{port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        with connect(port) as sock:  # the first /health plans its queries (seconds on a busy machine)
            sock.sendall(get(extra=b"Connection: close\r\n"))
            assert read_response(sock)[0] == 200
        yield port
    finally:
        server.should_exit = True
        thread.join(15)


@pytest.fixture(scope="module")
def port(driver, neo4j_settings) -> Iterator[int]:
    """A server with a short header timeout (its keep-alive timeout is longer: it never closes first)."""
    settings = neo4j_settings.model_copy(update={"api_header_timeout_seconds": HEADER_TIMEOUT,
                                                 "api_keepalive_timeout_seconds": 30})
    with running_server(settings, driver) as p:
        yield p


@pytest.fixture(scope="module")
def keepalive_port(driver, neo4j_settings) -> Iterator[int]:
    """A server with a short keep-alive timeout (its header timeout is longer: it never closes first)."""
    settings = neo4j_settings.model_copy(update={"api_header_timeout_seconds": 30.0,
                                                 "api_keepalive_timeout_seconds": KEEPALIVE_TIMEOUT})
    with running_server(settings, driver) as p:
        yield p


def connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def read_until_closed(sock: socket.socket, within: float) -> bytes:
    """Everything the server sends until it closes the connection, which must happen within ``within`` s."""
    deadline = time.monotonic() + within
    data = b""
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"the server did not close the connection within {within:g} s (got {data[:200]!r})"
        sock.settimeout(left)
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            continue  # the assertion above reports it
        except ConnectionResetError:  # closed with unread data of ours still in its buffer
            return data
        if not chunk:
            return data
        data += chunk


def parse(raw: bytes) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 response with a Content-Length: status, headers (lower-cased names), body."""
    head, sep, rest = raw.partition(b"\r\n\r\n")
    assert sep, f"not an HTTP response: {raw[:200]!r}"
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, rest[:int(headers["content-length"])]


def read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """One response on a connection that stays open."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"closed before a response (got {data!r})"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(next(line.split(b":", 1)[1] for line in head.split(b"\r\n")[1:]
                      if line.lower().startswith(b"content-length:")))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, "closed in the middle of a response"
        body += chunk
    return parse(head + b"\r\n\r\n" + body)


def assert_problem(raw: bytes, status: int, title: str) -> dict[str, object]:
    got, headers, body = parse(raw)
    assert got == status, raw[:300]
    assert headers["content-type"] == "application/problem+json"
    assert headers.get("connection") == "close"
    problem = json.loads(body)
    assert set(problem) == {"status", "title", "detail"}
    assert problem["status"] == status and problem["title"] == title and problem["detail"]
    return problem


def get(path: str = "/health", extra: bytes = b"") -> bytes:
    return b"GET " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extra + b"\r\n"


def test_a_connection_that_sends_nothing_is_closed_within_the_header_timeout(port):
    with connect(port) as sock:
        assert read_until_closed(sock, HEADER_TIMEOUT + SLACK) == b""  # nothing of a request: no answer


@pytest.mark.parametrize("partial", [
    b"GET /heal",  # part of the request line
    b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trace: ab",  # part of a header
    b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n",  # every header but no blank line
], ids=["request-line", "header", "no-blank-line"])
def test_a_partial_request_is_answered_408_within_the_header_timeout(port, partial):
    with connect(port) as sock:
        sock.sendall(partial)
        problem = assert_problem(read_until_closed(sock, HEADER_TIMEOUT + SLACK), 408, "Request timeout")
        assert f"{HEADER_TIMEOUT:g} s" in str(problem["detail"])


def test_a_partial_request_after_an_answer_on_a_keep_alive_connection_is_timed_out_too(port):
    """uvicorn's keep-alive timer stops at the first byte of the next request; the header timeout does not."""
    with connect(port) as sock:
        sock.sendall(get())
        assert read_response(sock)[0] == 200
        sock.sendall(b"GET /health HTTP/1.1\r\nHo")
        assert_problem(read_until_closed(sock, HEADER_TIMEOUT + SLACK), 408, "Request timeout")


def headers(count: int, size: int = 1) -> bytes:
    return b"".join(b"X-Field-%d: %s\r\n" % (i, b"v" * size) for i in range(count))


@pytest.mark.parametrize("request_bytes, fragment", [
    (get(extra=headers(199)), "more than 100 header fields"),  # 200 with Host
    (get(extra=headers(100)), "more than 100 header fields"),  # 101: one over
    (get(extra=headers(50, 2000)), "over 32,768 bytes"),  # 100 KB in 50 fields
    (get(extra=b"X-Big: " + b"a" * 100_000 + b"\r\n"), "over 32,768 bytes"),  # 100 KB in one field
    (get("/health?q=" + "a" * 40_000), "over 32,768 bytes"),  # a 40 KB request line
    (get(extra=b"X-Big: " + b"a" * 100_000)[:-2], "over 32,768 bytes"),  # 100 KB that never ends
], ids=["200-fields", "101-fields", "100KB-in-50-fields", "100KB-field", "40KB-request-line",
        "100KB-incomplete"])
def test_too_many_or_too_large_headers_are_431_problem_json(port, request_bytes, fragment):
    with connect(port) as sock:
        with suppress(BrokenPipeError, ConnectionResetError):  # refused before all of it was sent
            sock.sendall(request_bytes)
        problem = assert_problem(read_until_closed(sock, SLACK), 431, "Request header fields too large")
        assert fragment in str(problem["detail"])


def test_headers_up_to_the_limits_and_a_large_body_are_served(port):
    """The limits refuse only what is over them: 100 fields, a head just under 32 KiB, and a body far larger
    than the head limit arriving in the same reads as the head."""
    with connect(port) as sock:
        sock.sendall(get(extra=headers(99)))  # 100 with Host
        assert read_response(sock)[0] == 200
        sock.sendall(get(extra=b"X-Big: " + b"a" * 32_000 + b"\r\n"))
        assert read_response(sock)[0] == 200
        body = json.dumps({"subject": {"name": "a" * 200_000}, "predicate": "cause", "object": {"name": "b"}})
        sock.sendall(b"POST /v1/verify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n%s" % (len(body), body.encode()))
        status, answer_headers, _ = read_response(sock)
        assert status == 401 and answer_headers["content-type"] == "application/problem+json"  # no key: not 431
        sock.sendall(get())  # and the connection is still good
        assert read_response(sock)[0] == 200


@pytest.mark.parametrize("garbage", [
    b"NOT AN HTTP REQUEST\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",  # a TLS ClientHello on the plain-HTTP port
    b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon here\r\n\r\n",
    b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello",
], ids=["request-line", "tls", "header-without-colon", "two-content-lengths"])
def test_a_malformed_request_is_400_problem_json(port, garbage):
    with connect(port) as sock:
        sock.sendall(garbage)
        assert_problem(read_until_closed(sock, SLACK), 400, "Bad request")


def test_keep_alive_serves_two_requests_then_an_idle_connection_is_closed(keepalive_port):
    with connect(keepalive_port) as sock:
        for _ in range(2):
            sock.sendall(get())
            status, _, body = read_response(sock)
            assert status == 200 and json.loads(body)["status"] == "ok"
        assert read_until_closed(sock, KEEPALIVE_TIMEOUT + SLACK) == b""

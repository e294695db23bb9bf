"""A loopback TCP relay in front of the real Neo4j that can be told to fall silent.

What a hung server looks like from the client's side is a connection that takes bytes and never answers.
Neo4j only does that by accident (its parser overflowing on deeply nested text, and how deep it gets
varies with the machine and the JIT), so a test of the client's deadline cannot lean on it. Through this
relay the server is still the real one; while :attr:`SilentProxy.silent` is set, every connection that
sends a byte stops being relayed for good (the byte is dropped, nothing comes back), exactly as a stuck
server would behave. Connections opened after the silence ends are relayed normally.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator


class SilentProxy:
    """Relay ``127.0.0.1:<port>`` to ``target``; set :attr:`silent` to make the server seem to hang."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.silent = threading.Event()
        self.swallowed_connections = 0
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._closed = False
        threading.Thread(target=self._accept, name="silent-proxy-accept", daemon=True).start()

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.port}"

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            with self._lock:
                self._sockets += [client, server]
            hung = threading.Event()
            threading.Thread(target=self._pump, args=(client, server, hung, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, hung, False), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, hung: threading.Event, from_client: bool) -> None:
        """Copy bytes until either side closes; from the client, drop everything once the link has hung."""
        try:
            while chunk := source.recv(65536):
                if from_client and (hung.is_set() or self.silent.is_set()):
                    if not hung.is_set():
                        hung.set()
                        with self._lock:
                            self.swallowed_connections += 1
                    continue
                if not from_client and hung.is_set():
                    continue
                sink.sendall(chunk)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self._closed = True
        self._listener.close()
        with self._lock:
            for s in self._sockets:
                with contextlib.suppress(OSError):
                    s.close()


@contextlib.contextmanager
def silent_proxy(target: tuple[str, int]) -> Iterator[SilentProxy]:
    proxy = SilentProxy(target)
    try:
        yield proxy
    finally:
        proxy.close()

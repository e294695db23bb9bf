"""What the scale benchmarks share: a throwaway instance per run, each phase in its own process (so its
peak memory is its own), and the bare ``neo4j-admin database import`` of a build's CSVs (the floor)."""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from graph.settings import Settings  # noqa: E402


def settings_for(home: Path, bolt: int, http: int, pagecache: str = "4g") -> Settings:
    """The benchmark instance: its own home and ports, heap 4g and page cache 4g (unless told)."""
    return Settings(home=home, bolt_port=bolt, http_port=http, heap_size="4g", pagecache_size=pagecache,
                    NEO4J_URI=None)


def peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def git_head() -> str:
    """The commit measured (the code at the start of the run)."""
    return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                          cwd=ROOT).stdout.strip()


def bare_import(settings: Settings) -> dict:
    """Re-import the newest build's CSVs with the same options, nothing else: the floor a full build is
    measured against. Leaves the server running on a database without schema."""
    from graph.store.bulk import neo4j_admin_import
    from graph.store.runtime import Neo4jRuntime

    runtime = Neo4jRuntime(settings)
    build = max((settings.home / "import").glob("build-*"))
    arguments = (build / "import-arguments.txt").read_text().split()
    runtime.stop()
    started = time.perf_counter()
    neo4j_admin_import(runtime.lib, runtime.home, runtime.conf_dir, runtime.java_executable(), arguments, build)
    seconds = time.perf_counter() - started
    runtime.start()
    return {"seconds": round(seconds, 1), "csv_files": len(arguments), "peak_python_rss_mb": peak_rss_mb()}


def run_phases(script: str, names: Iterable[str], release: Path, prefix: str) -> dict:
    """Run ``script --phase NAME`` for each name against one fresh instance; each prints its JSON last."""
    from graph.store.runtime import Neo4jRuntime, free_port

    home = Path(tempfile.mkdtemp(prefix=prefix))
    bolt, http = free_port(), free_port()
    results: dict = {}
    try:
        for name in names:
            done = subprocess.run([sys.executable, script, "--phase", name, "--release", str(release),
                                   "--home", str(home), "--ports", f"{bolt},{http}"], capture_output=True, text=True)
            if done.returncode != 0:
                raise SystemExit(f"{name} failed:\n{done.stderr[-3000:]}")
            results[name] = json.loads(done.stdout.strip().splitlines()[-1])
            print(name, results[name], flush=True)
    finally:
        Neo4jRuntime(settings_for(home, bolt, http)).stop()
    return results


def add_phase_arguments(parser) -> None:  # noqa: ANN001 - argparse.ArgumentParser
    """The options ``run_phases`` passes to the script's own process."""
    parser.add_argument("--phase")
    parser.add_argument("--release", type=Path)
    parser.add_argument("--home", type=Path)
    parser.add_argument("--ports", type=str)


def serve(home: Path, bolt: int, http: int, port: int, role: str = "generator"
          ) -> tuple[subprocess.Popen, dict[str, str]]:
    """``clinigraph serve`` on ``port`` against the instance in ``home``, once its /health answers; with the
    headers of a fresh API key of ``role`` (added to the instance's keys file)."""
    import uuid

    import httpx

    from api.auth import KeyStore

    key = KeyStore(home / "api-keys.json").add(f"bench-{uuid.uuid4().hex[:8]}", role)

    env = dict(os.environ, CLINIGRAPH_HOME=str(home), CLINIGRAPH_BOLT_PORT=str(bolt),
               CLINIGRAPH_HTTP_PORT=str(http))
    env.pop("NEO4J_URI", None)
    process = subprocess.Popen([sys.executable, "-m", "api.cli", "serve", "--port", str(port)], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code < 500:
                return process, {"Authorization": f"Bearer {key}"}
        except httpx.HTTPError:
            time.sleep(0.3)
    process.kill()
    raise SystemExit("the API did not come up")


def percentiles(samples: list[float]) -> dict:
    ordered = sorted(samples)
    return {"p50_ms": round(statistics.median(ordered) * 1000, 2),
            "p99_ms": round(ordered[int(len(ordered) * 0.99) - 1] * 1000, 2), "n": len(ordered)}


def bolt_floor_samples(driver, database: str, n: int = 2000) -> list[float]:  # noqa: ANN001
    """Round trips of a bare ``RETURN 1`` in an open session (after 200 to warm up): the floor a query
    service is measured against in the same run."""
    with driver.session(database=database) as session:
        for _ in range(200):
            session.run("RETURN 1").consume()
        samples = []
        for _ in range(n):
            t = time.perf_counter()
            session.run("RETURN 1").consume()
            samples.append(time.perf_counter() - t)
    return samples


class RawHttpClient:
    """The least a client can do for one HTTP/1.1 request on a kept-alive connection: send prebuilt bytes,
    read the status line, headers and Content-Length bytes of body. It times the service, not a client
    library: the standard library's http.client spends ~0.16 ms per call parsing headers here (measured
    against a server answering a constant), as much as half the Bolt floor."""

    def __init__(self, port: int, headers: dict[str, str]) -> None:
        import socket

        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        self.buffer = b""

    def request(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        self.sock.sendall(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{self.head}"
                          f"Content-Length: {len(body)}\r\n\r\n".encode("latin-1") + body)
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self._recv()
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        length = next(int(line.split(b":", 1)[1]) for line in lines[1:] if line.lower().startswith(b"content-length:"))
        while len(self.buffer) < length:
            self.buffer += self._recv()
        answer, self.buffer = self.buffer[:length], self.buffer[length:]
        return status, answer

    def _recv(self) -> bytes:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        return chunk

    def close(self) -> None:
        self.sock.close()

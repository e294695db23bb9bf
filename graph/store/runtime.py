"""A local Neo4j 5.26 Community server, resolved from Maven Central and run on loopback.

The server is assembled from Maven artifacts (``org.neo4j:neo4j`` and the Neo4j
Browser jar) with the machine's Maven, configured by a ``neo4j.conf`` written
here, and started as a background JVM. Nothing needs Docker or a tarball.

Layout under ``Settings.home``::

    conf/neo4j.conf     written on every start from the settings (mode 0600)
    data/ logs/ run/ import/ plugins/
    state.json          bolt/http URLs, pid and the generated password (mode 0600)

Everything under the home is for its user alone: the home and its folders are made 0700
(tightened if they are looser), what is already in them loses its group and other bits on
every start, and the server and ``neo4j-admin`` run with umask 077, so the store,
``data/dbms/auth.ini`` and the logs they write are 0600. The initial password reaches
``neo4j-admin`` in a 0600 argument file (``@file``, which its picocli parser expands), never on
a command line or in an environment, where any user on the host could read it (``ps``, ``/proc``).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import stat
import string
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

from graph.settings import Settings
from graph.store import class_archive
from graph.store.distribution import Neo4jDistribution
from graph.store.distribution import RuntimeProblem as RuntimeProblem

ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"
ADMIN_TOOL = "org.neo4j.cli.AdminTool"

#: JVM flags the official 5.26 distribution passes on Java 17 (its neo4j.conf).
JVM_FLAGS = [
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+UnlockExperimentalVMOptions",
    "-XX:+TrustFinalNonStaticFields",
    "-XX:+DisableExplicitGC",
    "-Dfile.encoding=UTF-8",
]

#: JIT thresholds by :attr:`Settings.neo4j_jit`. A throwaway server spends more CPU compiling than working:
#: during a load of the real ICD-10-CM (2 cores, Java 17) the C2 compiler threads took 51 s of CPU and the
#: Bolt workers that ran the load 32 s. ``brief`` asks for ten times the calls and loops before a method is
#: compiled by C2, so only the hottest code gets there: a start with the schema applied then cost 14 s of
#: JVM CPU instead of 19 s, and ICD-10-CM + HPO loaded with 112 s instead of 136 s (and sooner: 106 s of
#: wall instead of 119 s; bench/RESULTS.md). C1 alone (``TieredStopAtLevel=1``) starts cheaper still but
#: runs long loads slower than C2 does, so it is not the choice.
#:
#: ``quick`` is C1 alone, for a server that only ever holds small graphs: its work is mostly planning queries
#: seen for the first time, Scala code that runs cold, and a profiling tier then costs more than it gives.
#: Four modules of fixture-sized tests (76 tests, one process, two rounds alternated) took 37.5 / 46.3 s of
#: JVM CPU under ``quick`` against 48.0 / 60.2 s under ``brief`` in the same wall time (bench/RESULTS.md).
JIT_FLAGS: dict[str, tuple[str, ...]] = {
    "server": (),
    "brief": (
        "-XX:Tier4InvocationThreshold=50000",
        "-XX:Tier4MinInvocationThreshold=6000",
        "-XX:Tier4CompileThreshold=150000",
        "-XX:Tier4BackEdgeThreshold=400000",
    ),
    "quick": ("-XX:TieredStopAtLevel=1",),
}

#: The admin tool runs for a second or two (``set-initial-password``): compiling with C2 would only cost.
ADMIN_JVM_FLAGS = ("-XX:TieredStopAtLevel=1",)

#: The folders of a home, created for its user alone (0700).
HOME_FOLDERS = ("conf", "data", "logs", "run", "import", "plugins")

#: The umask the server and the admin tool run with: what they create is for the user alone.
PRIVATE_UMASK = 0o077


@dataclass(frozen=True)
class ServerState:
    """What a client needs to reach the local server; kept in ``state.json``."""

    bolt_uri: str
    browser_url: str
    user: str
    password: str
    pid: int | None
    neo4j_version: str
    #: The class-data archive this run writes as it exits, put in place by a clean stop (:mod:`.class_archive`).
    class_archive_pending: str | None = None


class Neo4jRuntime:
    """Configure, start, stop and inspect one local Neo4j instance (its jars: :class:`Neo4jDistribution`)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.home = settings.home.expanduser().resolve()
        self.distribution = Neo4jDistribution(settings)
        self.dist = self.distribution.dist
        #: A Java 17 or 21 runtime (:meth:`Neo4jDistribution.java_executable`).
        self.java_executable = self.distribution.java_executable

    # -- paths ---------------------------------------------------------------
    @property
    def lib(self) -> Path:
        return self.distribution.lib

    def resolve(self) -> Path:
        """The server's jars, copied from Maven Central into the cache on first use."""
        return self.distribution.resolve()

    @property
    def conf_dir(self) -> Path:
        return self.home / "conf"

    @property
    def state_file(self) -> Path:
        return self.home / "state.json"

    @property
    def console_log(self) -> Path:
        return self.home / "logs" / "console.log"

    # -- configuration -------------------------------------------------------
    def write_config(self) -> Path:
        """Write ``neo4j.conf`` from the settings: loopback only, our ports and memory."""
        s = self.settings
        self.prepare_home()
        lines = {
            "server.default_listen_address": "127.0.0.1",
            "server.default_advertised_address": "127.0.0.1",
            "server.bolt.listen_address": f"127.0.0.1:{s.bolt_port}",
            "server.bolt.advertised_address": f"127.0.0.1:{s.bolt_port}",
            "server.http.listen_address": f"127.0.0.1:{s.http_port}",
            "server.http.advertised_address": f"127.0.0.1:{s.http_port}",
            "server.https.enabled": "false",
            "server.bolt.tls_level": "DISABLED",
            "server.directories.data": str(self.home / "data"),
            "server.directories.logs": str(self.home / "logs"),
            "server.directories.run": str(self.home / "run"),
            "server.directories.import": str(self.home / "import"),
            "server.directories.plugins": str(self.home / "plugins"),
            "server.memory.heap.initial_size": s.heap_size,
            "server.memory.heap.max_size": s.heap_size,
            "server.memory.pagecache.size": s.pagecache_size,
            "dbms.security.auth_enabled": "true",
            "dbms.usage_report.enabled": "false",
            # Neo4j Browser sends no product-usage data from a clinical server.
            "client.allow_telemetry": "false",
            "db.tx_log.rotation.retention_policy": "2 files",
            # Keep-alive NOOPs only while a result streams. With keep-alive for every request the server
            # hints drivers to time out idle reads (connection.recv_timeout_seconds), and the async driver
            # then arms a timer and a task around every socket read: 9 % of a single verification
            # (bench/RESULTS.md). A loopback server's clients see a closed socket, not a silent one.
            "server.bolt.connection_keep_alive_for_requests": "STREAMING",
            # Bolt waits twice for 5 s of quiet (idle connections, then Netty's event loops) before
            # a stop completes; a local server has no in-flight clients at that point.
            "internal.server.bolt.connection_shutdown_wait_time": "100ms",
            "internal.dbms.bolt.netty_server_shutdown_quiet_period": "0",
            # The database itself bounds every transaction: time for those that name no timeout of their own
            # (Browser users; reviewers' queries and long maintenance statements name theirs), memory per
            # transaction and for all together, so one query cannot take the heap from the others.
            "db.transaction.timeout": s.transaction_timeout,
            "db.memory.transaction.max": s.transaction_memory_max or _share_of(s.heap_size, 0.5),
            "dbms.memory.transaction.total.max": s.transaction_memory_total_max or _share_of(s.heap_size, 0.7),
        }
        conf = self.conf_dir / "neo4j.conf"
        body = "# Written by clinigraph on every start; edit the settings, not this file.\n"
        body += "".join(f"{k}={v}\n" for k, v in lines.items())
        _write_private(conf, body)
        return conf

    def prepare_home(self) -> None:
        """Create the home and its folders 0700 and take group and other access off all that is in them.

        Run on every start, so a home made by an older clinigraph (folders 0755, store files 0644)
        is closed too, and so are files another tool wrote into it (``neo4j-admin database import``).
        """
        _private_dir(self.home)
        for sub in HOME_FOLDERS:
            _private_dir(self.home / sub)
        _make_tree_private(self.home)

    def _admin(self, *args: str) -> subprocess.CompletedProcess[str]:
        env = dict(os.environ, NEO4J_HOME=str(self.home), NEO4J_CONF=str(self.conf_dir))
        return subprocess.run(
            [self.java_executable(), *ADMIN_JVM_FLAGS, "-cp", f"{self.lib}/*", ADMIN_TOOL, *args],
            capture_output=True, text=True, env=env, umask=PRIVATE_UMASK,
        )

    def _set_initial_password(self, password: str) -> None:
        """``neo4j-admin dbms set-initial-password`` with the password read from a 0600 argument file.

        picocli, which parses the admin tool's arguments, replaces an argument ``@path`` by the
        arguments in that file; the file lives in a fresh 0700 folder and is removed at once.
        """
        if not password.isalnum():
            # An argument file is split at blanks, and quotes and "#" mean something in it.
            raise RuntimeProblem("the initial password must be letters and digits only")
        folder = Path(tempfile.mkdtemp(prefix="clinigraph-admin-"))  # mode 0700
        try:
            argfile = folder / "initial-password"
            _write_private(argfile, password + "\n")
            done = self._admin("dbms", "set-initial-password", f"@{argfile}")
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        if done.returncode != 0:
            said = (done.stderr or done.stdout).strip().replace(password, "<password>")
            raise RuntimeProblem("could not set the initial password: " + said)

    # -- state ---------------------------------------------------------------
    def read_state(self) -> ServerState | None:
        if not self.state_file.exists():
            return None
        data = json.loads(self.state_file.read_text())
        return ServerState(**data)

    def _write_state(self, state: ServerState) -> None:
        _private_dir(self.home)
        tmp = self.state_file.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as fh:
            json.dump(asdict(state), fh, indent=2)
        os.chmod(tmp, 0o600)
        tmp.replace(self.state_file)

    def _password(self) -> str:
        """The instance password: generated and set before the first start, then kept."""
        state = self.read_state()
        if state is not None:
            return state.password
        if (self.home / "data" / "dbms" / "auth.ini").exists() or (self.home / "data" / "databases").exists():
            raise RuntimeProblem(
                f"{self.home} holds a Neo4j database but its password file {self.state_file.name} "
                "is gone; restore it, or remove the folder to start afresh"
            )
        password = generate_password()
        self._set_initial_password(password)
        return password

    # -- lifecycle -----------------------------------------------------------
    def is_running(self) -> bool:
        state = self.read_state()
        return bool(state and state.pid and _pid_alive(state.pid))

    def start(self) -> ServerState:
        """Start the server if it is not running and wait until Bolt answers. Idempotent."""
        state = self.read_state()
        if state and state.pid and _pid_alive(state.pid):
            self._wait_ready(state, process=None)
            return state
        if state and state.class_archive_pending:  # a run that ended without our stop: whatever it wrote goes
            class_archive.settle(Path(state.class_archive_pending), exited_cleanly=False)
        self.resolve()
        java = self.java_executable()
        s = self.settings
        for port in (s.bolt_port, s.http_port):
            if _port_in_use(port):
                raise RuntimeProblem(
                    f"port {port} on 127.0.0.1 is taken by another program; "
                    "set CLINIGRAPH_BOLT_PORT / CLINIGRAPH_HTTP_PORT"
                )
        self.write_config()
        password = self._password()
        archive = class_archive.plan(self.dist, java)
        cmd = self.server_command(java, archive.flags)
        log_fd = os.open(self.console_log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(log_fd, "ab") as log:
            process = subprocess.Popen(
                cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                cwd=self.home, start_new_session=True, umask=PRIVATE_UMASK,
            )
        state = ServerState(
            bolt_uri=f"bolt://127.0.0.1:{s.bolt_port}",
            browser_url=f"http://127.0.0.1:{s.http_port}/browser/",
            user="neo4j",
            password=password,
            pid=process.pid,
            neo4j_version=s.neo4j_version,
            class_archive_pending=str(archive.pending) if archive.pending else None,
        )
        self._write_state(state)
        self._wait_ready(state, process=process)
        return state

    def server_command(self, java: str, archive_flags: tuple[str, ...] = ()) -> list[str]:
        """The command line of the server's JVM: memory, the distribution's flags, JIT, class archive."""
        s = self.settings
        return [
            java, f"-Xms{s.heap_size}", f"-Xmx{s.heap_size}", *JVM_FLAGS, *JIT_FLAGS[s.neo4j_jit], *archive_flags,
            "-cp", f"{self.lib}/*", ENTRY_POINT,
            f"--home-dir={self.home}", f"--config-dir={self.conf_dir}", "--console-mode",
        ]

    def _wait_ready(self, state: ServerState, process: subprocess.Popen[bytes] | None) -> None:
        from neo4j import GraphDatabase
        from neo4j.exceptions import AuthError, Neo4jError, ServiceUnavailable

        deadline = time.monotonic() + self.settings.start_timeout
        last_error = ""
        with GraphDatabase.driver(
            state.bolt_uri, auth=(state.user, state.password), notifications_min_severity="OFF"
        ) as driver:
            while time.monotonic() < deadline:
                if process is not None and process.poll() is not None:
                    raise RuntimeProblem(
                        f"Neo4j exited with code {process.returncode} while starting:\n{self.log_tail()}"
                    )
                try:
                    driver.verify_connectivity()
                    return
                except AuthError as exc:
                    raise RuntimeProblem(f"Neo4j refused the stored password: {exc}") from None
                except (ServiceUnavailable, Neo4jError, OSError) as exc:
                    last_error = str(exc)
                    time.sleep(0.5)
        raise RuntimeProblem(
            f"Neo4j did not answer on {state.bolt_uri} within {self.settings.start_timeout:.0f}s "
            f"({last_error}):\n{self.log_tail()}"
        )

    def stop(self, timeout: float = 60.0) -> bool:
        """Stop the server cleanly (SIGTERM, then SIGKILL after ``timeout``). True if it was running."""
        state = self.read_state()
        if not state or not state.pid or not _pid_alive(state.pid):
            return False
        os.killpg(state.pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        exited_cleanly = True
        while time.monotonic() < deadline:
            if not _pid_alive(state.pid):
                break
            time.sleep(0.3)
        else:
            os.killpg(state.pid, signal.SIGKILL)
            exited_cleanly = False
        pending = state.class_archive_pending
        class_archive.settle(Path(pending) if pending else None, exited_cleanly=exited_cleanly)
        self._write_state(ServerState(**{**asdict(state), "pid": None, "class_archive_pending": None}))
        return True

    def status(self) -> dict[str, object]:
        state = self.read_state()
        running = bool(state and state.pid and _pid_alive(state.pid))
        return {
            "running": running,
            "home": str(self.home),
            "neo4j_version": self.settings.neo4j_version,
            "bolt": state.bolt_uri if state else None,
            "browser": state.browser_url if state else None,
            "pid": state.pid if running and state else None,
        }

    def log_tail(self, lines: int = 25) -> str:
        for candidate in (self.home / "logs" / "debug.log", self.console_log):
            if candidate.exists():
                text = candidate.read_text(errors="replace").splitlines()
                return "\n".join(text[-lines:])
        return "(no log yet)"


def _share_of(size: str, share: float) -> str:
    """A share of a Neo4j memory size, in megabytes: ``_share_of("2g", 0.5)`` is ``"1024m"``.

    >>> _share_of("2g", 0.7), _share_of("512m", 0.5), _share_of("3000k", 0.5)
    ('1433m', '256m', '1m')
    """
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmgt]?)b?\s*", size.lower())
    if not m:
        raise RuntimeProblem(f"not a memory size: {size!r} (e.g. 2g, 512m)")
    megabytes = float(m.group(1)) * {"": 1 / 2**20, "k": 1 / 1024, "m": 1, "g": 1024, "t": 1024**2}[m.group(2)]
    return f"{max(1, int(megabytes * share))}m"


def generate_password(length: int = 24) -> str:
    """A random password of letters and digits.

    Only letters and digits: a ``token_urlsafe()`` password may start with "-",
    which ``neo4j-admin`` then reads as an option (seen here: a start failed).
    """
    alphabet = string.ascii_letters + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(length))


def _private_dir(path: Path) -> None:
    """Make ``path`` a folder only its user can enter: created 0700, or tightened to it if looser."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        try:
            os.chmod(path, mode & ~0o077)
        except OSError as exc:
            raise RuntimeProblem(f"could not make {path} private (mode 0700): {exc}") from None


def _make_tree_private(root: Path) -> None:
    """Take group and other permissions off every file and folder under ``root`` (symlinks not followed)."""
    for folder, dirs, files in os.walk(root):
        for name in (*dirs, *files):
            path = os.path.join(folder, name)
            try:
                mode = os.lstat(path).st_mode
                if not stat.S_ISLNK(mode) and mode & 0o077:
                    os.chmod(path, stat.S_IMODE(mode) & ~0o077)
            except FileNotFoundError:
                continue  # removed meanwhile (a server still stopping)
            except OSError as exc:
                raise RuntimeProblem(f"could not make {path} private: {exc}") from None


def _write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable and writable by its user only (mode 0600, also when it existed)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        os.fchmod(fh.fileno(), 0o600)
        fh.write(text)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie (exited child not yet reaped) is not a running server.
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(") ", 1)[1][:1] != "Z"
    except (FileNotFoundError, IndexError):
        return True


def _port_in_use(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def free_port() -> int:
    """A TCP port on loopback that is free right now (for tests and throwaway instances)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def throwaway_server(home: Path, *, heap_size: str = "1g", pagecache_size: str = "1g") -> Iterator[Settings]:
    """A Neo4j of its own on free loopback ports with its data in ``home``, stopped on exit.

    For tests and benchmarks that must not touch the user's instance.
    """
    settings = Settings(home=home, bolt_port=free_port(), http_port=free_port(), heap_size=heap_size,
                        pagecache_size=pagecache_size).model_copy(update={"external_uri": None})
    runtime = Neo4jRuntime(settings)
    runtime.start()
    try:
        yield settings
    finally:
        runtime.stop()

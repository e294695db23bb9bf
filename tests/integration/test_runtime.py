"""clinigraph's own Neo4j runtime: resolved from Maven Central, loopback only, idempotent start, clean stop."""

from __future__ import annotations

import os
import stat
import subprocess
import urllib.request
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest
from neo4j import GraphDatabase

from graph.settings import Settings
from graph.store import class_archive
from graph.store.runtime import Neo4jRuntime, free_port

pytestmark = pytest.mark.integration


@pytest.fixture
def managed(neo4j_settings):
    if neo4j_settings.uses_external_server:
        pytest.skip("the tests run against an external server; the local runtime is not in use")
    return neo4j_settings


def test_start_is_idempotent(managed):
    runtime = Neo4jRuntime(managed)
    first = runtime.read_state()
    again = runtime.start()
    assert again.pid == first.pid
    assert runtime.status()["running"] is True


def test_password_is_generated_and_private(managed):
    runtime = Neo4jRuntime(managed)
    state = runtime.read_state()
    assert len(state.password) >= 20
    assert stat.S_IMODE(os.stat(runtime.state_file).st_mode) == 0o600
    conf = (runtime.conf_dir / "neo4j.conf").read_text()
    assert state.password not in conf
    assert "dbms.security.auth_enabled=true" in conf
    assert f"server.bolt.listen_address=127.0.0.1:{managed.bolt_port}" in conf
    assert "server.default_listen_address=127.0.0.1" in conf


def test_server_is_5_26_community_and_serves_the_browser(managed, driver):
    records, _, _ = driver.execute_query(
        "CALL dbms.components() YIELD versions, edition RETURN versions[0] AS v, edition"
    )
    assert records[0]["v"].startswith("5.26.") and records[0]["edition"] == "community"
    state = Neo4jRuntime(managed).read_state()
    with urllib.request.urlopen(state.browser_url, timeout=10) as response:
        page = response.read().decode("utf-8", "replace")
    assert response.status == 200 and "Neo4j Browser" in page


def _cache_of_its_own(tmp_path: Path, shared: Settings) -> Path:
    """A cache holding the resolved jars (linked, not copied) and no class-data archive yet."""
    source = Neo4jRuntime(shared)
    source.resolve()
    cache = tmp_path / "cache"
    dist = cache / source.dist.name
    dist.mkdir(parents=True)
    (dist / "lib").symlink_to(source.lib, target_is_directory=True)
    (dist / ".resolved").write_text(shared.neo4j_version + "\n")
    return cache


def _command_line(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")


def test_stop_is_clean_and_data_survives_a_restart(tmp_path):
    """Also: the first run writes the class-data archive as it stops cleanly, and the restart maps it."""
    settings = Settings(home=tmp_path / "instance", bolt_port=free_port(), http_port=free_port(),
                        heap_size="512m", pagecache_size="256m", NEO4J_URI=None,
                        cache=_cache_of_its_own(tmp_path, Settings()))
    runtime = Neo4jRuntime(settings)
    archive = class_archive.archive_path(runtime.dist, runtime.java_executable())
    state = runtime.start()
    try:
        assert f"-XX:ArchiveClassesAtExit={state.class_archive_pending}" in _command_line(state.pid)
        assert not archive.exists()
        with GraphDatabase.driver(state.bolt_uri, auth=(state.user, state.password)) as drv:
            drv.execute_query("CREATE (:Marker {name: 'kept'})")
        assert runtime.stop() is True
        assert runtime.status()["running"] is False
        assert archive.stat().st_size > 0 and list(archive.parent.glob("*.partial-*")) == []
        assert runtime.stop() is False
        # A run that ended without this stop (the machine shut down) may have left a half-written archive.
        stale = archive.with_name(archive.name + ".partial-deadbeef")
        stale.write_bytes(b"half")
        runtime._write_state(replace(runtime.read_state(), class_archive_pending=str(stale)))
        restarted = runtime.start()
        assert not stale.exists() and archive.stat().st_size > 4  # dropped, never put in place
        assert restarted.password == state.password
        assert f"-XX:SharedArchiveFile={archive}" in _command_line(restarted.pid)
        assert restarted.class_archive_pending is None
        with GraphDatabase.driver(restarted.bolt_uri, auth=(restarted.user, restarted.password)) as drv:
            records, _, _ = drv.execute_query("MATCH (m:Marker) RETURN m.name AS name")
        assert [r["name"] for r in records] == ["kept"]
    finally:
        runtime.stop()
    log = (tmp_path / "instance" / "logs" / "console.log").read_text()
    assert "Stopped" in log
    assert "[warning][cds]" not in log  # the archive was taken as made, and making it logged nothing


def test_a_taken_port_is_reported(tmp_path, managed):
    settings = Settings(home=tmp_path / "clash", bolt_port=managed.bolt_port, http_port=free_port(),
                        NEO4J_URI=None)
    with pytest.raises(Exception, match=f"port {managed.bolt_port} on 127.0.0.1 is taken"):
        Neo4jRuntime(settings).start()


@dataclass
class Spawned:
    """One process the runtime started: its command line, its environment, and its ``@file`` arguments."""

    argv: list[str]
    env: dict[str, str]
    #: For each ``@path`` argument: the file's and its folder's modes when the process started.
    at_files: dict[str, tuple[int, int]] = field(default_factory=dict)


def _modes(path: str) -> tuple[int, int]:
    return stat.S_IMODE(os.stat(path).st_mode), stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode)


def _open_to_others(home: Path) -> list[str]:
    """Every file or folder under ``home`` (and itself) that group or others may read, write or enter."""
    found = []
    for folder, dirs, files in os.walk(home):
        paths = [folder] if folder == str(home) else []
        paths += [os.path.join(folder, name) for name in (*dirs, *files)]
        for path in paths:
            try:
                mode = os.lstat(path).st_mode
            except FileNotFoundError:
                continue
            if not stat.S_ISLNK(mode) and mode & 0o077:
                found.append(f"{stat.S_IMODE(mode):04o} {os.path.relpath(path, home)}")
    return found


@pytest.fixture(scope="module")
def fresh_instance(tmp_path_factory):
    """A server the runtime sets up from nothing, with every process it spawns recorded.

    The test process runs with umask 022 meanwhile, so whatever comes out private the runtime made
    private. Two folders exist beforehand with the loose modes an older clinigraph left.
    """
    home = tmp_path_factory.mktemp("private") / "instance"
    for sub in ("logs", "import"):
        (home / sub).mkdir(parents=True)
        os.chmod(home / sub, 0o755)
    os.chmod(home, 0o755)
    (home / "import" / "patients.csv").write_text("id\n1\n")
    os.chmod(home / "import" / "patients.csv", 0o644)
    settings = Settings(home=home, bolt_port=free_port(), http_port=free_port(),
                        heap_size="512m", pagecache_size="256m", NEO4J_URI=None)
    runtime = Neo4jRuntime(settings)
    spawned: list[Spawned] = []

    class RecordingPopen(subprocess.Popen):
        def __init__(self, args, *rest, **kwargs):
            argv = [os.fsdecode(a) for a in ([args] if isinstance(args, str | bytes | os.PathLike) else args)]
            env = kwargs.get("env")
            at_files = {a: _modes(a[1:]) for a in argv if a.startswith("@") and os.path.exists(a[1:])}
            spawned.append(Spawned(argv, dict(os.environ if env is None else env), at_files))
            super().__init__(args, *rest, **kwargs)

    old_umask = os.umask(0o022)
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(subprocess, "Popen", RecordingPopen)  # subprocess.run goes through it too
            state = runtime.start()
        try:
            with GraphDatabase.driver(state.bolt_uri, auth=(state.user, state.password)) as drv:
                created = drv.execute_query("CREATE (p:Patient {id: 1}) RETURN count(p) AS n").records[0]["n"]
                drv.execute_query("CREATE INDEX patient_id IF NOT EXISTS FOR (p:Patient) ON (p.id)")
            while_running = _open_to_others(home)
        finally:
            runtime.stop()
    finally:
        os.umask(old_umask)
    return {"home": home, "state": state, "spawned": spawned, "wrote": created,
            "while_running": while_running, "after_stop": _open_to_others(home)}


def test_nothing_under_the_home_is_open_to_group_or_others(fresh_instance):
    home = fresh_instance["home"]
    assert (home / "data" / "dbms" / "auth.ini").exists()
    assert any((home / "data" / "databases" / "neo4j").iterdir())
    assert fresh_instance["while_running"] == [], (
        "open to group or others while the server ran: " + ", ".join(fresh_instance["while_running"]))
    assert fresh_instance["after_stop"] == [], (
        "open to group or others after it stopped: " + ", ".join(fresh_instance["after_stop"]))


def test_the_password_is_on_no_command_line_or_environment(fresh_instance):
    password = fresh_instance["state"].password
    spawned = fresh_instance["spawned"]
    setting = [p for p in spawned if "set-initial-password" in p.argv]
    assert len(setting) == 1, [p.argv for p in spawned]
    leaks = [p.argv for p in spawned if any(password in a for a in p.argv)]
    assert leaks == [], f"the password is on these command lines: {leaks}"
    env_leaks = [(p.argv[:1], k) for p in spawned for k, v in p.env.items() if password in v]
    assert env_leaks == [], f"the password is in these environments: {env_leaks}"
    # It travelled in an argument file only its user could read, gone once the tool was done ...
    (at_file, (file_mode, folder_mode)), = setting[0].at_files.items()
    assert (file_mode, folder_mode) == (0o600, 0o700)
    assert not os.path.exists(at_file[1:]) and not os.path.exists(os.path.dirname(at_file[1:]))
    # ... and the server took the password in it: start() and the fixture's writes logged in with it.
    assert fresh_instance["wrote"] == 1

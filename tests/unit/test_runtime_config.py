"""Local runtime pieces that need no server: password shape and the written config."""

from __future__ import annotations

import os
import stat

from graph.settings import Settings
from graph.store.runtime import Neo4jRuntime, generate_password


def test_generated_passwords_are_letters_and_digits():
    for _ in range(500):
        password = generate_password()
        assert len(password) == 24 and password.isalnum()


def test_config_is_loopback_only_with_our_ports_and_memory(tmp_path):
    settings = Settings(home=tmp_path, bolt_port=17001, http_port=17002, heap_size="1g",
                        pagecache_size="512m", NEO4J_URI=None)
    conf = Neo4jRuntime(settings).write_config().read_text().splitlines()
    assert "server.default_listen_address=127.0.0.1" in conf
    assert "server.bolt.listen_address=127.0.0.1:17001" in conf
    assert "server.http.listen_address=127.0.0.1:17002" in conf
    assert "server.memory.heap.max_size=1g" in conf
    assert "server.memory.pagecache.size=512m" in conf
    assert "dbms.security.auth_enabled=true" in conf
    assert not any(line.startswith("server.default_listen_address=0.0.0.0") for line in conf)


def test_the_jit_profile_reaches_the_server_command_and_subprocesses(tmp_path):
    """`brief` raises only the C2 thresholds of the server's JVM; `quick` stops at C1; `server` leaves Java's
    own; a subprocess environment carries the choice, so a server the CLI starts for a test compiles like the
    test's own."""
    from graph.store.runtime import ADMIN_JVM_FLAGS, JIT_FLAGS

    def command(jit: str) -> list[str]:
        settings = Settings(home=tmp_path, neo4j_jit=jit, NEO4J_URI=None)
        return Neo4jRuntime(settings).server_command("java", ("-XX:SharedArchiveFile=x.jsa",))

    brief, server, quick = command("brief"), command("server"), command("quick")
    assert [flag for flag in brief if flag.startswith("-XX:Tier4")] == list(JIT_FLAGS["brief"]) != []
    assert not any(flag.startswith(("-XX:Tier", "-XX:CompileThreshold")) for flag in server)
    assert [flag for flag in quick if flag.startswith("-XX:Tier")] == ["-XX:TieredStopAtLevel=1"]
    assert brief[-4:] == server[-4:] == quick[-4:] and brief[-4] == "org.neo4j.server.CommunityEntryPoint"
    assert "-XX:SharedArchiveFile=x.jsa" in brief and "-XX:SharedArchiveFile=x.jsa" in server
    assert ADMIN_JVM_FLAGS == ("-XX:TieredStopAtLevel=1",)
    env = Settings(home=tmp_path, neo4j_jit="brief", NEO4J_URI=None).subprocess_environment()
    assert env["CLINIGRAPH_NEO4J_JIT"] == "brief"
    assert Settings.model_fields["neo4j_jit"].default == "server"  # a user's server keeps Java's own


def test_config_and_home_folders_are_for_the_user_alone(tmp_path):
    """neo4j.conf is 0600 and the home's folders 0700, also where an older home left them open."""
    home = tmp_path / "home"
    (home / "conf").mkdir(parents=True)
    (home / "logs").mkdir()
    (home / "conf" / "neo4j.conf").write_text("old\n")
    (home / "logs" / "debug.log").write_text("old\n")
    for path, mode in [(home, 0o755), (home / "conf", 0o777), (home / "logs", 0o750),
                       (home / "conf" / "neo4j.conf", 0o666), (home / "logs" / "debug.log", 0o644)]:
        os.chmod(path, mode)
    old_umask = os.umask(0o022)
    try:
        conf = Neo4jRuntime(Settings(home=home, NEO4J_URI=None)).write_config()
    finally:
        os.umask(old_umask)
    modes = {str(p.relative_to(tmp_path)): f"{stat.S_IMODE(p.stat().st_mode):04o}" for p in [home, *home.rglob("*")]}
    assert modes == {
        "home": "0700", "home/conf": "0700", "home/data": "0700", "home/logs": "0700", "home/run": "0700",
        "home/import": "0700", "home/plugins": "0700",
        "home/conf/neo4j.conf": "0600", "home/logs/debug.log": "0600",
    }
    assert conf.read_text().startswith("# Written by clinigraph")

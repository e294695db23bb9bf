"""Local runtime pieces that need no server: password shape and the written config."""

from __future__ import annotations

from graph.runtime import Neo4jRuntime, generate_password
from graph.settings import Settings


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

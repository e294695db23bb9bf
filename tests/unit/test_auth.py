"""The keys file: only hashes are kept, a bad file is refused naming the field, roles grant what they say."""

from __future__ import annotations

import json
import stat

import pytest

from api.auth import KEY_PREFIX, ROLES, KeyStore, digest
from loaders.errors import ClinigraphError


def test_a_key_is_shown_once_and_stored_as_its_hash(tmp_path):
    store = KeyStore(tmp_path / "api-keys.json")
    key = store.add("job-7", "generator")
    assert key.startswith(KEY_PREFIX) and len(key) > 40
    text = (tmp_path / "api-keys.json").read_text()
    assert key not in text and digest(key) in text
    assert stat.S_IMODE((tmp_path / "api-keys.json").stat().st_mode) == 0o600
    principal = store.principal(key)
    assert principal is not None and (principal.name, principal.role) == ("job-7", "generator")
    assert store.principal(key + "x") is None
    assert [e["name"] for e in store.entries()] == ["job-7"]


def test_names_are_unique_roles_are_known_and_revoke_removes(tmp_path):
    store = KeyStore(tmp_path / "k.json")
    key = store.add("alice", "reviewer")
    with pytest.raises(ClinigraphError, match="exists"):
        store.add("alice", "admin")
    with pytest.raises(ClinigraphError, match="unknown role"):
        store.add("bob", "superuser")
    store.revoke("alice")
    assert store.principal(key) is None
    with pytest.raises(ClinigraphError, match="no key named"):
        store.revoke("alice")


@pytest.mark.parametrize("content, fragment", [
    ("not json", "not a clinigraph keys file"),
    (json.dumps({"keys": [{"name": "a", "role": "admin"}]}), "key 1: field 'sha256'"),
    (json.dumps({"keys": [{"name": "a", "role": "root", "sha256": "00"}]}), "field 'role': unknown role 'root'"),
])
def test_a_bad_keys_file_is_refused_naming_the_field(tmp_path, content, fragment):
    path = tmp_path / "api-keys.json"
    path.write_text(content)
    with pytest.raises(ClinigraphError, match=str(path)) as info:
        KeyStore(path).entries()
    assert fragment in str(info.value)


def test_roles_grant_what_the_readme_says():
    assert "admin" in ROLES["admin"] and "admin" not in ROLES["reviewer"] | ROLES["generator"]
    assert "cypher" in ROLES["reviewer"] and "cypher" not in ROLES["generator"]
    assert "verify" in ROLES["generator"] and "verify" not in ROLES["reviewer"]
    assert all("read" in perms for perms in ROLES.values())


def test_the_typed_client_sends_its_key_as_a_bearer_token(monkeypatch):
    from api.client import ClinigraphClient

    monkeypatch.delenv("CLINIGRAPH_API_KEY", raising=False)
    with ClinigraphClient(api_key="cg_abc") as kg:
        assert kg._http.headers["authorization"] == "Bearer cg_abc"
    monkeypatch.setenv("CLINIGRAPH_API_KEY", "cg_env")
    with ClinigraphClient() as kg:
        assert kg._http.headers["authorization"] == "Bearer cg_env"
    monkeypatch.delenv("CLINIGRAPH_API_KEY")
    with ClinigraphClient() as kg:
        assert "authorization" not in kg._http.headers

"""API keys with roles, enforced by the service (Neo4j Community has no roles of its own).

A key is shown once, when it is made (``clinigraph keys add NAME --role ROLE``); the keys file keeps
only its SHA-256, its name and role. Keys are 256-bit random tokens, so an unsalted hash is enough:
nothing about a key can be guessed from its digest.

Roles grant permissions:

* ``reviewer`` — read terminology, provenance and audit, and run read-only Cypher;
* ``generator`` — read terminology, verify claims, specialty relevance;
* ``admin`` — everything, including loads, builds and jobs (the only writes the API offers).

The Neo4j credential stays in the server process: no response carries it, and clients never talk Bolt.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer
from fastapi.security.utils import get_authorization_scheme_param

from loaders.errors import AccessError, ConflictError, InputError, NotFoundError, UnavailableError

READ, PROVENANCE, AUDIT, CYPHER, VERIFY, RELEVANCE, ADMIN = (
    "read", "provenance", "audit", "cypher", "verify", "relevance", "admin")

ROLES: dict[str, frozenset[str]] = {
    "reviewer": frozenset({READ, PROVENANCE, AUDIT, CYPHER}),
    "generator": frozenset({READ, VERIFY, RELEVANCE}),
    "admin": frozenset({READ, PROVENANCE, AUDIT, CYPHER, VERIFY, RELEVANCE, ADMIN}),
}

KEY_PREFIX = "cg_"


class AuthError(AccessError):
    """A request refused by access control: see the two kinds below."""


class UnauthenticatedError(AuthError):
    """No API key, or one that is unknown or revoked (401: who is calling is not known)."""


class ForbiddenError(AuthError):
    """A known key whose role lacks the permission (403: known, but not allowed)."""


@dataclass(frozen=True)
class Principal:
    """Who is calling: the key's name and role (never the key)."""

    name: str
    role: str

    def may(self, permission: str) -> bool:
        return permission in ROLES[self.role]


def digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class KeyStore:
    """The keys file (JSON: ``{"keys": [{"name", "role", "sha256", "created"}]}``), reread when it changes
    so ``clinigraph keys add/revoke`` take effect on a running API without a restart."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._stamp: tuple[int, int] | None = None
        self._by_digest: dict[str, Principal] = {}

    # reading ------------------------------------------------------------------------------------

    def _entries(self) -> list[dict[str, str]]:
        if not self.path.exists():
            return []
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            entries = data["keys"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise UnavailableError(f"{self.path}: not a clinigraph keys file ({exc})") from None
        for i, e in enumerate(entries):
            for field in ("name", "role", "sha256"):
                if not isinstance(e.get(field), str) or not e[field]:
                    raise UnavailableError(f"{self.path}: key {i + 1}: field {field!r} is missing or empty")
            if e["role"] not in ROLES:
                raise UnavailableError(f"{self.path}: key {e['name']!r}: field 'role': unknown role {e['role']!r}")
        return list(entries)

    def _refresh(self) -> None:
        try:
            st = self.path.stat()
            stamp: tuple[int, int] | None = (st.st_mtime_ns, st.st_size)
        except FileNotFoundError:
            stamp = None
        if stamp == self._stamp:  # (no file and nothing loaded is the starting state)
            return
        with self._lock:
            self._by_digest = {e["sha256"]: Principal(e["name"], e["role"]) for e in self._entries()}
            self._stamp = stamp

    def principal(self, key: str) -> Principal | None:
        self._refresh()
        return self._by_digest.get(digest(key))

    def entries(self) -> list[dict[str, str]]:
        return [{k: e[k] for k in ("name", "role", "created") if k in e} for e in self._entries()]

    # writing (the CLI) --------------------------------------------------------------------------------

    def add(self, name: str, role: str) -> str:
        """Make a key for ``name`` with ``role``; returns the key, which is not stored anywhere."""
        if role not in ROLES:
            raise InputError(f"unknown role {role!r}: one of {', '.join(sorted(ROLES))}", "role")
        name = name.strip()
        if not name or len(name) > 100:
            raise InputError("a key name is 1–100 characters", "name")
        entries = self._entries()
        if any(e["name"] == name for e in entries):
            raise ConflictError(f"a key named {name!r} exists: revoke it first or choose another name")
        key = KEY_PREFIX + secrets.token_urlsafe(32)
        entries.append({"name": name, "role": role, "sha256": digest(key),
                        "created": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")})
        self._write(entries)
        return key

    def revoke(self, name: str) -> None:
        entries = self._entries()
        kept = [e for e in entries if e["name"] != name]
        if len(kept) == len(entries):
            raise NotFoundError(f"no key named {name!r}")
        self._write(kept)

    def _write(self, entries: list[dict[str, str]]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"keys": entries}, fh, indent=2)
            fh.write("\n")
        os.replace(tmp, self.path)  # readers see the old file or the new one, never half of one


# Declared as security schemes so the OpenAPI document (and the docs page's Authorize button) show them.
_bearer = HTTPBearer(auto_error=False, description="An API key from `clinigraph keys add`")
_header = APIKeyHeader(name="X-API-Key", auto_error=False, description="The same key, as a header")


def key_of(authorization: str | None, api_key: str | None) -> str | None:
    """The key a request carries: ``Authorization: Bearer <key>`` (read as FastAPI's HTTPBearer reads it),
    else ``X-API-Key``."""
    scheme, credentials = get_authorization_scheme_param(authorization)
    if scheme.lower() == "bearer" and credentials:
        return credentials
    return api_key or None


def authorize(store: KeyStore, key: str | None, permission: str) -> Principal:
    """The caller behind ``key`` if its role has ``permission``; else :class:`UnauthenticatedError` or
    :class:`ForbiddenError`."""
    if not key:
        raise UnauthenticatedError("an API key is required (Authorization: Bearer <key>, or X-API-Key)")
    principal = store.principal(key)
    if principal is None:
        raise UnauthenticatedError("unknown or revoked API key")
    if not principal.may(permission):
        raise ForbiddenError(f"the {principal.role} role may not {permission.replace('_', ' ')} "
                             f"(key {principal.name!r})")
    return principal


def require(permission: str):  # noqa: ANN201 - a FastAPI dependency
    """A dependency that admits a request whose key's role has ``permission``."""

    async def check(request: Request, bearer: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
                    header: Annotated[str | None, Depends(_header)]) -> Principal:
        principal = authorize(request.app.state.keys, (bearer.credentials if bearer else None) or header,
                              permission)
        request.state.principal = principal
        return principal

    return Depends(check)


CallerDep = Annotated[Principal, require(READ)]

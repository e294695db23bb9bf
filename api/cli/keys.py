"""``clinigraph keys add|list|revoke``: API keys with roles."""

from __future__ import annotations

from typing import Annotated

import typer

from api.cli.base import app, err, out
from graph.settings import get_settings

keys_app = typer.Typer(no_args_is_help=True, help="API keys with roles (reviewer, generator, admin).")
app.add_typer(keys_app, name="keys")


def _key_store():  # noqa: ANN202
    from api.auth import KeyStore

    return KeyStore(get_settings().keys_path)


@keys_app.command("add")
def keys_add(
    name: Annotated[str, typer.Argument(help="Who or what holds the key, e.g. a job or a person")],
    role: Annotated[str, typer.Option(help="reviewer, generator or admin")] = "generator",
) -> None:
    """Make a key; it is printed once and only its hash is kept."""
    key = _key_store().add(name, role)
    err.print(f"{role} key {name!r} added to {get_settings().keys_path}; it is shown once:")
    print(key)


@keys_app.command("list")
def keys_list() -> None:
    """The keys' names, roles and creation times (never the keys)."""
    for entry in _key_store().entries():
        out.print(f"{entry['name']}\t{entry['role']}\t{entry.get('created', '')}")


@keys_app.command("revoke")
def keys_revoke(name: Annotated[str, typer.Argument(help="The key's name")]) -> None:
    """Remove a key; a running API refuses it from its next request."""
    _key_store().revoke(name)
    out.print(f"revoked {name!r}")

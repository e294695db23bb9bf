"""``clinigraph neo4j start|stop|status``: the local Neo4j 5.26 Community server."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from api.cli.base import _runtime, app, err, out
from graph.settings import get_settings

neo4j_app = typer.Typer(no_args_is_help=True, help="Run the local Neo4j 5.26 Community server.")
app.add_typer(neo4j_app, name="neo4j")


@neo4j_app.command("start")
def neo4j_start() -> None:
    """Resolve Neo4j from Maven Central (first run), start it on loopback and wait for Bolt."""
    settings = get_settings()
    if settings.uses_external_server:
        out.print(f"NEO4J_URI is set ({settings.external_uri}): clinigraph uses that server, nothing to start.")
        return
    with err.status("Starting Neo4j (the first run fetches it from Maven Central)…"):
        state = _runtime().start()
    out.print(f"Neo4j {state.neo4j_version} is up.")
    out.print(f"  Bolt:    {state.bolt_uri}  (user {state.user}; password in {get_settings().home / 'state.json'})")
    out.print(f"  Browser: {state.browser_url}")


@neo4j_app.command("stop")
def neo4j_stop() -> None:
    """Stop the local server cleanly."""
    stopped = _runtime().stop()
    out.print("Neo4j stopped." if stopped else "Neo4j was not running.")


@neo4j_app.command("status")
def neo4j_status(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Whether the local server runs, where, and which version."""
    status = _runtime().status()
    if as_json:
        out.print_json(json.dumps(status))
        return
    for key, value in status.items():
        out.print(f"{key:>14}: {value}")
    if not status["running"]:
        raise typer.Exit(3)

"""``clinigraph schema apply``: constraints and indexes from cypher/schema/."""

from __future__ import annotations

import typer

from api.cli.base import _driver, app, out
from graph.settings import get_settings

schema_app = typer.Typer(no_args_is_help=True, help="Constraints and indexes from cypher/schema/.")
app.add_typer(schema_app, name="schema")


@schema_app.command("apply")
def schema_apply() -> None:
    """Apply pending schema files (idempotent) and wait for indexes to come online."""
    from graph.store.schema import apply_schema

    with _driver() as driver:
        applied = apply_schema(driver, get_settings().database)
    out.print(f"Applied: {', '.join(applied)}" if applied else "Schema up to date.")

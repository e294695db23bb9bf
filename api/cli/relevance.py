"""Layers built for specialty relevance: ``specialties`` (home specialties), ``links`` (diagnosis links)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from api.cli.base import _driver, app, out
from graph.relevance.defaults import RESIDUAL_THRESHOLD
from graph.settings import get_settings


@app.command("specialties")
def specialties_command(
    path: Annotated[Path | None, typer.Argument(help="Ownership rules (default graph/resources/specialties.toml)")]
    = None,
) -> None:
    """Give ICD-10-CM codes of the current release their home specialties (Specialty nodes, HOME_SPECIALTY edges)."""
    from graph.relevance.specialties import load_specialties
    from graph.store.schema import apply_schema
    from loaders.specialties import DEFAULT_FILE

    settings = get_settings()
    with _driver() as driver:
        apply_schema(driver, settings.database)
        result = load_specialties(driver, settings.database, path or DEFAULT_FILE)
    if result.action == "unchanged":
        out.print(f"Specialty map {result.map_id} is already loaded (nothing written).")
        return
    out.print(f"Loaded specialty map {result.map_id}: {result.codes_with_a_home} codes with a home, "
              f"{result.edges} HOME_SPECIALTY edges" + (f"; replaced {', '.join(result.replaced)}"
                                                         if result.replaced else ""))


@app.command("links")
def links_command(
    curated: Annotated[Path | None, typer.Option(help="Curated links CSV (default graph/resources/curated_links.csv)")]
    = None,
    threshold: Annotated[float, typer.Option(help="Residual (class 3) overlap threshold")] = RESIDUAL_THRESHOLD,
) -> None:
    """Build diagnosis–diagnosis links (ICD-10-CM notes, SNOMED CT attributes, curated, shared findings) as a run."""
    from graph.relevance.links import build_links
    from graph.store.schema import apply_schema
    from loaders.curated_links import DEFAULT_FILE

    settings = get_settings()
    with _driver() as driver:
        apply_schema(driver, settings.database)
        result = build_links(driver, settings.database, curated or DEFAULT_FILE, threshold=threshold)
    verb = "completed" if result.action == "completed" else "already completed earlier (nothing written)"
    out.print(f"Link run {result.run_id} {verb}: " + ", ".join(f"{k} {v}" for k, v in result.counts.items()))
    for old in result.superseded:
        out.print(f"  superseded: {old}")

"""Loads and what they made: ``load``, ``build``, ``releases``, ``stats``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from api.cli.base import _driver, app, err, out
from graph.settings import get_settings


@app.command("load")
def load(
    source: Annotated[str, typer.Argument(
        help="Source name: icd10cm, hpo, mondo, doid, mesh, obo (any ontology), snomed, loinc, rxnorm, umls, "
             "semmeddb")],
    release_path: Annotated[Path | None, typer.Argument(help="Release file or folder (same as --path)")] = None,
    path: Annotated[Path | None, typer.Option("--path", help="Release file; default: the bundled one")] = None,
    full: Annotated[bool, typer.Option("--full", help="snomed: read the Full files (latest row per id)")] = False,
    annotations: Annotated[
        Path | None, typer.Option("--annotations", help="hpo: phenotype.hpoa to load with the ontology")
    ] = None,
    no_annotations: Annotated[bool, typer.Option("--no-annotations", help="hpo: the ontology only")] = False,
    version: Annotated[str | None, typer.Option("--version", help="Override the release version")] = None,
    force: Annotated[bool, typer.Option("--force", help="Reload even if this release is complete")] = False,
    sab: Annotated[
        list[str] | None, typer.Option("--sab", help="rxnorm: a source to read (repeat; default RXNORM only)")
    ] = None,
    no_check_digits: Annotated[bool, typer.Option(
        "--no-check-digits", help="snomed: accept SCTIDs whose check digit fails (test data only; counted)")] = False,
) -> None:
    """Load one release of a source as a versioned, all-or-nothing release."""
    from graph.store.loading import load_release
    from graph.store.schema import apply_schema
    from loaders.registry import LoadRequest, get_loader

    settings = get_settings()
    prepared = get_loader(source).prepare(
        LoadRequest(path=path or release_path, annotations=annotations, version=version,
                    no_annotations=no_annotations, full=full, sabs=tuple(sab or ("RXNORM",)),
                    check_digits=not no_check_digits)
    )
    with _driver() as driver:
        apply_schema(driver, settings.database)
        with Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), TextColumn("{task.completed:,} rows"),
            TimeElapsedColumn(), console=err, transient=True,
        ) as progress:
            tasks = {
                "concepts": progress.add_task("concepts", total=None),
                "edges": progress.add_task("edges", total=None),
            }
            result = load_release(
                driver, settings.database, prepared.info, prepared.parse,
                force=force, batch_size=settings.batch_size,
                on_progress=lambda kind, n: progress.advance(tasks[kind], n),
            )
    if result.action == "unchanged":
        out.print(f"{result.release_id} is already loaded from the same files: nothing to do.")
        return
    if result.action == "identical":
        out.print(f"Reloaded {result.release_id} in {result.seconds:.1f}s: the files yield exactly what "
                  f"{result.instance} holds, so it keeps serving and the extraction runs, specialty maps and "
                  "link runs built on it stay current (the reload is recorded as discarded).")
        return
    edges = sum(result.counts.edges_written.values())
    out.print(
        f"Loaded {result.release_id}: {result.counts.concepts:,} concepts, {edges:,} edges "
        f"in {result.seconds:.1f}s"
    )
    for line in result.report:
        out.print(f"  report: {line}")


@app.command("build")
def build(
    sources: Annotated[Path, typer.Argument(help="TOML file naming every release ([[release]] tables)")],
    keep_csv: Annotated[bool, typer.Option("--keep-csv", help="Keep the import CSVs")] = False,
    yes: Annotated[bool, typer.Option("--yes", help="Replace the current database without asking")] = False,
) -> None:
    """Full build: every release as neo4j-admin import CSVs, imported beside the served store, then switched to."""
    from graph.store.bulk import full_build
    from loaders.registry import get_loader
    from loaders.sources_file import read_sources_file

    requests = read_sources_file(sources)
    if not yes and not typer.confirm("A full build replaces the whole local database. Go on?"):
        raise typer.Exit(1)
    prepared = [get_loader(name).prepare(req) for name, req in requests]
    stats = full_build(get_settings(), prepared, keep_csv=keep_csv)
    out.print(
        f"Built {len(stats.releases)} releases ({', '.join(stats.releases)}): {stats.concepts:,} concepts, "
        f"{stats.edges:,} edges; CSV {stats.csv_seconds:.1f}s, import {stats.import_seconds:.1f}s, "
        f"schema {stats.schema_seconds:.1f}s; the server was down {stats.downtime_seconds:.1f}s (the switch)"
    )


@app.command("releases")
def releases(all_: Annotated[bool, typer.Option("--all", help="Include loading and failed")] = False) -> None:
    """List releases."""
    from graph.store.releases import list_releases

    with _driver() as driver:
        rows = list_releases(driver, get_settings().database, include_incomplete=all_)
    for r in rows:
        flag = " (current)" if r["current"] else ""
        # A reload is a second instance of the same release (ICD10CM@2026+2): both named.
        instance = f" [instance {r['id']}]" if r["id"] != r["name"] else ""
        replaced = f" [replaced by {r['superseded_by']}]" if r.get("superseded_by") else ""
        out.print(escape(f"{r['name']:<24} {r['status']:<9}{flag}{instance}{replaced}"))
    from graph.store.derived import derived_layers

    with _driver() as driver:
        layers = derived_layers(driver, get_settings().database)
    for layer in layers:  # a layer that lost its ground says so where releases are listed
        if layer["stale"] and layer["in_use"]:
            out.print(escape(f"stale: {layer['kind']} {layer['id']} ({layer['stale_because']}); "
                             f"rerun `{layer['rebuild']}`"))


@app.command("stats")
def stats(as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output")] = False) -> None:
    """Per-release counts: concepts by kind, billable codes, edges by type."""
    from graph.store.derived import derived_layers
    from graph.store.stats import release_stats

    with _driver() as driver:
        rows = release_stats(driver, get_settings().database)
        layers = derived_layers(driver, get_settings().database)
    if as_json:
        sys.stdout.write(json.dumps({"releases": rows, "derived": layers}, indent=2, default=str) + "\n")
        return
    for r in rows:
        out.print(f"[bold]{r['release']}[/bold] {r['status']}{' current' if r['current'] else ''}")
        out.print(f"  concepts {r['concepts']:,} {r['concepts_by_kind']}; billable {r['billable_codes']:,}")
        out.print(f"  edges {r['edges_by_type']}; citations {r['citations_by_note_type']}")
    for layer in layers:
        state = "stale: " + str(layer["stale_because"]) if layer["stale"] else layer["status"]
        out.print(escape(f"{layer['kind']} {layer['id']} on {', '.join(layer['releases'] or [])}: {state}"))

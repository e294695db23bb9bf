"""Source material and extraction runs: ``ingest``, ``extract``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from api.cli.base import _driver, app, err, out
from graph.settings import get_settings
from loaders.errors import ClinigraphError
from loaders.package_resources import shipped_path

BUNDLED_MATERIAL = shipped_path("loaders", "resources", "material")


@app.command("ingest")
def ingest_command(
    paths: Annotated[list[Path] | None, typer.Argument(help="JSONL files; default: the bundled board-review decks")]
    = None,
) -> None:
    """Store source material (board questions, fact cards, cases) from JSONL; bad lines are listed, the rest kept."""
    from graph.extraction.material import ingest
    from graph.store.schema import apply_schema

    settings = get_settings()
    files = paths or sorted(BUNDLED_MATERIAL.glob("*.jsonl"))
    with _driver() as driver:
        apply_schema(driver, settings.database)
        for path in files:
            result = ingest(driver, settings.database, path, batch_size=settings.batch_size)
            out.print(f"{path.name}: document {result.document_id} (sha256 {result.document_sha256[:12]}…): "
                      f"{result.items_read} items — {result.created} new, {result.superseded} new versions, "
                      f"{result.unchanged} unchanged, {len(result.problems)} lines rejected")
            for problem in result.problems:
                err.print(f"  {path.name}, {problem}", highlight=False)


@app.command("extract")
def extract_command(
    document: Annotated[str | None, typer.Option("--document", help="Only items of this document (sha256)")] = None,
    item: Annotated[list[str] | None, typer.Option("--item", help="Only this item id (repeat)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output")] = False,
) -> None:
    """Find and ground diagnoses and findings in the current items; add typed diagnosis–finding edges (a run)."""
    from graph.extraction.lexicon import load_lexicon
    from graph.extraction.material import current_items
    from graph.extraction.mentions import DictionaryExtractor
    from graph.extraction.runs import run_extraction

    settings = get_settings()
    with _driver() as driver:
        items = current_items(driver, settings.database, item, document)
        if not items:
            raise ClinigraphError("no current items to extract from; ingest some with `clinigraph ingest`")
        lexicon = load_lexicon(driver, settings.database)
        if not lexicon.releases:
            raise ClinigraphError("no terminology is loaded to ground to; load one with `clinigraph load`")
        extractor = DictionaryExtractor(lexicon)
        what = f"document {document}" if document else (f"items {', '.join(item)}" if item else "all current items")
        result = run_extraction(driver, settings.database, items, extractor, lexicon,
                                parameters={"document": document, "items": sorted(item or [])},
                                input_description=what, batch_size=settings.batch_size)
    if as_json:
        out.print_json(data={"run": result.run_id, "action": result.action, "counts": result.counts,
                             "superseded_runs": result.superseded_runs})
        return
    verb = "completed" if result.action == "completed" else "already completed earlier (nothing written)"
    out.print(f"Run {result.run_id} ({result.job} {result.job_version}) {verb}: "
              + ", ".join(f"{k} {v}" for k, v in result.counts.items()))
    for old in result.superseded_runs:
        out.print(f"  superseded: {old}")

"""The ``clinigraph`` command: run Neo4j, apply the schema, load releases, serve the API.

Every failure clinigraph anticipates ends as one line on stderr (``error: …``) and
exit code 1; nothing prints a traceback at a user for a bad file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from graph.settings import get_settings
from loaders.errors import ClinigraphError
from loaders.package_resources import shipped_path

app = typer.Typer(
    add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
    help="clinigraph: an open clinical knowledge graph on Neo4j.",
)
neo4j_app = typer.Typer(no_args_is_help=True, help="Run the local Neo4j 5.26 Community server.")
schema_app = typer.Typer(no_args_is_help=True, help="Constraints and indexes from cypher/schema/.")
app.add_typer(neo4j_app, name="neo4j")
evaluate_app = typer.Typer(no_args_is_help=True, help="Evaluate against a labelled or reference file.")
app.add_typer(schema_app, name="schema")
app.add_typer(evaluate_app, name="evaluate")
keys_app = typer.Typer(no_args_is_help=True, help="API keys with roles (reviewer, generator, admin).")
app.add_typer(keys_app, name="keys")

out = Console(soft_wrap=True)
err = Console(stderr=True)


def _runtime():  # noqa: ANN202 - small factory
    from graph.store.runtime import Neo4jRuntime

    return Neo4jRuntime(get_settings())


def _driver():  # noqa: ANN202
    """A driver that has reached the server once: a stopped server fails at once, not after retries."""
    from graph.store.connection import open_driver

    driver = open_driver(get_settings())
    try:
        driver.verify_connectivity()
    except Exception:
        driver.close()
        raise
    return driver


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


@schema_app.command("apply")
def schema_apply() -> None:
    """Apply pending schema files (idempotent) and wait for indexes to come online."""
    from graph.store.schema import apply_schema

    with _driver() as driver:
        applied = apply_schema(driver, get_settings().database)
    out.print(f"Applied: {', '.join(applied)}" if applied else "Schema up to date.")


@app.command("load")
def load(
    source: Annotated[str, typer.Argument(
        help="Source name: icd10cm, hpo, obo (any ontology), snomed, loinc, rxnorm, umls, semmeddb")],
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
                  "link runs built on it stay current (the reload's copy was discarded).")
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


def _concept_arg(text: str) -> dict[str, str]:
    """``ICD10CM:I10``, ``HPO:HP:0000822`` or ``UMLS:C0020538`` → a code; anything else is a name."""
    from graph.verification.verifier import VERIFY_SYSTEMS

    system, sep, code = text.partition(":")
    if sep and system.strip().upper() in (*VERIFY_SYSTEMS, "SNOMED", "SNOMEDCT_US", "LNC", "ICD-10-CM") and code:
        return {"system": system.strip(), "code": code.strip()}
    return {"name": text}


@app.command("verify")
def verify_command(
    subject: Annotated[str | None, typer.Argument(help="SYSTEM:CODE (UMLS:C0020538, ICD10CM:I10) or a name")] = None,
    predicate: Annotated[str | None, typer.Argument(help="cause, affect, associate, treat, has_finding, "
                                                         "TREATED_BY …, or a SemMedDB predicate")] = None,
    obj: Annotated[str | None, typer.Argument(metavar="OBJECT", help="SYSTEM:CODE or a name")] = None,
    context: Annotated[list[str] | None, typer.Option("--context", help="A background concept (repeatable)")] = None,
    min_pmids: Annotated[int, typer.Option(help="Distinct PMIDs a literature edge needs")] = 1,
    hierarchy_steps: Annotated[int, typer.Option(help="IS A steps to a more general subject / specific object")] = 0,
    ignore_generic: Annotated[bool, typer.Option(help="Do not count edges with a generic concept")] = False,
    sources: Annotated[str, typer.Option(help="Evidence that decides: literature, ontology (comma-separated)")] =
    "literature",
    batch: Annotated[Path | None, typer.Option(help="JSONL of claims (the POST /v1/verify body per line); "
                                                    "writes one JSON answer per line")] = None,
) -> None:
    """Verify a claimed relation (or a JSONL batch) against the loaded literature and ontologies."""
    from api.models import VerifyIn
    from api.routes.verify import claim_of
    from graph.verification.verifier import Verifier

    settings = get_settings()
    if batch is not None:
        items = []
        with batch.open(encoding="utf-8") as fh:
            for number, line in enumerate(fh, start=1):
                if line.strip():
                    try:
                        items.append(VerifyIn.model_validate_json(line))
                    except ValueError as exc:
                        raise ClinigraphError(f"{batch} line {number}: {exc}") from None
        with _driver() as driver:
            verifier = Verifier(driver, settings.database)
            for start in range(0, len(items), 500):
                for answer in verifier.verify_many([claim_of(i) for i in items[start:start + 500]]):
                    sys.stdout.write(json.dumps(answer, default=str) + "\n")
        return
    if not (subject and predicate and obj):
        raise ClinigraphError("give SUBJECT PREDICATE OBJECT, or --batch FILE")
    body = VerifyIn.model_validate({
        "subject": _concept_arg(subject), "predicate": predicate, "object": _concept_arg(obj),
        "context": [_concept_arg(c) for c in context or []],
        "thresholds": {"min_pmids": min_pmids, "hierarchy_steps": hierarchy_steps, "ignore_generic": ignore_generic,
                       "sources": [s.strip() for s in sources.split(",") if s.strip()]},
    })
    with _driver() as driver:
        answer = Verifier(driver, settings.database).verify(claim_of(body))
    sys.stdout.write(json.dumps(answer, indent=2, default=str) + "\n")


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
    threshold: Annotated[float, typer.Option(help="Residual (class 3) overlap threshold")] = 0.20,
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


@evaluate_app.command("grounding")
def evaluate_grounding_command(
    labels: Annotated[Path, typer.Argument(help="Labelled mentions, JSONL (bench/labels/grounding_mentions.jsonl)")],
    as_json: Annotated[bool, typer.Option("--json", help="Summary and errors as JSON")] = False,
) -> None:
    """Run the grounding cascade on labelled mentions against the current releases: outcomes, precision, recall."""
    from graph.extraction.evaluation import evaluate_grounding
    from graph.extraction.grounding import Grounder
    from graph.extraction.lexicon import load_lexicon
    from loaders.grounding_labels import read_labels

    settings = get_settings()
    rows = read_labels(labels)
    with _driver() as driver:
        lexicon = load_lexicon(driver, settings.database)
    if not lexicon.releases:
        raise ClinigraphError("no terminology is loaded to ground to; load one with `clinigraph load`")
    evaluation = evaluate_grounding(Grounder(lexicon), rows)
    summary = evaluation.summary
    if as_json:
        out.print_json(data={"releases": lexicon.releases, "summary": summary, "errors": evaluation.errors()})
        return
    out.print(f"{summary['mentions']} labelled mentions ({summary['with_a_right_code']} with a right code, "
              f"{summary['must_be_rejected']} to reject) against {', '.join(sorted(set(lexicon.releases.values())))}")
    out.print(f"correct {summary['correct']} (accuracy {summary['accuracy']}), recall {summary['recall']}, "
              f"precision {summary['precision']}, outcome agreement {summary['outcome_agreement']}, "
              f"wrong proposals kept {summary['bad_proposals_kept']}")
    for expected, actual in summary["outcomes_expected_vs_actual"].items():
        out.print(f"  expected {expected}: " + ", ".join(f"{k} {v}" for k, v in sorted(actual.items())))
    for method, m in summary["by_method"].items():
        out.print(f"  {method}: {m['decisions']} decisions, precision {m['precision']}, "
                  f"recall share {m['recall_share']}")
    for e in evaluation.errors():
        out.print(f"  ✗ {e['id']} {e['mention']!r}: expected {e['expected']}, got {e['outcome']} "
                  f"{e['chosen'] or ''} ({e['method'] or e['reason']})", highlight=False)


@evaluate_app.command("relations")
def evaluate_relations_command(
    reference: Annotated[Path, typer.Argument(help="Required diagnosis pairs, CSV (bench/labels/…relations.csv)")],
    as_json: Annotated[bool, typer.Option("--json", help="The whole report as JSON")] = False,
) -> None:
    """Recall of the current link run on required diagnosis pairs: per class, curated-only hits, every miss."""
    from graph.relevance.evaluation import evaluate_relations
    from loaders.relation_reference import read_reference

    settings = get_settings()
    pairs = read_reference(reference)
    with _driver() as driver:
        report = evaluate_relations(driver, settings.database, pairs)
    if as_json:
        out.print_json(data=report)
        return
    out.print(f"{report['recovered']} of {report['pairs']} pairs recovered (recall {report['recall']}) by link run "
              f"{report['link_run']}; {report['hits_needing_curated_links']} only through curated links; class "
              f"agreement among hits {report['class_agreement_among_hits']}")
    for cls, figures in report["by_class"].items():
        out.print(f"  class {cls}: {figures['hits']}/{figures['pairs']} (recall {figures['recall']}), "
                  f"curated only {figures['curated_only']}")
    for miss in report["misses"]:
        between = miss["between"]
        what = []
        if between["notes"]:
            what.append("notes: " + "; ".join(f"{n['note_type']} {n['from']}→{n['to']}" for n in between["notes"]))
        if between["shared_findings"]:
            what.append("shared findings: " + ", ".join(between["shared_findings"]))
        what.append(f"nearest common ancestor: {between['common_ancestor'] or 'none'}")
        out.print(f"  ✗ {miss['id']} {miss['a']} – {miss['b']} (class {miss['expected_class']}): " + "; ".join(what),
                  highlight=False)


@app.command("serve")
def serve(
    host: Annotated[str | None, typer.Option(help="Bind address (default 127.0.0.1)")] = None,
    port: Annotated[int | None, typer.Option(help="Port (default 8000)")] = None,
    access_log: Annotated[bool, typer.Option(help="Log a line per request (off: generation jobs make "
                                                  "thousands of calls a minute)")] = False,
) -> None:
    """Serve the HTTP API (OpenAPI docs at /docs)."""
    from api.app import create_app
    from api.server import ServerLimits
    from api.server import serve as serve_http

    settings = get_settings()
    # A line per request was 4 % of the API process's time under single verifications (bench/RESULTS.md);
    # errors and failures are logged either way. The header timeout and size limits: api/server.py.
    serve_http(create_app(settings), host or settings.api_host, port or settings.api_port,
               access_log=access_log, limits=ServerLimits.from_settings(settings))


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


@app.command("demo")
def demo(
    serve_api: Annotated[bool, typer.Option("--serve/--no-serve", help="Serve the API afterwards")] = True,
) -> None:
    """The main job: start Neo4j, apply the schema, load the default real data, serve the API."""
    settings = get_settings()
    neo4j_start()
    schema_apply()
    load("icd10cm", path=None)
    load("hpo", path=None)
    specialties_command(None)
    ingest_command(None)
    extract_command(None, None, False)
    links_command(None, 0.20)
    stats(as_json=False)
    browser = "(external server)"
    if not settings.uses_external_server:
        state = _runtime().read_state()
        browser = state.browser_url if state else browser
    base = f"http://{settings.api_host}:{settings.api_port}"
    out.print("\n[bold]clinigraph is ready.[/bold]")
    out.print(f"  API docs:       {base}/docs")
    out.print(f"  Try:            {base}/v1/concepts/ICD10CM/E11.22   {base}/v1/search?q=heart+failure")
    out.print(f"                  {base}/v1/specialty-relevance?diagnosis=E11.22&diagnosis=N18.3&diagnosis=I11.0"
              "&diagnosis=I50.9&specialty=Nephrology")
    out.print(f"  Neo4j Browser:  {browser}  (saved queries in cypher/queries/)")
    store = _key_store()
    if not any(e["role"] == "admin" for e in store.entries()):
        key = store.add("local-admin", "admin")
        out.print(f"  API key:        {key}  (admin; shown once — send as 'Authorization: Bearer …';")
        out.print("                  more with `clinigraph keys add NAME --role reviewer|generator|admin`)")
    else:
        out.print(f"  API keys:       {settings.keys_path} (`clinigraph keys add NAME --role …` for another)")
    if serve_api:
        serve()


def main() -> None:
    """Console entry point: anticipated errors become one line and exit code 1."""
    from neo4j.exceptions import AuthError, ServiceUnavailable, SessionExpired

    try:
        app()
    except ClinigraphError as exc:
        # A file's content can look like Rich markup ("[/b]"): printed as text, never interpreted.
        err.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False, soft_wrap=True)
        raise SystemExit(1) from None
    except (ServiceUnavailable, SessionExpired) as exc:
        err.print(
            f"[red]error:[/red] Neo4j cannot be reached ({type(exc).__name__}); "
            "start it with `clinigraph neo4j start`, or check NEO4J_URI",
            highlight=False, soft_wrap=True,
        )
        raise SystemExit(1) from None
    except AuthError:
        err.print("[red]error:[/red] Neo4j refused the credentials (NEO4J_USER / NEO4J_PASSWORD, "
                  "or the local state.json)", highlight=False, soft_wrap=True)
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()

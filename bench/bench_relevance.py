"""Benchmark: diagnosis–diagnosis link building and specialty relevance on the real ICD-10-CM release.

Loads real ICD-10-CM 2026 and HPO, the SNOMED CT fixture (so the SNOMED attribute
statements run), the bundled decks (ingested and extracted) and the specialty map into
a throwaway server; times the link build; then times specialty relevance for a patient
with 10 diagnoses and 40 findings across all 20 specialties — over HTTP and in process —
against a bare Bolt ``RETURN 1`` measured in the same run. Finally evaluates the team's
reference pairs.

    bench/run relevance            # or: python bench/bench_relevance.py [--calls 500]

Writes ``bench/out/relevance.json`` and prints it.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from phases import bolt_floor_samples, git_head, peak_rss_mb, percentiles, serve  # noqa: E402

DIAGNOSES = ["E11.22", "N18.3", "I11.0", "I50.9", "I48.91", "J44.9", "E03.9", "D50.9", "M10.9", "K70.30"]
SNOMED_FIXTURE = ROOT / "tests" / "fixtures" / "snomed" / "snapshot_release"
REFERENCE = ROOT / "bench" / "labels" / "diagnosis_relations.csv"
DECKS = ROOT / "loaders" / "resources" / "material"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=500)
    args = parser.parse_args()

    import httpx

    from graph.extraction.lexicon import load_lexicon
    from graph.extraction.material import current_items, ingest
    from graph.extraction.mentions import DictionaryExtractor
    from graph.extraction.runs import run_extraction
    from graph.relevance.answers import Patient, relevance
    from graph.relevance.evaluation import evaluate_relations
    from graph.relevance.links import build_links
    from graph.relevance.specialties import load_specialties
    from graph.store.connection import open_driver
    from graph.store.loading import load_release
    from graph.store.runtime import free_port, throwaway_server
    from graph.store.schema import apply_schema
    from loaders.registry import LoadRequest, get_loader
    from loaders.relation_reference import read_reference

    out: dict = {"benchmark": "relevance", "date": datetime.now(UTC).strftime("%Y-%m-%d"), "git": git_head()}
    with throwaway_server(Path(tempfile.mkdtemp(prefix="clinigraph-relevance-"))) as settings, \
            open_driver(settings) as driver:
        db = settings.database
        apply_schema(driver, db)
        for source, path in (("icd10cm", None), ("hpo", None), ("snomed", SNOMED_FIXTURE)):
            prepared = get_loader(source).prepare(LoadRequest(path=path))
            for p in prepared if isinstance(prepared, list) else [prepared]:
                load_release(driver, db, p.info, p.parse)
        for deck in sorted(DECKS.glob("*.jsonl")):
            ingest(driver, db, deck)
        lexicon = load_lexicon(driver, db)
        run_extraction(driver, db, current_items(driver, db), DictionaryExtractor(lexicon), lexicon)
        t = time.perf_counter()
        specialty_map = load_specialties(driver, db)
        out["specialty_map"] = {"seconds": round(time.perf_counter() - t, 2), "edges": specialty_map.edges,
                                "codes_with_a_home": specialty_map.codes_with_a_home}
        t = time.perf_counter()
        links = build_links(driver, db)
        out["link_build"] = {"seconds": round(time.perf_counter() - t, 2), "counts": links.counts}

        findings = [(r["s"], r["c"]) for r in driver.execute_query(
            "MATCH (x:Concept {system: 'ICD10CM'})-[e:HAS_FINDING]->(f) WHERE substring(x.code, 0, 3) IN $cats "
            "RETURN DISTINCT f.system AS s, f.code AS c ORDER BY c LIMIT 40",
            cats=[d[:3] for d in DIAGNOSES], database_=db).records]
        patient = Patient(tuple(DIAGNOSES), tuple(findings))
        out["patient"] = {"diagnoses": len(DIAGNOSES), "findings": len(findings)}
        out["bolt_return1_session"] = percentiles(bolt_floor_samples(driver, db))
        for _ in range(50):
            relevance(driver, db, patient)
        samples = []
        for _ in range(args.calls):
            t = time.perf_counter()
            answer = relevance(driver, db, patient)
            samples.append(time.perf_counter() - t)
        out["in_process_all_specialties"] = percentiles(samples)
        out["answer"] = {"specialties_involved": answer["specialties_involved"], "links": len(answer["links"]),
                         "abstaining": sum(r["abstain"] for r in answer["results"])}
        port = free_port()
        api, auth = serve(settings.home, settings.bolt_port, settings.http_port, port)
        try:
            body = {"diagnoses": DIAGNOSES, "findings": [{"system": s, "code": c} for s, c in findings]}
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60, headers=auth) as client:
                for _ in range(50):
                    client.post("/v1/specialty-relevance", json=body)
                samples = []
                for _ in range(args.calls):
                    t = time.perf_counter()
                    response = client.post("/v1/specialty-relevance", json=body)
                    samples.append(time.perf_counter() - t)
                    assert response.status_code == 200, response.text
            out["http_all_specialties"] = percentiles(samples)
            out["http_response_kb"] = round(len(response.content) / 1024, 1)
        finally:
            api.terminate()
            api.wait(timeout=30)
        out["p50_vs_floor_http"] = round(out["http_all_specialties"]["p50_ms"] / out["bolt_return1_session"]["p50_ms"],
                                         1)
        report = evaluate_relations(driver, db, read_reference(REFERENCE))
        out["reference_evaluation"] = {k: report[k] for k in ("pairs", "recovered", "recall",
                                                              "hits_needing_curated_links",
                                                              "class_agreement_among_hits", "by_class")}
        out["misses"] = [{"id": m["id"], "a": m["a"], "b": m["b"], "class": m["expected_class"],
                          "between": m["between"]} for m in report["misses"]]
    out["peak_python_rss_mb"] = peak_rss_mb()
    path = ROOT / "bench" / "out" / "relevance.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps({k: v for k, v in out.items() if k != "misses"}, indent=2))


if __name__ == "__main__":
    main()

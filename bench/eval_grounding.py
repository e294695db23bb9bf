"""Evaluation: the grounding cascade on the team's labelled mentions, and extraction throughput.

Loads the real ICD-10-CM 2026 and HPO releases into a throwaway server, then

1. grounds every mention of ``bench/labels/grounding_mentions.jsonl`` (or ``--labels``) exactly as an
   extraction job would and scores it (:mod:`graph.extraction.evaluation`): accept / replace / reject against
   the labels, precision and recall by method, every error listed;
2. times extraction runs: the bundled decks (80 items) and the same items repeated ``--repeat`` times
   under new ids (a deck of thousands), reporting lexicon load, extraction and write time, items/s.

    bench/run grounding            # or: python bench/eval_grounding.py [--repeat 25]

Writes ``bench/out/grounding_eval.json`` and prints the summary.
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

from phases import git_head, peak_rss_mb  # noqa: E402

LABELS = ROOT / "bench" / "labels" / "grounding_mentions.jsonl"
DECKS = ROOT / "loaders" / "resources" / "material"


def repeated_deck(path: Path, repeat: int) -> Path:
    """The bundled items ``repeat`` times under new ids, as one JSONL deck."""
    lines = [json.dumps({"document": {"id": f"bundled-x{repeat}", "title": f"bundled decks repeated {repeat}×"}})]
    for deck in sorted(DECKS.glob("*.jsonl")):
        for raw in deck.read_text(encoding="utf-8").splitlines():
            obj = json.loads(raw) if raw.strip() else None
            if not obj or "document" in obj:
                continue
            for k in range(repeat):
                lines.append(json.dumps({**obj, "id": f"{obj['id']}-r{k}"}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def timed_extraction(driver, database: str, document_id: str | None) -> dict:  # noqa: ANN001
    from graph.extraction.lexicon import load_lexicon
    from graph.extraction.material import current_items
    from graph.extraction.mentions import DictionaryExtractor
    from graph.extraction.runs import run_extraction

    t0 = time.perf_counter()
    items = current_items(driver, database, None, document_id)
    t1 = time.perf_counter()
    lexicon = load_lexicon(driver, database)
    extractor = DictionaryExtractor(lexicon)
    t2 = time.perf_counter()
    result = run_extraction(driver, database, items, extractor, lexicon, parameters={"document": document_id},
                            input_description=f"bench: {document_id or 'all'}")
    t3 = time.perf_counter()
    return {"items": len(items), "read_items_s": round(t1 - t0, 2), "lexicon_and_extractor_s": round(t2 - t1, 2),
            "extract_ground_write_s": round(t3 - t2, 2), "items_per_s": round(len(items) / (t3 - t2), 1),
            "items_per_s_with_lexicon": round(len(items) / (t3 - t1), 1), "counts": result.counts}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--labels", type=Path, default=LABELS)
    parser.add_argument("--repeat", type=int, default=25)
    args = parser.parse_args()

    from graph.extraction.evaluation import evaluate_grounding
    from graph.extraction.grounding import Grounder
    from graph.extraction.lexicon import load_lexicon
    from graph.extraction.material import ingest
    from graph.store.connection import open_driver
    from graph.store.loading import load_release
    from graph.store.runtime import throwaway_server
    from graph.store.schema import apply_schema
    from loaders.grounding_labels import read_labels
    from loaders.registry import LoadRequest, get_loader

    labels = read_labels(args.labels)
    work = Path(tempfile.mkdtemp(prefix="clinigraph-grounding-eval-"))
    with throwaway_server(work / "home") as settings, open_driver(settings) as driver:
        db = settings.database
        apply_schema(driver, db)
        for source in ("icd10cm", "hpo"):
            prepared = get_loader(source).prepare(LoadRequest())
            for p in prepared if isinstance(prepared, list) else [prepared]:
                load_release(driver, db, p.info, p.parse)
        t = time.perf_counter()
        lexicon = load_lexicon(driver, db)
        lexicon_seconds = time.perf_counter() - t
        evaluation = evaluate_grounding(Grounder(lexicon), labels)

        documents = [ingest(driver, db, deck) for deck in sorted(DECKS.glob("*.jsonl"))]
        bundled = [timed_extraction(driver, db, d.document_sha256) for d in documents]
        big = ingest(driver, db, repeated_deck(work / "repeated.jsonl", args.repeat))
        repeated = timed_extraction(driver, db, big.document_sha256)
        again = timed_extraction(driver, db, big.document_sha256)  # the same input: nothing to do

    report = {
        "benchmark": "grounding-eval", "date": datetime.now(UTC).strftime("%Y-%m-%d"), "git": git_head(),
        "labels": str(args.labels.relative_to(ROOT) if args.labels.is_relative_to(ROOT) else args.labels),
        "releases": sorted(set(lexicon.releases.values())), "lexicon_concepts": len(lexicon),
        "lexicon_load_s": round(lexicon_seconds, 2), "grounding_s": round(evaluation.seconds, 2),
        "mentions_per_s": round(len(labels) / evaluation.seconds, 1), "summary": evaluation.summary,
        "errors": evaluation.errors(),
        "extraction": {"bundled_decks": bundled, f"bundled_x{args.repeat}": repeated,
                       "rerun_same_input": {"action_seconds": again["extract_ground_write_s"],
                                            "counts_equal": again["counts"] == repeated["counts"]}},
        "peak_python_rss_mb": peak_rss_mb(),
    }
    out = ROOT / "bench" / "out" / "grounding_eval.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")
    brief = {k: v for k, v in report.items() if k not in ("errors",)}
    print(json.dumps(brief, indent=2))
    print(f"{len(report['errors'])} errors listed in {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

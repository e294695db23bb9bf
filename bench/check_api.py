"""The production checks of the API, scripted and repeatable, against a real `clinigraph serve` on the
default data (`clinigraph demo --no-serve` into a throwaway Neo4j):

* ``schemathesis`` — Schemathesis on the OpenAPI schema: no 5xx, every status code, content type and
  body as documented (admin job starts fuzzed with a reviewer key, so nothing is loaded by the fuzzer);
* ``load`` — 50 concurrent clients for 60 s mixing verify, provenance, relevance and lookup;
* ``faults`` — Neo4j stopped under the serving API (503 + Retry-After, then recovery without a
  restart), and a load killed with SIGKILL (no visible release; a rerun completes it);
* ``refusals`` — a reviewer key on every write endpoint, with write queries, and with every administration,
  ``SHOW`` and ``TERMINATE`` command (the table in bench/RESULTS.md): all refused;
* ``attacks`` — the cases an attacker found (issue 16), each with the answer it must get: text Neo4j's
  parser does not survive, inputs that answered 500, unbounded results; then 50 requests over every route;
* ``search`` — one-word against two-word searches on the real releases (p50 of each, and their ratio).

    bench/run checks [--phases refusals,attacks,search,schemathesis,load,faults] [--seconds 60] [--clients 50]

Writes ``bench/out/api_checks.json`` and prints the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parents[1]))  # tests.integration.test_security: the cases

from phases import ROOT, git_head, percentiles, serve  # noqa: E402

READ_ONLY_POSTS = {"/v1/verify", "/v1/verify/batch", "/v1/verify/distractors", "/v1/specialty-relevance",
                   "/v1/cypher"}
WRITE_QUERIES = ["CREATE (:Intruder)", "MATCH (c:Concept) SET c.display = 'x'", "MATCH (n) DETACH DELETE n",
                 "MERGE (:Release {id: 'FAKE'})", "CREATE INDEX intruder FOR (n:Intruder) ON (n.x)",
                 "LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l", "CALL db.createLabel('Intruder')",
                 "DROP CONSTRAINT code_identity"]


def schemathesis(base: str, keys: dict[str, str], seconds: int) -> dict:
    runs = {}
    for name, key, filters in (("all but admin job starts, admin key", keys["admin"],
                                ["--exclude-path", "/v1/admin/jobs"]),
                               ("admin jobs, reviewer key", keys["reviewer"], ["--include-path", "/v1/admin/jobs"])):
        started = time.perf_counter()
        done = subprocess.run(
            [str(Path(sys.executable).parent / "schemathesis"), "run", f"{base}/openapi.json",
             "-H", f"Authorization: Bearer {key}", "--checks",
             "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
             "--max-time", str(seconds), "-w", "2", "--seed", "7", *filters],
            capture_output=True, text=True)
        tail = done.stdout[-3000:]
        generated = re.search(r"(\d+) generated, (\d+) passed", tail)
        failures = re.search(r"(\d+) generated, (\d+) found (\d+) unique failures?", tail)
        runs[name] = {"exit_code": done.returncode, "seconds": round(time.perf_counter() - started),
                      "generated": int((generated or failures).group(1)) if (generated or failures) else None,
                      "failures": int(failures.group(3)) if failures else 0,
                      "operations": re.search(r"Tested: (\d+)", tail).group(1) if "Tested:" in tail else None}
        if done.returncode != 0:
            runs[name]["output_tail"] = tail
        print("schemathesis", name, runs[name], flush=True)
    return runs


def load_test(base: str, keys: dict[str, str], seconds: int, clients: int, driver, database: str) -> dict:  # noqa: ANN001
    import httpx

    codes = [r["code"] for r in driver.execute_query(
        "MATCH (c:Concept {system: 'ICD10CM', kind: 'code'}) RETURN c.code AS code ORDER BY c.code",
        database_=database).records]
    edges = [r["key"] for r in driver.execute_query("MATCH ()-[e:HAS_FINDING]->() RETURN e.key AS key LIMIT 300",
                                                     database_=database).records]
    phenotypes = [(r["d"], r["p"]) for r in driver.execute_query(
        "MATCH (d:Concept {system: 'OMIM'})-[:HAS_PHENOTYPE]->(p:Concept) RETURN d.code AS d, p.code AS p LIMIT 2000",
        database_=database).records]
    assert codes and edges and phenotypes
    rng = random.Random(3)

    def request(kind: str) -> tuple[str, str, dict | None, str]:
        if kind == "verify":
            d, p = rng.choice(phenotypes)
            return "POST", "/v1/verify", {"subject": {"system": "OMIM", "code": d}, "predicate": "has_finding",
                                          "object": {"system": "HPO", "code": p},
                                          "thresholds": {"sources": ["literature", "ontology"]}}, "generator"
        if kind == "lookup":
            return "GET", f"/v1/terminology/lookup?system=ICD10CM&code={rng.choice(codes)}", None, "reviewer"
        if kind == "provenance":
            return "GET", f"/v1/provenance/edge?key={rng.choice(edges)}", None, "reviewer"
        return "POST", "/v1/specialty-relevance", {"diagnoses": rng.sample(["E11.22", "N18.3", "I11.0", "I50.9",
                                                                           "I10", "J45.909", "K21.9"], 3),
                                                   "specialty": rng.choice(["Cardiology", "Nephrology"])}, "generator"

    mix = ["verify"] * 4 + ["lookup"] * 3 + ["provenance"] * 2 + ["relevance"] * 1
    samples: dict[str, list[float]] = defaultdict(list)
    errors: Counter[str] = Counter()

    async def client(k: int, stop: float) -> None:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            while time.monotonic() < stop:
                kind = rng.choice(mix)
                method, path, body, role = request(kind)
                t = time.perf_counter()
                try:
                    r = await http.request(method, path, json=body, headers={"Authorization": f"Bearer {keys[role]}"})
                    if r.status_code != 200:
                        errors[f"{kind} {r.status_code}"] += 1
                except httpx.HTTPError as exc:
                    errors[f"{kind} {type(exc).__name__}"] += 1
                samples[kind].append(time.perf_counter() - t)

    async def main() -> float:
        stop = time.monotonic() + seconds
        t = time.perf_counter()
        await asyncio.gather(*(client(k, stop) for k in range(clients)))
        return time.perf_counter() - t

    elapsed = asyncio.run(main())
    every = [s for xs in samples.values() for s in xs]
    return {"clients": clients, "seconds": round(elapsed, 1), "requests": len(every),
            "requests_per_s": round(len(every) / elapsed), "errors": dict(errors), "all": percentiles(every),
            **{kind: percentiles(xs) for kind, xs in sorted(samples.items())},
            "mix": "verify 40 %, lookup 30 %, provenance (edge chain) 20 %, relevance 10 %; one API process"}


def faults(base: str, keys: dict[str, str], settings) -> dict:  # noqa: ANN001
    import httpx

    from graph.store.connection import open_driver
    from graph.store.releases import list_releases
    from graph.store.runtime import Neo4jRuntime

    out: dict = {}
    runtime = Neo4jRuntime(settings)
    h = {"Authorization": f"Bearer {keys['admin']}"}
    probes = [("GET", "/v1/terminology/lookup?system=ICD10CM&code=E11.22", None),
              ("POST", "/v1/verify", {"subject": {"system": "ICD10CM", "code": "I11.0"}, "predicate": "cause",
                                      "object": {"system": "ICD10CM", "code": "I50.9"}}),
              ("GET", "/v1/provenance/concept/ICD10CM/E11.22", None), ("GET", "/health", None)]
    with httpx.Client(base_url=base, timeout=30, headers=h) as http:
        assert all(http.request(m, p, json=b).status_code == 200 for m, p, b in probes)
        t = time.perf_counter()
        runtime.stop()
        out["neo4j_stop_seconds"] = round(time.perf_counter() - t, 1)
        statuses: Counter[str] = Counter()
        latencies = []
        for _ in range(5):
            for m, p, b in probes:
                t = time.perf_counter()
                r = http.request(m, p, json=b)
                latencies.append(time.perf_counter() - t)
                statuses[f"{r.status_code} retry-after={r.headers.get('retry-after')}"] += 1
        out["while_down"] = {"answers": dict(statuses), "latency": percentiles(latencies)}
        t = time.perf_counter()
        runtime.start()
        out["neo4j_start_seconds"] = round(time.perf_counter() - t, 1)
        t = time.perf_counter()
        while not all(http.request(m, p, json=b).status_code == 200 for m, p, b in probes):
            assert time.perf_counter() - t < 120, "the API did not recover"
            time.sleep(0.2)
        out["recovered_seconds_after_start"] = round(time.perf_counter() - t, 2)
        out["api_process_restarted"] = False

    env = settings.subprocess_environment()
    with open_driver(settings) as driver:
        db = settings.database
        loader = subprocess.Popen([sys.executable, "-m", "api.cli", "load", "icd10cm", "--force"], cwd=ROOT,
                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        def midway() -> bool:  # the forced reload is writing its new instance beside the served one
            rows = driver.execute_query("MATCH (r:Release {name: 'ICD10CM@2026', status: 'loading'}) "
                                        "RETURN COUNT { (:Concept {release: r.id}) } AS n",
                                        database_=db).records
            return bool(rows) and rows[0]["n"] >= 20000

        t = time.perf_counter()
        while not midway():
            assert loader.poll() is None and time.perf_counter() - t < 300
            time.sleep(0.2)
        loader.send_signal(signal.SIGKILL)
        loader.wait()
        visible = [r["id"] for r in list_releases(driver, db)]
        with httpx.Client(base_url=base, timeout=30, headers=h) as http:
            concept = http.get("/v1/concepts/ICD10CM/E11.22").status_code
        t = time.perf_counter()
        rerun = subprocess.run([sys.executable, "-m", "api.cli", "load", "icd10cm"], cwd=ROOT, env=env,
                               capture_output=True, text=True)
        rerun_seconds = time.perf_counter() - t
        release = [r for r in list_releases(driver, db) if r["name"] == "ICD10CM@2026"]
        with httpx.Client(base_url=base, timeout=30, headers=h) as http:
            after = http.get("/v1/concepts/ICD10CM/E11.22").status_code
        out["killed_load"] = {"visible_releases_after_kill": visible, "concept_after_kill": concept,
                              "rerun_exit_code": rerun.returncode, "rerun_seconds": round(rerun_seconds, 1),
                              "release_after_rerun": release[0]["status"] if release else None,
                              "concept_after_rerun": after}
    print("faults", out, flush=True)
    return out


def refusals(base: str, keys: dict[str, str]) -> dict:
    import httpx

    with httpx.Client(base_url=base, timeout=30, headers={"Authorization": f"Bearer {keys['reviewer']}"}) as http:
        spec = http.get("/openapi.json").json()
        writes = [(m.upper(), p) for p, ops in spec["paths"].items() for m in ops
                  if m.upper() not in ("GET", "HEAD") and p not in READ_ONLY_POSTS]
        endpoint = Counter()
        for method, path in writes:
            for body in ({"kind": "schema"}, {"kind": "load", "source": "icd10cm"}, {"kind": "links"}):
                endpoint[str(http.request(method, path, json=body).status_code)] += 1
        queries = Counter(str(http.post("/v1/cypher", json={"query": q}).status_code) for q in WRITE_QUERIES)
        from tests.integration.test_security import REFUSED

        administration = []
        for query, _ in REFUSED:
            r = http.post("/v1/cypher", json={"query": query})
            administration.append({"query": query, "status": r.status_code, "detail": r.json().get("detail")})
    out = {"write_endpoints": [f"{m} {p}" for m, p in writes], "endpoint_answers": dict(endpoint),
           "write_queries": len(WRITE_QUERIES), "query_answers": dict(queries),
           "administration_answers": dict(Counter(str(a["status"]) for a in administration)),
           "administration": administration}
    print("refusals", out, flush=True)
    return out


def attacks(base: str, keys: dict[str, str]) -> dict:
    """Each case an attacker found, the answer it must get and the one it got; then the service must still
    answer 50 requests spread over every route."""
    import httpx

    from tests.integration.test_security import PARSER_KILLERS, ROUTES_AFTER

    deep = "RETURN reduce(a = [], i IN range(1, 2000) | [a]) AS deep"
    cases = [(f"parser: {name}", "POST", "/v1/cypher", {"query": q, "timeout_seconds": 5}, None, 422)
             for name, q in sorted(PARSER_KILLERS.items())]
    cases += [
        ("CALL {} IN TRANSACTIONS", "POST", "/v1/cypher",
         {"query": "CALL () { MATCH (n) RETURN n } IN TRANSACTIONS RETURN n"}, None, 422),
        ("deeply nested result", "POST", "/v1/cypher", {"query": deep}, None, 422),
        ("lone surrogate parameter", "POST", "/v1/cypher", '{"query": "RETURN $x", "parameters": {"x": "\\ud800"}}',
         None, 422),
        ("deeply nested body", "POST", "/v1/verify", "[" * 100_000 + "]" * 100_000, None, 422),
        ("61-character specialty", "GET", "/v1/specialty-relevance", None,
         {"diagnosis": "E11.22", "specialty": "x" * 61}, 422),
        ("51 diagnoses", "GET", "/v1/specialty-relevance", None,
         {"diagnosis": [f"E11.{i}" for i in range(51)]}, 422),
        ("over-long finding code", "GET", "/v1/specialty-relevance", None,
         {"diagnosis": "E11.22", "finding": "HPO:" + "1" * 200}, 422),
        ("one 15 MB row", "POST", "/v1/cypher", {"query": "RETURN range(1, 2000000) AS x"}, None, 413),
        ("5,000 rows of 2 KB", "POST", "/v1/cypher", {"query": "UNWIND range(1, 5000) AS i RETURN i, "
                                                      "reduce(s = '', j IN range(1, 2000) | s + 'x') AS pad",
                                                      "max_rows": 5000}, None, 413),
        ("DELETE on a GET route", "DELETE", "/v1/releases", None, None, 405),
    ]
    answers = []
    with httpx.Client(base_url=base, timeout=60, headers={"Authorization": f"Bearer {keys['admin']}"}) as http:
        for name, method, path, body, params, expected in cases:
            t = time.perf_counter()
            if isinstance(body, str):
                r = http.request(method, path, content=body, params=params,
                                 headers={"Content-Type": "application/json"})
            else:
                r = http.request(method, path, json=body, params=params)
            answers.append({"case": name, "expected": expected, "status": r.status_code,
                            "content_type": r.headers.get("content-type"), "allow": r.headers.get("allow"),
                            "seconds": round(time.perf_counter() - t, 3)})
        after = Counter()
        for i in range(50):
            method, path, body = ROUTES_AFTER[i % len(ROUTES_AFTER)]
            after[str(http.request(method, path, json=body).status_code)] += 1
    out = {"cases": answers, "as_expected": sum(a["status"] == a["expected"] for a in answers),
           "of": len(answers), "then_50_requests": dict(after)}
    print("attacks", out, flush=True)
    return out


def search_latency(base: str, keys: dict[str, str], rounds: int = 30) -> dict:
    """p50 of one-word searches against two-word ones, interleaved in one run (issue 16: within 2x)."""
    import httpx

    one = ["heart", "diabetes", "asthma", "fracture", "anemia", "pneumonia", "migraine", "seizure", "obesity",
           "sepsis"]
    two = ["heart failure", "type diabetes", "asthma attack", "hip fracture", "iron anemia", "viral pneumonia",
           "migraine aura", "febrile seizure", "morbid obesity", "severe sepsis"]
    codes = ["E11.22", "e1122", "HP:0001635", "I50.9", "N18.3"]
    samples: dict[str, list[float]] = defaultdict(list)
    with httpx.Client(base_url=base, timeout=60, headers={"Authorization": f"Bearer {keys['reviewer']}"}) as http:
        for q in one + two + codes:  # warm: plans cached, pages in memory
            http.get("/v1/search", params={"q": q})
        for _ in range(rounds):
            for kind, words in (("one_word", one), ("two_words", two), ("code", codes)):
                for q in words:
                    t = time.perf_counter()
                    r = http.get("/v1/search", params={"q": q})
                    samples[kind].append(time.perf_counter() - t)
                    assert r.status_code == 200, r.text
    out = {kind: percentiles(xs) for kind, xs in samples.items()}
    out["one_word_over_two_words_p50"] = round(out["one_word"]["p50_ms"] / out["two_words"]["p50_ms"], 2)
    print("search", out, flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--phases", default="refusals,attacks,search,schemathesis,load,faults")
    parser.add_argument("--seconds", type=int, default=60, help="load test length")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--fuzz-seconds", type=int, default=120)
    args = parser.parse_args()
    phases = args.phases.split(",")

    from api.auth import KeyStore
    from graph.store.connection import open_driver
    from graph.store.runtime import free_port, throwaway_server

    report: dict = {"checks": "api", "date": datetime.now(UTC).strftime("%Y-%m-%d"), "git": git_head()}
    with throwaway_server(Path(tempfile.mkdtemp(prefix="clinigraph-checks-")), heap_size="2g",
                          pagecache_size="2g") as settings:
        t = time.perf_counter()
        demo = subprocess.run([sys.executable, "-m", "api.cli", "demo", "--no-serve"], cwd=ROOT,
                              env=settings.subprocess_environment(), capture_output=True, text=True)
        assert demo.returncode == 0, demo.stderr[-3000:]
        report["setup_seconds"] = round(time.perf_counter() - t)
        store = KeyStore(settings.keys_path)
        keys = {role: store.add(f"checks-{role}", role) for role in ("reviewer", "generator", "admin")}
        port = free_port()
        api, _ = serve(settings.home, settings.bolt_port, settings.http_port, port)
        base = f"http://127.0.0.1:{port}"
        try:
            if "refusals" in phases:
                report["refusals"] = refusals(base, keys)
            if "attacks" in phases:
                report["attacks"] = attacks(base, keys)
            if "search" in phases:
                report["search"] = search_latency(base, keys)
            if "schemathesis" in phases:
                report["schemathesis"] = schemathesis(base, keys, args.fuzz_seconds)
            if "load" in phases:
                with open_driver(settings) as driver:
                    report["load"] = load_test(base, keys, args.seconds, args.clients, driver, settings.database)
                print("load", report["load"], flush=True)
            if "faults" in phases:
                report["faults"] = faults(base, keys, settings)
        finally:
            api.terminate()
            api.wait(timeout=30)
    out = ROOT / "bench" / "out" / "api_checks.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

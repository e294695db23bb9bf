"""Recovery evaluation: does the current link run join each required diagnosis pair, and how?

Each side of a pair is resolved to an ICD-10-CM concept of the current release (a
code or block directly; a name through the grounding cascade). A pair is *recovered*
when a DX_LINK of the current link run joins the two sides, where a side covers its
concept, the concept's more general codes (a note may cite a category or a block) and
its more specific codes (a link may be made at E11.22 for a pair given as E11); SNOMED CT
disorders mapped to either side's codes that share an organ-level finding site count
as a class 2 link. The
report gives recall overall and per expected class, whether each hit needed a curated
link, whether the class found agrees with the one expected, and for every miss what
the graph does have between the two sides: other ICD-10-CM notes (excludes, inclusion),
findings both have, and their nearest common ancestor.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from neo4j import Driver

from graph.extraction.grounding import Grounder
from graph.extraction.lexicon import load_lexicon
from graph.relevance.links import organ_links
from graph.relevance.results import BetweenNote, ClassRecall, PairReport, RecoveredLink, RelationsReport
from graph.store.derived import refuse_stale
from graph.store.releases import SERVED_CURRENT
from loaders.errors import ClinigraphError
from loaders.relation_reference import RequiredPair, Side

_SIDES = """
MATCH (r:Release {system: 'ICD10CM', """ + SERVED_CURRENT + """})
UNWIND $codes AS code
OPTIONAL MATCH (c:Concept {system: 'ICD10CM', code: code, release: r.id})
RETURN code, c IS NOT NULL AS known, c.display AS display, r.id AS release
"""

_BETWEEN = """
MATCH (lr:LinkRun {status: 'completed', current: true})
MATCH (r:Release {system: 'ICD10CM', """ + SERVED_CURRENT + """})
UNWIND $pairs AS p
MATCH (a:Concept {system: 'ICD10CM', code: p.a, release: r.id})
MATCH (b:Concept {system: 'ICD10CM', code: p.b, release: r.id})
WITH p, a, b, lr,
     COLLECT { MATCH (a)-[:IS_A*0..6]->(x) RETURN x } + COLLECT { MATCH (x)-[:IS_A*1..6]->(a) RETURN x } AS side_a,
     COLLECT { MATCH (b)-[:IS_A*0..6]->(y) RETURN y } + COLLECT { MATCH (y)-[:IS_A*1..6]->(b) RETURN y } AS side_b,
     [(a)-[:IS_A*0..6]->(x) | x.code] AS up_a, [(b)-[:IS_A*0..6]->(y) | y.code] AS up_b
RETURN p.id AS id,
       COLLECT { UNWIND side_a AS x MATCH (x)-[l:DX_LINK {run: lr.id}]-(y) WHERE y IN side_b
                 RETURN {from: startNode(l).code, to: endNode(l).code, class: l.class, method: l.method,
                         evidence: l.evidence, reference: l.reference} } AS links,
       COLLECT { UNWIND side_a AS x MATCH (x)-[c:CITES]-(y) WHERE y IN side_b
                 RETURN DISTINCT {from: startNode(c).code, to: endNode(c).code, note_type: c.note_type,
                                  note: c.note} } AS notes,
       up_a, up_b, [x IN side_a | x.code] AS codes_a, [y IN side_b | y.code] AS codes_b
"""

_SHARED_FINDINGS = """
MATCH (run:ExtractionRun {status: 'completed'})
WITH collect(run.id) AS runs
UNWIND $pairs AS p
RETURN p.id AS id, COLLECT {
  MATCH (x:Concept {system: 'ICD10CM'})-[e:HAS_FINDING]->(f)<-[e2:HAS_FINDING]-(y:Concept {system: 'ICD10CM'})
  WHERE e.run IN runs AND e2.run IN runs AND x.code STARTS WITH substring(p.a, 0, 3)
    AND y.code STARTS WITH substring(p.b, 0, 3)
  RETURN DISTINCT f.display } AS shared
"""


@dataclass
class PairResult:
    pair: RequiredPair
    a: str | None
    b: str | None
    resolution: dict[str, str] = field(default_factory=dict)
    links: list[RecoveredLink] = field(default_factory=list)
    notes: list[BetweenNote] = field(default_factory=list)
    shared_findings: list[str] = field(default_factory=list)
    common_ancestor: str | None = None

    @property
    def hit(self) -> bool:
        return bool(self.links)

    @property
    def curated_only(self) -> bool:
        return self.hit and all(link["method"] == "curated" for link in self.links)

    @property
    def classes(self) -> list[int]:
        return sorted({link["class"] for link in self.links})

    def as_dict(self) -> PairReport:
        p = self.pair
        out: PairReport = {
            "id": p.id, "line": p.line, "a": p.a.text, "b": p.b.text, "resolved": [self.a, self.b],
            "expected_class": p.expected_class, "specialty": p.specialty, "hit": self.hit,
            "classes_found": self.classes, "class_agrees": p.expected_class in self.classes,
            "curated_only": self.curated_only, "links": self.links[:6],
        }
        if self.resolution:
            out["resolution"] = self.resolution
        if not self.hit:
            out["between"] = {"notes": self.notes[:6], "shared_findings": self.shared_findings,
                              "common_ancestor": self.common_ancestor}
        return out


def evaluate_relations(driver: Driver, database: str, pairs: list[RequiredPair]) -> RelationsReport:
    run = driver.execute_query("MATCH (r:LinkRun {status: 'completed', current: true}) RETURN r.id AS id",
                               database_=database).records
    if not run:
        raise ClinigraphError("no link run to evaluate; build one with `clinigraph links`")
    with driver.session(database=database, default_access_mode="READ") as session:
        session.execute_read(refuse_stale, "LinkRun", "ExtractionRun")  # a run on a replaced release: refused
    grounder = None
    if any(not s.is_code for p in pairs for s in (p.a, p.b)):
        grounder = Grounder(load_lexicon(driver, database))
    results = []
    for pair in pairs:
        (a, how_a), (b, how_b) = _resolve(grounder, pair.a), _resolve(grounder, pair.b)
        result = PairResult(pair, a, b)
        for side, s, how in (("a", pair.a, how_a), ("b", pair.b, how_b)):
            if not s.is_code:
                result.resolution[side] = how
        results.append(result)
    codes = sorted({c for r in results for c in (r.a, r.b) if c})
    known = {rec["code"]: rec for rec in driver.execute_query(_SIDES, codes=codes, database_=database).records}
    for r in results:
        for side in ("a", "b"):
            code = getattr(r, side)
            if code is not None and not known[code]["known"]:
                raise ClinigraphError(f"line {r.pair.line}, field {side}: {code} is not a code of "
                                      f"{known[code]['release']}")
    ready = [{"id": r.pair.id, "a": r.a, "b": r.b} for r in results if r.a and r.b]
    by_id = {r.pair.id: r for r in results}
    run_id = run[0]["id"]
    with driver.session(database=database, default_access_mode="READ") as session:
        for rec in session.run(_BETWEEN, pairs=ready).data():
            r = by_id[rec["id"]]
            organ: list[RecoveredLink] = [
                {"from": link["from_code"], "to": link["to_code"], "class": 2, "method": link["method"],
                 "evidence": link["evidence"], "reference": None}
                for link in organ_links(session, run_id, {"a": rec["codes_a"], "b": rec["codes_b"]})]
            r.links = sorted(rec["links"] + organ,
                             key=lambda link: (link["class"], link["method"] == "curated", link["from"]))
            r.notes = rec["notes"]
            up_b = set(rec["up_b"])
            r.common_ancestor = next((c for c in rec["up_a"] if c in up_b), None)
    for shared in driver.execute_query(_SHARED_FINDINGS, pairs=ready, database_=database).records:
        by_id[shared["id"]].shared_findings = sorted(shared["shared"])
    return _report(run_id, results)


def _resolve(grounder: Grounder | None, side: Side) -> tuple[str | None, str]:
    """A side's ICD-10-CM code, and how it was found (a name goes through the grounding cascade)."""
    if side.is_code:
        return side.text, "code"
    assert grounder is not None
    d = grounder.ground(side.text, "diagnosis")
    if d.outcome == "reject" or d.system != "ICD10CM":
        return None, f"not grounded to ICD-10-CM ({d.reason})"
    return d.code, f"{d.method} {d.code} {d.display!r}"


def _class_recall(counts: Counter[str]) -> ClassRecall:
    return {"pairs": counts["pairs"], "hits": counts["hits"], "curated_only": counts["curated_only"],
            "class_agrees": counts["class_agrees"], "recall": round(counts["hits"] / counts["pairs"], 3)}


def _report(run_id: str, results: list[PairResult]) -> RelationsReport:
    by_class: dict[int, Counter[str]] = {}
    for r in results:
        c = by_class.setdefault(r.pair.expected_class, Counter())
        c["pairs"] += 1
        c["hits"] += r.hit
        c["curated_only"] += r.curated_only
        c["class_agrees"] += r.pair.expected_class in r.classes
    hits = sum(r.hit for r in results)
    return {
        "link_run": run_id,
        "pairs": len(results),
        "recovered": hits,
        "recall": round(hits / len(results), 3),
        "hits_needing_curated_links": sum(r.curated_only for r in results),
        "class_agreement_among_hits": round(sum(r.pair.expected_class in r.classes for r in results) / hits, 3)
        if hits else None,
        "unresolved": [r.pair.id for r in results if not (r.a and r.b)],
        "by_class": {str(k): _class_recall(v) for k, v in sorted(by_class.items())},
        "hits": [r.as_dict() for r in results if r.hit],
        "misses": [r.as_dict() for r in results if not r.hit],
    }

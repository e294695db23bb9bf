"""Extraction runs: mentions found and proposed, grounded by the cascade, typed diagnosis–finding edges.

A run is identified by what determines its output — job name and version,
parameters, the item versions read and the terminology releases grounded to —
so running the same job again on the same input finds the completed run and
writes nothing. A run writes under status ``running``; readers only trust
``completed`` runs, so a failed or half-written run is never seen (its writes
are purged), and a new job version leaves the previous run's edges in place
until it completes, then marks that run ``superseded``.

Diagnosis–finding edges (``HAS_FINDING``) go from the concept a correct
diagnosis was grounded to, to the concept of each finding present in the same
item. Their ``relationship_type`` comes from deterministic rules, stored as the
edge's ``method``:

* ``rules:section`` — a fact card lists the finding under ``pathognomonic``
  (pathognomonic), ``key_findings`` (highly_suggestive), ``risk_factors``
  (risk_factor), ``protective_factors`` (protective) or ``rules_out``;
* ``rules:co-occurrence`` — otherwise ``commonly_seen``, with ``frequency`` the
  share of the diagnosis's items (where it is the correct answer) that mention
  the finding as present.

Negated findings make no edge (absence is not evidence), except under ``rules_out``.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import Any

from neo4j import Driver, ManagedTransaction

from graph.extraction.grounding import Decision, Grounder
from graph.extraction.lexicon import Lexicon
from graph.extraction.mentions import FINDING_SECTIONS, Extractor, FoundMention, locate
from graph.store.runs import DONE, RecordedRun, delete_of_run, run_id_of
from loaders.material import Item

#: Relationship types and the order in which a stronger rule wins for the same pair.
RELATIONSHIP_TYPES = ("pathognomonic", "highly_suggestive", "rules_out", "risk_factor", "protective",
                      "commonly_seen")


@dataclass
class RunResult:
    run_id: str
    job: str
    job_version: str
    action: str  # completed | unchanged
    counts: dict[str, int] = field(default_factory=dict)
    superseded_runs: list[str] = field(default_factory=list)


@dataclass
class _Mention:
    id: str
    item: Item
    found: FoundMention
    decision: Decision


def run_id_for(job: str, version: str, parameters: dict[str, Any], item_uids: list[str],
               releases: dict[str, str]) -> str:
    """The identity of a run: the same job, parameters, inputs and releases give the same id."""
    return run_id_of("run:", [job, version, parameters, sorted(item_uids), sorted(releases.items())])


def _mention_id(run_id: str, item: Item, m: FoundMention) -> str:
    blob = json.dumps([run_id, item.uid, m.field, m.start, m.end, m.category, m.origin, m.text,
                       m.proposed_system, m.proposed_code, m.proposed_by])
    return "m:" + hashlib.sha256(blob.encode()).hexdigest()[:20]


def proposed_mentions(item: Item) -> list[FoundMention]:
    """The item's externally proposed candidates as mentions, located in its text where they occur."""
    out = []
    for c in item.candidates:
        field_name, start, end = locate(item, c.mention, c.role)
        section = field_name.split(".", 1)[1].split("[", 1)[0] if field_name and "." in field_name else None
        preset = FINDING_SECTIONS.get(section or "", (None, None, None))
        out.append(FoundMention(
            text=c.mention, category=c.category, field=field_name, start=start, end=end, role=c.role,
            finding_type=c.finding_type or (preset[0] if c.category == "finding" else None),
            relevance=c.relevance or (preset[1] if c.category == "finding" else None), section=section,
            origin="proposed", proposed_by=c.proposed_by, proposed_system=c.system, proposed_code=c.code,
        ))
    return out


def _dedupe(extracted: list[FoundMention], proposed: list[FoundMention]) -> list[FoundMention]:
    """Proposed mentions stand in for an extracted one of the same span and category (they carry the code)."""
    taken = [(m.field, m.start, m.end) for m in proposed if m.start is not None]

    def overlaps(m: FoundMention) -> bool:
        return any(f == m.field and s is not None and e is not None and m.start is not None and m.end is not None
                   and s < m.end and m.start < e for f, s, e in taken)

    return proposed + [m for m in extracted if not overlaps(m)]


def extract_mentions(run_id: str, items: list[Item], extractor: Extractor, grounder: Grounder) -> list[_Mention]:
    """Every mention of every item, grounded (pure: reads only the lexicon)."""
    out = []
    for item in items:
        for m in _dedupe(list(extractor.mentions(item)), proposed_mentions(item)):
            decision = grounder.ground(m.text, m.category, finding_type=m.finding_type,
                                       system=m.proposed_system, code=m.proposed_code)
            if m.finding_type is None and m.category == "finding" and decision.system in ("LOINC", "RXNORM"):
                m = replace(m, finding_type="lab_value" if decision.system == "LOINC" else "medication")
            out.append(_Mention(_mention_id(run_id, item, m), item, m, decision))
    return out


def typed_edges(run_id: str, mentions: list[_Mention]) -> list[dict[str, Any]]:
    """Diagnosis–finding edge rows from the grounded mentions, typed by the rules in the module docstring."""
    by_item: dict[str, list[_Mention]] = defaultdict(list)
    for m in mentions:
        if m.decision.code is not None:
            by_item[m.item.uid].append(m)
    dx_items: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    pairs: dict[tuple[tuple[str, str, str], tuple[str, str, str]], dict[str, Any]] = {}
    for uid, ms in by_item.items():
        correct = {_ref(m.decision): m for m in ms if m.found.category == "diagnosis" and m.found.role == "correct"
                   and not m.found.negated}
        for dx in correct:
            dx_items[dx].add(uid)
        for f in (m for m in ms if m.found.category == "finding"):
            section_rule = FINDING_SECTIONS.get(f.found.section or "", (None, None, None))[2]
            if f.found.negated and section_rule != "rules_out":
                continue
            for dx, dx_mention in correct.items():
                fx = _ref(f.decision)
                if fx == dx:
                    continue
                pair = pairs.setdefault((dx, fx), {"rules": set(), "items": set(), "present_in": set(),
                                                   "mentions": [], "documents": set()})
                if section_rule:
                    pair["rules"].add(section_rule)
                if not f.found.negated:
                    pair["present_in"].add(uid)
                pair["items"].add(uid)
                pair["mentions"] += [dx_mention.id, f.id]
    rows = []
    for (dx, fx), pair in sorted(pairs.items()):
        rule = next((t for t in RELATIONSHIP_TYPES if t in pair["rules"]), None)
        frequency = round(len(pair["present_in"]) / len(dx_items[dx]), 3) if dx_items[dx] else None
        rows.append({
            "dx": {"system": dx[0], "code": dx[1], "release": dx[2]},
            "finding": {"system": fx[0], "code": fx[1], "release": fx[2]},
            "key": f"{run_id}|{dx[0]}:{dx[1]}|{fx[0]}:{fx[1]}",
            "props": {
                "relationship_type": rule or "commonly_seen",
                "method": "rules:section" if rule else "rules:co-occurrence",
                "frequency": frequency, "items": sorted(pair["items"]), "item_count": len(pair["items"]),
                "mentions": sorted(set(pair["mentions"])), "run": run_id, "source": "extraction",
                "release": run_id, "record": ", ".join(sorted(pair["items"])),
            },
        })
    return rows


def _ref(d: Decision) -> tuple[str, str, str]:
    return (d.system or "", d.code or "", d.release or "")


def _mention_row(run_id: str, m: _Mention) -> dict[str, Any]:
    f, d = m.found, m.decision
    props = {
        "id": m.id, "run": run_id, "item_uid": m.item.uid, "item_id": m.item.id, "text": f.text,
        "category": f.category, "field": f.field, "start": f.start, "end": f.end, "negated": f.negated,
        "role": f.role, "finding_type": f.finding_type, "relevance": f.relevance, "section": f.section,
        "origin": f.origin, "proposed_by": f.proposed_by, "proposed_system": f.proposed_system,
        "proposed_code": f.proposed_code, "outcome": d.outcome, "method": d.method, "score": d.score,
        "reason": d.reason, "steps": d.steps, "grounded_system": d.system, "grounded_code": d.code,
        "grounded_release": d.release,
    }
    return {"props": {k: v for k, v in props.items() if v is not None}, "id": m.id, "item": m.item.uid,
            "concept": None if d.code is None else {"system": d.system, "code": d.code, "release": d.release}}


_WRITE_MENTIONS = """
UNWIND $rows AS row
MATCH (run:ExtractionRun {id: $run})
MATCH (i:Item {uid: row.item})
MERGE (m:Mention {id: row.id})
SET m += row.props
MERGE (m)-[:MENTIONED_IN]->(i)
MERGE (m)-[:PRODUCED_BY]->(run)
WITH m, row WHERE row.concept IS NOT NULL
MATCH (c:Concept {system: row.concept.system, code: row.concept.code, release: row.concept.release})
MERGE (m)-[g:GROUNDED_TO]->(c)
SET g.method = row.props.method, g.score = row.props.score, g.outcome = row.props.outcome, g.run = $run
"""

_WRITE_EDGES = """
UNWIND $rows AS row
MATCH (d:Concept {system: row.dx.system, code: row.dx.code, release: row.dx.release})
MATCH (f:Concept {system: row.finding.system, code: row.finding.code, release: row.finding.release})
MERGE (d)-[e:HAS_FINDING {key: row.key}]->(f)
SET e += row.props
"""


def run_extraction(driver: Driver, database: str, items: list[Item], extractor: Extractor, lexicon: Lexicon, *,
                   parameters: dict[str, Any] | None = None, input_description: str = "",
                   batch_size: int = 1000) -> RunResult:
    """Run ``extractor`` over ``items`` and store everything; idempotent for the same job, input and releases."""
    parameters = parameters or {}
    run_id = run_id_for(extractor.name, extractor.version, parameters, [i.uid for i in items], lexicon.releases)
    result = RunResult(run_id, extractor.name, extractor.version, "unchanged")
    run = RecordedRun(driver, database, "ExtractionRun", run_id, extractor.name,
                      purge=lambda: purge_run(driver, database, run_id))
    previous = run.previous()
    if previous and previous["status"] in DONE:  # a superseded run keeps its mentions and edges, flagged
        result.counts = previous["counts"]
        return result
    run.start({"job_version": extractor.version, "parameters": json.dumps(parameters, sort_keys=True),
               "input": input_description, "items": [i.uid for i in items],
               "releases": sorted(lexicon.releases.values())})
    try:
        mentions = extract_mentions(run_id, items, extractor, Grounder(lexicon))
        edges = typed_edges(run_id, mentions)
        mention_rows = [_mention_row(run_id, m) for m in mentions]
        _write(driver, database, _WRITE_MENTIONS, mention_rows, run_id, batch_size)
        _write(driver, database, _WRITE_EDGES, edges, run_id, batch_size)
        counts = _counts(mentions, edges, items)
        result.counts = counts
        result.superseded_runs = run.complete(counts)
        result.action = "completed"
        return result
    except BaseException as exc:
        run.fail(exc)
        raise


def _write(driver: Driver, database: str, query: str, rows: list[dict[str, Any]], run_id: str,
           batch_size: int) -> None:
    def work(tx: ManagedTransaction, chunk: list[dict[str, Any]]) -> None:
        tx.run(query, rows=chunk, run=run_id).consume()

    with driver.session(database=database) as session:
        for start in range(0, len(rows), batch_size):
            session.execute_write(work, rows[start:start + batch_size])


def _counts(mentions: list[_Mention], edges: list[dict[str, Any]], items: list[Item]) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    counts["items"] = len(items)
    counts["mentions"] = len(mentions)
    for m in mentions:
        counts[f"{m.found.origin}_{m.decision.outcome}"] += 1
        counts[f"method_{m.decision.method or 'none'}"] += 1
        counts["negated"] += m.found.negated
    counts["edges"] = len(edges)
    for e in edges:
        counts[f"edges_{e['props']['relationship_type']}"] += 1
    return dict(sorted(counts.items()))


def purge_run(driver: Driver, database: str, run_id: str) -> None:
    """Remove what a run wrote (its mentions and edges); the run node stays as the record of the attempt."""
    delete_of_run(driver, database, "()-[e:HAS_FINDING {run: $id}]->()", run_id, batch=5000)
    delete_of_run(driver, database, "(m:Mention {run: $id})", run_id, detach=True, batch=5000)

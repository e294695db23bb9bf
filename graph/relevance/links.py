"""Diagnosis–diagnosis links: a job that derives them from the loaded knowledge, recorded as a run.

Every link is one ``DX_LINK`` relationship carrying its ``class``, ``method``,
``evidence`` and provenance (source, release, file, record) and the ``run`` that made it:

* **class 1, definitional** — an ICD-10-CM *code first* note (the note's code is the
  manifestation; the cited code its underlying condition), a SNOMED CT *due to*
  attribute between disorders, or *due to* on a combination concept, read as a link
  from each of its other parents to the cause (diabetic nephropathy → kidney disease
  is due to diabetes);
* **class 2, associative** — ICD-10-CM *use additional code* and *code also* notes,
  SNOMED CT *associated with*, *after* and *pathological process* (where its value is a
  disorder; a qualifier value such as "infectious process" links nothing), and a
  *shared finding site at organ level*: each SNOMED CT disorder gets an ``AT_ORGAN``
  edge to the organ its finding site falls under (organs listed in
  ``graph/resources/organs.toml``), and two diagnoses at one organ are linked when read
  (:func:`organ_links`) — stored pairwise, a full release would need millions of edges;
* **curated** — rows of ``graph/resources/curated_links.csv`` (class 1 or 2 each, with
  rationale and reference), for associations no ontology encodes;
* **class 3, residual** — diagnoses sharing findings in the current extraction runs,
  weighted by the diagnosis–finding relationship type (:data:`FINDING_WEIGHTS`), scored
  as weighted Jaccard, kept at ≥ :data:`~graph.relevance.defaults.RESIDUAL_THRESHOLD`
  and only where no class 1, class 2 or curated link joins the two.

A link goes from the code that holds the note or attribute (or the curated ``a``) to
the code it names; it holds for the codes under each side. A run is keyed by the
job version, parameters and its inputs (current releases, the curated file's hash,
the current extraction runs): the same inputs again write nothing; a new run replaces
the current one only when it completes, and a failed run leaves nothing visible.
"""

from __future__ import annotations

import json
import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from neo4j import Driver

from graph.relevance.defaults import RESIDUAL_THRESHOLD
from graph.relevance.results import DiagnosisLink
from graph.store.releases import SERVED_CURRENT
from graph.store.runs import COMPLETED, RecordedRun, delete_of_run, run_id_of
from loaders.curated_links import DEFAULT_FILE, CuratedLinks, read_curated_links
from loaders.errors import ClinigraphError
from loaders.package_resources import shipped_path

JOB = "clinigraph.dxlinks"
VERSION = "1.0.0"
#: Weight of a diagnosis–finding relationship type in the residual overlap (the benchmark's scale).
FINDING_WEIGHTS = {"pathognomonic": 1.0, "highly_suggestive": 0.8, "commonly_seen": 0.5, "risk_factor": 0.3,
                   "protective": 0.2, "rules_out": 0.1}
#: SNOMED CT attributes read as links: type id → (class, method name).
SNOMED_ATTRIBUTES = {"42752001": (1, "due_to"), "47429007": (2, "associated_with"), "255234002": (2, "after"),
                     "370135005": (2, "pathological_process")}
SNOMED_DISORDER_KINDS = ["disorder", "finding"]
ORGANS_FILE = shipped_path("graph", "resources", "organs.toml")


@dataclass
class LinkRun:
    run_id: str
    action: str  # completed | unchanged
    counts: dict[str, int] = field(default_factory=dict)
    superseded: list[str] = field(default_factory=list)


_ICD_NOTES = """
MATCH (x:Concept {release: $icd})-[c:CITES]->(t:Concept {release: $icd})
WHERE c.note_type IN ['code_first', 'use_additional_code', 'code_also'] AND x <> t
CREATE (x)-[:DX_LINK {run: $run, class: CASE c.note_type WHEN 'code_first' THEN 1 ELSE 2 END,
                      method: 'icd10cm:' + c.note_type, evidence: c.note, evidence_key: c.key,
                      source: 'ICD10CM', release: $icd, source_file: c.source_file, record: c.record}]->(t)
RETURN count(*) AS n
"""

_SNOMED_DIRECT = """
MATCH (a:Concept {release: $sct})-[h:HAS_ATTRIBUTE]->(b:Concept {release: $sct})
WHERE h.type_id IN $types AND a.kind IN $kinds AND b.kind IN $kinds AND a <> b
CREATE (a)-[:DX_LINK {run: $run, class: $classes[h.type_id], method: 'snomed:' + $methods[h.type_id],
                      evidence: a.display + ' — ' + h.attribute + ' → ' + b.display, evidence_key: h.key,
                      source: 'SNOMEDCT', release: $sct, source_file: h.source_file, record: h.record}]->(b)
RETURN count(*) AS n
"""

# A combination concept (diabetic nephropathy) is due to one disorder (diabetes) and is a kind of
# another (kidney disease): the other parent is linked to the cause.
_SNOMED_COMBINATION = """
MATCH (c:Concept {release: $sct})-[h:HAS_ATTRIBUTE {type_id: '42752001'}]->(b:Concept {release: $sct})
WHERE b.kind IN $kinds
MATCH (c)-[:IS_A]->(p:Concept {release: $sct})
WHERE p <> b AND p.kind IN $kinds AND NOT EXISTS { (b)-[:IS_A*1..12]->(p) }
  AND NOT EXISTS { (p)-[:IS_A*1..12]->(b) }
CREATE (p)-[:DX_LINK {run: $run, class: 1, method: 'snomed:due_to_combination',
                      evidence: c.display + ' is a ' + p.display + ' due to ' + b.display, evidence_key: h.key,
                      via: c.code, source: 'SNOMEDCT', release: $sct, source_file: h.source_file,
                      record: h.record}]->(b)
RETURN count(*) AS n
"""

_ORGAN_SITES = """
MATCH (a:Concept {release: $sct})-[h:HAS_ATTRIBUTE {type_id: '363698007'}]->(site:Concept)
WHERE a.kind IN $kinds
MATCH p = (site)-[:IS_A*0..8]->(organ:Concept {release: $sct}) WHERE organ.code IN $organs
WITH a, h, site, organ ORDER BY length(p)
WITH a, h, site, collect(organ)[0] AS organ
MERGE (a)-[o:AT_ORGAN {run: $run, organ: organ.code}]->(organ)
SET o.site = site.code, o.evidence = a.display + ' — finding site ' + site.display + ' (' + organ.display + ')',
    o.source = 'SNOMEDCT', o.release = $sct, o.source_file = h.source_file, o.record = h.record,
    o.method = 'snomed:finding_site→organ'
RETURN count(DISTINCT o) AS n
"""

# Diagnoses (ICD-10-CM codes, or their more general codes) that SNOMED CT disorders at an organ map to.
_ORGANS_OF_CODES = """
UNWIND $codes AS code
MATCH (k:Code {system: 'ICD10CM', code: code})<-[:MAPS_TO]-(s:Concept)-[o:AT_ORGAN]->(organ:Concept)
WHERE o.run = $run
RETURN code, organ.code AS organ, organ.display AS organ_name, s.code AS snomed, o.evidence AS evidence,
       o.record AS record, o.release AS release, $run AS run
"""

_CURATED = """
UNWIND $rows AS row
MATCH (a:Concept {system: 'ICD10CM', code: row.a, release: $icd})
MATCH (b:Concept {system: 'ICD10CM', code: row.b, release: $icd})
CREATE (a)-[:DX_LINK {run: $run, class: row.class, method: 'curated', evidence: row.rationale,
                      reference: row.reference, source: 'clinigraph.curated_links', release: $curated,
                      source_file: $file, record: 'line ' + toString(row.line)}]->(b)
RETURN count(*) AS n
"""

_RESIDUAL = """
UNWIND $rows AS row
MATCH (a:Concept) WHERE elementId(a) = row.a
MATCH (b:Concept) WHERE elementId(b) = row.b
CREATE (a)-[:DX_LINK {run: $run, class: 3, method: 'residual:shared_findings', score: row.score,
                      evidence: row.evidence, source: 'clinigraph.extraction', release: $runs,
                      record: row.record}]->(b)
RETURN count(*) AS n
"""


def build_links(driver: Driver, database: str, curated_path: str | Path = DEFAULT_FILE, *,
                threshold: float = RESIDUAL_THRESHOLD) -> LinkRun:
    curated = read_curated_links(curated_path)
    releases = {r["system"]: r["id"] for r in driver.execute_query(
        ("MATCH (r:Release {" + SERVED_CURRENT + "}) UNWIND coalesce(r.systems, [r.system]) AS system "
         "RETURN system, r.id AS id"), database_=database).records}
    if "ICD10CM" not in releases:
        raise ClinigraphError("no current ICD-10-CM release to link diagnoses in; `clinigraph load icd10cm` first")
    extraction_runs = sorted(r["id"] for r in driver.execute_query(
        "MATCH (r:ExtractionRun {status: 'completed'}) RETURN r.id AS id", database_=database).records)
    inputs = {"job": JOB, "version": VERSION, "threshold": threshold, "releases": releases,
              "curated": curated.sha256, "organs": sorted(_organs()), "extraction_runs": extraction_runs}
    run_id = run_id_of("dxlinks-", inputs)
    run = RecordedRun(driver, database, "LinkRun", run_id, JOB, purge=lambda: _delete_edges(driver, database, run_id))
    previous = run.previous()
    if previous and previous["status"] == COMPLETED:
        return LinkRun(run_id, "unchanged", previous["counts"])
    run.start({"job_version": VERSION, "parameters": json.dumps({"threshold": threshold}),
               "releases": sorted(releases.values()), "curated_file": curated.path.name,
               "curated_sha256": curated.sha256, "extraction_runs": extraction_runs})
    try:
        counts = _build(driver, database, run_id, releases, curated, threshold)
        superseded = run.complete(counts)
    except BaseException as exc:
        run.fail(exc)
        raise
    for old in superseded:
        _delete_edges(driver, database, old)
    return LinkRun(run_id, "completed", counts, superseded)


def _build(driver: Driver, database: str, run_id: str, releases: dict[str, str], curated: CuratedLinks,
           threshold: float) -> dict[str, int]:
    def write(query: str, **params: Any) -> int:
        records, _, _ = driver.execute_query(query, run=run_id, database_=database, **params)
        return int(records[0]["n"]) if records else 0

    icd = releases["ICD10CM"]
    counts = {"icd10cm_notes": write(_ICD_NOTES, icd=icd)}
    if "SNOMEDCT" in releases:
        counts["snomed_attributes"] = write(
            _SNOMED_DIRECT, sct=releases["SNOMEDCT"], types=list(SNOMED_ATTRIBUTES), kinds=SNOMED_DISORDER_KINDS,
            classes={k: c for k, (c, _) in SNOMED_ATTRIBUTES.items()},
            methods={k: m for k, (_, m) in SNOMED_ATTRIBUTES.items()})
        counts["snomed_combinations"] = write(_SNOMED_COMBINATION, sct=releases["SNOMEDCT"],
                                              kinds=SNOMED_DISORDER_KINDS)
        counts["snomed_organ_sites"] = write(_ORGAN_SITES, sct=releases["SNOMEDCT"], kinds=SNOMED_DISORDER_KINDS,
                                             organs=sorted(_organs()))
    known = {r["code"] for r in driver.execute_query(
        "MATCH (c:Concept {release: $icd}) WHERE c.code IN $codes RETURN c.code AS code", icd=icd,
        codes=sorted({x for link in curated.links for x in (link.a, link.b)}), database_=database).records}
    for link in curated.links:
        for side in ("a", "b"):
            if getattr(link, side) not in known:
                raise ClinigraphError(f"{curated.path}, line {link.line}, field {side}: {getattr(link, side)} is not "
                                      f"a code of {icd}")
    counts["curated"] = write(_CURATED, icd=icd, curated=f"curated@{curated.sha256[:12]}", file=curated.path.name,
                              rows=[{"a": c.a, "b": c.b, "class": c.link_class, "rationale": c.rationale,
                                     "reference": c.reference, "line": c.line} for c in curated.links])
    residual = _residual_rows(driver, database, run_id, threshold)
    counts["residual"] = write(_RESIDUAL, rows=residual, runs=_runs_label(driver, database)) if residual else 0
    counts["links"] = sum(v for k, v in counts.items() if k != "snomed_organ_sites")
    return counts


def _runs_label(driver: Driver, database: str) -> str:
    runs = [r["id"] for r in driver.execute_query("MATCH (r:ExtractionRun {status: 'completed'}) RETURN r.id AS id "
                                                  "ORDER BY id", database_=database).records]
    return "extraction:" + ",".join(runs)


def _residual_rows(driver: Driver, database: str, run_id: str, threshold: float) -> list[dict[str, Any]]:
    """Pairs of diagnoses whose findings overlap (weighted Jaccard ≥ threshold) with no stronger link."""
    records, _, _ = driver.execute_query(
        """
        MATCH (run:ExtractionRun {status: 'completed'})
        MATCH (d:Concept)-[e:HAS_FINDING {run: run.id}]->(f:Concept)
        RETURN elementId(d) AS d, d.system + ':' + d.code AS dcode, elementId(f) AS f,
               f.system + ':' + f.code AS fcode, f.display AS fname, collect(e.relationship_type) AS types
        """, database_=database)
    findings: dict[str, dict[str, tuple[float, str]]] = defaultdict(dict)
    codes: dict[str, str] = {}
    for r in records:
        weight = max((FINDING_WEIGHTS.get(t, 0.0) for t in r["types"]), default=0.0)
        if weight > 0:
            findings[r["d"]][r["f"]] = (weight, f"{r['fcode']} {r['fname']}")
            codes[r["d"]] = r["dcode"]
    linked = {(r["a"], r["b"]) for r in driver.execute_query(
        "MATCH (a)-[:DX_LINK {run: $run}]-(b) RETURN elementId(a) AS a, elementId(b) AS b", run=run_id,
        database_=database).records}
    by_code = {code: element for element, code in codes.items()}
    with driver.session(database=database) as session:  # a shared organ-level finding site is class 2 already
        for link in organ_links(session, run_id, {c.partition(":")[2]: [c.partition(":")[2]] for c in by_code
                                                  if c.startswith("ICD10CM:")}):
            a, b = by_code[f"ICD10CM:{link['a']}"], by_code[f"ICD10CM:{link['b']}"]
            linked |= {(a, b), (b, a)}
    rows = []
    diagnoses = sorted(findings)
    for i, a in enumerate(diagnoses):
        for b in diagnoses[i + 1:]:
            shared = findings[a].keys() & findings[b].keys()
            if not shared or (a, b) in linked:
                continue
            union = findings[a].keys() | findings[b].keys()
            top = sum(min(findings[a][f][0], findings[b][f][0]) for f in shared)
            bottom = sum(max(findings[a].get(f, (0.0, ""))[0], findings[b].get(f, (0.0, ""))[0]) for f in union)
            score = round(top / bottom, 3)
            if score >= threshold:
                rows.append({"a": a, "b": b, "score": score, "record": f"{codes[a]} ~ {codes[b]}",
                             "evidence": "shared findings: " + "; ".join(sorted(findings[a][f][1] for f in shared))})
    return rows


def _organs(path: Path = ORGANS_FILE) -> dict[str, str]:
    try:
        organs = tomllib.loads(path.read_text(encoding="utf-8"))["organs"]
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        raise ClinigraphError(f"cannot read the organ list {path}: {exc}") from None
    return {str(k): str(v) for k, v in organs.items()}


def organ_links(tx: Any, run_id: str, codes: dict[str, list[str]]) -> list[DiagnosisLink]:
    """Class 2 links between diagnoses whose SNOMED CT disorders share an organ-level finding site.

    ``codes`` maps each diagnosis to the ICD-10-CM codes standing for it (itself, more general or more
    specific codes); the answer has one link per pair and organ, from the first diagnosis to the second."""
    organs: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)  # diagnosis → organ → evidence
    wanted = sorted({c for cs in codes.values() for c in cs})
    owners: dict[str, list[str]] = defaultdict(list)
    for diagnosis, cs in codes.items():
        for c in cs:
            owners[c].append(diagnosis)
    for r in tx.run(_ORGANS_OF_CODES, codes=wanted, run=run_id):
        for diagnosis in owners[r["code"]]:
            organs[diagnosis].setdefault(r["organ"], dict(r))
    links: list[DiagnosisLink] = []
    names = sorted(codes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            for organ in sorted(organs[a].keys() & organs[b].keys()):
                ea, eb = organs[a][organ], organs[b][organ]
                links.append({"a": a, "b": b, "from_code": ea["code"], "to_code": eb["code"], "class": 2,
                              "method": "snomed:shared_finding_site", "organ": ea["organ_name"],
                              "evidence": f"{ea['evidence']}; {eb['evidence']}", "reference": None,
                              "record": f"{ea['record']}; {eb['record']}", "source": "SNOMEDCT", "run": ea["run"]})
    return links


def _delete_edges(driver: Driver, database: str, run_id: str) -> None:
    delete_of_run(driver, database, "()-[l:DX_LINK {run: $id}]->()", run_id)
    delete_of_run(driver, database, "()-[o:AT_ORGAN {run: $id}]->()", run_id)


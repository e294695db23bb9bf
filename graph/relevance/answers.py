"""Specialty relevance: for a patient, which findings matter to a specialty, and why.

A patient is a set of ICD-10-CM diagnoses (SNOMED CT ones, ``SNOMEDCT:<id>``, are mapped
to ICD-10-CM through the loaded release's map first) and, optionally, findings (or the
items they came from). For each specialty the findings are tiered, following the
benchmark's rule (see ``../shared/reference/domain.md``):

* **primary** — a present diagnosis that has the finding is *owned* by the specialty
  (a HOME_SPECIALTY edge of the current specialty map);
* **relevant** — a present diagnosis that has the finding is joined by a class 1 or
  curated link to a present diagnosis the specialty owns;
* **neutral** — joined only by a class 2 or class 3 link;
* **excluded** — nothing joins it to the specialty.

A diagnosis *has* a finding when a current extraction run put a HAS_FINDING edge
between a concept of the diagnosis' ICD-10-CM category and the finding (E11.22 has
the findings known for E11.9 and E11.22); a finding known only for another code of the
category is primary for the specialties both codes belong to. A finding keeps its best tier over every
diagnosis that has it, and every answer carries the path that made it: the owning
diagnosis, the diagnosis-finding edge, and the home rule or the link (class, method,
evidence). Pathognomonic and highly suggestive findings are marked critical. A
specialty with no primary or relevant finding abstains, explicitly.

Links (DX_LINK of the current link run) join two present diagnoses when each side is
the diagnosis or a more general code of it (code-first notes cite categories and
blocks); a residual (class 3) link, built between extraction-grounded codes, also
joins diagnoses of the same category.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from neo4j import Driver

from graph.relevance.links import organ_links
from graph.relevance.results import (
    DiagnosisLink,
    FindingPath,
    FindingSource,
    MappedDiagnosis,
    PatientDiagnosis,
    PatientFinding,
    SpecialtyRelevance,
    SpecialtyTiers,
    TieredFinding,
)
from graph.store.derived import refuse_stale
from graph.store.releases import SERVED_CURRENT
from graph.terminology.concepts import normalise_code
from loaders.errors import ClinigraphError, InputError

TIERS = ("primary", "relevant", "neutral", "excluded")
CRITICAL = {"pathognomonic", "highly_suggestive"}
MAX_DIAGNOSES = 50
MAX_FINDINGS = 200
#: Items a patient may be built from (the API refuses more).
MAX_ITEMS = 200


class RelevanceInputError(InputError):
    """The request names something clinigraph does not know; ``field`` and ``item`` say what."""

    def __init__(self, message: str, field: str, item: str | None = None) -> None:
        super().__init__(message, field)
        self.item = item


@dataclass(frozen=True)
class Patient:
    diagnoses: tuple[str, ...]
    findings: tuple[tuple[str, str], ...] = ()  # (system, code); empty: every finding the diagnoses have


_DIAGNOSES = """
MATCH (r:Release {system: 'ICD10CM', """ + SERVED_CURRENT + """})
OPTIONAL MATCH (m:SpecialtyMap {status: 'completed', current: true})
WITH r, m
UNWIND $codes AS code
OPTIONAL MATCH (c:Concept {system: 'ICD10CM', code: code, release: r.id})
OPTIONAL MATCH (c)-[h:HOME_SPECIALTY {map: m.id}]->(s:Specialty)
RETURN code, c.display AS display, c.kind AS kind, c IS NOT NULL AS known, r.id AS release, m.id AS map,
       [x IN collect(CASE WHEN s IS NULL THEN null ELSE {specialty: s.id, rule: h.record, codes: h.codes,
                                                         rationale: h.rationale} END) WHERE x IS NOT NULL] AS homes
"""

_FINDINGS_OF = """
MATCH (run:ExtractionRun {status: 'completed'})
WITH collect(run.id) AS runs
OPTIONAL MATCH (m:SpecialtyMap {status: 'completed', current: true})
WITH runs, m
UNWIND $diagnoses AS d
MATCH (x:Concept {system: 'ICD10CM'})-[e:HAS_FINDING]->(f:Concept)
WHERE e.run IN runs AND x.code STARTS WITH d.category
RETURN d.code AS owner, x.code AS via, f.system AS system, f.code AS code, f.display AS display,
       e.relationship_type AS relationship_type, e.frequency AS frequency, e.key AS edge,
       COLLECT { MATCH (x)-[:HOME_SPECIALTY {map: m.id}]->(s:Specialty) RETURN s.id } AS via_homes
"""

# The patient's codes with their more general codes (a note may cite a category or a block) …
_ANCESTORS = """
MATCH (r:Release {system: 'ICD10CM', """ + SERVED_CURRENT + """})
UNWIND $codes AS code
MATCH (:Concept {system: 'ICD10CM', code: code, release: r.id})-[:IS_A*0..4]->(up:Concept)
RETURN code, collect(elementId(up)) AS ids
"""

# … every link of the current run leaving one of them (an index seek per node, then few edges) …
_LINKS_FROM = """
MATCH (lr:LinkRun {status: 'completed', current: true})
UNWIND $ids AS id
MATCH (n:Concept) WHERE elementId(n) = id
MATCH (n)-[l:DX_LINK]->(o:Concept) WHERE l.run = lr.id
RETURN id AS from_id, n.code AS from_code, elementId(o) AS to_id, o.code AS to_code, l.class AS class,
       l.method AS method, l.evidence AS evidence, l.reference AS reference, l.record AS record, l.source AS source,
       lr.id AS run
"""

# … and the residual links of the run, which join diagnoses of the same categories.
_RESIDUAL_LINKS = """
MATCH (lr:LinkRun {status: 'completed', current: true})
MATCH (a:Concept)-[l:DX_LINK]->(b:Concept) WHERE l.run = lr.id AND l.class = 3
RETURN a.code AS from_code, b.code AS to_code, l.class AS class, l.method AS method, l.evidence AS evidence,
       l.reference AS reference, l.record AS record, l.source AS source, lr.id AS run
"""


def _link(a: str, b: str, r: Any) -> DiagnosisLink:
    """A link record of the current run as joining the patient's codes ``a`` and ``b``."""
    return {"a": a, "b": b, "from_code": r["from_code"], "to_code": r["to_code"], "class": r["class"],
            "method": r["method"], "evidence": r["evidence"], "reference": r["reference"], "record": r["record"],
            "source": r["source"], "run": r["run"]}


def _links_between(tx: Any, codes: list[str]) -> list[DiagnosisLink]:
    """Links of the current run joining two of the patient's diagnoses (either direction), with evidence."""
    ancestors = {r["code"]: set(r["ids"]) for r in tx.run(_ANCESTORS, codes=codes)}
    owners: dict[str, set[str]] = defaultdict(set)  # node id → patient codes it is (a more general code of)
    for code, ids in ancestors.items():
        for node in ids:
            owners[node].add(code)
    found: dict[tuple[str, str, str, str, str], DiagnosisLink] = {}
    for r in tx.run(_LINKS_FROM, ids=sorted(owners)):
        for a in owners[r["from_id"]]:
            for b in owners.get(r["to_id"], ()):
                if a != b:
                    found[(a, b, r["from_code"], r["to_code"], r["method"])] = _link(a, b, r)
    run = tx.run("MATCH (lr:LinkRun {status: 'completed', current: true}) RETURN lr.id AS id").single()
    if run is not None:  # class 2: SNOMED CT disorders of both diagnoses at one organ-level finding site
        for link in organ_links(tx, run["id"], {c: [c] for c in codes}):
            found[(link["a"], link["b"], link["from_code"], link["to_code"], link["method"])] = link
    for r in tx.run(_RESIDUAL_LINKS):
        for a in codes:
            for b in codes:
                if a != b and r["from_code"][:3] == a[:3] and r["to_code"][:3] == b[:3]:
                    found[(a, b, r["from_code"], r["to_code"], r["method"])] = _link(a, b, r)
    return sorted(found.values(), key=lambda link: (link["a"], link["b"], link["class"], link["from_code"]))


def patient_from_items(driver: Driver, database: str, item_ids: list[str]) -> Patient:
    """The diagnoses (correct and secondary roles) and findings grounded in the current version of the items by
    the current extraction runs; negated mentions are left out. Unknown items are an error naming the first."""
    if not item_ids:
        raise RelevanceInputError("no items given", "items")
    records, _, _ = driver.execute_query(
        """
        UNWIND $ids AS id
        OPTIONAL MATCH (i:Item {item_id: id, status: 'current'})
        OPTIONAL MATCH (run:ExtractionRun {status: 'completed'})<-[:PRODUCED_BY]-(m:Mention)-[:MENTIONED_IN]->(i)
        WHERE m.grounded_code IS NOT NULL AND NOT coalesce(m.negated, false)
          AND (m.category = 'finding' OR coalesce(m.role, 'correct') IN ['correct', 'secondary'])
        RETURN id, i IS NOT NULL AS known,
               collect(CASE WHEN m.category = 'diagnosis' AND m.grounded_system = 'ICD10CM'
                            THEN m.grounded_code END) AS diagnoses,
               collect(CASE WHEN m.category = 'finding' THEN [m.grounded_system, m.grounded_code] END) AS findings
        """, ids=item_ids, database_=database, routing_="r")
    missing = [r["id"] for r in records if not r["known"]]
    if missing:
        raise RelevanceInputError(f"no current item {missing[0]!r}", "items", missing[0])
    diagnoses = sorted({d for r in records for d in r["diagnoses"]})
    findings = sorted({(f[0], f[1]) for r in records for f in r["findings"]})
    if not diagnoses:
        raise RelevanceInputError("the items have no grounded diagnosis in the current extraction runs", "items")
    return Patient(tuple(diagnoses), tuple(findings))


def specialties(driver: Driver, database: str) -> list[str]:
    records, _, _ = driver.execute_query("MATCH (s:Specialty) RETURN s.id AS id ORDER BY id", database_=database,
                                         routing_="r")
    return [r["id"] for r in records]


def relevance(driver: Driver, database: str, patient: Patient, specialty: str | None = None) -> SpecialtyRelevance:
    """Tiered findings for one specialty (or every specialty), with the specialties the patient involves."""
    given = _check(patient)
    codes: list[str] = []
    mapped: dict[str, MappedDiagnosis] = {}
    with driver.session(database=database, default_access_mode="READ") as session:
        def work(tx: Any) -> tuple[list[Any], list[Any], list[DiagnosisLink], list[str]]:
            nonlocal codes, mapped
            # A layer built on a replaced release lost its edges: refuse, never answer from it in silence.
            refuse_stale(tx, "SpecialtyMap", "LinkRun", "ExtractionRun")
            codes, mapped = _to_icd(tx, given)
            known = list(tx.run("MATCH (s:Specialty) RETURN s.id AS id ORDER BY id"))
            dx = list(tx.run(_DIAGNOSES, codes=codes))
            found = list(tx.run(_FINDINGS_OF, diagnoses=[{"code": c, "category": c[:3]} for c in codes]))
            links = _links_between(tx, codes) if len(codes) > 1 else []
            return dx, found, links, [r["id"] for r in known]

        dx, found, links, known = session.execute_read(work)
    if not known:
        raise ClinigraphError("no specialty map is loaded; run `clinigraph specialties`")
    if not dx or dx[0]["map"] is None:
        raise ClinigraphError("no current ICD-10-CM release with a specialty map; run `clinigraph specialties`")
    unknown = [r["code"] for r in dx if not r["known"]]
    if unknown:
        raise RelevanceInputError(f"{unknown[0]} is not a code of {dx[0]['release']}", "diagnoses", unknown[0])
    wanted = [specialty] if specialty else known
    if specialty and specialty not in known:
        raise RelevanceInputError(f"unknown specialty {specialty!r}; known: {', '.join(known)}", "specialty",
                                  specialty)
    diagnoses = {r["code"]: _diagnosis(r, mapped) for r in dx}
    has: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    names: dict[tuple[str, str], str] = {}
    for r in found:
        key = (r["system"], r["code"])
        names[key] = r["display"]
        has[key].append({"owner": r["owner"], "via": r["via"], "relationship_type": r["relationship_type"],
                         "frequency": r["frequency"], "edge": r["edge"], "via_homes": r["via_homes"]})
    asked = list(patient.findings) or sorted(has)
    for key in asked:
        names.setdefault(key, "")
    answers = [_tier_for(s, diagnoses, has, names, asked, links) for s in wanted]
    involved = sorted({h["specialty"] for d in diagnoses.values() for h in d["homes"]})
    return {
        "patient": {"diagnoses": list(diagnoses.values()),
                    "findings": [{"system": s, "code": c, "display": names.get((s, c), "")} for s, c in asked]},
        "specialties_involved": involved,
        "links": links,
        "specialty_map": dx[0]["map"],
        "results": answers,
    }


def _diagnosis(r: Any, mapped: dict[str, MappedDiagnosis]) -> PatientDiagnosis:
    """A diagnosis record of the patient, its homes in a fixed order (collect() gives them in whatever order
    the store holds the edges), and the SNOMED CT code it was mapped from."""
    diagnosis: PatientDiagnosis = {"code": r["code"], "display": r["display"],
                                   "homes": sorted(r["homes"], key=lambda h: (h["specialty"], h["rule"] or ""))}
    if r["code"] in mapped:
        diagnosis["mapped_from"] = mapped[r["code"]]
    return diagnosis


def _tier_for(specialty: str, diagnoses: dict[str, PatientDiagnosis], has: dict[tuple[str, str], list[dict[str, Any]]],
              names: dict[tuple[str, str], str], asked: list[tuple[str, str]], links: list[DiagnosisLink]
              ) -> SpecialtyTiers:
    owned = {code for code, d in diagnoses.items() if any(h["specialty"] == specialty for h in d["homes"])}
    tiers: dict[str, list[TieredFinding]] = {t: [] for t in TIERS}
    for key in asked:
        best: tuple[int, FindingPath] | None = None
        for source in has.get(key, []):
            owner = diagnoses[source["owner"]]
            for rank, why in _paths(specialty, owner, source, owned, diagnoses, links):
                if best is None or rank < best[0]:
                    best = (rank, why)
        finding: PatientFinding = {"system": key[0], "code": key[1], "display": names.get(key, "")}
        if best is None:
            reason = ("no present diagnosis has this finding" if not has.get(key)
                      else f"nothing joins the diagnoses that have it to {specialty}")
            tiers["excluded"].append({**finding, "tier": "excluded", "critical": False, "explanation": reason})
            continue
        rank, why = best
        tiers[TIERS[rank]].append({**finding, "tier": TIERS[rank], "critical": why["relationship_type"] in CRITICAL,
                                   **why})
    abstain = not tiers["primary"] and not tiers["relevant"]
    return {
        "specialty": specialty,
        "owns": sorted(owned),
        "abstain": abstain,
        "abstention": (f"nothing in this patient is relevant to {specialty}: no present diagnosis is "
                       f"{specialty}'s, and none is linked to one by a class 1 or curated link") if abstain else None,
        "tiers": tiers,
        "counts": {t: len(v) for t, v in tiers.items()},
    }


def _paths(specialty: str, owner: PatientDiagnosis, source: dict[str, Any], owned: set[str],
           diagnoses: dict[str, PatientDiagnosis], links: list[DiagnosisLink]) -> list[tuple[int, FindingPath]]:
    """Every way ``source`` (a diagnosis having the finding) reaches the specialty, with its tier rank."""
    base: FindingSource = {"owner": {"code": owner["code"], "display": owner["display"]},
                           "relationship_type": source["relationship_type"], "frequency": source["frequency"],
                           "finding_edge": {"from": source["via"], "key": source["edge"]}}
    out: list[tuple[int, FindingPath]] = []
    home = next((h for h in owner["homes"] if h["specialty"] == specialty), None)
    # A finding known for another code of the category (polyuria of E11.9, for E11.22) is primary only
    # where that code is the specialty's too: nephrology owns E11.22, not diabetes' polyuria.
    if home and (source["via"] == owner["code"] or specialty in source["via_homes"]):
        out.append((0, {**base, "explanation": f"{owner['code']} has this finding and is {specialty}'s "
                                               f"({home['codes']}: {home['rationale']})", "home": home}))
    for link in links:
        if owner["code"] not in (link["a"], link["b"]):
            continue
        other = link["b"] if link["a"] == owner["code"] else link["a"]
        if other not in owned:
            continue
        rank = 1 if link["class"] == 1 or link["method"] == "curated" else 2
        kind = "curated" if link["method"] == "curated" else f"class {link['class']}"
        out.append((rank, {**base, "link": link, "linked_diagnosis": {"code": other,
                                                                       "display": diagnoses[other]["display"]},
                           "explanation": f"{owner['code']} has this finding and is joined to {other} "
                                          f"({specialty}'s) by a {kind} link ({link['method']}: {link['evidence']})"}))
    return out


# A SNOMED CT diagnosis takes its specialties through the release's SNOMED CT → ICD-10-CM map: the
# first map group's highest-priority target whose rule is unconditional (TRUE / OTHERWISE TRUE).
_SNOMED_TO_ICD = """
MATCH (r:Release {""" + SERVED_CURRENT + """}) WHERE 'SNOMEDCT' IN coalesce(r.systems, [r.system])
UNWIND $codes AS code
OPTIONAL MATCH (c:Concept {system: 'SNOMEDCT', code: code, release: r.id})
OPTIONAL MATCH (c)-[m:MAPS_TO]->(k:Code {system: 'ICD10CM'})
WHERE m.map_rule IS NULL OR m.map_rule IN ['TRUE', 'OTHERWISE TRUE']
WITH code, c, m, k ORDER BY m.map_group, m.map_priority
RETURN code, c IS NOT NULL AS known, c.display AS display, collect(k.code)[0] AS icd,
       collect(m.map_advice)[0] AS advice
"""


def _check(patient: Patient) -> list[str]:
    if not patient.diagnoses:
        raise RelevanceInputError("a patient needs at least one diagnosis code", "diagnoses")
    if len(patient.diagnoses) > MAX_DIAGNOSES:
        raise RelevanceInputError(f"at most {MAX_DIAGNOSES} diagnoses", "diagnoses")
    if len(patient.findings) > MAX_FINDINGS:
        raise RelevanceInputError(f"at most {MAX_FINDINGS} findings", "findings")
    for raw in patient.diagnoses:
        system, sep, rest = raw.strip().partition(":")
        if sep and system.upper() in ("SNOMEDCT", "SNOMED", "SCT"):
            if not rest.isdigit():
                raise RelevanceInputError(f"{raw!r} is not a SNOMED CT concept id", "diagnoses", raw)
        else:
            code = normalise_code("ICD10CM", raw.strip())
            if not code or len(code) > 10 or not code[:1].isalpha():
                raise RelevanceInputError(f"{raw!r} is not an ICD-10-CM code (or SNOMEDCT:<id>)", "diagnoses", raw)
    return [raw.strip() for raw in patient.diagnoses]


def _to_icd(tx: Any, given: list[str]) -> tuple[list[str], dict[str, MappedDiagnosis]]:
    """ICD-10-CM codes for the given diagnoses, mapping SNOMED CT ones; what was mapped, and how."""
    snomed = [g.partition(":")[2] for g in given if ":" in g]
    mapped: dict[str, MappedDiagnosis] = {}
    if snomed:
        rows = {r["code"]: r for r in tx.run(_SNOMED_TO_ICD, codes=snomed)}
        for g in given:
            if ":" not in g:
                continue
            sctid = g.partition(":")[2]
            row = rows.get(sctid)
            if row is None or not row["known"]:
                raise RelevanceInputError(f"SNOMED CT {sctid} is not a concept of a current SNOMED CT release",
                                          "diagnoses", g)
            if not row["icd"]:
                raise RelevanceInputError(f"SNOMED CT {sctid} ({row['display']}) has no unconditional ICD-10-CM "
                                          "map target", "diagnoses", g)
            mapped[row["icd"]] = {"system": "SNOMEDCT", "code": sctid, "display": row["display"],
                                  "map_advice": row["advice"]}
    codes: list[str] = []
    for g in given:
        code = (next(k for k, v in mapped.items() if v["code"] == g.partition(":")[2]) if ":" in g
                else normalise_code("ICD10CM", g))
        if code not in codes:
            codes.append(code)
    return codes, mapped

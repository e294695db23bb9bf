"""Terminology operations shaped like the FHIR ones users know from Snowstorm and HAPI FHIR:
``$lookup``, ``$validate-code``, ``$subsumes``, ``$translate``, ``$expand`` — on the loaded releases,
as of the current release or a named version.

They answer from the graph's two layers (a ``Code`` identity per system and code, a ``Concept`` per
release): hierarchy over ``IS_A`` inside one release, translation over ``MAPS_TO`` (the SNOMED CT →
ICD-10-CM map, with its rules and advice), ``XREF`` (a term's cross-references, e.g. HPO → UMLS or
SNOMED CT) and UMLS concepts (two codes the same CUI contains). Every read runs in a read transaction.
"""

from __future__ import annotations

from typing import Any, cast

from neo4j import Driver, ManagedTransaction

from graph.store.releases import SERVED_CURRENT
from graph.terminology.concepts import ConceptNotFoundError, get_concept, normalise_code, release_of
from graph.terminology.results import (
    CodeProperty,
    CodeValidation,
    Expansion,
    LookupResult,
    OtherRelease,
    ReleaseCode,
    Subsumption,
    SuccessorCode,
    Translation,
    TranslationMatch,
)
from graph.terminology.systems import normalise_system

#: Deepest IS_A path followed (SNOMED CT's deepest chains are under 30).
MAX_DEPTH = 40
#: Most concepts one expansion returns; ``total`` still counts them all.
MAX_EXPANSION = 5000
#: Concepts an expansion returns unless asked for another number.
DEFAULT_EXPANSION = 1000


def _read(driver: Driver, database: str, query: str, **params: Any) -> list[dict[str, Any]]:
    def work(tx: ManagedTransaction) -> list[dict[str, Any]]:
        return [r.data() for r in tx.run(query, **params)]

    with driver.session(database=database, default_access_mode="READ") as session:
        return session.execute_read(work)


# --- $lookup --------------------------------------------------------------------------------------

def lookup(driver: Driver, database: str, system: str, code: str, version: str | None = None) -> LookupResult:
    """The FHIR ``$lookup`` answer: name, version, display, designations and properties of one code."""
    c = get_concept(driver, database, system, code, version, max_children=50)
    properties: list[CodeProperty] = [{"code": "parent", "value": p["code"]} for p in c["parents"]]
    properties += [{"code": "child", "value": ch["code"]} for ch in c["children"]]
    properties.append({"code": "inactive", "value": not c["active"]})
    if c["billable"] is not None:
        properties.append({"code": "billable", "value": c["billable"]})
    properties += [{"code": "replaced-by", "value": r["code"]} for r in c["replaced_by"]]
    return {
        "system": c["system"], "code": c["code"], "name": c["release"]["title"] or c["system"],
        "version": c["release"]["version"], "release": c["release"]["id"], "display": c["display"],
        "kind": c["kind"], "active": c["active"],
        "designations": [{"use": "synonym", "value": s} for s in c["synonyms"]],
        "properties": properties, "children_total": c["children_total"], "provenance": c["provenance"],
    }


# --- $validate-code -------------------------------------------------------------------------------

_OTHER_RELEASES = """
MATCH (c:Concept {system: $system, code: $code})
MATCH (r:Release {id: c.release, status: 'complete'})
RETURN r.id AS release, r.version AS version, c.display AS display ORDER BY r.version DESC
"""


def validate_code(driver: Driver, database: str, system: str, code: str, version: str | None = None,
                  display: str | None = None) -> CodeValidation:
    """Is ``code`` valid in the release — and if not, why (unknown, only in other releases, inactive,
    not billable) and what replaces it. An unknown system is a 404 (not a ``false``): the question
    cannot be asked of clinigraph."""
    system = normalise_system(system)
    code = normalise_code(system, code)
    release = release_of(driver, database, system, version)
    base: ReleaseCode = {"system": system, "code": code, "release": release["id"], "version": release["version"]}
    try:
        c = get_concept(driver, database, system, code, release["version"], max_children=0)
    except ConceptNotFoundError:
        elsewhere = cast(list[OtherRelease], _read(driver, database, _OTHER_RELEASES, system=system, code=code))
        if elsewhere:
            found = ", ".join(e["release"] for e in elsewhere)
            return {**base, "result": False, "reason": "not-in-release",
                    "message": f"{code} is not in {release['id']}; it is in {found}", "other_releases": elsewhere,
                    "replaced_by": []}
        return {**base, "result": False, "reason": "unknown-code",
                "message": f"{code} is not a code of {system} in any loaded release", "replaced_by": []}
    replaced_by: list[SuccessorCode] = [
        {"code": r["code"], "display": r["display"], "association": r.get("association")} for r in c["replaced_by"]]

    def answer(result: bool, reason: str | None, message: str) -> CodeValidation:
        return {**base, "display": c["display"], "active": c["active"], "billable": c["billable"],
                "replaced_by": replaced_by, "result": result, "reason": reason, "message": message}

    if not c["active"]:
        instead = ", ".join(r["code"] for r in c["replaced_by"]) or "no replacement recorded"
        return answer(False, "inactive", f"{code} is inactive in {release['id']} (replaced by: {instead})")
    if display is not None:
        names = {c["display"].casefold(), *(s.casefold() for s in c["synonyms"])}
        if display.strip().casefold() not in names:
            return answer(False, "display-mismatch",
                          f"{display!r} is not a display or synonym of {code}; the display is {c['display']!r}")
    if c["billable"] is False:
        return answer(True, "not-billable", f"{code} is valid but a category: code to a billable descendant "
                                            f"({c['children_total']} children)")
    return answer(True, None, f"{code} is valid in {release['id']}")


# --- $subsumes ------------------------------------------------------------------------------------

_SUBSUMES = """
MATCH (a:Concept {system: $system, code: $a, release: $release})
MATCH (b:Concept {system: $system, code: $b, release: $release})
OPTIONAL MATCH down = shortestPath((b)-[:IS_A*..""" + str(MAX_DEPTH) + """]->(a))
OPTIONAL MATCH up = shortestPath((a)-[:IS_A*..""" + str(MAX_DEPTH) + """]->(b))
RETURN a.display AS a_display, b.display AS b_display,
       CASE WHEN down IS NULL THEN null ELSE [n IN nodes(down) | n.code] END AS a_subsumes_b,
       CASE WHEN up IS NULL THEN null ELSE [n IN nodes(up) | n.code] END AS b_subsumes_a
"""


def subsumes(driver: Driver, database: str, system: str, code_a: str, code_b: str,
             version: str | None = None) -> Subsumption:
    """FHIR ``$subsumes``: ``equivalent``, ``subsumes`` (A is an ancestor of B), ``subsumed-by`` or
    ``not-subsumed``, by IS_A inside one release, with the shortest path that shows it."""
    system = normalise_system(system)
    a, b = normalise_code(system, code_a), normalise_code(system, code_b)
    release = release_of(driver, database, system, version)

    def answer(outcome: str, path: list[str]) -> Subsumption:
        return {"system": system, "codeA": a, "codeB": b, "release": release["id"], "outcome": outcome, "path": path}

    if a == b:
        get_concept(driver, database, system, a, release["version"], max_children=0)  # 404 if unknown
        return answer("equivalent", [a])
    rows = _read(driver, database, _SUBSUMES, system=system, a=a, b=b, release=release["id"])
    if not rows:
        for code in (a, b):  # name the code that is missing
            get_concept(driver, database, system, code, release["version"], max_children=0)
    row = rows[0]
    for outcome, path in (("subsumes", row["a_subsumes_b"]), ("subsumed-by", row["b_subsumes_a"])):
        if path:
            found = answer(outcome, path)
            found["steps"] = len(path) - 1
            return found
    return answer("not-subsumed", [])


# --- $translate -----------------------------------------------------------------------------------

_TRANSLATE = """
MATCH (c:Concept {system: $system, code: $code, release: $release})-[:VERSION_OF]->(k:Code)
CALL () {
  MATCH (r:Release {""" + SERVED_CURRENT + """}) RETURN collect(r.id) AS current
}
CALL (c, k, current) {
  MATCH (c)-[m:MAPS_TO]->(t:Code {system: $target})
  RETURN t, 'map' AS via, 'source-to-target' AS direction, null AS bridge,
         m {.map_group, .map_priority, .map_rule, .map_advice, .release, .record} AS detail
  UNION
  MATCH (s:Concept {system: $target})-[m:MAPS_TO]->(k) WHERE s.release IN current
  MATCH (s)-[:VERSION_OF]->(t:Code)
  RETURN t, 'map' AS via, 'target-to-source' AS direction, null AS bridge,
         m {.map_group, .map_priority, .map_rule, .map_advice, .release, .record} AS detail
  UNION
  MATCH (c)-[x:XREF]->(t:Code {system: $target})
  RETURN t, 'xref' AS via, 'source-to-target' AS direction, null AS bridge, x {.release, .record} AS detail
  UNION
  MATCH (s:Concept {system: $target})-[x:XREF]->(k) WHERE s.release IN current
  MATCH (s)-[:VERSION_OF]->(t:Code)
  RETURN t, 'xref' AS via, 'target-to-source' AS direction, null AS bridge, x {.release, .record} AS detail
  UNION
  MATCH (u:Concept {system: 'UMLS'})-[x:XREF]->(k) WHERE u.release IN current AND $target <> 'UMLS'
  MATCH (u)-[y:XREF]->(t:Code {system: $target})
  RETURN t, 'umls' AS via, 'shared-concept' AS direction, u.code AS bridge, y {.release, .record} AS detail
  UNION
  MATCH (u:Concept {system: 'UMLS'})-[x:XREF]->(k) WHERE u.release IN current AND $target = 'UMLS'
  MATCH (u)-[:VERSION_OF]->(t:Code)
  RETURN t, 'umls' AS via, 'shared-concept' AS direction, u.code AS bridge, x {.release, .record} AS detail
}
OPTIONAL MATCH (t)<-[:VERSION_OF]-(tc:Concept) WHERE tc.release IN current
WITH t, via, direction, bridge, detail, head(collect(tc)) AS tc
RETURN t.system AS system, t.code AS code, tc.display AS display, tc.release AS release, via, direction,
       bridge, detail
ORDER BY via, coalesce(detail.map_group, 0), coalesce(detail.map_priority, 0), code
LIMIT 500
"""

_RELATIONSHIP = {
    ("map", "source-to-target"): "mapped to (SNOMED CT → ICD-10-CM map; read the rule and advice)",
    ("map", "target-to-source"): "maps to this code (the reverse of a one-way map: the target may be broader)",
    ("xref", "source-to-target"): "cross-referenced by the source term",
    ("xref", "target-to-source"): "the target term cross-references this code",
    ("umls", "shared-concept"): "in the same UMLS concept (synonymous in the Metathesaurus)",
}


def translate(driver: Driver, database: str, system: str, code: str, target: str,
              version: str | None = None) -> Translation:
    """FHIR ``$translate`` from ``system``/``code`` to ``target``: every match with how it was found,
    in which direction the source states it, and (for maps) the rule and advice."""
    system, target = normalise_system(system), normalise_system(target)
    code = normalise_code(system, code)
    release = release_of(driver, database, system, version)
    rows = _read(driver, database, _TRANSLATE, system=system, code=code, release=release["id"], target=target)
    if not rows:
        get_concept(driver, database, system, code, release["version"], max_children=0)  # 404 if unknown
    matches = [cast(TranslationMatch, {**r, "relationship": _RELATIONSHIP[(r["via"], r["direction"])],
                                       "detail": {k: v for k, v in (r["detail"] or {}).items() if v is not None}})
               for r in rows]
    return {"system": system, "code": code, "target": target, "release": release["id"],
            "result": bool(matches), "matches": matches}


# --- $expand --------------------------------------------------------------------------------------

def _expand_query(depth: int) -> str:
    # DISTINCT end nodes without the path let the planner walk IS_A breadth-first with pruning, so a
    # subtree with multiple inheritance (SNOMED CT) costs its size, not its number of paths.
    return f"""
MATCH (root:Concept {{system: $system, code: $code, release: $release}})
OPTIONAL MATCH (root)<-[:IS_A*1..{int(depth)}]-(d:Concept)
WITH root, collect(DISTINCT d) AS found
WITH root, [d IN found WHERE $active_only = false OR coalesce(d.active, true)] AS kept
UNWIND (CASE WHEN kept = [] THEN [null] ELSE kept END) AS d
WITH root, size(kept) AS total, d ORDER BY d.code
WITH root, total, collect(d {{.code, .display, .kind, .billable, active: coalesce(d.active, true)}}) AS all
RETURN root.display AS display, total, all[..$limit] AS contains
"""


def expand(driver: Driver, database: str, system: str, code: str, version: str | None = None, *,
           depth: int = MAX_DEPTH, active_only: bool = True, limit: int = DEFAULT_EXPANSION) -> Expansion:
    """FHIR ``$expand`` of a subtree: the descendants of ``code`` (up to ``depth`` IS_A steps) in code
    order, at most ``limit`` of them; ``total`` counts all."""
    system = normalise_system(system)
    code = normalise_code(system, code)
    release = release_of(driver, database, system, version)
    rows = _read(driver, database, _expand_query(max(1, min(depth, MAX_DEPTH))), system=system, code=code,
                 release=release["id"], active_only=active_only, limit=min(limit, MAX_EXPANSION))
    if not rows:
        raise ConceptNotFoundError(f"{code} is not a code of {system} in release {release['id']}")
    row = rows[0]
    contains = row["contains"]
    return {"system": system, "code": code, "display": row["display"], "release": release["id"],
            "depth": min(depth, MAX_DEPTH), "active_only": active_only, "total": row["total"],
            "truncated": row["total"] > len(contains), "contains": contains}

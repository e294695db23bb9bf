"""The home-specialty map in the graph: (:Specialty) nodes and HOME_SPECIALTY edges from ICD-10-CM codes.

One load of ``graph/resources/specialties.toml`` (:mod:`loaders.specialties`) against
the current ICD-10-CM release (and, when one is loaded, the current SNOMED CT release)
is a ``SpecialtyMap`` (id = file version + content hash;
it records the file, its sha256 and the ICD-10-CM release). Every edge names the map,
the rule (its number and line in the file), the ranges and the rationale, so a person
in Neo4j Browser sees why cardiology owns I50.9.

SNOMED CT disorders get their specialties two ways, each edge saying which: through the
release's map (the homes of the first unconditional ICD-10-CM target) and through their
finding site (the organ it falls under, ``graph/resources/organs.toml``, and that organ's
specialty).

Loading is all or nothing: edges are written under a map in status ``loading`` and only
the map marked ``complete`` and ``current`` counts; a failure removes what was written.
The same file against the same ICD-10-CM release again writes nothing; a new file or a
new ICD-10-CM release makes a new map that replaces the old one when complete.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from neo4j import Driver

from graph.store.releases import SERVED_CURRENT
from graph.store.runs import COMPLETED, RecordedRun, delete_of_run
from loaders.errors import ClinigraphError
from loaders.specialties import DEFAULT_FILE, OwnershipMap, read_ownership

METHOD = "clinigraph.specialties/1.0.0"
#: The job a SpecialtyMap is a run of (graph/store/runs.py): each completed map supersedes the previous one.
JOB = "clinigraph.specialties"


@dataclass
class SpecialtyLoad:
    map_id: str
    icd_release: str
    action: str  # loaded | unchanged
    codes_with_a_home: int = 0
    edges: int = 0
    replaced: list[str] | None = None


def load_specialties(driver: Driver, database: str, path: str | Path = DEFAULT_FILE, *,
                     batch_size: int = 10_000) -> SpecialtyLoad:
    ownership = read_ownership(path)
    records, _, _ = driver.execute_query(
        "MATCH (r:Release {system: 'ICD10CM', " + SERVED_CURRENT + "}) RETURN r.id AS id",
        database_=database)
    if not records:
        raise ClinigraphError("no current ICD-10-CM release to assign specialties to; `clinigraph load icd10cm` first")
    icd_release = records[0]["id"]
    sct = driver.execute_query(
        ("MATCH (r:Release {" + SERVED_CURRENT + "}) WHERE 'SNOMEDCT' IN coalesce(r.systems, [r.system]) "
         "RETURN r.id AS id"), database_=database).records
    sct_release = sct[0]["id"] if sct else None
    organs, organ_specialties = _organ_table()
    map_id = f"{ownership.id}@{icd_release}" + (f"+{sct_release}+organs{_organ_hash()}" if sct_release else "")
    run = RecordedRun(driver, database, "SpecialtyMap", map_id, JOB,
                      purge=lambda: _delete_edges(driver, database, map_id))
    previous = run.previous()
    if previous and previous["status"] == COMPLETED:
        return SpecialtyLoad(map_id, icd_release, "unchanged")
    # Each edge names its ends by element id, as the release writer's edges do: a seek by id instead of a
    # (system, code, release) and a Specialty index lookup per edge (a quarter of the write's server CPU).
    concepts = {r["code"]: r["node"] for r in driver.execute_query(
        "MATCH (c:Concept {release: $release}) WHERE c.kind IN ['category', 'code'] "
        "RETURN c.code AS code, elementId(c) AS node",
        release=icd_release, database_=database).records}
    assigned = ownership.assign(list(concepts))
    specialty_nodes = {r["id"]: r["node"] for r in driver.execute_query(
        "UNWIND $specialties AS id MERGE (s:Specialty {id: id}) RETURN s.id AS id, elementId(s) AS node",
        specialties=list(ownership.specialties), database_=database).records}
    run.start(_map_props(ownership, icd_release, sct_release))
    try:
        # Each row names its rule by position; the rules' properties travel once per batch, not once per
        # edge (packing the same rationale 100k times was a third of the job).
        rules = [_rule_row(rule, ownership, specialty_nodes) for rule in ownership.rules]
        position = {rule.number: i for i, rule in enumerate(ownership.rules)}
        rows = [[concepts[code], position[rule.number]] for code, rule in assigned]
        for start in range(0, len(rows), batch_size):
            driver.execute_query(_HOMES, rows=rows[start:start + batch_size], rules=rules, release=icd_release,
                                 map=map_id, database_=database)
        snomed_edges = 0
        if sct_release:
            snomed_edges = _snomed_homes(driver, database, map_id, icd_release, sct_release, organs,
                                         organ_specialties)
        with_home, edges = len({c for c, _ in assigned}), len(rows) + snomed_edges
        replaced = run.complete({"codes_with_a_home": with_home, "edges": edges},
                                {"codes_with_a_home": with_home, "edges": edges})
    except BaseException as exc:
        run.fail(exc)
        raise
    for old in replaced:
        _delete_edges(driver, database, old)
    return SpecialtyLoad(map_id, icd_release, "loaded", with_home, edges, replaced)


# SNOMED CT concepts take the homes of their first unconditional ICD-10-CM map target …
_SNOMED_BY_MAP = """
MATCH (s:Concept {release: $sct})-[mp:MAPS_TO]->(k:Code {system: 'ICD10CM'})
WHERE mp.map_group = 1 AND (mp.map_rule IS NULL OR mp.map_rule IN ['TRUE', 'OTHERWISE TRUE'])
WITH s, mp, k ORDER BY mp.map_priority
WITH s, collect(k)[0] AS k
MATCH (k)<-[:VERSION_OF]-(c:Concept {release: $icd})-[h:HOME_SPECIALTY {map: $map}]->(sp:Specialty)
MERGE (s)-[x:HOME_SPECIALTY {map: $map, via: 'icd10cm_map'}]->(sp)
SET x.codes = 'ICD-10-CM ' + c.code + ' (' + h.codes + ')', x.rationale = h.rationale, x.rule = h.rule,
    x.source = 'clinigraph.specialties', x.release = h.release, x.source_file = h.source_file,
    x.record = 'map to ' + c.code + '; ' + h.record, x.method = $method
RETURN count(x) AS n
"""

# … and the specialty of the organ their finding site falls under.
_SNOMED_BY_SITE = """
MATCH (s:Concept {release: $sct})-[a:HAS_ATTRIBUTE {type_id: '363698007'}]->(site:Concept)
MATCH p = (site)-[:IS_A*0..8]->(organ:Concept {release: $sct}) WHERE organ.code IN $organs
WITH s, a, site, organ ORDER BY length(p)
WITH s, a, site, collect(organ)[0] AS organ
MATCH (sp:Specialty {id: $specialty_of[organ.code]})
MERGE (s)-[x:HOME_SPECIALTY {map: $map, via: 'finding_site'}]->(sp)
SET x.codes = 'finding site ' + site.display + ' → ' + organ.display, x.rationale =
    'a disorder of the ' + toLower(replace(organ.display, ' structure', '')) + ' (organs.toml)',
    x.source = 'SNOMEDCT', x.release = $sct, x.source_file = a.source_file, x.record = a.record, x.method = $method
RETURN count(x) AS n
"""


def _snomed_homes(driver: Driver, database: str, map_id: str, icd_release: str, sct_release: str,
                  organs: list[str], organ_specialties: dict[str, str]) -> int:
    by_map = driver.execute_query(_SNOMED_BY_MAP, sct=sct_release, icd=icd_release, map=map_id, method=METHOD,
                                  database_=database).records[0]["n"]
    by_site = driver.execute_query(_SNOMED_BY_SITE, sct=sct_release, organs=organs, specialty_of=organ_specialties,
                                   map=map_id, method=METHOD, database_=database).records[0]["n"]
    return int(by_map) + int(by_site)


def _organ_table() -> tuple[list[str], dict[str, str]]:
    import tomllib

    from graph.relevance.links import ORGANS_FILE

    try:
        data = tomllib.loads(ORGANS_FILE.read_text(encoding="utf-8"))
        specialties = {str(k): str(v) for k, v in data["specialties"].items()}
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        raise ClinigraphError(f"cannot read the organ table {ORGANS_FILE}: {exc}") from None
    return sorted(specialties), specialties


def _organ_hash() -> str:
    import hashlib

    from graph.relevance.links import ORGANS_FILE

    return hashlib.sha256(ORGANS_FILE.read_bytes()).hexdigest()[:8]


def _map_props(ownership: OwnershipMap, icd_release: str, sct_release: str | None) -> dict[str, Any]:
    return {"version": ownership.version, "file": ownership.path.name, "sha256": ownership.sha256,
            "icd_release": icd_release, "releases": [icd_release, *([sct_release] if sct_release else [])],
            "method": METHOD, "rules": len(ownership.rules),
            "specialties": list(ownership.specialties)}


_HOMES = """
UNWIND $rows AS row
WITH row[0] AS concept, $rules[row[1]] AS rule
MATCH (c:Concept) WHERE elementId(c) = concept AND c.release = $release
MATCH (s:Specialty) WHERE elementId(s) = rule.specialty
CREATE (c)-[h:HOME_SPECIALTY]->(s) SET h = rule.props, h.map = $map
"""


def _rule_row(rule: Any, ownership: OwnershipMap, specialty_nodes: dict[str, str]) -> dict[str, Any]:
    """What every HOME_SPECIALTY edge a rule gives carries (the rule, its rationale and provenance), and the
    element id of the rule's Specialty node."""
    return {"specialty": specialty_nodes[rule.specialty], "props": {
        "rule": rule.number, "codes": rule.describe(), "rationale": rule.rationale,
        "source": "clinigraph.specialties", "release": ownership.id, "source_file": ownership.path.name,
        "record": rule.id, "method": METHOD}}


def _delete_edges(driver: Driver, database: str, map_id: str) -> None:
    delete_of_run(driver, database, "()-[h:HOME_SPECIALTY {map: $id}]->()", map_id)

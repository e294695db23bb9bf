"""Provenance chains: from a diagnosis–finding edge, a mention, an item, a run or a concept back to the sources.

A chain ends at what a reviewer can check by hand: the item's text span, the
document's sha256, the extraction run (job, version, parameters, times), every
grounding decision with its steps, and the ontology release (version, files,
checksums). Links that no longer hold are flagged ``stale`` with the reason: a
concept inactive or replaced, or whose release is no longer current; an item
superseded by a newer version; a run superseded by a later one. All reads run in
one read transaction per chain.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar, cast

from neo4j import Driver, ManagedTransaction

from graph.provenance.results import (
    ConceptChain,
    ConceptProvenance,
    EdgeChain,
    ItemChain,
    ItemSummary,
    ItemVersion,
    ItemVersionRef,
    MentionChain,
    MentionGrounding,
    MentionSpan,
    ProvDocument,
    ReleaseNode,
    RunRecord,
    RunSummary,
)
from graph.store.releases import SERVED_CURRENT
from loaders.errors import NotFoundError

_Chain = TypeVar("_Chain")


class ProvenanceNotFoundError(NotFoundError):
    """Nothing with that identity exists in the graph."""


_CONCEPT = """
MATCH (c:Concept {system: $system, code: $code, release: $release})
OPTIONAL MATCH (r:Release {id: c.release})
OPTIONAL MATCH (r)-[hf:HAS_FILE]->(f:SourceFile)
WITH c, r, collect(CASE WHEN f IS NULL THEN null ELSE {name: hf.name, sha256: f.sha256, size: f.size} END) AS files
OPTIONAL MATCH (c)-[:REPLACED_BY]->(n:Concept)
WITH c, r, files, collect(n.code) AS replaced_by
OPTIONAL MATCH (cur:Release {""" + SERVED_CURRENT + """}) WHERE c.system IN coalesce(cur.systems, [cur.system])
OPTIONAL MATCH (now:Concept {system: c.system, code: c.code, release: cur.id})
RETURN c {.system, .code, .display, .kind, .active, .source, .source_file, .record, .method, .release} AS concept,
       r {.id, .version, .status, .current, .title, .loader, .loader_version} AS release, files, replaced_by,
       cur.id AS current_release, now IS NOT NULL AS in_current, coalesce(now.active, true) AS active_now
"""


def _concept(tx: ManagedTransaction, system: str, code: str, release: str) -> ConceptProvenance | None:
    row = tx.run(_CONCEPT, system=system, code=code, release=release).single()
    if row is None:
        return None
    c = dict(row["concept"])
    stale = []
    if c.get("active") is False:
        stale.append(f"{system} {code} is inactive in {release}")
    if row["replaced_by"]:
        stale.append(f"{system} {code} is replaced by {', '.join(row['replaced_by'])}")
    rel: ReleaseNode = row["release"] or ReleaseNode()
    if not rel.get("current"):
        if row["current_release"] is None:
            stale.append(f"no current release of {system} is loaded")
        elif not row["in_current"]:
            stale.append(f"{release} is no longer current and {code} is not in {row['current_release']}")
        else:
            stale.append(f"{release} is no longer current (now {row['current_release']})")
            if not row["active_now"]:
                stale.append(f"{code} is inactive in {row['current_release']}")
    return {
        "system": c["system"], "code": c["code"], "display": c.get("display"), "kind": c.get("kind"),
        "active": c.get("active", True),
        "release": {**rel, "files": sorted(row["files"], key=lambda f: f["name"])},
        "provenance": {"source": c.get("source"), "release": c.get("release"), "file": c.get("source_file"),
                       "record": c.get("record"), "method": c.get("method")},
        "stale": stale,
    }


_ITEM = """
MATCH (i:Item {uid: $uid})
OPTIONAL MATCH (i)-[fd:FROM_DOCUMENT]->(d:Document)
WITH i, collect({id: d.id, title: d.title, name: d.name, sha256: d.sha256, line: fd.line,
                 ingested_at: toString(d.ingested_at)}) AS documents
OPTIONAL MATCH (newer:Item {uid: i.superseded_by})
RETURN i {.uid, .item_id, .version, .kind, .status, .superseded_by, .text, .sections,
          ingested_at: toString(i.ingested_at), superseded_at: toString(i.superseded_at)} AS item, documents
"""

_RUN = """
MATCH (r:ExtractionRun {id: $id})
RETURN r {.id, .job, .job_version, .parameters, .input, .items, .releases, .status, .superseded_by, .error,
          .counts, .stale_because, started_at: toString(r.started_at), finished_at: toString(r.finished_at)} AS run
"""


def _from_json(stored: dict[str, Any], key: str) -> dict[str, Any]:
    """A map a node keeps as JSON text (a Neo4j property cannot hold a map); empty when it keeps none."""
    return json.loads(stored[key]) if stored.get(key) else {}


def _item(tx: ManagedTransaction, uid: str) -> ItemVersion | None:
    row = tx.run(_ITEM, uid=uid).single()
    if row is None:
        return None
    stored = dict(row["item"])
    stale = [f"item superseded by {stored['superseded_by']}"] if stored.get("status") == "superseded" else []
    # _ITEM's projection, with the sections the item stores as JSON read back
    return cast(ItemVersion, {**stored, "sections": _from_json(stored, "sections"),
                              "documents": [d for d in row["documents"] if d.get("sha256")], "stale": stale})


def _run(tx: ManagedTransaction, run_id: str) -> RunRecord | None:
    row = tx.run(_RUN, id=run_id).single()
    if row is None:
        return None
    stored = dict(row["run"])
    # _RUN's projection, with the parameters and counts the run stores as JSON read back
    run = cast(RunRecord, {**stored, "parameters": _from_json(stored, "parameters"),
                           "counts": _from_json(stored, "counts")})
    run["stale"] = {
        "superseded": [f"run superseded by {run.get('superseded_by')}"],
        "failed": [f"run failed: {run.get('error')}"],
        "running": ["run has not completed"],
    }.get(run["status"], [])
    if run.get("stale_because"):
        run["stale"] = [*run["stale"], f"run built on a replaced release ({run['stale_because']}): rerun it"]
    return run


def _span_text(item: ItemVersion, field: str | None, start: int | None, end: int | None) -> str | None:
    if field is None or start is None or end is None:
        return None
    if field == "text":
        return str(item["text"])[start:end]
    name = field.split(".", 1)[1]
    index = 0
    if "[" in name:
        name, rest = name.split("[", 1)
        index = int(rest.rstrip("]"))
    values = item["sections"].get(name)
    values = values if isinstance(values, list) else [values]
    return str(values[index])[start:end] if index < len(values) and values[index] is not None else None


def _cached(cache: dict[Any, Any], key: tuple[Any, ...], make: Any) -> Any:
    if key not in cache:
        cache[key] = make()
    return cache[key]


def _mention(tx: ManagedTransaction, mention_id: str, cache: dict[Any, Any]) -> MentionChain | None:
    row = tx.run("MATCH (m:Mention {id: $id}) RETURN properties(m) AS m", id=mention_id).single()
    if row is None:
        return None
    m = dict(row["m"])
    item: ItemVersion | None = _cached(cache, ("item", m["item_uid"]), lambda: _item(tx, m["item_uid"]))
    run: RunRecord | None = _cached(cache, ("run", m["run"]), lambda: _run(tx, m["run"]))
    concept: ConceptProvenance | None = None
    if m.get("grounded_code"):
        key = ("concept", m["grounded_system"], m["grounded_code"], m["grounded_release"])
        concept = _cached(cache, key, lambda: _concept(tx, *key[1:]))
    span: MentionSpan = {"field": m.get("field"), "start": m.get("start"), "end": m.get("end"),
                         "text": _span_text(item, m.get("field"), m.get("start"), m.get("end")) if item else None}
    grounding: MentionGrounding = {
        "outcome": m.get("outcome"), "method": m.get("method"), "score": m.get("score"), "reason": m.get("reason"),
        "steps": m.get("steps"), "proposed_system": m.get("proposed_system"), "proposed_code": m.get("proposed_code"),
        "proposed_by": m.get("proposed_by")}
    stale = [*(item["stale"] if item else []), *(run["stale"] if run else []), *(concept["stale"] if concept else [])]
    return {
        "id": m["id"], "text": m["text"], "category": m["category"], "negated": m.get("negated", False),
        "role": m.get("role"), "finding_type": m.get("finding_type"), "relevance": m.get("relevance"),
        "origin": m.get("origin"), "span": span, "grounding": grounding, "concept": concept,
        "item": _item_summary(item), "documents": item["documents"] if item else [], "run": _run_summary(run),
        "stale": stale,
    }


def _item_summary(item: ItemVersion | None) -> ItemSummary | None:
    if item is None:
        return None
    return {"uid": item.get("uid"), "item_id": item.get("item_id"), "version": item.get("version"),
            "kind": item.get("kind"), "status": item.get("status"), "superseded_by": item.get("superseded_by"),
            "ingested_at": item.get("ingested_at")}


def _run_summary(run: RunRecord | None) -> RunSummary | None:
    if run is None:
        return None
    return {"id": run.get("id"), "job": run.get("job"), "job_version": run.get("job_version"),
            "status": run.get("status"), "started_at": run.get("started_at"), "finished_at": run.get("finished_at"),
            "superseded_by": run.get("superseded_by"), "releases": run.get("releases")}


class ProvenanceChains:
    """Builds chains; each public method is one read transaction."""

    def __init__(self, driver: Driver, database: str) -> None:
        self.driver = driver
        self.database = database

    def _read(self, work: Callable[[ManagedTransaction], _Chain | None]) -> _Chain | None:
        with self.driver.session(database=self.database, default_access_mode="READ") as session:
            return session.execute_read(work)

    def mention(self, mention_id: str) -> MentionChain:
        found = self._read(lambda tx: _mention(tx, mention_id, {}))
        if found is None:
            raise ProvenanceNotFoundError(f"no mention {mention_id}")
        return found

    def edge(self, key: str) -> EdgeChain:
        def work(tx: ManagedTransaction) -> EdgeChain | None:
            row = tx.run(
                "MATCH (d:Concept)-[e:HAS_FINDING {key: $key}]->(f:Concept) RETURN properties(e) AS e, "
                "d.system AS ds, d.code AS dc, d.release AS dr, f.system AS fs, f.code AS fc, f.release AS fr",
                key=key).single()
            if row is None:
                return None
            cache: dict[Any, Any] = {}
            edge = dict(row["e"])
            mentions = [m for m in (_mention(tx, mid, cache) for mid in edge.get("mentions", [])) if m]
            run = _run(tx, edge["run"])
            diagnosis = _concept(tx, row["ds"], row["dc"], row["dr"])
            finding = _concept(tx, row["fs"], row["fc"], row["fr"])
            items = {m["item"]["uid"]: m["item"] for m in mentions if m["item"]}
            documents = {d["sha256"]: d for m in mentions for d in m["documents"]}
            stale = sorted({s for part in (run, diagnosis, finding) if part for s in part["stale"]}
                           | {s for m in mentions for s in _item_stale(m)})
            return {
                "edge": {"type": "HAS_FINDING", **edge}, "diagnosis": diagnosis, "finding": finding,
                "mentions": mentions, "items": list(items.values()), "documents": list(documents.values()),
                "run": run, "stale": stale,
            }

        found = self._read(work)
        if found is None:
            raise ProvenanceNotFoundError(f"no diagnosis–finding edge {key}")
        return found

    def item(self, item_id: str, version: str | None = None) -> ItemChain:
        def work(tx: ManagedTransaction) -> ItemChain | None:
            versions: list[ItemVersionRef] = [r["v"] for r in tx.run(
                "MATCH (i:Item {item_id: $id}) RETURN i {.uid, .version, .status, .superseded_by, "
                "ingested_at: toString(i.ingested_at)} AS v ORDER BY i.ingested_at", id=item_id)]
            chosen = next((v for v in versions if (v["version"] == version if version else v["status"] == "current")),
                          None)
            if chosen is None:
                return None
            item = _item(tx, chosen["uid"])
            cache: dict[Any, Any] = {}
            mentions = [_mention(tx, r["id"], cache) for r in tx.run(
                "MATCH (m:Mention {item_uid: $uid}) RETURN m.id AS id ORDER BY m.field, m.start", uid=chosen["uid"])]
            return {"item": item, "versions": versions, "mentions": [m for m in mentions if m]}

        found = self._read(work)
        if found is None:
            raise ProvenanceNotFoundError(f"no item {item_id}" + (f" at version {version}" if version else ""))
        return found

    def run(self, run_id: str) -> RunRecord:
        found = self._read(lambda tx: _run(tx, run_id))
        if found is None:
            raise ProvenanceNotFoundError(f"no extraction run {run_id}")
        return found

    def concept(self, system: str, code: str, version: str | None = None) -> ConceptChain:
        from graph.store.releases import resolve_release
        from graph.terminology.concepts import normalise_code
        from graph.terminology.systems import normalise_system

        system = normalise_system(system)
        code = normalise_code(system, code)
        release = resolve_release(self.driver, self.database, system, version)
        if release is None:
            raise ProvenanceNotFoundError(f"no complete release of {system}" + (f" {version}" if version else ""))

        def work(tx: ManagedTransaction) -> ConceptChain | None:
            concept = _concept(tx, system, code, release["id"])
            if concept is None:
                return None
            row = tx.run(
                """
                MATCH (c:Concept {system: $system, code: $code, release: $release})
                OPTIONAL MATCH (m:Mention)-[:GROUNDED_TO]->(c)
                WITH c, count(m) AS mentions, collect(m.id)[..20] AS sample
                OPTIONAL MATCH (c)-[e:HAS_FINDING]-()
                RETURN mentions, sample, collect(e.key)[..50] AS edges
                """, system=system, code=code, release=release["id"]).single()
            if row is None:
                return None
            return {"concept": concept, "grounded_mentions": row["mentions"], "mention_sample": row["sample"],
                    "diagnosis_finding_edges": row["edges"]}

        found = self._read(work)
        if found is None:
            raise ProvenanceNotFoundError(f"{code} is not a code of {system} in {release['id']}")
        return found


def _item_stale(m: MentionChain) -> list[str]:
    item = m["item"]
    if item is None or item["status"] != "superseded":
        return []
    return [f"item {item['uid']} superseded by {item['superseded_by']}"]


PROV_CONTEXT = {
    "prov": "http://www.w3.org/ns/prov#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "cg": "https://clinigraph.org/ns#",
}


def to_prov(chain: MentionChain | EdgeChain) -> ProvDocument:
    """A mention or edge chain as W3C PROV-O JSON-LD: entities, the run as an activity, the job as an agent.

    Documents, item versions, mentions, concepts and releases are ``prov:Entity``;
    each is ``prov:wasDerivedFrom`` what it came from; the extraction run is a
    ``prov:Activity`` that ``prov:used`` the items and is associated with the
    extractor (a ``prov:SoftwareAgent``).
    """
    graph: dict[str, dict[str, Any]] = {}

    def node(node_id: str, node_type: str, **props: Any) -> dict[str, Any]:
        entry = graph.setdefault(node_id, {"@id": node_id, "@type": node_type})
        entry.update({k: v for k, v in props.items() if v not in (None, [], "")})
        return entry

    def derived(node_id: str, source: str) -> None:
        sources = graph[node_id].setdefault("prov:wasDerivedFrom", [])
        if {"@id": source} not in sources:
            sources.append({"@id": source})

    def add_concept(c: ConceptProvenance | None) -> str | None:
        if not c:
            return None
        rel = c["release"]
        rel_id = f"cg:release/{rel.get('id')}"
        node(rel_id, "prov:Entity", **{"cg:version": rel.get("version"), "cg:current": rel.get("current"),
                                       "cg:files": [f"{f['name']} sha256:{f['sha256']}" for f in rel.get("files", [])]})
        cid = f"cg:concept/{c['system']}/{c['code']}@{rel.get('id')}"
        node(cid, "prov:Entity", **{"prov:label": c.get("display"), "cg:record": c["provenance"].get("record"),
                                    "cg:file": c["provenance"].get("file"), "cg:stale": c.get("stale")})
        derived(cid, rel_id)
        return cid

    def add_run(run: RunRecord | RunSummary | None) -> str | None:
        if not run:
            return None
        agent = f"cg:agent/{run['job']}/{run['job_version']}"
        node(agent, "prov:SoftwareAgent", **{"prov:label": f"{run['job']} {run['job_version']}"})
        rid = f"cg:{run['id']}"
        node(rid, "prov:Activity", **{"prov:startedAtTime": run.get("started_at"),
                                      "prov:endedAtTime": run.get("finished_at"), "cg:status": run.get("status"),
                                      "prov:wasAssociatedWith": {"@id": agent}})
        return rid

    def add_mention(m: MentionChain) -> str:
        item: ItemSummary | dict[str, Any] = m.get("item") or {}
        item_id = f"cg:item/{item.get('uid')}"
        node(item_id, "prov:Entity", **{"cg:kind": item.get("kind"), "cg:status": item.get("status")})
        for d in m.get("documents", []):
            doc_id = f"cg:document/sha256:{d['sha256']}"
            node(doc_id, "prov:Entity", **{"prov:label": d.get("title") or d.get("id"), "cg:sha256": d["sha256"]})
            derived(item_id, doc_id)
        mid = f"cg:mention/{m['id']}"
        g = m["grounding"]
        node(mid, "prov:Entity", **{"prov:value": m["span"].get("text") or m["text"], "cg:field": m["span"]["field"],
                                    "cg:start": m["span"]["start"], "cg:end": m["span"]["end"],
                                    "cg:outcome": g["outcome"], "cg:method": g["method"], "cg:score": g["score"],
                                    "cg:reason": g["reason"], "cg:negated": m.get("negated")})
        derived(mid, item_id)
        run_id = add_run(m.get("run"))
        if run_id:
            graph[mid]["prov:wasGeneratedBy"] = {"@id": run_id}
            used = graph[run_id].setdefault("prov:used", [])
            if {"@id": item_id} not in used:
                used.append({"@id": item_id})
        concept_id = add_concept(m.get("concept"))
        if concept_id:
            graph[mid]["cg:groundedTo"] = {"@id": concept_id}
        return mid

    if "edge" in chain:
        edge = chain["edge"]
        eid = f"cg:edge/{edge['key']}"
        node(eid, "prov:Entity", **{"cg:relationshipType": edge.get("relationship_type"),
                                    "cg:method": edge.get("method"), "cg:frequency": edge.get("frequency"),
                                    "cg:stale": chain.get("stale")})
        for concept in (chain.get("diagnosis"), chain.get("finding")):
            cid = add_concept(concept)
            if cid:
                derived(eid, cid)
        for m in chain.get("mentions", []):
            derived(eid, add_mention(m))
        run_id = add_run(chain.get("run"))
        if run_id:
            graph[eid]["prov:wasGeneratedBy"] = {"@id": run_id}
    else:
        add_mention(chain)
    return {"@context": PROV_CONTEXT, "@graph": list(graph.values())}

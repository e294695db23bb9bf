"""Release lifecycle shared by every loader: loading → complete → superseded, or loading → failed.

Queries only ever see releases whose status is ``complete``. A load first
records an *instance* of its release as ``loading``; its concepts and edges
carry the instance's id and stay invisible until :func:`complete_release`
flips the status in one transaction. A failed or killed load leaves a
``loading``/``failed`` instance whose data is purged, by the failure handler or
by the next attempt.

Switch, don't withdraw: the first load of ``ICD10CM@2026`` is the instance
``ICD10CM@2026``; a forced reload builds a second instance (``ICD10CM@2026+2``)
beside it while the first keeps serving, and the transaction that completes
the new one marks the old one ``superseded`` — so readers see the old release
until the very moment they see the new one, and a reload that fails or is
killed takes nothing away. Every instance of a release has the same ``name``
(``ICD10CM@2026``), system and version; only one is ever complete.

A reload whose parse yields exactly what the serving instance holds (the same
:class:`~loaders.records.ContentDigest`, and the stored instance still holds as many
concepts and edges of each type as the reload wrote) is not switched in: the new
instance is discarded and the serving one stays, so every derived layer built on it
(extraction runs, specialty maps, link runs) carries over instead of going stale.

``current`` marks, per code system, the complete release with the highest
version; it moves when a newer version completes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from neo4j import Driver, ManagedTransaction

from graph.store.connection import maintenance
from graph.store.derived import mark_stale
from graph.store.results import ReleaseFile, ReleaseListing
from graph.store.writer import IDENTITY_RELATION_TYPES, RELATION_TYPES
from loaders.errors import ReleaseConflictError
from loaders.records import ReleaseInfo

#: The visibility rule every query shares, spliced into a Release pattern
#: (``"MATCH (r:Release {" + SERVED_CURRENT + "})"``): a release answers when it is complete, and by
#: default only the current one — the newest complete version of its system. Asking for a version
#: (``?version=``) drops ``current``, never ``complete``.
SERVED_CURRENT = "status: 'complete', current: true"


def version_key(version: str) -> tuple[tuple[int, object], ...]:
    """Natural ordering of version strings: ``2025`` < ``2026`` < ``2026-04``; ``2.9`` < ``2.10``.

    >>> sorted(["2.10", "2.9", "2026", "2025"], key=version_key)
    ['2.9', '2.10', '2025', '2026']
    """
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in re.findall(r"\d+|[A-Za-z]+", version))


def current_of(versions: dict[str, str]) -> str:
    """Which of the complete releases of one system is ``current``: the newest version (``id → version``).

    Both load paths decide it here (the driver path when a release completes, the full build when it writes
    the release model).

    >>> current_of({"ICD10CM@2025": "2025", "ICD10CM@2026": "2026", "X@2.9": "2.9"})
    'ICD10CM@2026'
    """
    return max(versions.items(), key=lambda item: version_key(item[1]))[0]


@dataclass(frozen=True)
class BeginOutcome:
    """Whether the writer has work to do for this release, and under which instance id it writes."""

    release_id: str
    action: str  # "load" | "unchanged"
    purged_previous: bool = False
    #: The id the load's concepts and edges carry: the release id, or ``ID+n`` for a reload beside it.
    instance: str = ""


_INSTANCES = """
MATCH (r:Release)
WHERE r.name = $name OR (r.name IS NULL AND r.id = $name)
OPTIONAL MATCH (r)-[:HAS_FILE]->(f:SourceFile)
RETURN r.id AS id, r.status AS status, coalesce(r.purged, false) AS purged, collect(f.sha256) AS files
"""

_REGISTER = """
MERGE (s:CodeSystem {name: $props.system})
MERGE (r:Release {id: $props.id})
SET r += $props,
    r.status = 'loading', r.current = false,
    r.started_at = datetime(), r.finished_at = null, r.error = null,
    r.report = null, r.superseded_by = null, r.superseded_at = null, r.purged = null
MERGE (s)-[:HAS_RELEASE]->(r)
WITH r
OPTIONAL MATCH (r)-[old:HAS_FILE]->()
DELETE old
WITH DISTINCT r
UNWIND $files AS file
MERGE (f:SourceFile {sha256: file.sha256})
SET f.size = file.size
// The same content may ship under another name or folder in another release:
// the name and path belong to the release's use of the file.
MERGE (r)-[h:HAS_FILE]->(f)
SET h.name = file.name, h.path = file.path
"""


def release_properties(info: ReleaseInfo, instance: str) -> dict[str, Any]:
    """What a Release node says about the release it is an instance of; both load paths write exactly this
    (the driver path when a load begins, the full build in its release model)."""
    return {"id": instance, "name": info.release_id, "system": info.system, "systems": list(info.systems),
            "version": info.version, "title": info.title, "loader": info.loader,
            "loader_version": info.loader_version}


def release_files(info: ReleaseInfo) -> list[dict[str, Any]]:
    """The release's files as ``HAS_FILE`` rows: the file's identity (sha256, size) and its name and path."""
    return [{"sha256": f.sha256, "name": f.name, "size": f.size, "path": f.path} for f in info.files]


def begin_release(driver: Driver, database: str, info: ReleaseInfo, *, force: bool = False) -> BeginOutcome:
    """Register a load of ``info``; decide whether it is needed and which instance it writes.

    * complete, same files → ``unchanged`` (nothing is written: reloads are idempotent);
    * complete, different files → :class:`ReleaseConflictError` unless ``force``; forced, a new
      instance is built beside the complete one, which keeps serving until the new one completes;
    * instances that died (``loading``, ``failed``) or were replaced (``superseded``) and still hold
      data are purged first, so the next load cleans up after a killed one.
    """
    rid = info.release_id
    records, _, _ = driver.execute_query(_INSTANCES, name=rid, database_=database)
    instances = {r["id"]: r["status"] for r in records}
    complete = [r for r in records if r["status"] == "complete"]
    # What dead loads (killed, failed) or replaced instances left is purged by whichever load comes next,
    # even one that then finds nothing to do.
    dead = [r["id"] for r in records if r["status"] != "complete" and not r["purged"]]
    for iid in dead:
        purge_instance(driver, database, iid)
    if complete and not force:
        old_files = sorted(complete[0]["files"])
        if old_files == sorted(f.sha256 for f in info.files):
            return BeginOutcome(rid, "unchanged", instance=complete[0]["id"])
        raise ReleaseConflictError(
            f"release {rid} is already loaded from other files "
            f"(sha256 {', '.join(o[:12] for o in old_files)}); "
            "load it with --force to replace it, or give the new files another version"
        )
    instance = _free_instance_id(rid, instances)

    def work(tx: ManagedTransaction) -> None:
        tx.run(
            _REGISTER, props=release_properties(info, instance), files=release_files(info),
        ).consume()

    with driver.session(database=database) as session:
        session.execute_write(work)
    return BeginOutcome(rid, "load", purged_previous=bool(dead), instance=instance)


def _free_instance_id(release_id: str, instances: dict[str, str]) -> str:
    """The id a new load of ``release_id`` writes under: the release id itself, or the first ``ID+n`` that
    is not complete or superseded (a dead instance's id, its data purged, is reused).

    >>> _free_instance_id("X@1", {}), _free_instance_id("X@1", {"X@1": "complete"})
    ('X@1', 'X@1+2')
    >>> _free_instance_id("X@1", {"X@1": "superseded", "X@1+2": "complete", "X@1+3": "failed"})
    'X@1+3'
    """
    n = 1
    while True:
        candidate = release_id if n == 1 else f"{release_id}+{n}"
        if instances.get(candidate) not in ("complete", "superseded"):
            return candidate
        n += 1


def complete_release(driver: Driver, database: str, release_id: str, report: list[str],
                     content_sha256: str | None = None) -> list[str]:
    """Make a loaded instance visible, retire the instance it replaces, and move ``current`` — in one
    transaction, so readers switch from the old instance to the new with nothing in between. The replaced
    instances' data is purged afterwards (invisible meanwhile; the next load purges it if this is cut
    short). Returns the ids of the instances it superseded."""

    def work(tx: ManagedTransaction) -> tuple[str, list[str]]:
        row = tx.run(
            "MATCH (r:Release {id: $id}) SET r.status = 'complete', r.finished_at = datetime(), "
            "r.report = CASE WHEN size($report) = 0 THEN null ELSE $report END, r.content_sha256 = $content "
            "RETURN r.system AS system, coalesce(r.name, r.id) AS name",
            id=release_id, report=report, content=content_sha256,
        ).single()
        if row is None:
            raise ReleaseConflictError(f"release {release_id} vanished while loading")
        record_stored_counts(tx, release_id)
        replaced = [r["id"] for r in tx.run(
            "MATCH (old:Release {status: 'complete'}) WHERE coalesce(old.name, old.id) = $name AND old.id <> $id "
            "SET old.status = 'superseded', old.current = false, old.superseded_by = $id, "
            "old.superseded_at = datetime() RETURN old.id AS id",
            name=row["name"], id=release_id,
        )]
        for old in replaced:  # what was built on the old instance says so, in the same switch
            mark_stale(tx, old, release_id)
        _move_current(tx, row["system"])
        return row["system"], replaced

    with driver.session(database=database) as session:
        _, replaced = session.execute_write(work)
    for old in replaced:
        purge_instance(driver, database, old)
    return replaced


def stored_counts(driver: Driver, database: str, instance: str) -> dict[str, int]:
    """How many concepts, and edges of each type, the graph holds for ``instance`` (on the release indexes)."""
    with driver.session(database=database, default_access_mode="READ") as session:
        return session.execute_read(counts_in, instance)


def counts_in(tx: ManagedTransaction, instance: str) -> dict[str, int]:
    """:func:`stored_counts` inside a transaction (the completing one records them on the Release)."""
    counts = {"concepts": tx.run(_COUNT_CONCEPTS, id=instance).single(strict=True)["n"]}
    for rel_type, query in _COUNT_EDGES.items():
        n = tx.run(query, id=instance).single(strict=True)["n"]
        if n:
            counts[rel_type] = n
    return counts


def record_stored_counts(tx: ManagedTransaction, instance: str) -> None:
    """Record on the Release what the graph holds for ``instance`` now, at its completion (both load paths),
    so a forced reload can tell identical content without writing (:func:`keep_unwritten_if_identical`)."""
    tx.run("MATCH (r:Release {id: $id}) SET r.stored_counts = $counts",
           id=instance, counts=_as_property(counts_in(tx, instance))).consume()


def _as_property(counts: dict[str, int]) -> list[str]:
    """Counts as a Release property (a list of ``name=n``; Neo4j stores no maps), readable in Browser.

    >>> _as_property({"concepts": 3, "IS_A": 2})
    ['IS_A=2', 'concepts=3']
    """
    return sorted(f"{name}={n}" for name, n in counts.items())


_COUNT_CONCEPTS = "MATCH (c:Concept {release: $id}) RETURN count(c) AS n"
_COUNT_EDGES = {
    t: f"MATCH ()-[r:{t}]->() WHERE r.release = $id RETURN count(r) AS n"
    for t in sorted(RELATION_TYPES | IDENTITY_RELATION_TYPES)
}


def keep_if_identical(driver: Driver, database: str, release_id: str, instance: str, content_sha256: str,
                      report: list[str]) -> str | None:
    """If the complete instance of ``release_id`` holds what ``instance`` was just loaded with, keep it.

    Same content means the same :class:`~loaders.records.ContentDigest` of the parse *and* the same stored
    counts (a serving instance damaged since its load — nodes deleted in Browser — is replaced, not kept).
    The reload's instance is then discarded (marked, purged) and the serving one records the reload, so
    the derived layers built on it carry over. Returns the kept instance's id, or ``None`` to switch.
    """
    records, _, _ = driver.execute_query(
        "MATCH (r:Release {status: 'complete'}) WHERE coalesce(r.name, r.id) = $name AND r.id <> $id "
        "RETURN r.id AS id, r.content_sha256 AS content",
        name=release_id, id=instance, database_=database,
    )
    if not records or records[0]["content"] != content_sha256:
        return None
    serving = records[0]["id"]
    if stored_counts(driver, database, serving) != stored_counts(driver, database, instance):
        return None
    _discard_for(driver, database, instance, serving, content_sha256, report)
    return serving


@dataclass(frozen=True)
class Serving:
    """The complete instance of a release, as its completion recorded it."""

    id: str
    content_sha256: str
    stored_counts: list[str]
    report: list[str]


def recorded_serving(driver: Driver, database: str, release_id: str, instance: str) -> Serving | None:
    """The complete instance of ``release_id`` other than ``instance``, if its completion recorded the
    content digest and stored counts a reload can be judged identical against without writing."""
    records, _, _ = driver.execute_query(
        "MATCH (r:Release {status: 'complete'}) WHERE coalesce(r.name, r.id) = $name AND r.id <> $id "
        "AND r.content_sha256 IS NOT NULL AND r.stored_counts IS NOT NULL "
        "RETURN r.id AS id, r.content_sha256 AS content, r.stored_counts AS counts, coalesce(r.report, []) AS report",
        name=release_id, id=instance, database_=database,
    )
    if not records:
        return None
    r = records[0]
    return Serving(r["id"], r["content"], list(r["counts"]), list(r["report"]))


def keep_unwritten_if_identical(driver: Driver, database: str, serving: Serving, instance: str,
                                content_sha256: str) -> str | None:
    """Before writing: keep ``serving`` if the reload's parse has its digest and the graph still holds the
    counts its completion recorded (so writing would only build a copy and then discard it).

    Same rule as :func:`keep_if_identical`, which judges after writing (for instances completed before
    counts were recorded); the discarded instance carries the serving one's report, which the same
    content gives again.
    """
    if serving.content_sha256 != content_sha256:
        return None
    if _as_property(stored_counts(driver, database, serving.id)) != serving.stored_counts:
        return None  # changed since it completed (nodes deleted in Browser): write and replace it
    _discard_for(driver, database, instance, serving.id, content_sha256, serving.report)
    return serving.id


def _discard_for(driver: Driver, database: str, instance: str, serving: str, content_sha256: str,
                 report: list[str]) -> None:
    """Discard the reload's ``instance`` in favour of ``serving``, which records the reload."""
    driver.execute_query(
        """
        MATCH (new:Release {id: $id}), (kept:Release {id: $kept})
        SET new.status = 'discarded', new.current = false, new.finished_at = datetime(), new.identical_to = $kept,
            new.report = CASE WHEN size($report) = 0 THEN null ELSE $report END, new.content_sha256 = $content,
            kept.reloaded_at = datetime()
        """,
        id=instance, kept=serving, report=report, content=content_sha256, database_=database,
    )
    purge_instance(driver, database, instance)


def _move_current(tx: ManagedTransaction, system: str) -> None:
    versions = {
        r["id"]: r["version"]
        for r in tx.run(
            "MATCH (r:Release {system: $system, status: 'complete'}) RETURN r.id AS id, r.version AS version",
            system=system,
        )
    }
    if not versions:
        return
    newest = current_of(versions)
    tx.run(
        "MATCH (r:Release {system: $system}) SET r.current = (r.id = $newest AND r.status = 'complete')",
        system=system, newest=newest,
    ).consume()


def fail_release(driver: Driver, database: str, release_id: str, error: str) -> None:
    """Purge what a failed load wrote and record why it failed (never visible to queries)."""
    driver.execute_query(
        "MATCH (r:Release {id: $id}) SET r.status = 'failed', r.current = false, "
        "r.finished_at = datetime(), r.error = $error",
        id=release_id, error=error[:2000], database_=database,
    )
    purge_instance(driver, database, release_id)


def purge_instance(driver: Driver, database: str, release_id: str) -> None:
    """Purge a dead or replaced instance's data and record that it is gone, so later loads skip it."""
    purge_release_data(driver, database, release_id)
    driver.execute_query("MATCH (r:Release {id: $id}) WHERE r.status <> 'complete' SET r.purged = true",
                         id=release_id, database_=database)


_PURGE_EDGE_TEMPLATE = (
    "MATCH ()-[r:__TYPE__]->() WHERE r.release = $id CALL (r) { DELETE r } IN TRANSACTIONS OF 10000 ROWS"
)
_PURGE_EDGES = {
    t: _PURGE_EDGE_TEMPLATE.replace("__TYPE__", t) for t in sorted(RELATION_TYPES | IDENTITY_RELATION_TYPES)
}


def purge_release_data(driver: Driver, database: str, release_id: str) -> None:
    """Delete every concept and edge of ``release_id`` in bounded transactions.

    Code identity nodes left with no version and no link at all are removed too
    (cross-references create them for systems not loaded yet), so a failed first
    load leaves no trace in the graph.
    """
    with driver.session(database=database) as session:
        # Edges first, by type on their release index: one dense node (an HPO term
        # with 60,000 annotations) deleted with DETACH in one batch would exceed
        # the transaction memory limit.
        for query in _PURGE_EDGES.values():
            session.run(maintenance(query), id=release_id).consume()
        session.run(maintenance(
            "MATCH (c:Concept {release: $id}) "
            "CALL (c) { DETACH DELETE c } IN TRANSACTIONS OF 5000 ROWS"),
            id=release_id,
        ).consume()
        session.run(maintenance("MATCH (k:Code) WHERE NOT (k)--() "
                                "CALL (k) { DELETE k } IN TRANSACTIONS OF 5000 ROWS"),
        ).consume()


def list_releases(driver: Driver, database: str, *, include_incomplete: bool = False) -> list[ReleaseListing]:
    """Releases with their files, newest version first per system."""
    records, _, _ = driver.execute_query(
        """
        MATCH (r:Release)
        WHERE $all OR r.status = 'complete'
        OPTIONAL MATCH (r)-[h:HAS_FILE]->(f:SourceFile)
        WITH r, collect(CASE WHEN f IS NULL THEN null ELSE {name: h.name, size: f.size, sha256: f.sha256} END)
             AS files
        RETURN r {.id, name: coalesce(r.name, r.id), .system, .systems, .version, .title, .status, .current,
                  .loader, .loader_version, .error, .report, .superseded_by, .identical_to, .content_sha256,
                  started_at: toString(r.started_at), finished_at: toString(r.finished_at),
                  reloaded_at: toString(r.reloaded_at)} AS release, files
        """,
        all=include_incomplete, database_=database, routing_="r",
    )
    out = [_listing(r["release"], sorted(r["files"], key=lambda f: f["name"])) for r in records]
    out.sort(key=lambda r: (r["system"], version_key(r["version"] or "")), reverse=False)
    return out


def _listing(r: dict[str, Any], files: list[ReleaseFile]) -> ReleaseListing:
    return ReleaseListing(
        id=r["id"], name=r["name"], system=r["system"], systems=r["systems"], version=r["version"],
        title=r["title"], status=r["status"], current=r["current"], loader=r["loader"],
        loader_version=r["loader_version"], started_at=r["started_at"], finished_at=r["finished_at"],
        error=r["error"], report=r["report"], superseded_by=r["superseded_by"], identical_to=r["identical_to"],
        content_sha256=r["content_sha256"], reloaded_at=r["reloaded_at"], files=files,
    )


def resolve_release(driver: Driver, database: str, system: str, version: str | None = None) -> dict[str, Any] | None:
    """The complete release of ``system`` to answer from: the current one, or ``version``."""
    records, _, _ = driver.execute_query(
        """
        MATCH (r:Release {status: 'complete'})
        WHERE $system IN coalesce(r.systems, [r.system])
          AND (($version IS NULL AND r.current) OR r.version = $version)
        RETURN r {.id, .system, .version, .title, .current, finished_at: toString(r.finished_at)} AS release
        """,
        system=system, version=version, database_=database, routing_="r",
    )
    return records[0]["release"] if records else None

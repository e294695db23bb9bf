"""Release lifecycle shared by every loader: loading → complete | failed.

Queries only ever see releases whose status is ``complete``. A load first
records its release as ``loading``; its concepts and edges carry the release id
and stay invisible until :func:`complete_release` flips the status in one
transaction. A failed or killed load leaves a ``loading``/``failed`` release
whose data is purged, by the failure handler or by the next attempt.

``current`` marks, per code system, the complete release with the highest
version; it moves when a newer version completes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from neo4j import Driver, ManagedTransaction

from graph.connection import maintenance
from graph.writer import IDENTITY_RELATION_TYPES, RELATION_TYPES
from loaders.errors import ReleaseConflictError
from loaders.records import ReleaseInfo


def version_key(version: str) -> tuple[tuple[int, object], ...]:
    """Natural ordering of version strings: ``2025`` < ``2026`` < ``2026-04``; ``2.9`` < ``2.10``.

    >>> sorted(["2.10", "2.9", "2026", "2025"], key=version_key)
    ['2.9', '2.10', '2025', '2026']
    """
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in re.findall(r"\d+|[A-Za-z]+", version))


@dataclass(frozen=True)
class BeginOutcome:
    """Whether the writer has work to do for this release."""

    release_id: str
    action: str  # "load" | "unchanged"
    purged_previous: bool = False


def begin_release(driver: Driver, database: str, info: ReleaseInfo, *, force: bool = False) -> BeginOutcome:
    """Register a load of ``info``; decide whether it is needed.

    * complete, same files → ``unchanged`` (nothing is written: reloads are idempotent);
    * complete, different files → :class:`ReleaseConflictError` unless ``force``;
    * loading or failed (an earlier attempt died) → its data is purged, then loaded anew.
    """
    rid = info.release_id
    records, _, _ = driver.execute_query(
        "MATCH (r:Release {id: $id}) OPTIONAL MATCH (r)-[:HAS_FILE]->(f:SourceFile) "
        "RETURN r.status AS status, collect(f.sha256) AS files",
        id=rid, database_=database,
    )
    purged = False
    if records:
        status = records[0]["status"]
        old_files = sorted(records[0]["files"])
        new_files = sorted(f.sha256 for f in info.files)
        if status == "complete" and not force:
            if old_files == new_files:
                return BeginOutcome(rid, "unchanged")
            raise ReleaseConflictError(
                f"release {rid} is already loaded from other files "
                f"(sha256 {', '.join(o[:12] for o in old_files)}); "
                "load it with --force to replace it, or give the new files another version"
            )
        if status == "complete":
            # Withdrawn before its data is purged: queries never see a release half deleted.
            with driver.session(database=database) as session:
                session.execute_write(_withdraw, rid)
        purge_release_data(driver, database, rid)
        purged = True

    def work(tx: ManagedTransaction) -> None:
        tx.run(
            """
            MERGE (s:CodeSystem {name: $system})
            MERGE (r:Release {id: $id})
            SET r.system = $system, r.systems = $systems, r.version = $version, r.title = $title,
                r.loader = $loader, r.loader_version = $loader_version,
                r.status = 'loading', r.current = false,
                r.started_at = datetime(), r.finished_at = null, r.error = null,
                r.report = null
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
            """,
            id=rid, system=info.system, systems=list(info.systems), version=info.version, title=info.title,
            loader=info.loader, loader_version=info.loader_version,
            files=[{"sha256": f.sha256, "name": f.name, "size": f.size, "path": f.path} for f in info.files],
        ).consume()

    with driver.session(database=database) as session:
        session.execute_write(work)
    return BeginOutcome(rid, "load", purged_previous=purged)


def complete_release(driver: Driver, database: str, release_id: str, report: list[str]) -> None:
    """Make a loaded release visible and move ``current`` to its system's newest complete version."""

    def work(tx: ManagedTransaction) -> None:
        row = tx.run(
            "MATCH (r:Release {id: $id}) SET r.status = 'complete', r.finished_at = datetime(), "
            "r.report = CASE WHEN size($report) = 0 THEN null ELSE $report END RETURN r.system AS system",
            id=release_id, report=report,
        ).single()
        if row is None:
            raise ReleaseConflictError(f"release {release_id} vanished while loading")
        _move_current(tx, row["system"])

    with driver.session(database=database) as session:
        session.execute_write(work)


def _move_current(tx: ManagedTransaction, system: str) -> None:
    versions = [
        (r["id"], r["version"])
        for r in tx.run(
            "MATCH (r:Release {system: $system, status: 'complete'}) RETURN r.id AS id, r.version AS version",
            system=system,
        )
    ]
    if not versions:
        return
    newest = max(versions, key=lambda v: version_key(v[1]))[0]
    tx.run(
        "MATCH (r:Release {system: $system}) SET r.current = (r.id = $newest AND r.status = 'complete')",
        system=system, newest=newest,
    ).consume()


def _withdraw(tx: ManagedTransaction, release_id: str) -> None:
    """Hide a complete release (about to be replaced); its system's next newest complete release becomes current."""
    row = tx.run("MATCH (r:Release {id: $id}) SET r.status = 'loading', r.current = false RETURN r.system AS system",
                 id=release_id).single()
    if row is not None:
        _move_current(tx, row["system"])


def fail_release(driver: Driver, database: str, release_id: str, error: str) -> None:
    """Purge what a failed load wrote and record why it failed (never visible to queries)."""
    purge_release_data(driver, database, release_id)
    driver.execute_query(
        "MATCH (r:Release {id: $id}) SET r.status = 'failed', r.current = false, "
        "r.finished_at = datetime(), r.error = $error",
        id=release_id, error=error[:2000], database_=database,
    )


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


def list_releases(driver: Driver, database: str, *, include_incomplete: bool = False) -> list[dict[str, Any]]:
    """Releases with their files, newest version first per system."""
    records, _, _ = driver.execute_query(
        """
        MATCH (r:Release)
        WHERE $all OR r.status = 'complete'
        OPTIONAL MATCH (r)-[h:HAS_FILE]->(f:SourceFile)
        WITH r, collect(CASE WHEN f IS NULL THEN null ELSE {name: h.name, size: f.size, sha256: f.sha256} END)
             AS files
        RETURN r {.id, .system, .systems, .version, .title, .status, .current, .loader, .loader_version,
                  .error, .report, started_at: toString(r.started_at),
                  finished_at: toString(r.finished_at)} AS release, files
        """,
        all=include_incomplete, database_=database, routing_="r",
    )
    out = [{**r["release"], "files": sorted(r["files"], key=lambda f: f["name"])} for r in records]
    out.sort(key=lambda r: (r["system"], version_key(r["version"] or "")), reverse=False)
    return out


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

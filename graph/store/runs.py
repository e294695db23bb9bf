"""One lifecycle for every recorded job run: extraction runs, specialty maps and link runs.

A run's id is its inputs' hash (:func:`run_id_of`: the job, its version and parameters, its input files
and the exact release instances it reads), so the same job on the same inputs is the same run and a
rerun finds it instead of building it twice. A run is

    running → completed → superseded        (or running → failed)

``completed`` runs are in use, one per job: the run that completes marks the job's previous completed
run ``superseded`` (and ``current`` false) in the same transaction, so readers switch from one to the
other with nothing in between. A failed run — or one a kill cut short, still ``running`` — is purged by
its job's ``purge`` (its mentions or edges) and recorded as failed; the next attempt purges what a killed
one left before it starts. Whether a run still stands on the releases it read is the derived-layer rule
of :mod:`graph.store.derived` (stale when an instance it names is replaced).

Releases have a lifecycle of their own (:mod:`graph.store.releases`: instances, switch, identical
content), since what they hold is the graph itself, not a layer built on it.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from neo4j import Driver

from graph.store.connection import maintenance
from graph.store.derived import DERIVED_LAYERS

RUNNING, COMPLETED, FAILED, SUPERSEDED = "running", "completed", "failed", "superseded"
#: States in which a run's work is done: rerunning the same inputs writes nothing.
DONE = (COMPLETED, SUPERSEDED)


def delete_of_run(driver: Driver, database: str, pattern: str, run_id: str, *, detach: bool = False,
                  batch: int = 10_000) -> None:
    """Delete what ``pattern`` matches for one run (``$id``) in batches: its edges — ``()-[e:DX_LINK {run:
    $id}]->()`` — or nodes, ``detach`` for nodes with edges. The pattern's first variable is the one deleted
    (batched: a map holds 100,000 edges, past one transaction's memory)."""
    variable = re.search(r"[(\[](\w+):", pattern)
    if variable is None:
        raise ValueError(f"no variable to delete in {pattern!r}")
    name = variable.group(1)
    verb = "DETACH DELETE" if detach else "DELETE"
    with driver.session(database=database) as session:
        session.run(maintenance(f"MATCH {pattern} CALL ({name}) {{ {verb} {name} }} IN TRANSACTIONS OF {batch} ROWS"),
                    id=run_id).consume()


def run_id_of(prefix: str, inputs: Any, length: int = 16) -> str:
    """``prefix`` + the first ``length`` hex digits of the sha256 of ``inputs`` (JSON values) as canonical JSON.

    >>> run_id_of("dxlinks-", {"job": "x", "releases": {"ICD10CM": "ICD10CM@2026"}})
    'dxlinks-be4f5379f3a06f5a'
    """
    return prefix + hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()[:length]


_PREVIOUS = "MATCH (r:__LABEL__ {id: $id}) RETURN r.status AS status, r.counts AS counts"
_START = """
MERGE (r:__LABEL__ {id: $id})
SET r += $props, r.job = $job, r.status = $running, r.current = false, r.started_at = datetime(),
    r.finished_at = null, r.error = null, r.stale = null, r.stale_since = null, r.stale_because = null
"""
_COMPLETE = """
MATCH (r:__LABEL__ {id: $id})
SET r += $props, r.status = $completed, r.current = true, r.finished_at = datetime(), r.counts = $counts
WITH r
OPTIONAL MATCH (old:__LABEL__ {job: $job, status: $completed}) WHERE old.id <> $id
SET old.status = $superseded, old.current = false, old.superseded_by = $id, old.superseded_at = datetime()
RETURN collect(old.id) AS superseded
"""
_FAIL = ("MATCH (r:__LABEL__ {id: $id}) SET r.status = $failed, r.current = false, r.error = $error, "
         "r.finished_at = datetime()")
#: Each statement once per derived layer's label: labels reach Cypher only from this table.
_QUERIES = {
    label: {name: text.replace("__LABEL__", label)
            for name, text in (("previous", _PREVIOUS), ("start", _START), ("complete", _COMPLETE), ("fail", _FAIL))}
    for label in DERIVED_LAYERS
}


@dataclass
class RecordedRun:
    """One run of ``job`` as a ``label`` node (``ExtractionRun``, ``SpecialtyMap``, ``LinkRun``)."""

    driver: Driver
    database: str
    label: str
    run_id: str
    job: str
    #: Removes what an attempt of this run wrote (its edges, its mentions); the node stays as the record.
    purge: Callable[[], None]

    def __post_init__(self) -> None:
        if self.label not in _QUERIES:
            raise ValueError(f"{self.label} is not a derived layer")
        self._queries = _QUERIES[self.label]

    def previous(self) -> dict[str, Any] | None:
        """The run's node as an earlier attempt left it (``status``, ``counts``), or ``None``."""
        records, _, _ = self.driver.execute_query(
            self._queries["previous"], id=self.run_id, database_=self.database)
        if not records:
            return None
        return {"status": records[0]["status"], "counts": json.loads(records[0]["counts"] or "{}")}

    def start(self, props: dict[str, Any]) -> None:
        """Purge what a dead attempt left, and record the run as ``running`` with ``props`` (its inputs)."""
        self.purge()
        self.driver.execute_query(
            self._queries["start"],
            id=self.run_id, props=props, job=self.job, running=RUNNING, database_=self.database)

    def complete(self, counts: dict[str, Any], props: dict[str, Any] | None = None) -> list[str]:
        """Mark the run completed and in use and, in the same transaction, the job's previous completed run
        superseded; returns the ids it superseded."""
        records, _, _ = self.driver.execute_query(
            self._queries["complete"],
            id=self.run_id, job=self.job, props=props or {}, counts=json.dumps(counts, sort_keys=True),
            completed=COMPLETED, superseded=SUPERSEDED, database_=self.database)
        return list(records[0]["superseded"])

    def fail(self, exc: BaseException) -> None:
        """Purge what the attempt wrote and record why it failed (never in use)."""
        self.purge()
        self.driver.execute_query(
            self._queries["fail"], id=self.run_id, failed=FAILED, error=f"{type(exc).__name__}: {exc}"[:2000],
            database_=self.database)

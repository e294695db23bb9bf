"""The real ICD-10-CM 2026 + HPO, loaded once per worker and shared by every module there that reads them.

Loading both takes about two minutes on the 2-CPU machine, and five modules need them. So the first
module to ask loads them into a wiped database and notes a fingerprint of the result; every later module
strips the graph back to those two releases (whatever a previous module ingested, extracted, mapped or
linked on top is deleted) and compares the fingerprint again. Equal, it starts from exactly what a fresh
load gives; different (a module reloaded a release, or changed a node the strip keeps), it wipes and loads
afresh. So a module never sees another's leftovers, and no module depends on another's order — sharing only
makes the suite faster.

``tests/conftest.py`` runs the modules that use ``real_base`` one after another (in two groups, each on
one worker, when the suite runs on several), so the strip happens between them and no unrelated wipe of
the two large releases comes in between.

Across workers the load happens once per test run: the first group to need it loads, stops its server
for a moment and copies the store (:class:`StoreSnapshot`); the other group copies that store into its
own server instead of loading again, and checks the fingerprint is the one the load left.
"""

from __future__ import annotations

import fcntl
import pickle
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from neo4j import Driver

from graph.settings import Settings
from graph.store.loading import LoadResult

#: What a load of ICD-10-CM and HPO writes, and nothing else: every node carries only these labels, and
#: every relationship is one of these types (``release`` set on those that belong to a release).
BASE_LABELS = ("Release", "Concept", "Code", "CodeSystem", "SourceFile", "SchemaMigration")
BASE_RELATIONSHIPS = ("IS_A", "CITES", "HAS_PHENOTYPE", "REPLACED_BY", "XREF", "VERSION_OF", "HAS_FILE",
                      "HAS_RELEASE")

_STRIP_RELATIONSHIPS = """
MATCH ()-[r]->()
WHERE NOT type(r) IN $types OR (r.release IS NOT NULL AND NOT r.release IN $releases)
CALL (r) { DELETE r } IN TRANSACTIONS OF 10000 ROWS
"""
_STRIP_NODES = """
MATCH (n)
WHERE any(l IN labels(n) WHERE NOT l IN $labels)
   OR (n:Concept AND NOT n.release IN $releases)
   OR (n:Release AND NOT n.id IN $releases)
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS
"""
_STRIP_ORPHANS = """
MATCH (n)
WHERE (n:Code OR n:SourceFile OR n:CodeSystem) AND NOT (n)--()
CALL (n) { DELETE n } IN TRANSACTIONS OF 10000 ROWS
"""

_LABEL_COUNTS = "MATCH (n) UNWIND labels(n) AS l RETURN l AS name, count(*) AS n, sum(size(keys(n))) AS props"
_TYPE_COUNTS = "MATCH ()-[r]->() RETURN type(r) AS name, count(*) AS n, sum(size(keys(r))) AS props"
_RECORD_NODES = """
MATCH (n) WHERE n:Release OR n:CodeSystem OR n:SourceFile OR n:SchemaMigration
RETURN labels(n) AS labels, properties(n) AS props
"""


def fingerprint(driver: Driver, database: str) -> tuple[Any, ...]:
    """Counts (and property counts) of every label and type, and every property of the nodes that record
    releases, files and migrations: what tells a fresh load apart from a graph something was done to."""
    def rows(query: str) -> list[Any]:
        return list(driver.execute_query(query, database_=database).records)

    labels = sorted((r["name"], r["n"], r["props"]) for r in rows(_LABEL_COUNTS))
    types = sorted((r["name"], r["n"], r["props"]) for r in rows(_TYPE_COUNTS))
    records = sorted(repr((sorted(r["labels"]), sorted(r["props"].items()))) for r in rows(_RECORD_NODES))
    return (tuple(labels), tuple(types), tuple(records))


def strip_to(driver: Driver, database: str, releases: list[str]) -> None:
    """Delete everything but the instances ``releases`` and the identities, files and systems they use."""
    with driver.session(database=database) as session:
        session.run(_STRIP_RELATIONSHIPS, types=list(BASE_RELATIONSHIPS), releases=releases).consume()
        session.run(_STRIP_NODES, labels=list(BASE_LABELS), releases=releases).consume()
        session.run(_STRIP_ORPHANS).consume()


@dataclass
class RealBase:
    """The shared load: what each load returned, and the fingerprint of the graph right after it."""

    icd10cm: LoadResult | None = None
    hpo: LoadResult | None = None
    expected: tuple[Any, ...] | None = None
    loads: int = 0
    reuses: int = 0
    copies: int = 0
    history: list[str] = field(default_factory=list)

    @property
    def instances(self) -> list[str]:
        return [r.instance for r in (self.icd10cm, self.hpo) if r is not None]

    def prepare(self, driver: Driver, database: str, snapshot: StoreSnapshot | None = None,
                own: Settings | None = None) -> None:
        """Leave ``database`` holding exactly a fresh load of the real ICD-10-CM 2026 and HPO.

        With ``snapshot`` (several workers, each with a server of its own), the first load of the test run
        is copied there and every other worker's first preparation copies it in instead of loading. ``own``:
        the settings of this test run's own server behind ``driver``, which a load first restarts with
        :func:`real_load_settings` (a copy restarts with them anyway); none for a server the tests do not run.
        """
        if self.expected is not None:
            strip_to(driver, database, self.instances)
            if fingerprint(driver, database) == self.expected:
                self.reuses += 1
                self.history.append("reused")
                return
            self.history.append("reloaded: the graph differed from a fresh load after the strip")
        if snapshot is None:
            self._load(driver, database, own)
            return
        with snapshot.locked():
            if not snapshot.taken():
                self._load(driver, database, own)
                snapshot.take((self.icd10cm, self.hpo, self.expected))
                ready(driver, database)
            elif not self._restore(driver, database, snapshot):
                self._load(driver, database, own)

    def _restore(self, driver: Driver, database: str, snapshot: StoreSnapshot) -> bool:
        """Copy the snapshot's store into this server; ``False`` (and a note) if it is not what a load gives."""
        self.icd10cm, self.hpo, self.expected = snapshot.restore()
        ready(driver, database)
        if fingerprint(driver, database) != self.expected:
            self.history.append("loaded: the copied store differed from the load it was taken after")
            return False
        self.copies += 1
        self.history.append("copied from another worker's load")
        return True

    def _load(self, driver: Driver, database: str, own: Settings | None) -> None:
        from graph.store.runtime import Neo4jRuntime
        from loaders.hpo import bundled_files
        from tests.conftest import wipe
        from tests.integration.helpers import load_hpo, load_source

        wipe(driver, database)
        if own is not None and own.neo4j_jit != real_load_settings(own).neo4j_jit:
            runtime = Neo4jRuntime(real_load_settings(own))
            runtime.stop()
            runtime.start()
            ready(driver, database)
        self.icd10cm = load_source(driver, "icd10cm", None)  # the bundled official release
        obo, hpoa = bundled_files()
        self.hpo = load_hpo(driver, obo, hpoa)
        assert self.icd10cm.action == self.hpo.action == "loaded"
        self.expected = fingerprint(driver, database)
        self.loads += 1


def real_load_settings(settings: Settings) -> Settings:
    """How a server of this test run runs while it holds the real releases: with the ``brief`` JIT, not the
    run's ``quick`` one, under which the real HPO load took 62 s of JVM CPU and 85 s against 41 s and 55 s
    (bench/RESULTS.md, "JIT of short-lived servers")."""
    return settings.model_copy(update={"neo4j_jit": "brief"})


def ready(driver: Driver, database: str, attempts: int = 20) -> None:
    """Wait for a restarted server, dropping the pooled connections the restart closed."""
    from neo4j.exceptions import ServiceUnavailable, SessionExpired

    for _ in range(attempts):
        try:
            with driver.session(database=database) as session:
                session.run("RETURN 1").consume()
                fresh = session.last_bookmarks().raw_values
        except (ServiceUnavailable, SessionExpired, OSError):
            continue
        # ``execute_query`` waits for the newest transaction it has seen; a copied-in store is behind the
        # transactions this server ran before, so its bookmarks are replaced by the restored store's own.
        manager = driver.execute_query_bookmark_manager
        manager.update_bookmarks(manager.get_bookmarks(), fresh)
        return
    raise AssertionError(f"the restarted server did not answer after {attempts} attempts")


class StoreSnapshot:
    """The store of this test run's real load, copied while its server was stopped, for the other workers.

    A database's store is ``data/databases/<name>`` and ``data/transactions/<name>`` (as the full build's
    switch knows it); a server stopped cleanly leaves both consistent, and a server started on a copy
    serves it as it was. Copying costs a stop, a copy and a start (seconds) against a load (minutes).
    """

    PARTS = ("databases", "transactions")

    def __init__(self, folder: Path, settings: Settings) -> None:
        self.folder = folder
        self.settings = settings
        self.folder.mkdir(parents=True, exist_ok=True)

    @contextmanager
    def locked(self) -> Iterator[None]:
        """One worker at a time: the first takes the snapshot, the others wait for it."""
        with (self.folder / "lock").open("w") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)

    def taken(self) -> bool:
        return (self.folder / "results.pickle").exists()

    def take(self, results: tuple[Any, ...]) -> None:
        runtime = self._runtime()
        runtime.stop()
        try:
            for part in self.PARTS:
                shutil.copytree(self._served(runtime.home, part), self.folder / part)
        finally:
            runtime.start()
        (self.folder / "results.pickle").write_bytes(pickle.dumps(results))

    def restore(self) -> tuple[Any, ...]:
        runtime = self._runtime()
        runtime.stop()
        try:
            for part in self.PARTS:
                served = self._served(runtime.home, part)
                shutil.rmtree(served)
                shutil.copytree(self.folder / part, served)
        finally:
            runtime.start()
        results: tuple[Any, ...] = pickle.loads((self.folder / "results.pickle").read_bytes())
        return results

    def _served(self, home: Path, part: str) -> Path:
        return home / "data" / part / self.settings.database

    def _runtime(self) -> Any:
        from graph.store.runtime import Neo4jRuntime

        return Neo4jRuntime(self.settings)


def empty_store(driver: Driver, settings: Settings) -> None:
    """Stop the server of ``settings``, remove its database's store and start it again: Neo4j makes the
    database anew, empty and without schema. For a test run's own server holding a large graph, where
    deleting every element costs more CPU than a restart (the caller lays the schema again)."""
    from graph.store.runtime import Neo4jRuntime

    runtime = Neo4jRuntime(settings)
    runtime.stop()
    try:
        for part in StoreSnapshot.PARTS:
            shutil.rmtree(runtime.home / "data" / part / settings.database, ignore_errors=True)
    finally:
        runtime.start()
    ready(driver, settings.database)


#: The releases the shared load leaves, as ``/v1/releases`` and the statistics name them.
REAL_RELEASES = ("HPO@2025-01-16", "ICD10CM@2026")


def stats_of(driver: Driver, database: str, release: str) -> dict[str, Any]:
    """The statistics of ``release``, after checking the graph holds the shared real releases and no other."""
    from graph.store.stats import release_stats

    stats = {s["release"]: s for s in release_stats(driver, database)}
    assert tuple(sorted(stats)) == REAL_RELEASES, sorted(stats)
    return stats[release]

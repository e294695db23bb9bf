"""Test wiring: a real Neo4j for every graph test, never a mock.

Where the server comes from, first match wins:

1. ``NEO4J_URI`` (+ ``NEO4J_USER`` / ``NEO4J_PASSWORD``): a server you run. Its
   database is wiped by the tests, so never point this at data you keep.
2. ``CLINIGRAPH_TEST_NEO4J=docker`` with a Docker engine: testcontainers starts
   ``neo4j:5.26-community``.
3. Otherwise clinigraph's own runtime starts a throwaway server on free loopback
   ports with its own data folder, and stops it at the end of the session.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from neo4j import Driver

from graph.settings import Settings
from graph.store.runtime import throwaway_server
from graph.store.schema import apply_schema
from tests.realdata import RealBase, StoreSnapshot, empty_store, real_load_settings

FIXTURES = Path(__file__).resolve().parent / "fixtures"

# Every Neo4j this test run starts lives minutes on small graphs: the throwaway servers below and those the
# CLI, the wheel and the runtime tests start in subprocesses (which inherit this). `quick` JIT (C1 alone)
# spends the least CPU compiling (graph.store.runtime.JIT_FLAGS); the server that holds the real releases
# switches to `brief` (tests.realdata.RealBase). A server behaves the same under each.
os.environ.setdefault("CLINIGRAPH_NEO4J_JIT", "quick")


@pytest.fixture(scope="session")
def neo4j_settings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Settings]:
    """Settings that reach a real, disposable Neo4j."""
    if os.environ.get("NEO4J_URI"):
        yield Settings()
        return
    if os.environ.get("CLINIGRAPH_TEST_NEO4J") == "docker":
        from testcontainers.neo4j import Neo4jContainer

        with Neo4jContainer("neo4j:5.26-community", password="clinigraph-test") as container:
            yield Settings(
                NEO4J_URI=container.get_connection_url(),
                NEO4J_USER="neo4j",
                NEO4J_PASSWORD="clinigraph-test",
            )
        return
    with throwaway_server(tmp_path_factory.mktemp("neo4j-home")) as settings:
        yield settings


@pytest.fixture(scope="session")
def driver(neo4j_settings: Settings) -> Iterator[Driver]:
    from graph.store.connection import open_driver

    drv = open_driver(neo4j_settings)
    drv.verify_connectivity()
    if not neo4j_settings.uses_external_server:
        _OWN_SERVERS[id(drv)] = neo4j_settings
    yield drv
    _OWN_SERVERS.pop(id(drv), None)
    drv.close()


#: The throwaway servers this test run started for its sessions, by the id of their driver: the ones
#: :func:`wipe` may empty by starting them on a fresh store. A server the tests do not own (``NEO4J_URI``,
#: Docker) is always emptied by deleting.
_OWN_SERVERS: dict[int, Settings] = {}

#: Nodes plus relationships above which a fresh store is cheaper than deleting. The real ICD-10-CM + HPO
#: graph (844,073 elements) took 26-28 s and 42-46 s of server CPU to delete, a stop, a start on a fresh
#: store and the schema 11 s and 12.5 s (about 19,000 elements deleted per CPU-second, so the two cost the
#: same near 240,000; above that bound a restart's lost JIT is paid back too). It happens where a module
#: follows a real-data group on its worker (bench/RESULTS.md); fixture graphs are far below it.
FRESH_STORE_ABOVE = 300_000


def wipe(driver: Driver, database: str) -> None:
    """Empty the database of data: each test starts from nothing but the schema.

    The schema ledger (``SchemaMigration``) stays with the constraints and indexes it records, so the
    ``apply_schema`` after it replays nothing (it once replayed all migrations after each of ~45 wipes);
    a test that takes a ledger entry away gets that migration applied again. A large graph on a server of
    this test run's own is not deleted but left behind: the server starts on a fresh store
    (:func:`tests.realdata.empty_store`) and the whole schema is laid again.
    """
    own = _OWN_SERVERS.get(id(driver))
    if own is not None and database == own.database and _elements(driver, database) > FRESH_STORE_ABOVE:
        empty_store(driver, own)  # the schema goes with the store; apply_schema below lays it again
    else:
        with driver.session(database=database) as session:
            # Relationships first: DETACH DELETE of a dense node in one batch can
            # exceed Neo4j's transaction memory limit.
            session.run("MATCH ()-[r]->() CALL (r) { DELETE r } IN TRANSACTIONS OF 10000 ROWS").consume()
            session.run("MATCH (n) WHERE NOT n:SchemaMigration "
                        "CALL (n) { DELETE n } IN TRANSACTIONS OF 10000 ROWS").consume()
    apply_schema(driver, database)


def _elements(driver: Driver, database: str) -> int:
    """Nodes plus relationships, from Neo4j's count store (no scan)."""
    records, _, _ = driver.execute_query(
        "CALL () { MATCH (n) RETURN count(n) AS nodes } CALL () { MATCH ()-[r]->() RETURN count(r) AS rels } "
        "RETURN nodes + rels AS n", database_=database)
    return int(records[0]["n"])


@pytest.fixture
def clean_graph(driver: Driver, neo4j_settings: Settings) -> Driver:
    wipe(driver, neo4j_settings.database)
    return driver


@pytest.fixture(scope="session")
def shared_real_load() -> RealBase:
    """The one load of the real ICD-10-CM 2026 + HPO of this test run (see :mod:`tests.realdata`)."""
    return RealBase()


@pytest.fixture(scope="session")
def real_store_snapshot(neo4j_settings: Settings, tmp_path_factory: pytest.TempPathFactory) -> StoreSnapshot | None:
    """Where the workers of one run share the real load's store; none without workers or with a server
    the tests do not run (``NEO4J_URI``, Docker), which they cannot stop to copy."""
    if not os.environ.get("PYTEST_XDIST_WORKER") or neo4j_settings.uses_external_server:
        return None
    return StoreSnapshot(tmp_path_factory.getbasetemp().parent / "real-base-store", real_load_settings(neo4j_settings))


@pytest.fixture(scope="module")
def real_base(driver: Driver, neo4j_settings: Settings, shared_real_load: RealBase,
              real_store_snapshot: StoreSnapshot | None) -> RealBase:
    """A graph holding exactly the real ICD-10-CM 2026 and HPO releases, as a fresh load leaves it."""
    shared_real_load.prepare(driver, neo4j_settings.database, real_store_snapshot, own=_OWN_SERVERS.get(id(driver)))
    return shared_real_load


#: The modules on the shared real load (fixture ``real_base``), in two groups, each in the order it runs. A
#: group runs on one worker, its modules one after another; the first group to start loads the real releases
#: and the other copies its store (:class:`tests.realdata.StoreSnapshot`), so the slowest group (relevance,
#: with its forced reloads) no longer waits behind the others. The open ontologies module runs last in its
#: group: it loads Mondo, DOID and MeSH (≈130,000 concepts) on top, and a module after it would first spend
#: ≈35 s of CPU stripping them again. A module that uses ``real_base`` must be listed.
REAL_DATA_GROUPS = {
    "tests/integration/test_exploration.py": "shared real load: terminology and extraction",
    "tests/integration/test_extraction.py": "shared real load: terminology and extraction",
    "tests/integration/test_real_hpo.py": "shared real load: terminology and extraction",
    "tests/integration/test_real_icd10cm.py": "shared real load: terminology and extraction",
    "tests/integration/test_open_disease_release.py": "shared real load: terminology and extraction",
    "tests/integration/test_relevance.py": "shared real load: relevance",
}
REAL_DATA_MODULES = tuple(REAL_DATA_GROUPS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the modules on the shared real load one after another, last, in the order of ``REAL_DATA_GROUPS``.

    Between them the graph is only stripped back to the two releases (seconds); an unrelated module's wipe in
    between would cost a full reload (two minutes).
    """
    for item in items:
        if "real_base" in getattr(item, "fixturenames", ()) and item.nodeid.split("::")[0] not in REAL_DATA_MODULES:
            raise pytest.UsageError(f"{item.nodeid} uses real_base: add its module to REAL_DATA_MODULES")
    def position(item: pytest.Item) -> int:
        module = item.nodeid.split("::")[0]
        return REAL_DATA_MODULES.index(module) + 1 if module in REAL_DATA_MODULES else 0

    items.sort(key=position)  # stable: the tests of a module, and the other modules, keep their order


@pytest.hookimpl(optionalhook=True)  # without xdist (`-p no:xdist`) it is simply not called
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """Hand out whole modules to the workers (``-n``), the modules on the shared real load by group.

    A module stays on one worker, so its module-scoped fixtures (a loaded fixture release, an API client)
    are built once; each worker has its own throwaway Neo4j. xdist's own ``loadgroup`` cannot do this under
    pytest 9 (it renames node ids, which pytest 9 no longer lets a plugin do).
    """
    from xdist.scheduler import LoadScopeScheduling

    class ModulesAndTheSharedRealLoad(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::")[0]
            return REAL_DATA_GROUPS.get(module, module)

    return ModulesAndTheSharedRealLoad(config, log)  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def icd_fixtures() -> Path:
    return FIXTURES / "icd10cm"


def cli_env(settings: Settings) -> dict[str, str]:
    """Environment that makes a ``clinigraph`` subprocess talk to the test server."""
    return settings.subprocess_environment()


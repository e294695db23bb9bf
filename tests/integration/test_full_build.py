"""The full-build path (neo4j-admin import) and the incremental path make the same graph.

Both run on a throwaway server of their own (the import needs the server
stopped). The graphs are compared element by element: every node with its
labels and properties, every relationship with its type, properties and the
identity of both ends. Only load timestamps may differ.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from neo4j import Driver

from graph.store.bulk import full_build
from graph.store.connection import open_driver
from graph.store.loading import load_release
from graph.store.runtime import throwaway_server
from graph.store.schema import apply_schema
from loaders.registry import get_loader
from loaders.sources_file import read_sources_file

pytestmark = pytest.mark.integration

SOURCES = Path(__file__).resolve().parents[1] / "fixtures" / "sources.toml"
TIMESTAMPS = {"started_at", "finished_at", "applied_at"}
IDENTITY = {"Concept": ("system", "code", "release"), "Code": ("system", "code"), "Release": ("id",),
            "SourceFile": ("sha256",), "CodeSystem": ("name",), "SchemaMigration": ("id",)}


def node_key(labels: list[str], props: dict) -> tuple:
    [label] = labels
    return (label, *(props[k] for k in IDENTITY[label]))


def canonical(value):
    return tuple(value) if isinstance(value, list) else value


def dump(driver: Driver) -> tuple[set, set, int]:
    nodes, _, _ = driver.execute_query("MATCH (n) RETURN labels(n) AS labels, properties(n) AS props")
    rels, _, _ = driver.execute_query(
        "MATCH (a)-[r]->(b) RETURN type(r) AS type, properties(r) AS props, labels(a) AS al, properties(a) AS ap, "
        "labels(b) AS bl, properties(b) AS bp"
    )
    node_set = {(tuple(n["labels"]), tuple(sorted((k, canonical(v)) for k, v in n["props"].items()
                                                   if k not in TIMESTAMPS))) for n in nodes}
    rel_set = {(r["type"], node_key(r["al"], r["ap"]), node_key(r["bl"], r["bp"]),
                tuple(sorted((k, canonical(v)) for k, v in r["props"].items()))) for r in rels}
    total, _, _ = driver.execute_query("MATCH ()-[r]->() RETURN count(r) AS n")
    return node_set, rel_set, total[0]["n"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with throwaway_server(tmp_path_factory.mktemp("build-home"), pagecache_size="512m") as settings:
        yield settings


def test_full_build_equals_incremental_loads(server):
    requests = read_sources_file(SOURCES)
    stats = full_build(server, [get_loader(name).prepare(req) for name, req in requests])
    assert len(stats.releases) == len(requests) == 8 and stats.import_seconds > 0
    with open_driver(server) as driver:
        built = dump(driver)
        # the same releases, loaded one by one through the driver
        with driver.session() as session:
            session.run("MATCH ()-[r]->() CALL (r) { DELETE r } IN TRANSACTIONS OF 10000 ROWS").consume()
            session.run("MATCH (n) CALL (n) { DELETE n } IN TRANSACTIONS OF 10000 ROWS").consume()
        apply_schema(driver, server.database)
        for name, req in requests:
            prepared = get_loader(name).prepare(req)
            assert load_release(driver, server.database, prepared.info, prepared.parse).action == "loaded"
        incremental = dump(driver)
    built_nodes, built_rels, built_count = built
    inc_nodes, inc_rels, inc_count = incremental
    assert built_count == inc_count == len(built_rels)  # no edge written twice on either path
    assert len(built_nodes) == len(inc_nodes) > 300
    assert built_nodes - inc_nodes == set() and inc_nodes - built_nodes == set()
    assert len(built_rels) == len(inc_rels) > 400
    assert built_rels - inc_rels == set() and inc_rels - built_rels == set()


def _served(settings) -> tuple[list[str], int]:
    """What a reader of the local server gets: the complete releases and how many concepts they hold."""
    with open_driver(settings) as driver:
        releases = sorted(r["id"] for r in driver.execute_query(
            "MATCH (r:Release {status: 'complete'}) RETURN r.id AS id").records)
        concepts = driver.execute_query("MATCH (c:Concept) RETURN count(c) AS n").records[0]["n"]
    return releases, concepts


def test_a_full_build_imports_beside_the_served_store_and_switches_at_the_end(server, monkeypatch):
    """Issue 18: the build used to stop the server first and import over its store, so the database was
    down for the whole import and gone if the import failed. Now readers keep the old store until the
    switch; the downtime is the stop, start and schema only."""
    import graph.store.bulk

    requests = read_sources_file(SOURCES)
    before = _served(server)
    assert before[0] and before[1] > 0
    real_import = graph.store.bulk.neo4j_admin_import
    during: list[tuple[list[str], int]] = []

    def import_while_serving(*args, **kwargs):
        during.append(_served(server))  # the server answers, from the old store, as the import runs
        return real_import(*args, **kwargs)

    monkeypatch.setattr(graph.store.bulk, "neo4j_admin_import", import_while_serving)
    only_icd = [(name, req) for name, req in requests if name == "icd10cm"]
    stats = full_build(server, [get_loader(name).prepare(req) for name, req in only_icd])
    assert during == [before]
    assert _served(server)[0] == stats.releases == [r for r in before[0] if r.startswith("ICD10CM@")]
    assert stats.downtime_seconds > 0 and stats.import_seconds > 0
    assert not (Path(server.home) / "build-staging").exists()


def test_a_full_build_whose_import_fails_leaves_the_database_serving(server, monkeypatch):
    import graph.store.bulk

    before = _served(server)
    real_import = graph.store.bulk.neo4j_admin_import

    def failing_import(lib, home, conf_dir, java, arguments, report_dir, database="neo4j"):
        # The real tool, refusing a node file that does not exist (as a deleted or unreadable CSV would be).
        return real_import(lib, home, conf_dir, java, [*arguments, f"--nodes=Gone={report_dir / 'gone.csv'}"],
                           report_dir, database)

    monkeypatch.setattr(graph.store.bulk, "neo4j_admin_import", failing_import)
    requests = [(name, req) for name, req in read_sources_file(SOURCES) if name == "hpo"]
    with pytest.raises(graph.store.bulk.BuildError, match="neo4j-admin import failed"):
        full_build(server, [get_loader(name).prepare(req) for name, req in requests])
    assert _served(server) == before
    assert not (Path(server.home) / "build-staging").exists()


def test_both_sinks_count_the_same_records_alike(server, tmp_path):
    """``write_release`` judges a release by its sink's counts; the driver writer and the CSV writer must
    give the same counts, report and digest for the same records, or one path refuses what the other
    publishes. The records hold what tells them apart: an edge before its ends, a repeated edge, a repeated
    dangling edge (the CSV writer used to count it once, the driver's MATCH drops every row) and an edge to
    another system's Code identity."""
    from graph.store.bulk import CsvGraphSink, CsvReleaseWriter
    from graph.store.sinks import write_release
    from graph.store.writer import GraphWriter
    from loaders.records import ConceptRecord, RelationRecord, ReleaseInfo

    info = ReleaseInfo(system="SINKTEST", version="1", files=(), loader="test", loader_version="0")

    def concept(code: str) -> ConceptRecord:
        return ConceptRecord(system="SINKTEST", code=code, display=code, kind="code", source_file="f", record=code)

    def edge(source: str, target: str, rel_type: str = "IS_A", **fields) -> RelationRecord:
        return RelationRecord(type=rel_type, source_code=source, target_code=target, system="SINKTEST",
                              source_file="f", record=f"{source}>{target}", **fields)

    records = [edge("B", "A"), concept("A"), concept("B"), edge("B", "A"), edge("A", "GONE"), edge("A", "GONE"),
               edge("A", "X1", "XREF", target_system="SINKTESTX", to_identity=True), concept("C"),
               edge("C", "B", key="second")]
    with open_driver(server) as driver:
        writer = GraphWriter(driver, database=server.database, release_id=info.release_id, source=info.system,
                             method="test/0", batch_size=2)
        try:
            by_driver = write_release(writer, info, lambda report: records, max_dangling_fraction=1.0)
        finally:
            driver.execute_query("MATCH (n) WHERE n.system IN ['SINKTEST', 'SINKTESTX'] DETACH DELETE n",
                                 database_=server.database)
    sink = CsvGraphSink(tmp_path)
    by_csv = write_release(CsvReleaseWriter(sink, info, set()), info, lambda report: records,
                           max_dangling_fraction=1.0)
    sink.close()
    assert by_csv.counts.dangling == 2 and by_csv.counts.concepts == 3
    assert by_driver.counts == by_csv.counts
    assert by_driver.report == by_csv.report and by_driver.digest == by_csv.digest

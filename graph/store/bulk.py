"""Full builds: every release of a sources file written as ``neo4j-admin database import`` CSVs.

The incremental path (``graph.store.writer``) MERGEs through the driver; a full build
instead writes the same nodes, edges and properties as CSV files and imports
them into a fresh database with the server stopped — the fastest way Neo4j
offers to fill a database — then starts it and applies the schema.

The two paths share :func:`graph.store.writer.concept_row` and
:func:`graph.store.writer.edge_row`; :class:`CsvReleaseWriter` is a
:class:`~graph.store.sinks.ReleaseSink` like the driver's writer, and every release goes
through :func:`~graph.store.sinks.write_release`, so both paths fingerprint, refuse and
report a release by the same rules. This module reproduces the release model the
driver path builds (CodeSystem, Release, SourceFile, Code identities), so a test
can compare the two graphs element by element.

CSV layout: one file per node label or relationship type *and* property
signature (names and types), so every file has a fixed header however varied the
records; arrays are joined with U+001F, which no source text contains.
"""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import time
from array import array
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from graph.store.releases import current_of, record_stored_counts, release_files, release_properties
from graph.store.runtime import PRIVATE_UMASK
from graph.store.sinks import MAX_DANGLING_FRACTION, Parse, WriteCounts, write_release
from graph.store.spool import EdgeSpool
from graph.store.writer import check_relation_type, concept_row, edge_row
from loaders.errors import UnavailableError
from loaders.records import ConceptRecord, Record, RelationRecord, ReleaseInfo

ARRAY_DELIMITER = "\x1f"
_TYPES: dict[type, str] = {bool: "boolean", int: "long", float: "double", str: "string", list: "string[]"}


class BuildError(UnavailableError):
    """A full build could not be written or imported."""


def _type_of(value: Any) -> str:
    try:
        return _TYPES[type(value)]
    except KeyError:
        raise BuildError(f"cannot write a property of type {type(value).__name__} to CSV") from None


def _cell(value: Any) -> Any:
    """A property value as the import tool reads it (the csv module writes str and int as they are)."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, list):
        return ARRAY_DELIMITER.join(str(v) for v in value)
    return value


@dataclass
class _CsvFile:
    header_path: Path
    data_path: Path
    handle: IO[str]
    writer: Any
    columns: tuple[str, ...]


@dataclass
class CsvGraphSink:
    """Writes nodes and relationships as import CSVs, grouped by label/type and property signature."""

    directory: Path
    node_files: dict[tuple[str, tuple[tuple[str, str], ...]], _CsvFile] = field(default_factory=dict)
    rel_files: dict[tuple[str, str, str, tuple[tuple[str, str], ...]], _CsvFile] = field(default_factory=dict)
    counter: int = 0
    # (label or type and ends, property names in arrival order, their Python types) → file: most rows
    # repeat the shape of an earlier one, so the sorted signature is worked out once per shape.
    _shapes: dict[tuple[Any, ...], _CsvFile] = field(default_factory=dict)

    def _open(self, stem: str, header: list[str]) -> tuple[Path, Path, IO[str], Any]:
        self.counter += 1
        header_path = self.directory / f"{self.counter:04d}_{stem}_header.csv"
        data_path = self.directory / f"{self.counter:04d}_{stem}.csv"
        with header_path.open("w", encoding="utf-8", newline="") as fh:
            csv.writer(fh, quoting=csv.QUOTE_ALL).writerow(header)
        handle = data_path.open("w", encoding="utf-8", newline="")
        return header_path, data_path, handle, csv.writer(handle, quoting=csv.QUOTE_ALL)

    def node(self, label: str, space: str, node_id: str, props: dict[str, Any]) -> None:
        shape = (label, tuple(props), tuple(map(type, props.values())))
        target = self._shapes.get(shape)
        if target is None:
            signature = tuple(sorted((k, _type_of(v)) for k, v in props.items()))
            key = (label, signature)
            target = self.node_files.get(key)
            if target is None:
                header = [f":ID({space})"] + [f"{k}:{t}" for k, t in signature]
                h, d, handle, writer = self._open(label.lower(), header)
                target = self.node_files[key] = _CsvFile(h, d, handle, writer, tuple(k for k, _ in signature))
            self._shapes[shape] = target
        target.writer.writerow([node_id, *[_cell(props[k]) for k in target.columns]])

    def relationship(
        self, rel_type: str, start: tuple[str, str], end: tuple[str, str], props: dict[str, Any]
    ) -> None:
        shape = (rel_type, start[0], end[0], tuple(props), tuple(map(type, props.values())))
        target = self._shapes.get(shape)
        if target is None:
            signature = tuple(sorted((k, _type_of(v)) for k, v in props.items()))
            key = (rel_type, start[0], end[0], signature)
            target = self.rel_files.get(key)
            if target is None:
                header = [f":START_ID({start[0]})", f":END_ID({end[0]})"] + [f"{k}:{t}" for k, t in signature]
                h, d, handle, writer = self._open(rel_type.lower(), header)
                target = self.rel_files[key] = _CsvFile(h, d, handle, writer, tuple(k for k, _ in signature))
            self._shapes[shape] = target
        target.writer.writerow([start[1], end[1], *[_cell(props[k]) for k in target.columns]])

    def close(self) -> None:
        for f in [*self.node_files.values(), *self.rel_files.values()]:
            f.handle.close()

    def import_arguments(self) -> list[str]:
        args = [f"--nodes={label}={f.header_path},{f.data_path}" for (label, _), f in self.node_files.items()]
        args += [f"--relationships={t}={f.header_path},{f.data_path}" for (t, _, _, _), f in self.rel_files.items()]
        return args


class IdentitySet:
    """A set of 64-bit edge identities in one flat array (open addressing, linear probing).

    A Python ``set`` of ints costs about 60 bytes per member; a SemMedDB-scale
    release has 7+ million edges, which alone pushed a full build past 1 GB. Here a
    member costs 16–32 bytes. ``add`` returns whether the identity was new.

    >>> ids = IdentitySet(capacity=4)
    >>> [ids.add(h) for h in (5, 0, 5, -3, 7, 0)], len(ids)
    ([True, True, False, True, True, False], 4)
    """

    def __init__(self, capacity: int = 1 << 16) -> None:
        size = 8
        while size < capacity * 2:
            size <<= 1
        self._table = array("q", bytes(8 * size))
        self._mask = size - 1
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def add(self, identity: int) -> bool:
        h = (identity & 0x7FFF_FFFF_FFFF_FFFF) or 1  # 0 marks an empty slot
        table, mask = self._table, self._mask
        i = h & mask
        while True:
            slot = table[i]
            if slot == 0:
                break
            if slot == h:
                return False
            i = (i + 1) & mask
        table[i] = h
        self._count += 1
        if self._count * 2 > mask:
            self._grow()
        return True

    def _grow(self) -> None:
        old = self._table
        size = (self._mask + 1) * 2
        self._table = table = array("q", bytes(8 * size))
        self._mask = mask = size - 1
        for h in old:
            if h:
                i = h & mask
                while table[i]:
                    i = (i + 1) & mask
                table[i] = h


def _concept_id(release_id: str, system: str, code: str) -> str:
    return f"{release_id}|{system}|{code}"


def _code_id(system: str, code: str) -> str:
    return f"{system}|{code}"


@dataclass
class BuildStats:
    releases: list[str] = field(default_factory=list)
    concepts: int = 0
    edges: int = 0
    csv_seconds: float = 0.0
    import_seconds: float = 0.0
    schema_seconds: float = 0.0
    #: From stopping the server on the old store to the new one answering with its schema applied.
    downtime_seconds: float = 0.0


def write_build_csvs(
    directory: Path,
    releases: Iterable[tuple[ReleaseInfo, Parse]],
    *,
    max_dangling_fraction: float = MAX_DANGLING_FRACTION,
) -> tuple[CsvGraphSink, BuildStats]:
    """Write every release as CSV; ``releases`` yields (info, parse) with ``parse(report)`` → records.

    Each release goes through :func:`~graph.store.sinks.write_release`, as a driver load does, so a
    release ``clinigraph load`` would refuse (empty, too many dangling edges) fails the build the same way.
    """
    directory.mkdir(parents=True, exist_ok=True)
    sink = CsvGraphSink(directory)
    stats = BuildStats()
    started = time.perf_counter()
    codes: set[tuple[str, str]] = set()
    infos: list[ReleaseInfo] = []
    reports: dict[str, list[str]] = {}
    digests: dict[str, str] = {}
    try:
        for info, parse in releases:
            writer = CsvReleaseWriter(sink, info, codes)
            written = write_release(writer, info, parse, max_dangling_fraction=max_dangling_fraction)
            infos.append(info)
            reports[info.release_id], digests[info.release_id] = written.report, written.digest
            stats.releases.append(info.release_id)
            stats.concepts += written.counts.concepts
            stats.edges += writer.edges_in_csv
        _write_release_model(sink, infos, reports, digests)
    finally:
        sink.close()
    stats.csv_seconds = time.perf_counter() - started
    return sink, stats


class CsvReleaseWriter:
    """One release's concepts, Code identities and edges as import CSV rows: the full build's ReleaseSink.

    The driver path writes all nodes before any edge; here an edge is written as soon as both its ends
    are known concepts of the release, and one that arrives before an end (parsers may interleave) waits
    in a spool file and is judged after the last concept, so the dangling count and the graph are the
    same whatever order a parser yields records in. A repeated edge is written once, as the driver path's
    ``MERGE`` keeps one, but counted each time it is sent, as the driver path counts its rows.
    """

    def __init__(self, csv_files: CsvGraphSink, info: ReleaseInfo, codes: set[tuple[str, str]]) -> None:
        self.csv = csv_files
        self.release_id = info.release_id
        self.provenance = {"source": info.system, "method": f"{info.loader}/{info.loader_version}"}
        #: Code identities written by this build so far: one node per (system, code) across its releases.
        self.codes = codes
        #: Relationship rows this release put in the CSVs (repeats written once): the build's edge count.
        self.edges_in_csv = 0
        self._concepts: set[tuple[str, str]] = set()
        self._seen = IdentitySet()

    def write(self, records: Iterable[Record]) -> WriteCounts:
        """Write every record; an edge waits for its ends if they have not arrived yet."""
        counts = WriteCounts()
        with EdgeSpool() as spool:
            for rec in records:
                if isinstance(rec, ConceptRecord):
                    self._write_concept(rec)
                    counts.concepts += 1
                elif isinstance(rec, RelationRecord):
                    check_relation_type(rec)  # on arrival, as the driver path: a dangling edge is no excuse
                    if self._known(rec):
                        self._take_known_edge(rec, counts)
                    else:
                        spool.add(rec)
                else:  # pragma: no cover - a parser bug
                    raise TypeError(f"not a record: {rec!r}")
            for rec in spool.drain():
                if self._known(rec):
                    self._take_known_edge(rec, counts)
                else:  # dangling: sent, and never written
                    counts.edges_sent[rec.type] += 1
        return counts

    def _write_concept(self, rec: ConceptRecord) -> None:
        """The Concept node, its Code identity (once per build) and the VERSION_OF edge between them."""
        row = concept_row(rec, self.provenance)
        node_id = _concept_id(self.release_id, rec.system, rec.code)
        self.csv.node("Concept", "Concept", node_id,
                      {**row["props"], "system": rec.system, "code": rec.code, "release": self.release_id})
        self._concepts.add((rec.system, rec.code))
        self._write_code(rec.system, rec.code)
        self.csv.relationship("VERSION_OF", ("Concept", node_id), ("Code", _code_id(rec.system, rec.code)), {})

    def _write_code(self, system: str, code: str) -> None:
        if (system, code) not in self.codes:
            self.codes.add((system, code))
            self.csv.node("Code", "Code", _code_id(system, code), {"system": system, "code": code})

    def _known(self, rec: RelationRecord) -> bool:
        """Both ends exist: the start is a concept of this release, and so is the end unless it is a Code."""
        return (rec.system, rec.source_code) in self._concepts and (
            rec.to_identity or (rec.target, rec.target_code) in self._concepts
        )

    def _take_known_edge(self, rec: RelationRecord, counts: WriteCounts) -> None:
        """Count an edge whose ends exist as the driver path counts its rows, and write it the first time."""
        counts.edges_sent[rec.type] += 1
        counts.edges_written[rec.type] += 1
        if self._first_time(rec):
            self._write_edge(rec)

    def _first_time(self, rec: RelationRecord) -> bool:
        """Whether this edge is new to the release, by the identity the driver path MERGEs on (ends, type, key).

        The identity is kept as a 64-bit hash in an :class:`IdentitySet`: a SemMedDB-scale release would
        not fit in memory as a set of tuples.
        """
        return self._seen.add(hash((rec.type, rec.system, rec.source_code, rec.target, rec.target_code,
                                    rec.to_identity, rec.key)))

    def _write_edge(self, rec: RelationRecord) -> None:
        row = edge_row(rec, self.release_id, self.provenance)
        props = {**row["props"], "key": row["key"], "release": self.release_id}
        start = ("Concept", _concept_id(self.release_id, rec.system, rec.source_code))
        if rec.to_identity:
            self._write_code(rec.target, rec.target_code)
            end = ("Code", _code_id(rec.target, rec.target_code))
        else:
            end = ("Concept", _concept_id(self.release_id, rec.target, rec.target_code))
        self.csv.relationship(rec.type, start, end, props)
        self.edges_in_csv += 1


def _write_release_model(
    sink: CsvGraphSink, infos: list[ReleaseInfo], reports: dict[str, list[str]], digests: dict[str, str],
) -> None:
    """The CodeSystem, Release and SourceFile nodes the driver path's release lifecycle writes."""
    systems: set[str] = set()
    files_written: set[str] = set()
    by_system: dict[str, dict[str, str]] = {}
    for info in infos:
        by_system.setdefault(info.system, {})[info.release_id] = info.version
    current = {current_of(versions) for versions in by_system.values()}
    for info in infos:
        rid = info.release_id
        if info.system not in systems:
            systems.add(info.system)
            sink.node("CodeSystem", "CodeSystem", info.system, {"name": info.system})
        props: dict[str, Any] = {**release_properties(info, rid), "status": "complete", "current": rid in current,
                                 "content_sha256": digests[rid]}
        if reports[rid]:
            props["report"] = reports[rid]
        sink.node("Release", "Release", rid, props)
        sink.relationship("HAS_RELEASE", ("CodeSystem", info.system), ("Release", rid), {})
        for f in release_files(info):
            if f["sha256"] not in files_written:
                files_written.add(f["sha256"])
                sink.node("SourceFile", "SourceFile", f["sha256"], {"sha256": f["sha256"], "size": f["size"]})
            sink.relationship("HAS_FILE", ("Release", rid), ("SourceFile", f["sha256"]),
                              {"name": f["name"], "path": f["path"]})


def neo4j_admin_import(lib: Path, home: Path, conf_dir: Path, java: str, arguments: list[str], report_dir: Path,
                       database: str = "neo4j") -> subprocess.CompletedProcess[str]:
    """Run ``neo4j-admin database import full`` (server stopped) into a fresh ``database``.

    ``arguments`` are the ``--nodes``/``--relationships`` options of a :class:`CsvGraphSink`.
    """
    env = dict(os.environ, NEO4J_HOME=str(home), NEO4J_CONF=str(conf_dir))
    cmd = [
        # The database name goes first: --nodes/--relationships take several values and would read it as a file.
        java, "-cp", f"{lib}/*", "org.neo4j.cli.AdminTool", "database", "import", "full", database,
        "--overwrite-destination=true", "--array-delimiter=U+001F", "--multiline-fields=true",
        f"--report-file={report_dir / 'import.report'}", *arguments,
    ]
    # The store it writes is for the user alone, like the server's own (graph/store/runtime.py).
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, umask=PRIVATE_UMASK)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-20:])
        raise BuildError(f"neo4j-admin import failed:\n{tail}")
    return done


def full_build(settings: Any, prepared: list[Any], *, keep_csv: bool = False) -> BuildStats:
    """Replace the local database with a full build of ``prepared`` loads (each has ``info`` and ``parse``).

    Switch, don't withdraw (issue 18). Community Edition serves one user database, so the build cannot go
    into a second database and be switched to by name; instead the import writes a second *store* in a
    staging folder of the home while the server keeps serving the old one. Only when the import has
    succeeded is the server stopped, the two store folders swapped by rename, and the server started on the
    new store: the downtime is that stop and start plus the schema (``BuildStats.downtime_seconds``; about
    20 s on the bench machine, see bench/RESULTS.md). A build that fails before the swap — a bad file, a
    failed import, a kill — leaves the old database serving without a break; one whose new store will not
    start puts the old store back and starts it again.
    """
    from graph.store.connection import open_driver
    from graph.store.runtime import Neo4jRuntime
    from graph.store.schema import apply_schema

    if settings.uses_external_server:
        raise BuildError("a full build writes the local server's store files; unset NEO4J_URI, or load "
                         "incrementally with `clinigraph load`")
    runtime = Neo4jRuntime(settings)
    if runtime.read_state() is None:
        runtime.start()  # first start sets the password and creates the system database
    store = StoreSwitch(runtime.home, settings.database)
    store.recover()
    workdir = runtime.home / "import" / f"build-{int(time.time())}"
    try:
        sink, stats = write_build_csvs(workdir, ((p.info, p.parse) for p in prepared))
        arguments = sink.import_arguments()
        (workdir / "import-arguments.txt").write_text("\n".join(arguments) + "\n")
        started = time.perf_counter()
        neo4j_admin_import(runtime.lib, runtime.home, store.staging_conf(runtime.conf_dir), runtime.java_executable(),
                           arguments, workdir, settings.database)
        stats.import_seconds = time.perf_counter() - started
    except BaseException:
        store.discard()
        raise
    finally:
        if not keep_csv:
            shutil.rmtree(workdir, ignore_errors=True)
    down = time.perf_counter()
    runtime.stop()
    store.swap()
    try:
        runtime.start()
        started = time.perf_counter()
        with open_driver(settings) as driver:
            apply_schema(driver, settings.database)
            driver.execute_query("MATCH (r:Release) SET r.started_at = datetime(), r.finished_at = datetime()",
                                 database_=settings.database)
            with driver.session(database=settings.database) as session:
                for release in stats.releases:
                    session.execute_write(record_stored_counts, release)
        stats.schema_seconds = time.perf_counter() - started
    except BaseException as exc:
        runtime.stop()
        store.swap_back()
        runtime.start()
        raise BuildError(f"the new store did not come up ({type(exc).__name__}: {exc}); the previous database "
                         "is serving again") from exc
    stats.downtime_seconds = time.perf_counter() - down
    store.discard()
    return stats


class StoreSwitch:
    """The two store folders of a full build: the one being served and the one the import writes beside it.

    A database's store is ``data/databases/<name>`` plus its ``data/transactions/<name>``; the staging home
    ``build-staging/`` holds the new pair under the same layout (a ``neo4j.conf`` whose data directory
    points there), and ``previous/`` the served pair while they are swapped. Every move is a rename within
    the home's file system. :meth:`recover` finishes a swap a kill cut short: the previous store goes back
    if the served place is empty.
    """

    PARTS = ("databases", "transactions")

    def __init__(self, home: Path, database: str) -> None:
        self.home = home
        self.database = database
        self.staging = home / "build-staging"

    def _served(self, part: str) -> Path:
        return self.home / "data" / part / self.database

    def _staged(self, part: str) -> Path:
        return self.staging / "data" / part / self.database

    def _previous(self, part: str) -> Path:
        return self.staging / "previous" / part / self.database

    def staging_conf(self, conf_dir: Path) -> Path:
        """A fresh staging home with a copy of the server's configuration aimed at its own data folder."""
        self.discard()
        (self.staging / "conf").mkdir(parents=True, mode=0o700)
        (self.staging / "data").mkdir(mode=0o700)
        text = (conf_dir / "neo4j.conf").read_text(encoding="utf-8")
        lines = [line for line in text.splitlines() if not line.startswith("server.directories.data=")]
        lines.append(f"server.directories.data={self.staging / 'data'}")
        conf = self.staging / "conf" / "neo4j.conf"
        conf.write_text("\n".join(lines) + "\n", encoding="utf-8")
        conf.chmod(0o600)
        return conf.parent

    def swap(self) -> None:
        """Move the served store aside and the staged one into its place (the server is stopped)."""
        for part in self.PARTS:
            if not self._staged(part).exists():
                raise BuildError(f"the import wrote no {part} folder at {self._staged(part)}")
        for part in self.PARTS:
            self._previous(part).parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            if self._served(part).exists():
                self._served(part).rename(self._previous(part))
            self._served(part).parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            self._staged(part).rename(self._served(part))

    def swap_back(self) -> None:
        """Put the previous store back in place of the new one (the server is stopped)."""
        for part in self.PARTS:
            if self._previous(part).exists():
                if self._served(part).exists():
                    shutil.rmtree(self._served(part))
                self._previous(part).rename(self._served(part))

    def recover(self) -> None:
        """After a kill between the two renames of a swap: the previous store goes back if nothing replaced it."""
        for part in self.PARTS:
            if self._previous(part).exists() and not self._served(part).exists():
                self._previous(part).rename(self._served(part))

    def discard(self) -> None:
        """Remove the staging home: a failed import's store, or the previous store once the new one serves."""
        shutil.rmtree(self.staging, ignore_errors=True)

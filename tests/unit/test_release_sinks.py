"""The full build's sink keeps the rules of the driver path, without a database.

Both load paths run a release through ``graph.store.sinks.write_release``; these tests drive the full
build's :class:`CsvReleaseWriter` and read back the CSVs it wrote. That the two sinks give the same counts
for the same records is shown against a real server in tests/integration/test_full_build.py.
"""

from __future__ import annotations

import csv
import doctest
import importlib
from pathlib import Path

import pytest

from graph.store.bulk import CsvGraphSink, CsvReleaseWriter, write_build_csvs
from graph.store.sinks import WrittenRelease, write_release
from graph.store.writer import UnknownRelationTypeError
from loaders.errors import EmptyReleaseError, TooManyProblemsError
from loaders.records import ConceptRecord, Record, RelationRecord, ReleaseInfo

INFO = ReleaseInfo(system="TEST", version="1", files=(), loader="unit", loader_version="0")


def concept(code: str, system: str = "TEST") -> ConceptRecord:
    return ConceptRecord(system=system, code=code, display=code, kind="code", source_file="f", record=code)


def edge(source: str, target: str, rel_type: str = "IS_A", **fields: object) -> RelationRecord:
    return RelationRecord(type=rel_type, source_code=source, target_code=target, system="TEST", source_file="f",
                          record=f"{source}>{target}", **fields)


def rows(sink: CsvGraphSink, name: str) -> list[list[str]]:
    """Every data row of the node files of label ``name`` or the relationship files of type ``name``."""
    files = [f for (label, _), f in sink.node_files.items() if label == name]
    files += [f for (rel_type, _, _, _), f in sink.rel_files.items() if rel_type == name]
    out: list[list[str]] = []
    for f in files:
        if not f.handle.closed:
            f.handle.flush()
        with f.data_path.open(encoding="utf-8", newline="") as fh:
            out.extend(csv.reader(fh))
    return out


def build(
    tmp_path: Path, records: list[Record], **limits: float
) -> tuple[CsvGraphSink, CsvReleaseWriter, WrittenRelease]:
    """One release through the full build's sink, with the shared rules (``limits``: max_dangling_fraction)."""
    sink = CsvGraphSink(tmp_path)
    writer = CsvReleaseWriter(sink, INFO, set())
    written = write_release(writer, INFO, lambda report: records, **limits)
    return sink, writer, written


@pytest.mark.parametrize("name", ["graph.store.sinks", "graph.store.bulk"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0


def test_a_full_build_refuses_an_empty_release_as_a_driver_load_does(tmp_path):
    """The full build used to write an empty release's Release node, which, being newest, would have become
    current and hidden every concept of the one before it; now it fails with the driver path's error."""
    with pytest.raises(EmptyReleaseError, match="TEST@1: the source files hold no concept of TEST"):
        write_build_csvs(tmp_path, [(INFO, lambda report: iter(()))])


def test_an_empty_release_fails_the_build_even_after_a_good_one(tmp_path):
    good = ReleaseInfo(system="GOOD", version="1", files=(), loader="unit", loader_version="0")
    with pytest.raises(EmptyReleaseError, match="TEST@1"):
        write_build_csvs(tmp_path, [(good, lambda report: [concept("A", "GOOD")]), (INFO, lambda report: [])])


def test_an_edge_before_its_ends_waits_for_them_and_a_repeat_is_written_once(tmp_path):
    records: list[Record] = [edge("B", "A"), concept("A"), edge("B", "A"), concept("B"), edge("B", "A")]
    sink, writer, written = build(tmp_path, records)
    assert len(rows(sink, "IS_A")) == writer.edges_in_csv == 1
    assert written.counts.edges_sent["IS_A"] == written.counts.edges_written["IS_A"] == 3
    assert written.counts.dangling == 0 and written.report == []


def test_every_copy_of_a_dangling_edge_counts_as_the_driver_path_counts_its_rows(tmp_path):
    """The driver path's MATCH drops each row that lacks an end, repeats included; the CSV writer used to count
    a repeated dangling edge once, so the two paths could disagree on the dangling share."""
    records: list[Record] = [concept("A"), edge("A", "GONE"), edge("A", "GONE")]
    sink, _, written = build(tmp_path, records, max_dangling_fraction=1.0)
    assert written.counts.dangling == 2 and rows(sink, "IS_A") == []
    assert written.report == ["dangling_edge: 1 (e.g. 2 of 2 edges lacked an endpoint)"]


def test_too_many_dangling_edges_fail_the_build(tmp_path):
    records: list[Record] = [concept("A"), edge("A", "GONE")]
    with pytest.raises(TooManyProblemsError, match="TEST@1: 1 of 1 edges point at codes"):
        write_build_csvs(tmp_path, [(INFO, lambda report: records)])


def test_a_disallowed_type_is_refused_even_on_an_edge_that_dangles(tmp_path):
    """Checked on arrival, as the driver path does, not only when the edge is written."""
    with pytest.raises(UnknownRelationTypeError, match="'DROPS' is not allowed"):
        build(tmp_path, [concept("A"), edge("A", "GONE", "DROPS")], max_dangling_fraction=1.0)


def test_a_code_identity_is_written_once_per_build_across_releases(tmp_path):
    older = ReleaseInfo(system="TEST", version="0", files=(), loader="unit", loader_version="0")
    xref = edge("A", "X1", "XREF", target_system="OTHER", to_identity=True)
    sink, stats = write_build_csvs(tmp_path, [(older, lambda report: [concept("A"), xref]),
                                              (INFO, lambda report: [concept("A"), concept("B"), xref])])
    assert sorted(r[0] for r in rows(sink, "Code")) == ["OTHER|X1", "TEST|A", "TEST|B"]
    assert len(rows(sink, "Concept")) == stats.concepts == 3
    assert len(rows(sink, "XREF")) == stats.edges == 2
    assert stats.releases == ["TEST@0", "TEST@1"]

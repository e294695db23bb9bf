"""The edge spool gives back every record it was given, in order, across chunk boundaries."""

from __future__ import annotations

import pytest

from graph.store.spool import EdgeSpool
from loaders.records import RelationRecord


def _edge(i: int) -> RelationRecord:
    return RelationRecord(type="IS_A", source_code=f"C{i}", target_code=f"C{i + 1}", system="T", source_file="f",
                          record=str(i), properties=(("rank", i), ("notes", ("a", "b"))))


@pytest.mark.parametrize("count", [0, 1, 2, 3, 7])
def test_records_come_back_whole_and_in_order(count):
    edges = [_edge(i) for i in range(count)]
    with EdgeSpool(chunk=3) as spool:
        for edge in edges:
            spool.add(edge)
        assert list(spool.drain()) == edges

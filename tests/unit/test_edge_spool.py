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


def test_every_field_survives_the_spool():
    """Records are spooled as tuples of their fields: none may be lost, reordered or defaulted."""
    edge = RelationRecord(type="XREF", source_code="HP:1", target_code="C0011860", system="HPO", source_file="hp.obo",
                          record="line 9", key="xref|UMLS:C0011860", properties=(("scope", "exact"),),
                          target_system="UMLS", to_identity=True)
    with EdgeSpool() as spool:
        spool.add(edge)
        [back] = spool.drain()
    assert back == edge and back.to_identity and back.target_system == "UMLS" and back.key == edge.key

"""The reference set of required diagnosis pairs: the team's file reads, a bad row is refused with its line."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from loaders.errors import SourceFormatError
from loaders.relation_reference import read_reference

TEAM_SET = Path(__file__).resolve().parents[2] / "bench" / "labels" / "diagnosis_relations.csv"
HEADER = "id,a,b,class,specialty,reference\n"
GOOD = 'R1,E11.2,N18,1,Nephrology,"KDIGO 2022"\n'


def test_the_team_set_has_80_referenced_pairs_of_both_classes():
    pairs = read_reference(TEAM_SET)
    assert len(pairs) >= 80 and all(p.reference for p in pairs)
    assert Counter(p.expected_class for p in pairs).keys() == {1, 2}
    assert all(p.a.is_code and p.b.is_code for p in pairs)


def test_sides_may_be_codes_ranges_or_names(tmp_path):
    path = tmp_path / "ref.csv"
    path.write_text(HEADER + GOOD + 'R2,L51.1,T36-T50,1,Dermatology,"ref"\nR3,type 2 diabetes,N18,2,Nephrology,"ref"\n')
    pairs = read_reference(path)
    assert [p.b.is_code for p in pairs] == [True, True, True] and not pairs[2].a.is_code


@pytest.mark.parametrize("row, field, message", [
    ('R2,E11.2,N18,4,Nephrology,"ref"\n', "class", "class is 1, 2 or 3"),
    ('R1,E11.2,N18,1,Nephrology,"ref"\n', "id", "already used on line 2"),
    ('R2,N18,N18,1,Nephrology,"ref"\n', "b", "two different"),
    ('R2,E11.2,N18,1,Nephrology,""\n', "reference", "needs a reference"),
    ('R2,E11.2,,1,Nephrology,"ref"\n', "b", "a side is"),
    ('R2,E11.2,N18,1\n', "(row)", "4 columns"),
])
def test_a_bad_row_is_refused_with_its_line(tmp_path, row, field, message):
    path = tmp_path / "ref.csv"
    path.write_text(HEADER + GOOD + row)
    with pytest.raises(SourceFormatError) as caught:
        read_reference(path)
    assert (caught.value.line, caught.value.field) == (3, field) and message in str(caught.value)

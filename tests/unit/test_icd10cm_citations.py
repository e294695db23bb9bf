from __future__ import annotations

import pytest

from loaders.icd10cm_citations import CodeIndex, find_citations


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("code to identify stage of chronic kidney disease (N18.1-N18.6)", [("N18.1", "N18.6", False)]),
        ("heart failure (I50.-)", [("I50", "I50", True)]),
        ("alcohol related disorders (F10.-)", [("F10", "F10", True)]),
        ("alcohol abuse, category F10", [("F10", "F10", False)]),
        ("subcategories S06.1- to S06.6-, and S06.81- to S06.89-",
         [("S06.1", "S06.6", True), ("S06.81", "S06.89", True)]),
        ("diabetic CKD (E08.22, E09.22, E10.22)",
         [("E08.22", "E08.22", False), ("E09.22", "E09.22", False), ("E10.22", "E10.22", False)]),
        ("genetic disorder (QA0.0)", [("QA0.0", "QA0.0", False)]),
        # words that look like codes outside parentheses are not citations
        ("vitamin B12 deficiency with G6PD anaemia (D55.0)", [("D55.0", "D55.0", False)]),
        ("(hypertension) (arterial)", []),
    ],
)
def test_find_citations(note, expected):
    assert [(c.first, c.last, c.with_children) for c in find_citations(note)] == expected


def test_ranges_resolve_at_the_level_of_their_endpoints():
    index = CodeIndex(
        codes={"E08", "E09", "E10", "E11", "E13", "N18.1", "N18.2", "N18.3", "N18.30", "N18.6", "N18.9"},
        blocks={"E08-E13"},
    )
    n18 = find_citations("(N18.1-N18.6)")[0]
    assert index.resolve(n18) == ["N18.1", "N18.2", "N18.3", "N18.6"]
    # a range that is exactly a block cites the block
    assert index.resolve(find_citations("(E08-E13)")[0]) == ["E08-E13"]
    assert index.resolve(find_citations("(E09-E11)")[0]) == ["E09", "E10", "E11"]
    assert index.resolve(find_citations("(Z99.9)")[0]) == []

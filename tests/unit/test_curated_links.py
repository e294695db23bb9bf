"""Curated diagnosis–diagnosis links: the bundled file reads, a bad row refuses the file with its line."""

from __future__ import annotations

import pytest

from loaders.curated_links import read_curated_links
from loaders.errors import SourceFormatError

HEADER = "a,b,class,rationale,reference\n"
GOOD = 'I48,I63.4,1,"AF causes cardioembolic stroke","AF guideline"\n'


def test_the_bundled_links_have_a_class_rationale_and_reference():
    curated = read_curated_links()
    assert len(curated.links) >= 10
    assert all(link.link_class in (1, 2) and link.rationale and link.reference for link in curated.links)
    assert ("I48", "I63.4") in {(link.a, link.b) for link in curated.links}


@pytest.mark.parametrize("row, field, message", [
    ('I48,stroke,1,"r","ref"\n', "b", "not an ICD-10-CM code"),
    ('I48,I63.4,3,"r","ref"\n', "class", "class is 1"),
    ('I48,I48,1,"r","ref"\n', "b", "two different"),
    ('I48,I63.9,1,"","ref"\n', "rationale", "needs a rationale"),
    ('I48,I63.9,1,"r"\n', "(row)", "4 columns"),
    ('I63.4,I48,2,"r","ref"\n', "a", "the same pair as line 2"),
])
def test_a_bad_row_is_refused_with_its_line(tmp_path, row, field, message):
    path = tmp_path / "links.csv"
    path.write_text(HEADER + GOOD + row)
    with pytest.raises(SourceFormatError) as caught:
        read_curated_links(path)
    assert (caught.value.line, caught.value.field) == (3, field) and message in str(caught.value)


def test_a_missing_header_is_refused(tmp_path):
    path = tmp_path / "links.csv"
    path.write_text(GOOD)
    with pytest.raises(SourceFormatError) as caught:
        read_curated_links(path)
    assert caught.value.line == 1 and caught.value.field == "(header)"

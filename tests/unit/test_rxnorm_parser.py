"""RxNorm RRF parser on the fixture release, no database."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from loaders.errors import SourceFormatError
from loaders.records import ConceptRecord, LoadReport, RelationRecord
from loaders.rxnorm import describe_release, parse_release

RELEASE = Path(__file__).resolve().parent.parent / "fixtures" / "rxnorm"


def parse(path: Path, **kw):
    report = LoadReport()
    records = list(parse_release(path, report, **kw))
    return ({r.code: r for r in records if isinstance(r, ConceptRecord)},
            [r for r in records if isinstance(r, RelationRecord)], report)


def test_term_types_and_sources():
    concepts, _, report = parse(RELEASE)
    assert concepts["198440"].kind == "SCD" and concepts["209387"].kind == "SBD"
    assert concepts["214618"].kind == "MIN" and concepts["235743"].kind == "PIN"
    # the MTHSPL atom is another source, the obsolete synonym is suppressed
    assert "ACETAMINOPHEN 500 MG ORAL TABLET (from SPL)" not in concepts["198440"].synonyms
    assert concepts["161"].synonyms == ("APAP",)
    assert report.counts["suppressed_atom"] == 1
    with_spl, _, _ = parse(RELEASE, sources=("RXNORM", "MTHSPL"))
    assert "ACETAMINOPHEN 500 MG ORAL TABLET (from SPL)" in with_spl["198440"].synonyms


def test_relations_run_from_the_second_concept_to_the_first():
    _, relations, _ = parse(RELEASE)
    edges = {(r.source_code, dict(r.properties)["rela"], r.target_code) for r in relations if r.type == "RELATED"}
    assert ("315266", "has_ingredient", "161") in edges      # SCDC has_ingredient IN
    assert ("209387", "tradename_of", "198440") in edges     # SBD tradename_of SCD
    assert ("198440", "has_dose_form", "317541") in edges    # SCD has_dose_form DF


def test_selected_attributes():
    concepts, _, _ = parse(RELEASE)
    props = dict(concepts["198440"].properties)
    assert props["strength"] == ("500 MG",) and props["ndc"] == ("50580049660",)
    assert "RXN_OTHER" not in str(concepts["161"].properties)


def test_version_from_folder_name():
    assert describe_release(RELEASE).release_id == "RXNORM@2025-11-03"


@pytest.fixture
def copy(tmp_path):
    shutil.copytree(RELEASE, tmp_path / "rx")
    return tmp_path / "rx"


def rrf(root: Path, name: str) -> Path:
    return next(root.rglob(name))


def test_swapped_relationship_columns_are_refused(copy):
    path = rrf(copy, "RXNREL.RRF")
    swapped = []
    for line in path.read_text().splitlines():
        f = line.split("|")
        f[0], f[4] = f[4], f[0]
        swapped.append("|".join(f))
    path.write_text("\n".join(swapped) + "\n")
    with pytest.raises(SourceFormatError, match="RXNREL.RRF, field RXCUI1/RXCUI2: .*look swapped"):
        parse(copy)


def test_wrong_field_count(copy):
    path = rrf(copy, "RXNCONSO.RRF")
    lines = path.read_text().splitlines(keepends=True)
    lines[1] = lines[1].replace("|N|4096|", "|N|")
    path.write_text("".join(lines))
    with pytest.raises(SourceFormatError, match=r"RXNCONSO.RRF, line 2, field columns: 17 fields, expected 18"):
        parse(copy)


def test_missing_trailing_pipe(copy):
    path = rrf(copy, "RXNCONSO.RRF")
    lines = path.read_text().splitlines(keepends=True)
    lines[0] = lines[0].rstrip("\n")[:-1] + "\n"
    path.write_text("".join(lines))
    with pytest.raises(SourceFormatError, match="line 1, field columns: row lacks the trailing"):
        parse(copy)


def test_a_file_cut_off_mid_row_is_refused_at_its_last_line(copy):
    path = rrf(copy, "RXNSAT.RRF")
    text = path.read_text()
    path.write_text(text[: text.rstrip("\n").rindex("|", 0, -1) - 3])  # the last row loses its tail
    with pytest.raises(SourceFormatError, match=r"RXNSAT.RRF, line 6, field columns: last line is truncated: \d+ of"):
        parse(copy)


def test_a_whole_last_row_without_its_line_end_is_read_and_said(copy):
    """Issue 17, class 8: a complete last row without a final newline was refused as 'truncated', the same
    message as a file cut off mid-row."""
    path = rrf(copy, "RXNSAT.RRF")
    path.write_text(path.read_text().rstrip("\n"))
    concepts, relations, report = parse(copy)
    assert (concepts, relations) == parse(RELEASE)[:2]
    assert report.counts["last_line_without_line_end"] == 1


def test_missing_conso(tmp_path):
    with pytest.raises(SourceFormatError, match="no RXNCONSO.RRF"):
        describe_release(tmp_path)


def test_a_byte_that_is_not_utf8_is_reported_at_its_line_and_file_offset(tmp_path):
    """Issue 17, class 9: the offset counted within the decoder's chunk (8 KB), not the file, and no line
    was given. The bad byte here sits far past the first chunk."""
    from loaders.rrf import RXNCUI, rrf_rows

    good = "".join(f"{100000 + i}|20240101|20250101|1|{200000 + i}|\n" for i in range(1000)).encode()
    path = tmp_path / "RXNCUI.RRF"
    path.write_bytes(good + b"300000|2024\xe90101|20250101|1|400000|\n")
    with pytest.raises(SourceFormatError, match=rf"RXNCUI.RRF, line 1001, field encoding: not UTF-8: byte 0xe9 at "
                                                rf"file offset {len(good) + 11} "):
        list(rrf_rows(path, RXNCUI))

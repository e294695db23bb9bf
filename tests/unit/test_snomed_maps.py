"""SNOMED CT map refsets beyond ICD-10-CM, and Delta files: loaded where the target is known, said otherwise.

Issue 17, class 7: only the ICD-10-CM extended map became ``MAPS_TO``; the International ICD-10 map, simple and
complex map files and Delta files disappeared without a word.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from loaders.errors import SourceFormatError
from loaders.records import LoadReport, RelationRecord
from loaders.sctid import make_sctid
from loaders.snomed import describe_release, find_release_files, parse_release

EDGE_CASES = Path(__file__).resolve().parent.parent / "fixtures" / "snomed" / "edge_cases"
OTHER_MAPS = EDGE_CASES / "other_maps"
DELTA_ONLY = EDGE_CASES / "delta_only"
UNKNOWN_MAP = make_sctid(99_001)  # the fixture's made-up map refset


@pytest.fixture(scope="module")
def parsed() -> tuple[list[RelationRecord], LoadReport]:
    report = LoadReport()
    maps = [r for r in parse_release(OTHER_MAPS, report) if isinstance(r, RelationRecord) and r.type == "MAPS_TO"]
    return maps, report


def props(rec: RelationRecord) -> dict:
    return dict(rec.properties)


def test_each_known_map_refset_reaches_its_target_systems_code(parsed):
    maps, _ = parsed
    assert all(r.to_identity for r in maps)
    assert sorted((r.source_code, r.target, r.target_code, props(r)["refset_id"]) for r in maps) == [
        ("254837009", "ICD10", "C50.9", "447562003"),
        ("35917007", "ICDO3", "8140/3", "446608001"),
        ("44054006", "ICD10", "E11.9", "447562003"),
        ("44054006", "ICD10CM", "E11.9", "6011000124106"),
        ("73211009", "ICD10", "E14.9", "447562003"),  # the complex-map row (the extended one is inactive)
    ]


def test_map_edges_carry_what_their_file_has(parsed):
    maps, _ = parsed
    by = {(r.target, r.source_code): props(r) for r in maps}
    extended = by[("ICD10", "44054006")]
    assert (extended["map_group"], extended["map_priority"], extended["map_rule"], extended["map_advice"],
            extended["correlation_id"], extended["map_category_id"]) == (
        1, 1, "TRUE", "ALWAYS E11.9", "447561005", "447637006")
    assert extended["direction"] == "SNOMEDCT→ICD10"
    complex_row = by[("ICD10", "73211009")]
    assert (complex_row["map_rule"], complex_row["map_category_id"]) == ("OTHERWISE TRUE", None)
    simple = by[("ICDO3", "35917007")]
    assert simple["direction"] == "SNOMEDCT→ICDO3"
    assert {k for k, v in simple.items() if v is not None} == {"refset_id", "direction"}


def test_one_concept_mapped_to_one_code_by_two_refsets_stays_two_edges(parsed):
    maps, _ = parsed
    t2dm = [r for r in maps if r.source_code == "44054006" and r.target_code == "E11.9"]
    assert len(t2dm) == 2 and len({r.key for r in t2dm}) == 2


def test_map_refsets_of_unknown_targets_are_reported_with_their_rows(parsed):
    _, report = parsed
    notes = report.examples["map_refset_not_loaded"]
    assert report.counts["map_refset_not_loaded"] == 3  # one note per refset
    assert any(n.startswith(f"refset {UNKNOWN_MAP} in der2_iisssccRefset_ExtendedMap")
               and "2 active row(s) not loaded" in n for n in notes)
    assert any(n.startswith("refset 447563008 in der2_iissscRefset_ComplexMap") and "1 active row(s)" in n
               for n in notes)  # ICD-9-CM
    assert any(n.startswith("refset 900000000000497000 in der2_sRefset_SimpleMap") for n in notes)  # CTV3


def test_a_delta_beside_the_snapshot_is_reported_and_not_read(parsed):
    _, report = parsed
    assert report.counts["delta_file_not_read"] == 3
    assert any(n.startswith("sct2_Concept_Delta_INT_20250301.txt: a Delta holds only the changes")
               for n in report.examples["delta_file_not_read"])


def test_describe_release_lists_exactly_the_files_read():
    names = {f.name for f in describe_release(OTHER_MAPS).files}
    assert names == {
        "sct2_Concept_Snapshot_INT_20250301.txt", "sct2_Description_Snapshot-en_INT_20250301.txt",
        "sct2_Relationship_Snapshot_INT_20250301.txt", "der2_cRefset_LanguageSnapshot-en_INT_20250301.txt",
        "der2_iisssccRefset_ExtendedMapSnapshot_INT_20250301.txt",
        "der2_iissscRefset_ComplexMapSnapshot_INT_20250301.txt", "der2_sRefset_SimpleMapSnapshot_INT_20250301.txt",
    }
    assert [p.name for p in find_release_files(OTHER_MAPS).deltas] == [
        "sct2_Concept_Delta_INT_20250301.txt", "sct2_Description_Delta-en_INT_20250301.txt",
        "sct2_Relationship_Delta_INT_20250301.txt"]


def test_a_folder_of_delta_files_alone_is_refused_saying_what_to_load():
    with pytest.raises(SourceFormatError, match=r"field files: only Delta files \(sct2_Concept_Delta_INT_20250301"
                                                r"\.txt, 3 in all\): a Delta holds only the changes since the "
                                                r"previous release.*load the release package's Snapshot"):
        find_release_files(DELTA_ONLY)
    with pytest.raises(SourceFormatError, match="only Delta files"):
        list(parse_release(DELTA_ONLY, LoadReport(), prefer="Full"))

"""SNOMED CT RF2 parser on the fixture releases (Snapshot and Full), no database."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from loaders.errors import SourceFormatError, TooManyProblemsError
from loaders.records import ConceptRecord, LoadReport, RelationRecord
from loaders.sctid import is_valid_sctid, make_sctid
from loaders.snomed import describe_release, find_release_files, parse_release

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "snomed"
SNAPSHOT = FIXTURES / "snapshot_release"
FULL = FIXTURES / "full_release"


def parse(path: Path, **kw):
    report = LoadReport()
    records = list(parse_release(path, report, **kw))
    concepts = {r.code: r for r in records if isinstance(r, ConceptRecord)}
    relations = [r for r in records if isinstance(r, RelationRecord)]
    return concepts, relations, report


@pytest.fixture(scope="module")
def snapshot():
    return parse(SNAPSHOT)


def attr(rec, name):
    return dict(rec.properties).get(name)


def test_preferred_term_comes_from_the_us_language_refset(snapshot):
    concepts, _, _ = snapshot
    t2dm = concepts["44054006"]
    assert t2dm.display == "Type 2 diabetes mellitus"
    assert attr(t2dm, "fsn") == "Diabetes mellitus type 2 (disorder)"
    assert set(t2dm.synonyms) == {"Type II diabetes mellitus", "Non-insulin dependent diabetes mellitus"}
    assert attr(t2dm, "semantic_tag") == "disorder" and t2dm.kind == "disorder"
    # preferred only in the GB refset, and an inactive description: neither shows in US English
    hf = concepts["84114007"]
    assert hf.display == "Heart failure" and hf.synonyms == ("Cardiac failure",)


def test_gb_english_is_configurable():
    concepts, _, _ = parse(SNAPSHOT, language_refset="900000000000508004")
    assert concepts["84114007"].display == "Heart failure (GB preferred)"


def test_attribute_relationships_keep_name_type_and_role_group(snapshot):
    _, relations, _ = snapshot
    attrs = {(r.source_code, dict(r.properties)["attribute"], r.target_code): dict(r.properties)
             for r in relations if r.type == "HAS_ATTRIBUTE"}
    due_to = attrs[("127013003", "due_to", "73211009")]
    assert due_to["type_id"] == "42752001" and due_to["role_group"] == 1
    assert ("64715009", "finding_site", "80891009") in attrs
    assert attrs[("422504002", "associated_with", "49436004")]["role_group"] == 2


def test_only_active_inferred_is_a_becomes_hierarchy(snapshot):
    _, relations, _ = snapshot
    isa = {(r.source_code, r.target_code) for r in relations if r.type == "IS_A"}
    assert ("127013003", "73211009") in isa and ("127013003", "709044004") in isa
    assert ("91302008", "233604007") not in isa  # the inactive row
    assert len(isa) == 35  # inferred only: the stated file is not read


def test_inactive_concept_and_its_replacement(snapshot):
    concepts, relations, _ = snapshot
    retired = concepts[make_sctid(9100001)]
    assert attr(retired, "active") is False
    [replacement] = [r for r in relations if r.type == "REPLACED_BY"]
    assert replacement.target_code == "44054006" and dict(replacement.properties)["association"] == "replaced_by"


def test_extended_map_to_icd10cm_code_identities(snapshot):
    _, relations, report = snapshot
    maps = [r for r in relations if r.type == "MAPS_TO"]
    assert all(r.to_identity and r.target == "ICD10CM" for r in maps)
    dkd = sorted((dict(r.properties)["map_group"], r.target_code) for r in maps if r.source_code == "127013003")
    assert dkd == [(1, "E11.22"), (2, "N18.9")]
    aki = sorted((dict(r.properties)["map_priority"], dict(r.properties)["map_rule"]) for r in maps
                 if r.source_code == "14669001")
    assert aki == [(1, "IFA 248152002 | Female (finding) |"), (2, "OTHERWISE TRUE")]
    assert report.counts["map_without_target"] == 1  # sepsis: cannot be classified


def test_full_release_reduces_to_the_latest_row_per_id():
    snap_concepts, snap_relations, _ = parse(SNAPSHOT)
    full_concepts, full_relations, _ = parse(FULL, prefer="Full")
    assert {c: (r.display, r.synonyms, r.properties) for c, r in full_concepts.items()} == {
        c: (r.display, r.synonyms, r.properties) for c, r in snap_concepts.items()
    }
    assert sorted((r.type, r.source_code, r.target_code, r.properties) for r in full_relations) == sorted(
        (r.type, r.source_code, r.target_code, r.properties) for r in snap_relations
    )
    assert describe_release(FULL, prefer="Full").title == "SNOMED CT RF2 Full"


def test_release_metadata():
    info = describe_release(SNAPSHOT)
    assert info.release_id == "SNOMEDCT@20250301"
    names = {f.name for f in info.files}
    assert "sct2_Concept_Snapshot_US1000124_20250301.txt" in names
    assert not any("StatedRelationship" in n for n in names)


def test_zip_release_is_read_like_a_folder(tmp_path):
    archive = shutil.make_archive(str(tmp_path / "release"), "zip", SNAPSHOT)
    concepts, relations, _ = parse(Path(archive))
    assert len(concepts) == 36 and len(relations) == 58


def test_sctid_check_digits():
    assert is_valid_sctid("44054006") and not is_valid_sctid("44054007")


# --- bad input: each stops with file, line and field ------------------------------------------

@pytest.fixture
def copy(tmp_path):
    target = tmp_path / "release"
    shutil.copytree(SNAPSHOT, target)
    return target


def table(root: Path, prefix: str) -> Path:
    return next(p for p in root.rglob(f"{prefix}*.txt"))


def rewrite(path: Path, old: str, new: str, count: int = 1) -> None:
    """Edit an RF2 file in place, keeping its CRLF line ends."""
    text = path.read_bytes().decode("utf-8")
    assert old in text
    path.write_bytes(text.replace(old, new, count).encode("utf-8"))


def append_row(path: Path, row: str) -> None:
    path.write_bytes(path.read_bytes() + row.encode("utf-8") + b"\r\n")


def test_wrong_header(copy):
    rewrite(table(copy, "sct2_Concept"), "definitionStatusId", "definitionStatus")
    with pytest.raises(SourceFormatError, match=r"sct2_Concept_.*line 1, field header"):
        parse(copy)


def test_non_integer_active_flag(copy):
    rewrite(table(copy, "sct2_Concept"), "138875005\t20250301\t1\t", "138875005\t20250301\ttrue\t")
    with pytest.raises(SourceFormatError, match=r"line 2, field active: active is 'true'"):
        parse(copy)


def test_invalid_sctid(copy):
    rewrite(table(copy, "sct2_Relationship_"), "\t44054006\t", "\t44054007\t")
    with pytest.raises(SourceFormatError, match=r"sct2_Relationship.*field sourceId: '44054007' is not a valid SCTID"):
        parse(copy)


def test_a_file_cut_off_mid_row_is_refused_at_its_last_line(copy):
    path = table(copy, "sct2_Description")
    data = path.read_bytes().rstrip(b"\r\n")
    path.write_bytes(data[: data.rindex(b"\t") - 2])  # the last row loses its last columns
    with pytest.raises(SourceFormatError, match=r"sct2_Description.*field columns: last line is truncated: 8 of 9"):
        parse(copy)


def test_a_whole_last_row_without_its_line_end_is_read_and_said(copy):
    """Issue 17, class 8: a complete last row without a final newline was refused as 'truncated'."""
    path = table(copy, "sct2_Description")
    path.write_bytes(path.read_bytes().rstrip(b"\r\n"))
    concepts, relations, report = parse(copy)
    assert (concepts, relations) == parse(SNAPSHOT)[:2]
    assert report.counts["last_line_without_line_end"] == 1


def test_comment_lines_before_the_header_are_skipped_like_those_after_it(copy):
    """Issue 17, class 12: comment lines before an RF2 header were refused, after it skipped."""
    path = table(copy, "sct2_Concept")
    path.write_bytes(b"# exported for a test\r\n# second comment\r\n" + path.read_bytes())
    concepts, relations, report = parse(copy)
    original, original_relations, _ = parse(SNAPSHOT)
    assert {c: (r.display, r.properties) for c, r in concepts.items()} == {
        c: (r.display, r.properties) for c, r in original.items()}
    assert len(relations) == len(original_relations)
    assert concepts["1142135004"].record == "line 38"  # the record still names the file's own line
    assert report.counts["comment_line_skipped"] == 2


def test_missing_mandatory_file(copy):
    table(copy, "sct2_Relationship_").unlink()
    with pytest.raises(SourceFormatError, match="lacks its mandatory relationship file"):
        find_release_files(copy)


def test_isa_cycle_is_refused_with_its_path(copy):
    # Diabetes mellitus IS A Type 2 diabetes mellitus closes a loop.
    append_row(table(copy, "sct2_Relationship_"),
               f"{make_sctid(3999001, '02')}\t20250301\t1\t900000000000207008\t73211009\t44054006\t0\t"
               "116680003\t900000000000011006\t900000000000451002")
    with pytest.raises(SourceFormatError, match=r"IS A cycle: .*73211009.*44054006.*73211009"):
        parse(copy)


def test_dangling_ids_past_the_threshold(copy):
    append_row(table(copy, "sct2_Relationship_"),
               f"{make_sctid(3999002, '02')}\t20250301\t1\t900000000000207008\t{make_sctid(7777777)}\t"
               "64572001\t0\t116680003\t900000000000011006\t900000000000451002")
    with pytest.raises(TooManyProblemsError, match="1 of 49 active inferred relationships"):
        parse(copy)
    concepts, relations, report = parse(copy, max_dangling_fraction=0.05)
    assert report.counts["dangling_relationship"] == 1


def test_comment_lines_from_hand_made_samples_are_skipped_and_counted(copy):
    path = table(copy, "sct2_Concept")
    head, rest = path.read_bytes().split(b"\r\n", 1)
    path.write_bytes(head + b"\r\n# a note someone left\r\n" + rest)
    _, _, report = parse(copy)
    assert report.counts["comment_line_skipped"] == 1


def test_concrete_values_are_kept_with_attribute_and_group(snapshot):
    concepts, _, _ = snapshot
    drug = concepts["325278007"]
    assert drug.kind == "clinical drug"
    assert attr(drug, "concrete_values") == (
        "count_of_base_of_active_ingredient=1 (group 0)",
        "has_presentation_strength_numerator_value=500 (group 1)",
    )


def _full_copy(tmp_path: Path) -> Path:
    target = tmp_path / "full"
    shutil.copytree(FULL, target)
    return target


def test_two_different_rows_of_one_id_and_effective_time_are_refused_naming_both(tmp_path):
    """Issue 17, class 6: rows sharing id and effectiveTime were resolved last-row-wins in silence (this hid a
    real IS A cycle in a published sample)."""
    release = _full_copy(tmp_path)
    path = table(release, "sct2_Relationship_")
    lines = path.read_bytes().decode("utf-8").split("\r\n")
    row = lines[1].split("\t")
    other = row.copy()
    other[5] = next(r.split("\t")[5] for r in lines[2:] if r and r.split("\t")[5] != row[5])  # another destination
    lines.append("\t".join(other))
    rows = [line for line in lines if line]
    path.write_bytes(("\r\n".join(rows) + "\r\n").encode("utf-8"))
    with pytest.raises(SourceFormatError, match=rf"id {row[0]} has two different relationship rows with "
                                                rf"effectiveTime {row[1]} \(lines 2 and {len(rows)} "):
        parse(release, prefer="Full")


def test_an_identical_repeated_row_changes_nothing(tmp_path):
    release = _full_copy(tmp_path)
    path = table(release, "sct2_Relationship_")
    data = path.read_bytes()
    path.write_bytes(data + data.split(b"\r\n")[1] + b"\r\n")
    concepts, relations, _ = parse(release, prefer="Full")
    original_concepts, original_relations, _ = parse(FULL, prefer="Full")
    assert concepts == original_concepts and relations == original_relations


# --- test data with made-up ids, and empty files (issue 17, class 3) --------------------------

MADE_UP_IDS = FIXTURES / "edge_cases" / "made_up_ids"
EMPTY_FILE = FIXTURES / "edge_cases" / "empty_file"


def test_made_up_ids_stop_the_load_by_default_naming_file_line_and_field():
    with pytest.raises(SourceFormatError, match=r"sct2_Concept_Full_INT_20250301\.txt, line 5, field id: "
                                                r"'44054007' is not a valid SCTID: its Verhoeff check digit is wrong"):
        parse(MADE_UP_IDS, prefer="Full")


def test_check_digits_false_accepts_made_up_ids_and_counts_each_once():
    concepts, relations, report = parse(MADE_UP_IDS, prefer="Full", check_digits=False)
    assert concepts["44054007"].display == "Made-up finding"
    assert ("44054007", "404684003") in {(r.source_code, r.target_code) for r in relations if r.type == "IS_A"}
    # the concept id where it is defined (its reference on a relationship is not counted again), and one
    # relationship id
    assert report.counts["sctid_check_digit_failed"] == 2
    assert report.examples["sctid_check_digit_failed"] == [
        "sct2_Concept_Full_INT_20250301.txt line 5 field id: 44054007",
        "sct2_Relationship_Full_INT_20250301.txt line 2 field id: 6000001028",
    ]


def test_check_digits_false_still_refuses_what_is_no_sctid_at_all(copy):
    rewrite(table(copy, "sct2_Relationship_"), "\t44054006\t", "\t4405400X\t")
    with pytest.raises(SourceFormatError, match=r"field sourceId: '4405400X' is not a valid SCTID$"):
        parse(copy, check_digits=False)


def test_an_empty_file_is_named_as_such():
    with pytest.raises(SourceFormatError, match=r"sct2_Concept_Full-en_INT_20250301\.txt, line 1, field header: "
                                                r"empty file \(0 bytes\): expected the RF2 concept header "
                                                r"'id/effectiveTime/active/moduleId/definitionStatusId'"):
        parse(EMPTY_FILE, prefer="Full")


def test_a_file_of_comment_lines_only_is_named_as_such(copy):
    table(copy, "sct2_Concept").write_bytes(b"# nothing but a note\r\n")
    with pytest.raises(SourceFormatError, match=r"line 2, field header: the file ends after its comment lines"):
        parse(copy)

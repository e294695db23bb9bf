"""LOINC parser on the fixture releases, no database."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from loaders.errors import SourceFormatError
from loaders.loinc import describe_release, find_release_files, is_valid_loinc, parse_release
from loaders.records import ConceptRecord, LoadReport, RelationRecord

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "loinc"
OLD = FIXTURES / "Loinc_2.73"
NEW = FIXTURES / "Loinc_2.78"


def parse(path: Path):
    report = LoadReport()
    records = list(parse_release(path, report))
    concepts = {r.code: r for r in records if isinstance(r, ConceptRecord)}
    relations = [r for r in records if isinstance(r, RelationRecord)]
    return concepts, relations, report


def attr(rec, name):
    return dict(rec.properties).get(name)


@pytest.mark.parametrize(("release", "hierarchy"), [(OLD, "MultiAxialHierarchy.csv"),
                                                    (NEW, "ComponentHierarchyBySystem.csv")])
def test_hierarchy_is_found_under_either_name(release, hierarchy):
    files = find_release_files(release)
    assert files.hierarchy is not None and files.hierarchy.name == hierarchy
    _, relations, _ = parse(release)
    parents = {(r.source_code, r.target_code) for r in relations if r.type == "IS_A"}
    assert ("2345-7", "LP14635-4") in parents and ("LP14635-4", "LP7786-9") in parents


def test_six_axes_class_and_status():
    concepts, _, _ = parse(NEW)
    glucose = concepts["2345-7"]
    assert glucose.display == "Glucose [Mass/volume] in Serum or Plasma"
    axes = [attr(glucose, k) for k in ("component", "property", "time_aspect", "specimen_system", "scale")]
    assert axes == ["Glucose", "MCnc", "Pt", "Ser/Plas", "Qn"]
    assert attr(glucose, "class_type") == "laboratory" and attr(glucose, "status") == "ACTIVE"
    assert "Blood sugar" in attr(glucose, "related_names")
    assert attr(concepts["8480-6"], "class_type") == "clinical"
    assert attr(concepts["2951-2"], "component") == "Sodium"  # trimmed


def test_deprecated_code_is_inactive_and_replaced():
    concepts, relations, _ = parse(NEW)
    assert attr(concepts["33914-3"], "active") is False
    [mapto] = [r for r in relations if r.type == "REPLACED_BY"]
    assert (mapto.source_code, mapto.target_code) == ("33914-3", "98979-8")


def test_parts_and_links():
    concepts, relations, _ = parse(NEW)
    assert concepts["LP14635-4"].kind == "part"
    links = {(r.source_code, r.target_code, dict(r.properties)["part_type"]) for r in relations if r.type == "HAS_PART"}
    assert ("2345-7", "LP14635-4", "COMPONENT") in links and ("2345-7", "LP7576-3", "SYSTEM") in links


def test_version_from_the_folder_name():
    assert describe_release(OLD).release_id == "LOINC@2.73"
    assert describe_release(NEW).release_id == "LOINC@2.78"


def test_check_digits():
    assert is_valid_loinc("2345-7") and not is_valid_loinc("2345-8") and not is_valid_loinc("2345")


@pytest.fixture
def copy(tmp_path):
    target = tmp_path / "Loinc_2.78"
    shutil.copytree(NEW, target)
    return target


def test_bad_check_digit_names_line_and_field(copy):
    path = copy / "LoincTable" / "Loinc.csv"
    path.write_text(path.read_text().replace('"2160-0"', '"2160-1"'), newline="")
    with pytest.raises(SourceFormatError, match=r"Loinc.csv, line 5, field LOINC_NUM: LOINC_NUM '2160-1' fails"):
        parse(copy)


def test_missing_column(copy):
    path = copy / "LoincTable" / "Loinc.csv"
    path.write_text(path.read_text().replace('"LONG_COMMON_NAME"', '"LONG_NAME"', 1), newline="")
    with pytest.raises(SourceFormatError, match=r"line 1, field header: header lacks LONG_COMMON_NAME"):
        parse(copy)


def test_unknown_status(copy):
    path = copy / "LoincTable" / "Loinc.csv"
    path.write_text(path.read_text().replace('"DEPRECATED"', '"RETIRED"'), newline="")
    with pytest.raises(SourceFormatError, match="field STATUS: STATUS 'RETIRED'"):
        parse(copy)


def test_missing_loinc_table(tmp_path):
    with pytest.raises(SourceFormatError, match="no LoincTable/Loinc.csv"):
        find_release_files(tmp_path)


def test_unknown_encoding_is_refused(copy):
    path = copy / "LoincTable" / "Loinc.csv"
    path.write_bytes(path.read_bytes().replace(b"Blood sugar", "Blood sügar".encode("latin-1")))
    text = path.read_bytes()
    offset = text.index("Blood sügar".encode("latin-1")) + len("Blood s")
    line = text[:offset].count(b"\n") + 1
    # Issue 17, class 9: the offset counted within the decoder's chunk, and no line was given.
    with pytest.raises(SourceFormatError, match=rf"Loinc.csv, line {line}, field encoding: not UTF-8: byte 0xfc at "
                                                rf"file offset {offset} "):
        parse(copy)


def test_fields_padded_after_their_closing_quote_read_as_unpadded(copy):
    """Issue 17, class 1: Loinc.csv as LOINC ships it pads quoted fields (``"10013-1"  ,"R' wave…"   ,``);
    the strict reader refused the whole file, with no line number."""
    import re

    path = copy / "LoincTable" / "Loinc.csv"
    text = path.read_text(encoding="utf-8")
    padded = re.sub(r'"(?=,|\r?\n)', '"   ', text)  # blanks after every closing quote, as LOINC pads them
    assert padded != text and '"   ,' in padded
    path.write_text(padded, encoding="utf-8", newline="")
    assert parse(copy)[0] == parse(NEW)[0]


@pytest.mark.parametrize(("glued", "message"), [
    ('"2160-0"x,', r"line 5, field quoting: not valid CSV \(',' expected after '\"'\)"),
    ('"2160-0"  x,', r"line 5, field quoting: text after a closing quote at column 11"),
])
def test_text_glued_to_a_closing_quote_is_refused_at_its_line(copy, glued, message):
    """Only blanks are padding: anything else after a closing quote is damage, refused where it stands."""
    path = copy / "LoincTable" / "Loinc.csv"
    path.write_text(path.read_text().replace('"2160-0",', glued), newline="")
    with pytest.raises(SourceFormatError, match="Loinc.csv, " + message):
        parse(copy)


def test_the_main_table_is_loinctable_not_the_panels_table_of_the_same_name(copy):
    """Issue 17, class 2: a distribution also has AccessoryFiles/PanelsAndForms/Loinc.csv, which sorts first;
    it was loaded instead of the main table, and provenance named only 'Loinc.csv'."""
    main = copy / "LoincTable" / "Loinc.csv"
    panels = copy / "AccessoryFiles" / "PanelsAndForms" / "Loinc.csv"
    panels.parent.mkdir(parents=True)
    header, first, *_ = main.read_text(encoding="utf-8").splitlines(keepends=True)
    panels.write_text(header + first, encoding="utf-8")
    assert find_release_files(copy).loinc == main
    assert parse(copy)[0].keys() == parse(NEW)[0].keys()
    names = [f.name for f in describe_release(copy).files]
    assert "LoincTable/Loinc.csv" in names and "Loinc.csv" not in names


def test_the_single_part_link_file_of_older_releases_is_read(copy):
    """Issue 17, class 3: LoincPartLink.csv (before the split into _Primary and _Supplementary) was ignored."""
    part_file = copy / "AccessoryFiles" / "PartFile"
    (part_file / "LoincPartLink_Primary.csv").rename(part_file / "LoincPartLink.csv")
    import dataclasses

    def links(release: Path) -> list:
        return [dataclasses.replace(r, source_file="") for r in parse(release)[1] if r.type == "HAS_PART"]

    assert links(copy) and links(copy) == links(NEW)
    assert {r.source_file for r in parse(copy)[1] if r.type == "HAS_PART"} == {
        "AccessoryFiles/PartFile/LoincPartLink.csv"}


def test_a_release_that_does_not_say_its_version_is_not_guessed(tmp_path):
    """Issue 17, class 4: without a Loinc_X.YY folder the version was guessed from the highest
    VersionLastChanged (a lower bound: a 2.67 table became LOINC@2.63). Now it must be given."""
    target = tmp_path / "loinc-release"
    shutil.copytree(NEW, target)
    with pytest.raises(SourceFormatError, match=r"field version: .*give it with --version"):
        describe_release(target)
    assert describe_release(target, "2.78").release_id == "LOINC@2.78"


def test_supplementary_part_links_are_read_beside_the_primary_ones(copy):
    """The split part-link files of 2.68 on: LoincPartLink_Supplementary.csv (detailed model, syntax and
    semantic enhancements) was ignored without a word, though it is half of the part links."""
    part_file = copy / "AccessoryFiles" / "PartFile"
    (part_file / "LoincPartLink_Supplementary.csv").write_text(
        '"LoincNumber","LongCommonName","PartNumber","PartName","PartCodeSystem","PartTypeName","LinkTypeName",'
        '"Property"\n'
        '"2345-7","Glucose [Mass/volume] in Serum or Plasma","LP14635-4","Glucose","http://loinc.org",'
        '"COMPONENT","DetailedModel","http://loinc.org/property/analyte"\n', encoding="utf-8")
    _, relations, _ = parse(copy)
    supplementary = [r for r in relations if r.type == "HAS_PART"
                     and r.source_file == "AccessoryFiles/PartFile/LoincPartLink_Supplementary.csv"]
    assert [(r.source_code, r.target_code, attr(r, "link_type")) for r in supplementary] == [
        ("2345-7", "LP14635-4", "DetailedModel")]
    primary = [r for r in relations if r.type == "HAS_PART" and attr(r, "link_type") == "Primary"]
    assert len(primary) == len([r for r in parse(NEW)[1] if r.type == "HAS_PART"])
    assert "AccessoryFiles/PartFile/LoincPartLink_Supplementary.csv" in [f.name for f in describe_release(copy).files]


def test_the_superseded_single_part_link_file_is_reported_when_the_split_ones_are_read(copy):
    part_file = copy / "AccessoryFiles" / "PartFile"
    shutil.copy(part_file / "LoincPartLink_Primary.csv", part_file / "LoincPartLink.csv")
    _, _, report = parse(copy)
    assert report.counts["file_not_read"] == 1
    assert "AccessoryFiles/PartFile/LoincPartLink.csv" in report.examples["file_not_read"][0]


def test_a_hierarchy_code_missing_from_the_main_table_is_reported(copy):
    hierarchy = copy / "AccessoryFiles" / "ComponentHierarchyBySystem" / "ComponentHierarchyBySystem.csv"
    lines = hierarchy.read_text(encoding="utf-8").splitlines()
    header = lines[0].split(",")
    row = lines[-1].split(",")
    row[header.index('"CODE"')] = '"41599-2"'
    hierarchy.write_text("\n".join([*lines, ",".join(row)]) + "\n", encoding="utf-8")
    concepts, _, report = parse(copy)
    assert concepts["41599-2"].kind == "hierarchy_node"
    assert report.counts["hierarchy_code_not_in_table"] == 1

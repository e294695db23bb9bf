"""The ICD-10-CM parser on hand-written files in the official tabular format (no database)."""

from __future__ import annotations

from pathlib import Path

import pytest

from loaders.errors import SourceFormatError
from loaders.icd10cm import describe_release, parse_tabular, read_version
from loaders.records import ConceptRecord, LoadReport, RelationRecord

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "icd10cm"
TABULAR_2026 = FIXTURES / "tabular_2026.xml"


def parse(path: Path) -> tuple[dict[str, ConceptRecord], list[RelationRecord], LoadReport]:
    report = LoadReport()
    concepts: dict[str, ConceptRecord] = {}
    relations: list[RelationRecord] = []
    for rec in parse_tabular(path, report):
        if isinstance(rec, ConceptRecord):
            assert rec.code not in concepts, f"{rec.code} emitted twice"
            concepts[rec.code] = rec
        else:
            relations.append(rec)
    return concepts, relations, report


@pytest.fixture(scope="module")
def parsed():
    return parse(TABULAR_2026)


def prop(rec: ConceptRecord, name: str):
    return dict(rec.properties).get(name)


def test_counts_by_kind(parsed):
    concepts, _, _ = parsed
    kinds: dict[str, int] = {}
    for c in concepts.values():
        kinds[c.kind] = kinds.get(c.kind, 0) + 1
    assert kinds == {"chapter": 6, "block": 8, "category": 10, "code": 37}


def test_billable_codes_are_exactly_the_leaves_and_expansions(parsed):
    concepts, _, _ = parsed
    billable = {c.code for c in concepts.values() if prop(c, "billable")}
    assert billable == {
        "A41.9", "B10.01", "B10.09", "E11.21", "E11.22", "E11.9", "I10", "I11.0", "I11.9",
        "I50.9", "N18.1", "N18.2", "N18.30", "N18.31", "N18.4", "N18.5", "N18.6", "N18.9",
        "QA0.0", "S02.0XXA", "S02.0XXB", "S02.0XXS", "S06.0X0A", "S06.0X0D", "S06.0X0S",
        "S06.0X1A", "S06.0X1D", "S06.0X1S", "S06.0X7A",
    }
    # Headers and codes that still need a 7th character are not billable.
    for header in ("E11", "E11.2", "N18.3", "S02.0", "S06.0X1", "S06.0X"):
        assert prop(concepts[header], "billable") is False


def test_seventh_character_padding_and_title(parsed):
    concepts, relations, _ = parsed
    code = concepts["S02.0XXB"]
    assert code.display == "Fracture of vault of skull, initial encounter for open fracture"
    assert prop(code, "seventh_character") == "B"
    parents = {(r.source_code, r.target_code) for r in relations if r.type == "IS_A"}
    assert ("S02.0XXB", "S02.0") in parents


def test_seventh_character_rule_from_note_removes_invalid_codes(parsed):
    concepts, _, report = parsed
    assert "S06.0X7A" in concepts
    assert "S06.0X7D" not in concepts and "S06.0X7S" not in concepts
    assert report.counts["seventh_character_ruled_out"] == 2


def test_block_with_the_same_identifier_as_a_category_is_kept_apart(parsed):
    concepts, relations, _ = parsed
    assert concepts["B10-B10"].kind == "block"
    assert concepts["B10"].kind == "category"
    assert ("B10", "B10-B10") in {(r.source_code, r.target_code) for r in relations if r.type == "IS_A"}
    assert concepts["QA0-QA0"].kind == "block" and concepts["QA0"].kind == "category"


def test_hierarchy_reaches_the_chapter(parsed):
    concepts, relations, _ = parsed
    parent = {r.source_code: r.target_code for r in relations if r.type == "IS_A"}
    chain = ["E11.22"]
    while chain[-1] in parent:
        chain.append(parent[chain[-1]])
    assert chain == ["E11.22", "E11.2", "E11", "E08-E13", "E00-E89"]
    assert prop(concepts["E00-E89"], "chapter_number") == "4"
    # every concept except chapters has exactly one parent
    assert len(parent) == sum(1 for c in concepts.values() if c.kind != "chapter")


def test_inclusion_terms_become_synonyms_and_notes_are_kept(parsed):
    concepts, _, _ = parsed
    assert concepts["I50.9"].synonyms == ("Congestive heart failure NOS",)
    assert prop(concepts["E11"], "note_excludes1") == ("type 1 diabetes mellitus (E10.-)",)
    assert prop(concepts["S06"], "seven_chr_def") == ("A: initial encounter", "D: subsequent encounter", "S: sequela")


def test_note_citations_become_typed_edges(parsed):
    _, relations, report = parsed
    cites = {(r.source_code, r.target_code, dict(r.properties)["note_type"]) for r in relations if r.type == "CITES"}
    assert {t for s, t, n in cites if s == "E11.22" and n == "use_additional_code"} == {
        "N18.1", "N18.2", "N18.3", "N18.4", "N18.5", "N18.6",
    }
    assert ("I11.0", "I50", "use_additional_code") in cites
    assert ("I50", "I11.0", "code_first") in cites
    assert ("N18", "E11.22", "code_first") in cites
    assert len(cites) == 9
    # Codes cited but absent from the release are counted, not invented.
    assert report.counts["unresolved_citation"] == 11


def test_every_record_carries_its_place_in_the_file(parsed):
    concepts, relations, _ = parsed
    for rec in [*concepts.values(), *relations]:
        assert rec.source_file == "tabular_2026.xml"
        assert rec.record.startswith("line ")


def test_version_and_release_description():
    info = describe_release(TABULAR_2026)
    assert read_version(TABULAR_2026) == "2026"
    assert info.release_id == "ICD10CM@2026"
    assert info.files[0].name == "tabular_2026.xml" and len(info.files[0].sha256) == 64
    assert describe_release(TABULAR_2026, "2026-test").release_id == "ICD10CM@2026-test"


@pytest.mark.parametrize(
    ("name", "line", "fragment"),
    [
        ("not_xml.xml", 1, "not well-formed XML"),
        ("wrong_root.xml", 2, "root element is <ICD9CM.tabular>"),
        ("truncated.xml", 121, "not well-formed XML"),
        ("missing_name.xml", None, "diag without a code"),
        ("duplicate_code.xml", 83, "duplicate code E11.22"),
        ("unreadable_rule.xml", None, "7th-character rule not understood"),
    ],
)
def test_bad_files_raise_one_clear_error(name, line, fragment):
    path = FIXTURES / name
    with pytest.raises(SourceFormatError) as caught:
        for _ in parse_tabular(path):
            pass
    err = caught.value
    assert fragment in str(err)
    assert err.path.endswith(name) and name in str(err)
    assert "\n" not in str(err)
    if line is not None:
        assert err.line == line
    else:
        assert err.line is not None


def test_missing_file_is_named(tmp_path):
    missing = tmp_path / "nowhere.xml"
    with pytest.raises(SourceFormatError, match="nowhere.xml: file not found"):
        describe_release(missing)
    with pytest.raises(SourceFormatError, match="file not found"):
        list(parse_tabular(missing))


def test_empty_file(tmp_path):
    empty = tmp_path / "empty.xml"
    empty.write_text("")
    with pytest.raises(SourceFormatError, match="empty.xml.*not well-formed XML"):
        list(parse_tabular(empty))

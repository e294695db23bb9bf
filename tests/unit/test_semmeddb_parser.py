"""SemMedDB PREDICATION/SENTENCE/CITATIONS/GENERIC_CONCEPT parsing on the official-format fixture."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest

from loaders import semmeddb
from loaders.errors import SourceFormatError, TooManyProblemsError
from loaders.records import ConceptRecord, LoadReport, RelationRecord

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "semmeddb" / "semmedVER43_2024"
PREDICATION = FIXTURE / "semmedVER43_2024_R_PREDICATION.csv"


def parse(path: Path = FIXTURE, **kw: object) -> tuple[list, LoadReport]:
    report = LoadReport()
    return list(semmeddb.parse_release(path, report, **kw)), report  # type: ignore[arg-type]


def edges(records: list) -> dict[tuple[str, str, str], dict]:
    return {(r.source_code, r.key, r.target_code): dict(r.properties) for r in records
            if isinstance(r, RelationRecord) and r.type == "PREDICATION"}


def test_one_edge_per_triple_with_counts_pmids_sentences_and_years():
    records, _ = parse()
    e = edges(records)[("C0020538", "CAUSES", "C0038454")]
    assert e["predications"] == 4  # the same sentence extracted twice counts as a predication, not a PMID
    assert e["pmid_count"] == 3
    assert e["pmids"] == ("1001", "1002", "1003")
    assert (e["first_year"], e["last_year"]) == (1998, 2019)
    assert e["sentences"][0] == "Hypertensive disease causes cerebrovascular accident (sentence 5001)."
    assert e["subject_semtypes"] == ("dsyn",) and e["negated"] is False


def test_every_edge_carries_its_subject_object_pair_for_the_index_seek():
    records, _ = parse()
    for (s, _predicate, o), props in edges(records).items():
        assert props["pair"] == f"{s}>{o}"


def test_neg_predicates_are_kept_as_negated_edges():
    records, _ = parse()
    e = edges(records)
    assert e[("C0020456", "NEG_CAUSES", "C1561643")]["negated"] is True
    assert e[("C0020456", "NEG_CAUSES", "C1561643")]["base_predicate"] == "CAUSES"
    assert e[("C0020456", "CAUSES", "C1561643")]["negated"] is False


def test_pipe_joined_cui_keeps_the_cui_and_is_counted():
    records, report = parse()
    assert ("C0021641", "TREATS", "C0020456") in edges(records)
    insulin = next(r for r in records if isinstance(r, ConceptRecord) and r.code == "C0021641")
    assert insulin.display == "Insulin"
    assert report.counts["pipe_joined_cui"] == 1


def test_escaped_quote_and_comma_in_a_name():
    records, _ = parse()
    assert ("C0028754", "CAUSES", "C0020538") in edges(records)


def test_corrupt_rows_are_counted_with_their_line():
    _, report = parse()
    assert report.counts["corrupt_row"] == 2
    assert any("line 38" in x for x in report.examples["corrupt_row"])
    assert any("line 39: bad PMID" in x for x in report.examples["corrupt_row"])


def test_generic_concepts_are_flagged_on_concepts_and_edges():
    records, _ = parse()
    patients = next(r for r in records if isinstance(r, ConceptRecord) and r.code == "C0030705")
    assert dict(patients.properties)["generic"] is True
    assert edges(records)[("C0004057", "ADMINISTERED_TO", "C0030705")]["object_generic"] is True


def test_every_cui_links_to_its_umls_identity():
    records, _ = parse()
    cuis = {r.code for r in records if isinstance(r, ConceptRecord)}
    xrefs = {r.source_code for r in records if isinstance(r, RelationRecord) and r.type == "XREF"
             and r.target == "UMLS" and r.to_identity}
    assert cuis == xrefs and len(cuis) == 24


def test_gzipped_file_gives_the_same_records(tmp_path):
    for f in FIXTURE.iterdir():
        with f.open("rb") as src, gzip.open(tmp_path / (f.name + ".gz"), "wb") as dst:
            shutil.copyfileobj(src, dst)
    plain, _ = parse()
    zipped, _ = parse(tmp_path)
    assert [(type(r), r.source_code if isinstance(r, RelationRecord) else r.code) for r in plain] == \
           [(type(r), r.source_code if isinstance(r, RelationRecord) else r.code) for r in zipped]
    assert edges(plain) == edges(zipped)


def test_partitioning_does_not_change_the_result():
    assert edges(parse(partitions=1)[0]) == edges(parse(partitions=7)[0])


def test_release_version_from_the_file_name():
    assert semmeddb.describe_release(FIXTURE).release_id == "SEMMEDDB@43_2024"


def test_a_header_line_is_refused_as_the_wrong_file(tmp_path):
    bad = tmp_path / "semmedVER43_PREDICATION.csv"
    bad.write_text(",".join(semmeddb.PREDICATION_COLUMNS) + "\n" + PREDICATION.read_text(encoding="latin-1"),
                   encoding="latin-1")
    with pytest.raises(SourceFormatError) as exc:
        parse(bad)
    assert exc.value.line == 1 and exc.value.field == "PMID" and bad.name in str(exc.value)


def test_a_file_of_another_table_is_refused(tmp_path):
    bad = tmp_path / "semmedVER43_PREDICATION.csv"
    shutil.copy(FIXTURE / "semmedVER43_2024_R_CITATIONS.csv", bad)
    with pytest.raises(SourceFormatError) as exc:
        parse(bad)
    assert exc.value.field == "columns" and exc.value.line == 1


def test_a_truncated_last_line_is_refused(tmp_path):
    """Cut inside the last row (a whole last row that only lacks its line end is read: issue 17, class 8)."""
    bad = tmp_path / "semmedVER43_PREDICATION.csv"
    text = PREDICATION.read_text(encoding="latin-1").rstrip("\n")
    bad.write_text(text[: text.rindex(",")], encoding="latin-1")
    with pytest.raises(SourceFormatError, match="truncated"):
        parse(bad)


def test_a_truncated_gzip_is_refused(tmp_path):
    data = gzip.compress(PREDICATION.read_bytes())
    bad = tmp_path / "semmedVER43_PREDICATION.csv.gz"
    bad.write_bytes(data[: len(data) // 2])
    with pytest.raises(SourceFormatError, match="truncated|unreadable"):
        parse(bad)


def test_too_many_corrupt_rows_stop_the_load(tmp_path):
    good = PREDICATION.read_text(encoding="latin-1").splitlines()[0]
    bad = tmp_path / "semmedVER43_PREDICATION.csv"
    rows = [good] * 20 + [good.replace('"1001"', '"x"')] * 11
    bad.write_text("\n".join(rows) + "\n", encoding="latin-1")
    with pytest.raises(TooManyProblemsError, match="11 of 31"):
        parse(bad)


def test_a_folder_without_predication_is_refused(tmp_path):
    with pytest.raises(SourceFormatError, match="PREDICATION"):
        semmeddb.find_files(tmp_path)


def test_novelty_flags_exported_from_postgresql_as_t_and_f_are_kept(tmp_path):
    """Issue 17, class 11: PostgreSQL writes booleans as t/f; every novelty flag was read as false."""
    target = tmp_path / FIXTURE.name
    shutil.copytree(FIXTURE, target)
    path = target / PREDICATION.name
    rows = []
    for line in path.read_text(encoding="latin-1").splitlines(keepends=True):
        fields = line.split(",")
        for i in (7, 11):  # SUBJECT_NOVELTY, OBJECT_NOVELTY (no commas inside the fields before them here)
            fields[i] = {'"1"': '"t"', '"0"': '"f"'}.get(fields[i], fields[i])
        rows.append(",".join(fields))
    assert rows != path.read_text(encoding="latin-1").splitlines(keepends=True)
    path.write_text("".join(rows), encoding="latin-1")
    original, original_report = parse()
    exported, report = parse(target)
    novel = {r.code: dict(r.properties).get("novel") for r in original if isinstance(r, ConceptRecord)}
    assert any(novel.values())
    assert {r.code: dict(r.properties).get("novel") for r in exported if isinstance(r, ConceptRecord)} == novel
    assert report.counts["corrupt_row"] == original_report.counts["corrupt_row"]


def test_a_novelty_flag_that_is_no_flag_is_a_corrupt_row(tmp_path):
    target = tmp_path / FIXTURE.name
    shutil.copytree(FIXTURE, target)
    path = target / PREDICATION.name
    lines = path.read_text(encoding="latin-1").splitlines(keepends=True)
    fields = lines[1].split(",")
    fields[7] = '"maybe"'
    lines[1] = ",".join(fields)
    path.write_text("".join(lines), encoding="latin-1")
    _, report = parse(target)
    assert report.counts["corrupt_row"] == parse()[1].counts["corrupt_row"] + 1
    assert "line 2: bad SUBJECT_NOVELTY" in str(report.examples["corrupt_row"])

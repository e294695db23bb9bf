"""SNOMED CT terms where no language refset speaks for a concept: chosen by languageCode, and said.

Issue 17, class 5: SNOMED International's public Full sample has no language refset; the preferred term became
whichever FSN sorted first (a German one), the synonyms were dropped, and the report said nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from loaders.records import ConceptRecord, LoadReport
from loaders.snomed import parse_release

EDGE_CASES = Path(__file__).resolve().parent.parent / "fixtures" / "snomed" / "edge_cases"
NO_REFSET = EDGE_CASES / "no_language_refset"
PARTIAL_REFSET = EDGE_CASES / "partial_language_refset"
GERMAN_TERMS = {"Diabetes mellitus Typ 2 (Erkrankung)", "Typ-2-Diabetes", "Diabetes mellitus (Erkrankung)",
                "Zuckerkrankheit", "Klinischer Befund (Befund)"}


def concepts_of(path: Path, **kw) -> tuple[dict[str, ConceptRecord], LoadReport]:
    report = LoadReport()
    concepts = {r.code: r for r in parse_release(path, report, **kw) if isinstance(r, ConceptRecord)}
    return concepts, report


def attr(rec: ConceptRecord, name: str):
    return dict(rec.properties).get(name)


@pytest.fixture(scope="module")
def no_refset():
    return concepts_of(NO_REFSET)


def test_without_a_language_refset_the_english_terms_are_chosen(no_refset):
    concepts, _ = no_refset
    t2dm = concepts["44054006"]
    assert attr(t2dm, "fsn") == "Diabetes mellitus type 2 (disorder)"  # not the German FSN that sorts first
    assert t2dm.kind == "disorder" and attr(t2dm, "semantic_tag") == "disorder"
    # two English synonyms and nothing to say which is preferred: the first by term is the display
    assert t2dm.display == "Type 2 diabetes mellitus"
    assert t2dm.synonyms == ("Type II diabetes mellitus",)  # kept, no longer dropped


def test_an_english_fsn_without_an_english_synonym_gives_the_display_without_its_tag(no_refset):
    concepts, _ = no_refset
    dm = concepts["73211009"]
    assert (dm.display, attr(dm, "fsn"), dm.synonyms) == ("Diabetes mellitus", "Diabetes mellitus (disorder)", ())


def test_terms_in_other_languages_are_kept_apart_and_never_the_display(no_refset):
    concepts, _ = no_refset
    assert attr(concepts["44054006"], "other_language_terms") == (
        "de: Diabetes mellitus Typ 2 (Erkrankung)", "de: Typ-2-Diabetes")
    english = {code: c for code, c in concepts.items() if code != "64572001"}
    assert not {c.display for c in english.values()} & GERMAN_TERMS
    assert not {s for c in english.values() for s in c.synonyms} & GERMAN_TERMS


def test_a_concept_with_no_english_term_takes_the_first_fsn_of_any_language_and_is_counted(no_refset):
    concepts, report = no_refset
    disease = concepts["64572001"]
    assert (disease.display, attr(disease, "fsn")) == ("Enfermedad", "Enfermedad (trastorno)")  # 'E' before 'K'
    assert attr(disease, "other_language_terms") == ("de: Krankheit (Erkrankung)", "de: Krankheit")
    assert report.counts["terms_chosen_from_another_language"] == 1
    assert report.examples["terms_chosen_from_another_language"] == ["64572001: 'Enfermedad (trastorno)'"]


def test_the_report_names_the_rule_once_and_counts_the_concepts(no_refset):
    _, report = no_refset
    assert report.counts["no_language_refset"] == 1
    [note] = report.examples["no_language_refset"]
    assert "no der2_cRefset_Language file" in note and "languageCode 'en'" in note
    assert "first synonym in the language by term" in note
    assert report.counts["terms_chosen_by_language_code"] == 5  # every concept with an English term


def test_the_language_is_a_parameter():
    concepts, report = concepts_of(NO_REFSET, language="de")
    assert concepts["44054006"].display == "Typ-2-Diabetes"
    assert attr(concepts["44054006"], "fsn") == "Diabetes mellitus Typ 2 (Erkrankung)"
    assert concepts["73211009"].display == "Zuckerkrankheit"
    assert "languageCode 'de'" in report.examples["no_language_refset"][0]


@pytest.fixture(scope="module")
def partial():
    return concepts_of(PARTIAL_REFSET)


def test_a_concept_the_refset_leaves_out_falls_back_to_the_language_code_and_is_counted(partial):
    concepts, report = partial
    t2dm = concepts["44054006"]
    assert (t2dm.display, attr(t2dm, "fsn")) == ("Type 2 diabetes mellitus", "Diabetes mellitus type 2 (disorder)")
    assert t2dm.synonyms == ("Type II diabetes mellitus",)
    assert report.counts["terms_chosen_by_language_code"] == 1
    assert report.examples["terms_chosen_by_language_code"] == ["44054006"]
    assert "no_language_refset" not in report.counts  # the refset is there: only its gaps are filled


def test_where_the_refset_covers_a_concept_it_still_decides(partial):
    concepts, _ = partial
    dm = concepts["73211009"]
    # the FSN is the US refset's (not the German one), and the GB-only synonym is not US English
    assert (dm.display, attr(dm, "fsn"), dm.synonyms) == ("Diabetes mellitus", "Diabetes mellitus (disorder)", ())
    assert attr(dm, "other_language_terms") == ("de: Diabetes mellitus (Erkrankung)", "de: Zuckerkrankheit")
    finding = concepts["404684003"]
    assert (finding.display, attr(finding, "fsn")) == ("Clinical finding", "Clinical finding (finding)")


def test_a_refset_that_covers_one_concept_decides_there_and_nowhere_else():
    concepts, report = concepts_of(PARTIAL_REFSET, language_refset="900000000000508004")  # GB English
    assert concepts["73211009"].display == "Diabetes mellitus (GB preferred)"
    assert attr(concepts["73211009"], "fsn") == "Diabetes mellitus (disorder)"  # the English FSN, not the German
    assert concepts["44054006"].display == "Type 2 diabetes mellitus"
    assert report.counts["terms_chosen_by_language_code"] == 4  # all but the GB-covered and the German-only
    assert "no_language_refset" not in report.counts  # one GB row: the refset is there, if thin

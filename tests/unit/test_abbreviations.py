"""The abbreviations file (graph/resources/abbreviations.toml): every entry has readings and a source, a bad
entry is one error naming file, line and field, and the readings are tried by category (issue 21)."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.extraction.grounding import Grounder
from graph.extraction.lexicon import ABBREVIATIONS_FILE, Abbreviation, Entry, Lexicon, load_abbreviations, tokens
from loaders.errors import SourceFormatError
from tests.unit.data_files import assert_one_error


def test_the_shipped_file_gives_every_entry_readings_and_a_source():
    entries = load_abbreviations()
    assert len(entries) >= 150
    assert all((e.readings() or e.readings("status")) and e.source.strip() for e in entries.values())
    # A procedure is read as what it leaves only after "s/p": elsewhere it has no reading
    assert entries["splenectomy"].readings("status")[0] == tokens("spleen")
    assert entries["splenectomy"].readings("diagnosis") == ()
    # Sourced from a release wherever one states it: the source names the term.
    assert entries["copd"].source.split()[0] in {"HPO", "Mondo", "DOID", "MeSH"}
    assert entries["pe"].readings("diagnosis")[0] == tokens("pulmonary embolism")
    assert entries["pe"].readings("finding") == ()  # an examination, not a finding to ground
    assert "ms" not in entries and "asd" not in entries  # two readings in adult medicine: left out


@pytest.mark.parametrize(("text", "line", "field", "problem"), [
    ('[abbreviations.chf]\nmeans = ["heart failure"]\n', 1, "abbreviations.chf.source", "no source"),
    ('[abbreviations.ok]\nmeans = ["x"]\nsource = "s"\n\n[abbreviations.chf]\nmeans = "heart failure"\n'
     'source = "s"\n', 5, "abbreviations.chf.means", "not a list of phrases"),
    ('[abbreviations.chf]\nmeaning = ["heart failure"]\nsource = "s"\n', 1, "abbreviations.chf.meaning",
     "unknown field"),
    ('[abbreviations.chf]\nsource = "s"\n', 1, "abbreviations.chf", "no reading"),
])
def test_a_bad_entry_is_one_error_naming_file_line_and_field(tmp_path: Path, text, line, field, problem):
    path = tmp_path / "abbreviations.toml"
    error = assert_one_error(load_abbreviations, path, text, line, field, problem)
    assert error.path == str(path) and str(error).startswith(f"{path}, line {line}, field {field}")


def test_a_toml_syntax_error_names_its_line(tmp_path: Path):
    path = tmp_path / "abbreviations.toml"
    for text, line in (('[abbreviations.chf]\nmeans = ["heart failure"]\nsource = \n', 3),
                       ('[abbreviations.chf]\nmeans = ["heart failure"\n', 2)):
        path.write_text(text, encoding="utf-8")
        with pytest.raises(SourceFormatError) as caught:
            load_abbreviations(path)
        assert (caught.value.path, caught.value.line) == (str(path), line)


ICD = "ICD10CM@2026"
ENTRIES = [
    Entry("ICD10CM", "I50.9", "Heart failure, unspecified", ICD, "code", billable=True),
    Entry("ICD10CM", "I26.99", "Other pulmonary embolism without acute cor pulmonale", ICD, "code", billable=True,
          names=("Pulmonary embolism",)),
    Entry("ICD10CM", "K21", "Gastro-esophageal reflux disease", ICD, "category", billable=False),
    Entry("ICD10CM", "K21.0", "Gastro-esophageal reflux disease with esophagitis", ICD, "category", billable=False),
    Entry("ICD10CM", "K21.00", "Gastro-esophageal reflux disease with esophagitis, without bleeding", ICD, "code",
          billable=True),
    Entry("ICD10CM", "K21.9", "Gastro-esophageal reflux disease without esophagitis", ICD, "code", billable=True),
    Entry("ICD10CM", "K21.8", "Erosive gastro-esophageal reflux disease", ICD, "code", billable=True),  # made up
    Entry("ICD10CM", "K51.90", "Ulcerative colitis, unspecified, without complications", ICD, "code", billable=True),
    Entry("ICD10CM", "K51.911", "Ulcerative colitis, unspecified with rectal bleeding", ICD, "code", billable=True),
]


@pytest.fixture(scope="module")
def grounder() -> Grounder:
    abbreviations = {
        "chf": Abbreviation((tokens("congestive heart failure"), tokens("heart failure")), source="t"),
        "pe": Abbreviation(diagnosis=(tokens("pulmonary embolism"),), source="t"),
        "gerd": Abbreviation((tokens("gastroesophageal reflux disease"),), source="HPO HP:0002020 states 'GERD'"),
    }
    return Grounder(Lexicon(ENTRIES, {"ICD10CM": ICD}, abbreviations))


def test_a_later_reading_grounds_when_the_first_names_nothing(grounder):
    d = grounder.ground("CHF", "diagnosis")
    assert d.code == "I50.9"
    assert "abbreviations: the reading 'heart failure' names it" in d.steps


def test_a_reading_of_another_category_is_not_taken(grounder):
    assert grounder.ground("PE", "diagnosis").code == "I26.99"
    assert grounder.ground("PE", "finding").outcome == "reject"


def test_the_reading_and_its_source_are_in_the_steps(grounder):
    d = grounder.ground("GERD", "diagnosis")
    assert "(GERD: HPO HP:0002020 states 'GERD')" in d.steps[0]


def test_a_proposal_that_adds_what_the_text_does_not_state_is_replaced_by_the_level_it_supports(grounder):
    d = grounder.ground("GERD", "diagnosis", system="ICD10CM", code="K21.00")
    assert (d.outcome, d.code) == ("replace", "K21.9")  # K21's code without esophagitis
    assert "adds 'with esophagitis', which 'GERD' does not state" in d.reason
    # A qualifier no rule names ("erosive") still gives way where the mention names another code exactly.
    erosive = grounder.ground("GERD", "diagnosis", system="ICD10CM", code="K21.8")
    assert (erosive.outcome, erosive.code) == ("replace", "K21.9")
    assert "adds what 'GERD' does not state" in erosive.reason
    assert grounder.ground("GERD", "diagnosis", system="ICD10CM", code="K21.9").outcome == "accept"


def test_an_unspecified_clause_that_adds_a_complication_is_not_a_general_name(grounder):
    d = grounder.ground("ulcerative colitis", "diagnosis", system="ICD10CM", code="K51.90")
    assert (d.outcome, d.code) == ("accept", "K51.90")  # K51.911 "…, unspecified with rectal bleeding" is not it


def test_the_file_is_where_the_lexicon_reads_it():
    assert ABBREVIATIONS_FILE.name == "abbreviations.toml" and ABBREVIATIONS_FILE.is_file()


@pytest.mark.parametrize(("said", "reading"), [
    ("aflutter", "atrial flutter"), ("hcm", "hypertrophic cardiomyopathy"), ("pfo", "patent foramen ovale"),
    ("gord", "gastro-esophageal reflux disease"), ("eoe", "eosinophilic esophagitis"),
    ("siadh", "syndrome of inappropriate secretion of antidiuretic hormone"), ("pih", "gestational hypertension"),
    ("hzo", "zoster ocular disease"), ("sui", "stress incontinence"), ("uui", "urge incontinence"),
    ("ftt", "failure to thrive"), ("kd", "kawasaki disease"), ("tmj", "temporomandibular joint"),
    ("rca", "right coronary artery"), ("secundum asd", "secundum atrial septal defect"),
    ("etd", "eustachian tube disorder"), ("pcn", "penicillin"), ("nvp", "vomiting of pregnancy"),
    ("av block", "atrioventricular block"), ("late onset alzheimer disease", "alzheimer's disease with late onset"),
    # "MS" alone is left out (mitral stenosis); the course written before it says which
    ("relapsing-remitting ms", "relapsing-remitting multiple sclerosis"),
    ("secondary progressive ms", "secondary progressive multiple sclerosis"),
    ("ppms", "primary progressive multiple sclerosis"),
    # "LE" alone is left out (lupus erythematosus); a side before it or a swelling after it says the leg
    ("bilat le", "bilateral lower limbs"), ("le edema", "lower limb edema"),
    ("major depression", "major depressive disorder"),  # "Moderate recurrent major depression (disorder)": F33.1
    ("geriatric failure to thrive", "adult failure to thrive"), ("nocturnal diaphoresis", "night sweats"),
    ("vasoocclusive crisis", "crisis"), ("resp failure", "respiratory failure"),
    ("hypoxemic resp failure", "respiratory failure with hypoxia"), ("visual blurring", "blurred vision"),
    ("acute stemi", "st elevation myocardial infarction"),
    ("well child check", "encounter for routine child health examination"),
    ("strep pneumo", "streptococcus pneumoniae"), ("strep pharyngitis", "streptococcal pharyngitis"),
    ("hf", "heart failure"), ("lives alone", "problems related to living alone"),
    ("vvc", "vulvovaginal candidiasis"), ("scc", "squamous cell carcinoma"), ("htg", "hypertriglyceridemia"),
])
def test_acronyms_of_one_reading_in_clinical_notes_read_as_the_titles_say_them(said, reading):
    assert load_abbreviations()[said].readings("diagnosis")[0] == tokens(reading)


@pytest.mark.parametrize("two_readings", ["hit", "odd", "pv", "ie", "sab", "pta", "crs", "nph", "ald", "hs",
                                          "ms", "le"])
def test_an_acronym_that_is_also_a_word_or_another_acronym_in_notes_is_left_out(two_readings):
    # "hit by a car", "i.e.", PV bleeding, Staph aureus bacteremia, prior to admission, cytokine release
    # syndrome, NPH insulin, adrenoleukodystrophy, at bedtime (qHS); multiple sclerosis or mitral stenosis,
    # lupus erythematosus or a lower extremity
    assert two_readings not in load_abbreviations()


def test_a_unit_after_its_number_is_no_abbreviation():
    """"4-5 Hz" is a tremor's frequency: HZ (herpes zoster) is read only where no number measures in it."""
    lexicon = Lexicon([Entry("ICD10CM", "B02.9", "Zoster without complications", "ICD10CM@2026", "code",
                             billable=True)], {"ICD10CM": "ICD10CM@2026"})
    assert lexicon.readings(("resting", "tremor", "5", "hz")) == [("resting", "tremor", "5", "hz")]
    assert lexicon.readings(("hz", "left", "t6"))[0][:2] == ("herpe", "zoster")


@pytest.mark.parametrize(("said", "lung", "lid"), [
    ("rul", "right upper lobe", "right upper eyelid"), ("lll", "left lower lobe", "left lower eyelid")])
def test_a_lobe_is_read_first_and_an_eye_notes_lid_after_it(said, lung, lid):
    """"RUL pneumonia" is the lung's; "chalazion RUL" names no lobe, and its second reading is the lid's (H00.11)."""
    assert load_abbreviations()[said].readings("diagnosis")[:2] == (tokens(lung), tokens(lid))


def test_an_acronym_with_its_stage_written_on_is_read_as_the_two_apart():
    """"CKD3b" is "CKD 3b" (N18.32); a word the names use, or one with no acronym before its number, is left."""
    lexicon = Lexicon(ENTRIES, {"ICD10CM": ICD}, {
        "ckd": Abbreviation((tokens("chronic kidney disease"),), source="t")})
    assert lexicon.readings(("ckd3b",))[0] == (*tokens("chronic kidney disease"), "3b")
    assert lexicon.readings(("ckd4",))[0] == (*tokens("chronic kidney disease"), "4")
    assert lexicon.readings(("xyz3",))[0] == ("xyz3",)


def test_a_social_circumstance_is_read_for_a_diagnosis_only():
    """"lives alone" is Z60.2's problem as a diagnosis (a social determinant); as a finding it says nothing."""
    assert load_abbreviations()["lives alone"].readings("finding") == ()

"""The ICD-10-CM Alphabetic Index terms file (graph/resources/icd10cm_index.toml): every entry has a code and
the Index line it quotes, a bad entry is one error naming the file, the line and the field, and a grounding
through a term says so (issue 21)."""

from __future__ import annotations

import pytest

from graph.extraction.grounding import Grounder
from graph.extraction.index_terms import INDEX_TERMS_FILE, IndexTerm, load_index_terms
from graph.extraction.lexicon import Entry, Lexicon
from loaders.errors import SourceFormatError
from tests.unit.data_files import assert_one_error

R = "ICD10CM@2026"


def test_the_shipped_file_gives_each_term_a_code_and_its_index_line():
    terms = load_index_terms()
    assert INDEX_TERMS_FILE.name == "icd10cm_index.toml" and len(terms) >= 30
    by_term = {t.term: t for t in terms}
    assert by_term["tuberculosis"].code == "A15.9" and "A15.9" in by_term["tuberculosis"].index
    assert by_term["chest pressure"].code == "R07.89"  # "Pressure, chest": no title of R07 says it
    assert len(by_term) == len(terms)  # no term said twice
    assert all(t.code.replace(".", "").replace("-", "").isalnum() for t in terms)


@pytest.mark.parametrize(("text", "line", "field", "problem"), [
    ('[terms.tuberculosis]\ncode = "A15.9"\n', 1, "terms.tuberculosis.index", "no Index line"),
    ('[terms.ok]\ncode = "A15.9"\nindex = "x"\n\n[terms.tuberculosis]\ncode = "tb"\nindex = "x"\n', 5,
     "terms.tuberculosis.code", "not an ICD-10-CM code"),
    ('[terms.tuberculosis]\ncode = "A15.9"\nindex = "x"\nsee = "y"\n', 1, "terms.tuberculosis.see", "unknown field"),
    ('[terms."TB"]\ncode = "A15.9"\nindex = "x"\n', 1, "terms.TB", "lower case"),
])
def test_a_bad_entry_is_one_error_naming_file_line_and_field(tmp_path, text, line, field, problem):
    assert_one_error(load_index_terms, tmp_path / "icd10cm_index.toml", text, line, field, problem)


def test_a_broken_file_names_its_line(tmp_path):
    path = tmp_path / "icd10cm_index.toml"
    path.write_text('[terms.tuberculosis]\ncode = "A15.9\n', encoding="utf-8")
    with pytest.raises(SourceFormatError) as caught:
        load_index_terms(path)
    assert caught.value.line == 2


ENTRIES = [
    Entry("ICD10CM", "A15", "Respiratory tuberculosis", R, "code", billable=False),
    Entry("ICD10CM", "A15.9", "Respiratory tuberculosis unspecified", R, "code", billable=True, parents=["A15"]),
    Entry("ICD10CM", "O24.4", "Gestational diabetes mellitus", R, "code", billable=False),
    Entry("ICD10CM", "O24.41", "Gestational diabetes mellitus in pregnancy", R, "code", billable=False,
          parents=["O24.4"]),
    Entry("ICD10CM", "O24.410", "Gestational diabetes mellitus in pregnancy, diet controlled", R, "code",
          billable=True, parents=["O24.41"]),
    Entry("ICD10CM", "O24.419", "Gestational diabetes mellitus in pregnancy, unspecified control", R, "code",
          billable=True, parents=["O24.41"]),
    Entry("ICD10CM", "O24.42", "Gestational diabetes mellitus in childbirth", R, "code", billable=False,
          parents=["O24.4"]),
    Entry("ICD10CM", "O24.429", "Gestational diabetes mellitus in childbirth, unspecified control", R, "code",
          billable=True, parents=["O24.42"]),
]
TERMS = [IndexTerm("tuberculosis", "A15.9", "Tuberculosis ... A15.9"),
         IndexTerm("gestational diabetes mellitus", "O24.419", "Diabetes, gestational (in pregnancy) O24.419"),
         IndexTerm("kidney stone", "N20.0", "Stone(s), kidney N20.0")]  # not in this release: left out


def grounder() -> Grounder:
    return Grounder(Lexicon(ENTRIES, {"ICD10CM": R}, {}, index_terms=TERMS))


def test_a_term_no_title_says_is_grounded_through_the_index_and_says_so():
    decided = grounder().ground("tuberculosis", "diagnosis")
    assert (decided.outcome, decided.method, decided.code) == ("accept", "index_term", "A15.9")
    assert "index term: the ICD-10-CM Alphabetic Index sends 'tuberculosis' to A15.9 (Tuberculosis ... A15.9)" \
        in decided.steps


def test_a_category_a_title_names_takes_the_code_the_index_gives_it():
    decided = grounder().ground("gestational diabetes mellitus", "diagnosis")
    assert (decided.method, decided.code) == ("index_term", "O24.419")
    # a proposal adding what the text does not state goes to the Index's code, not to a refused category
    proposed = grounder().ground("gestational diabetes mellitus", "diagnosis", system="ICD10CM", code="O24.410")
    assert (proposed.outcome, proposed.method, proposed.code) == ("replace", "index_term", "O24.419")


def test_a_term_whose_code_the_release_lacks_is_left_out():
    assert grounder().lexicon.index_terms.keys() == {("tuberculosis",), ("gestational", "diabete", "mellitus")}
    assert grounder().ground("kidney stone", "diagnosis").outcome == "reject"


def test_a_term_said_in_another_order_is_the_index_term_unless_two_terms_share_its_words():
    """Notes put the qualifier last ("diabetes mellitus, gestational"); the Index term leads with it."""
    decided = grounder().ground("diabetes mellitus, gestational", "diagnosis")
    assert (decided.method, decided.code) == ("index_term", "O24.419")
    lexicon = Lexicon(ENTRIES, {"ICD10CM": R}, {}, index_terms=[
        *TERMS, IndexTerm("mellitus gestational diabetes", "A15.9", "a made-up term of the same words")])
    assert lexicon.index_term_in_any_order(("mellitus", "diabete", "gestational")) is None  # two codes: neither
    assert lexicon.index_term_in_any_order(("tuberculosis",)).code == "A15.9"

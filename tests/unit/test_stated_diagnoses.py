"""A case's own "Dx:" line, a newborn's case, and the proposal judged beside it (hand-made lexicon)."""

from __future__ import annotations

import pytest

from graph.extraction.grounding import Grounder
from graph.extraction.lexicon import Entry, Lexicon

ICD = "ICD10CM@2026"
ENTRIES = [
    Entry("ICD10CM", "J80", "Acute respiratory distress syndrome", ICD, "category", billable=True),
    Entry("ICD10CM", "P22.0", "Respiratory distress syndrome of newborn", ICD, "code", billable=True),
    Entry("ICD10CM", "J84.112", "Idiopathic pulmonary fibrosis", ICD, "code", billable=True),
    Entry("ICD10CM", "J84.10", "Pulmonary fibrosis, unspecified", ICD, "code", billable=True),
]
PRETERM = ("Infant born at 28 weeks develops grunting and retractions within hours of birth and receives "
           "surfactant. Dx: respiratory distress syndrome.")
ADULT = ("A 54-year-old man develops bilateral infiltrates and hypoxemia two days after severe pancreatitis. "
         "Dx: respiratory distress syndrome.")


@pytest.fixture(scope="module")
def grounder():
    return Grounder(Lexicon(ENTRIES, {"ICD10CM": ICD}, {}), phrasings=[])


def test_a_cases_dx_line_is_the_diagnosis_it_states(grounder):
    d = grounder.ground("A 70-year-old has bibasilar crackles and clubbing; HRCT shows a UIP pattern. "
                        "Dx: idiopathic pulmonary fibrosis.", "diagnosis")
    assert (d.outcome, d.code) == ("accept", "J84.112")
    assert "vignette: the text states the diagnosis 'idiopathic pulmonary fibrosis'" in d.steps


def test_a_newborns_stated_condition_is_the_newborns_code_and_the_adults_proposal_is_replaced(grounder):
    d = grounder.ground(PRETERM, "diagnosis", system="ICD10CM", code="J80")
    assert (d.outcome, d.code) == ("replace", "P22.0")
    assert any(step.endswith("of a newborn") for step in d.steps)


def test_an_adults_stated_condition_is_not_read_as_a_newborns(grounder):
    assert grounder.ground(ADULT, "diagnosis").code == "J80"


def test_a_proposal_is_kept_beside_a_stated_diagnosis_only_where_it_is_the_code_the_statement_finds(grounder):
    stated = ("A 70-year-old has bibasilar crackles and clubbing; HRCT shows a UIP pattern. "
              "Dx: pulmonary fibrosis.")
    kept = grounder.ground(stated, "diagnosis", system="ICD10CM", code="J84.10")
    assert (kept.outcome, kept.code) == ("accept", "J84.10")
    # the more specific proposal names more than the statement does: the statement's own code replaces it
    replaced = grounder.ground(stated, "diagnosis", system="ICD10CM", code="J84.112")
    assert (replaced.outcome, replaced.code) == ("replace", "J84.10")


def test_a_proposal_beside_a_stated_diagnosis_is_judged_by_the_code_the_statement_finds(grounder):
    # the newborn's code proposed for an adult's statement: its name holds the words said, yet it is not theirs
    d = grounder.ground(ADULT, "diagnosis", system="ICD10CM", code="P22.0")
    assert (d.outcome, d.code) == ("replace", "J80")

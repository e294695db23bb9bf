"""A note's parts set apart by dashes, and two words notes say for one adjective of the titles (hand-made
lexicon)."""

from __future__ import annotations

import pytest

from graph.extraction.grounding import Grounder
from graph.extraction.lexicon import Entry, Lexicon

ICD = "ICD10CM@2026"
ENTRIES = [
    Entry("ICD10CM", "I21.4", "Non-ST elevation (NSTEMI) myocardial infarction", ICD, "code", billable=True),
    Entry("ICD10CM", "T67.01XA", "Heatstroke and sunstroke, initial encounter", ICD, "code", billable=True,
          names=("Heat stroke",)),
    Entry("ICD10CM", "R41.0", "Disorientation, unspecified", ICD, "code", billable=True, names=("Confusion",)),
    Entry("ICD10CM", "R06.02", "Shortness of breath", ICD, "code", billable=True),
    Entry("ICD10CM", "I50.9", "Heart failure, unspecified", ICD, "code", billable=True),
    Entry("ICD10CM", "K70.30", "Alcoholic cirrhosis of liver without ascites", ICD, "code", billable=True,
          names=("Alcoholic cirrhosis",)),
    Entry("ICD10CM", "K74.60", "Unspecified cirrhosis of liver", ICD, "code", billable=True,
          names=("Cirrhosis",)),
]


@pytest.fixture(scope="module")
def grounder():
    return Grounder(Lexicon(ENTRIES, {"ICD10CM": ICD}, {}), phrasings=[])


@pytest.mark.parametrize("mention, code", [
    ("NSTEMI – troponin peaked at 2.8, heparin drip started", "I21.4"),  # the condition, then the story
    ("NSTEMI - troponin peaked at 2.8 - heparin drip started", "I21.4"),  # a hyphen set apart is a dash
    # the story first: the condition it ends in, before the symptom the story names ("confused")
    ("found confused in a hot apartment during the heat wave — heat stroke", "T67.01XA"),
    ("shortness of breath on exertion for weeks – heart failure", "I50.9"),
])
def test_the_part_of_a_note_a_dash_sets_apart_that_names_the_condition_grounds_it(grounder, mention, code):
    d = grounder.ground(mention, "diagnosis")
    assert (d.outcome, d.code) == ("accept", code)
    assert any(step.startswith("dash: ") for step in d.steps), d.steps


def test_a_proposal_is_confirmed_by_the_part_a_dash_sets_apart(grounder):
    d = grounder.ground("NSTEMI – troponin peaked at 2.8", "diagnosis", system="ICD10CM", code="I21.4")
    assert (d.outcome, d.code) == ("accept", "I21.4") and "confirmed by" in d.reason


def test_a_symptom_said_alone_in_a_note_is_grounded_as_its_part(grounder):
    d = grounder.ground("shortness of breath – getting worse for weeks", "diagnosis")
    assert (d.outcome, d.code) == ("accept", "R06.02")


def test_a_hyphen_inside_a_word_sets_nothing_apart(grounder):
    assert not any(step.startswith("dash: ") for step in grounder.ground("non-ST-elevation MI", "diagnosis").steps)


@pytest.mark.parametrize("mention", ["alcohol-related cirrhosis", "alcohol associated cirrhosis"])
def test_alcohol_related_is_the_titles_alcoholic(grounder, mention):
    assert grounder.ground(mention, "diagnosis").code == "K70.30"

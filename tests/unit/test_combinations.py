"""Hypertension with heart or chronic kidney disease read as the combination code (guideline I.C.9.a)."""

from __future__ import annotations

import pytest

from graph.extraction.combinations import hypertensive_combination
from graph.extraction.lexicon import tokens


@pytest.mark.parametrize("said, code", [
    ("hypertension with heart failure", "I11.0"),
    ("hypertensive heart disease", "I11.9"),
    ("hypertensive heart disease, no heart failure", "I11.9"),
    ("hypertension, chronic kidney disease stage 3", "I12.9"),
    ("hypertension with chronic kidney disease stage V", "I12.0"),
    ("hypertension, chronic kidney disease 5, on dialysis", "I12.0"),
    ("end stage renal disease due to hypertension", "I12.0"),
    ("hypertensive heart and kidney disease", "I13.10"),
    ("hypertensive heart and chronic kidney disease", "I13.10"),
    ("hypertension, heart failure, chronic kidney disease stage 2", "I13.0"),
    ("hypertension, heart failure, end stage renal disease", "I13.2"),
    ("hypertensive heart disease, end stage renal disease", "I13.11"),
])
def test_the_conditions_said_with_hypertension_choose_its_combination_code(said, code):
    found = hypertensive_combination(tokens(said))
    assert found is not None and found.code == code, said
    assert code in found.explain() and "I.C.9.a" in found.explain()


@pytest.mark.parametrize("said", [
    "hypertension",  # no second condition: I10, the cascade's own
    "heart failure, no hypertension",
    "pulmonary hypertension with heart failure",  # I27, another kind
    "portal hypertension, chronic kidney disease",
    "hypertensive emergency with heart failure",  # a crisis, I16, coded by its own code
    "gestational hypertension, chronic kidney disease stage 2",  # chapter 15
    "type 2 diabetes with chronic kidney disease and hypertension",  # diabetes's combination first
    "hypertension, no heart failure, acute kidney injury",  # denied; an acute injury is no chronic disease
])
def test_another_kind_a_crisis_a_denial_or_diabetes_takes_no_combination(said):
    assert hypertensive_combination(tokens(said)) is None, said

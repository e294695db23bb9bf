"""A feature said after "with" set aside where no code of the condition's category is named with it, and never
where the category joins conditions by "with" (guideline I.A.15) and the feature is a condition (hand-made
lexicon)."""

from __future__ import annotations

import pytest

from graph.extraction.grounding import Grounder
from graph.extraction.lexicon import Entry, Lexicon

ICD = "ICD10CM@2026"
ENTRIES = [
    Entry("ICD10CM", "E28", "Ovarian dysfunction", ICD, "category", billable=False),
    Entry("ICD10CM", "E28.2", "Polycystic ovarian syndrome", ICD, "code", billable=True),
    Entry("ICD10CM", "E28.3", "Primary ovarian failure", ICD, "code", billable=True),
    Entry("ICD10CM", "N91", "Absent, scanty and rare menstruation", ICD, "category", billable=False),
    Entry("ICD10CM", "N91.5", "Oligomenorrhea, unspecified", ICD, "code", billable=True),
    Entry("ICD10CM", "J44", "Other chronic obstructive pulmonary disease", ICD, "category", billable=False),
    Entry("ICD10CM", "J44.0", "Chronic obstructive pulmonary disease with (acute) lower respiratory infection",
          ICD, "code", billable=True),
    Entry("ICD10CM", "J44.9", "Chronic obstructive pulmonary disease, unspecified", ICD, "code", billable=True),
    Entry("ICD10CM", "J18", "Pneumonia, unspecified organism", ICD, "category", billable=False),
    Entry("ICD10CM", "J18.9", "Pneumonia, unspecified organism", ICD, "code", billable=True),
    Entry("ICD10CM", "E66", "Overweight and obesity", ICD, "category", billable=False),
    Entry("ICD10CM", "E66.2", "Morbid (severe) obesity with alveolar hypoventilation", ICD, "code", billable=True),
    Entry("ICD10CM", "E66.9", "Obesity, unspecified", ICD, "code", billable=True),
    Entry("ICD10CM", "Z68.41", "Body mass index [BMI] 40.0-44.9, adult", ICD, "code", billable=True),
    Entry("ICD10CM", "R00", "Abnormalities of heart beat", ICD, "category", billable=False),
    Entry("ICD10CM", "R00.0", "Tachycardia, unspecified", ICD, "code", billable=True),
    Entry("ICD10CM", "I49.9", "Cardiac arrhythmia, unspecified", ICD, "code", billable=True,
          names=("Irregular rhythm",)),
    Entry("ICD10CM", "L05", "Pilonidal cyst and sinus", ICD, "category", billable=False),
    Entry("ICD10CM", "L05.01", "Pilonidal cyst with abscess", ICD, "code", billable=True),
    Entry("ICD10CM", "L05.91", "Pilonidal cyst without abscess", ICD, "code", billable=True),
]


@pytest.fixture(scope="module")
def grounder():
    return Grounder(Lexicon(ENTRIES, {"ICD10CM": ICD}, {}), phrasings=[])


@pytest.mark.parametrize("mention, code", [
    ("polycystic ovarian syndrome with oligomenorrhea", "E28.2"),  # a finding no title of E28 names
    ("obesity with BMI 42", "E66.9"),  # E66 joins by "with", but a value names no condition
])
def test_a_feature_no_code_of_the_category_is_named_with_is_set_aside(grounder, mention, code):
    d = grounder.ground(mention, "diagnosis")
    assert (d.outcome, d.code) == ("accept", code)
    assert d.steps[0].startswith(f"with: no code of {code[:3]} is named with")


def test_a_feature_set_aside_confirms_the_proposal_of_the_condition(grounder):
    d = grounder.ground("polycystic ovarian syndrome with oligomenorrhea", "diagnosis", system="ICD10CM",
                        code="E28.2")
    assert (d.outcome, d.code) == ("accept", "E28.2")
    assert "confirmed by" in d.reason


@pytest.mark.parametrize("mention", [
    "chronic obstructive pulmonary disease with pneumonia",  # J44 says "with" another condition: maybe J44.0
    "polycystic ovarian syndrome with ovarian failure",  # a word of E28.3's title: an axis, not a feature
    "tachycardia with an irregular rhythm",  # a symptom's "with" may be another sign's code
    "pilonidal cyst with abcess",  # a word no name knows may be a title's word misspelt
])
def test_a_feature_that_may_be_an_axis_or_a_linked_condition_is_not_set_aside(grounder, mention):
    d = grounder.ground(mention, "diagnosis")
    assert not any(step.startswith("with: no code of") for step in d.steps), d.steps
    assert d.code not in ("J44.9", "R00.0", "L05.91")


def test_a_feature_one_code_of_the_conditions_category_names_is_that_code():
    """"alcohol-related cirrhosis with ascites": the condition alone is K70.30 "… without ascites", and
    K70.31 the one code of K70.3 whose name holds the feature (never the one that denies it)."""
    entries = [Entry("ICD10CM", "K70.3", "Alcoholic cirrhosis of liver", ICD, "category", billable=False,
                     names=("Alcoholic cirrhosis",)),
               Entry("ICD10CM", "K70.30", "Alcoholic cirrhosis of liver without ascites", ICD, "code", billable=True),
               Entry("ICD10CM", "K70.31", "Alcoholic cirrhosis of liver with ascites", ICD, "code", billable=True)]
    g = Grounder(Lexicon(entries, {"ICD10CM": ICD}, {}), phrasings=[])
    for said in ("alcohol-related cirrhosis with ascites",
                 "alcohol-related cirrhosis complicated by ascites, 4 L paracentesis"):
        d = g.ground(said, "diagnosis", system="ICD10CM", code="K70.30")
        assert (d.outcome, d.code) == ("replace", "K70.31"), d.steps
        assert "which K70.31 'Alcoholic cirrhosis of liver with ascites' alone of K70.3 names" in d.reason
    assert g.ground("alcoholic cirrhosis with jaundice", "diagnosis").outcome == "reject"


def test_a_feature_whose_own_code_lies_in_the_conditions_category_is_that_code():
    """"SLE with class IV lupus nephritis" is M32.14, the code lupus nephritis names, in SLE's own category (the
    class no code names); never when the condition is said more narrowly than its category's default (N04.0's
    "minimal change lesion" with N04's "nephrotic syndrome" stays N04.0), nor for a feature coded elsewhere."""
    entries = [Entry("ICD10CM", "M32", "Systemic lupus erythematosus (SLE)", ICD, "category", billable=False),
               Entry("ICD10CM", "M32.14", "Glomerular disease in systemic lupus erythematosus", ICD, "code",
                     billable=True, names=("Lupus nephritis",)),
               Entry("ICD10CM", "M32.9", "Systemic lupus erythematosus, unspecified", ICD, "code", billable=True,
                     names=("Systemic lupus erythematosus",)),
               Entry("ICD10CM", "N04", "Nephrotic syndrome", ICD, "category", billable=False),
               Entry("ICD10CM", "N04.0", "Nephrotic syndrome with minor glomerular abnormality", ICD, "code",
                     billable=True, names=("Minimal change lesion",)),
               Entry("ICD10CM", "N04.9", "Nephrotic syndrome with unspecified morphologic changes", ICD, "code",
                     billable=True),
               Entry("ICD10CM", "D69.6", "Thrombocytopenia, unspecified", ICD, "code", billable=True)]
    g = Grounder(Lexicon(entries, {"ICD10CM": ICD}, {}), phrasings=[])
    d = g.ground("systemic lupus erythematosus with class IV lupus nephritis", "diagnosis")
    assert (d.outcome, d.code) == ("accept", "M32.14")
    assert d.steps[0] == ("with: 'lupus nephritis' is M32.14, a code of M32 itself, so 'systemic lupus "
                          "erythematosus' with it is M32.14")
    assert g.ground("minimal change lesion with nephrotic syndrome", "diagnosis").code != "N04.9"
    assert g.ground("systemic lupus erythematosus with thrombocytopenia", "diagnosis").code != "D69.6"

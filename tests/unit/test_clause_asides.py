"""A note's last clause set aside where no code of the condition's category tells it apart (hand-made lexicon)."""

from __future__ import annotations

import pytest

from graph.extraction.grounding import Grounder
from graph.extraction.lexicon import Entry, Lexicon

ICD, HPO = "ICD10CM@2026", "HPO@1"
ENTRIES = [
    Entry("ICD10CM", "E06", "Thyroiditis", ICD, "category", billable=False),
    Entry("ICD10CM", "E06.1", "Subacute thyroiditis", ICD, "code", billable=True),
    Entry("ICD10CM", "E06.3", "Autoimmune thyroiditis", ICD, "code", billable=True,
          names=("Hashimoto thyroiditis",)),
    Entry("ICD10CM", "H25", "Age-related cataract", ICD, "category", billable=False),
    Entry("ICD10CM", "H25.9", "Unspecified age-related cataract", ICD, "code", billable=True),
    Entry("ICD10CM", "H25.11", "Age-related nuclear cataract, right eye", ICD, "code", billable=True),
    Entry("ICD10CM", "L73", "Other follicular disorders", ICD, "category", billable=False),
    Entry("ICD10CM", "L73.2", "Hidradenitis suppurativa", ICD, "code", billable=True),
    Entry("ICD10CM", "L73.9", "Follicular disorder, unspecified", ICD, "code", billable=True),
    Entry("ICD10CM", "J18", "Pneumonia, unspecified organism", ICD, "category", billable=False),
    Entry("ICD10CM", "J18.9", "Pneumonia, unspecified organism", ICD, "code", billable=True),
    Entry("ICD10CM", "J69", "Pneumonitis due to solids and liquids", ICD, "category", billable=False),
    Entry("ICD10CM", "J69.0", "Pneumonitis due to inhalation of food and vomit", ICD, "code", billable=True,
          names=("Aspiration pneumonia due to vomit",)),
    Entry("HPO", "HP:0000118", "Phenotypic abnormality", HPO, "term"),
    Entry("HPO", "HP:0000103", "Polyuria", HPO, "term", parents=["HP:0000118"]),
    Entry("HPO", "HP:0000989", "Pruritus", HPO, "term", parents=["HP:0000118"]),
    Entry("HPO", "HP:0033793", "Generalized pruritus", HPO, "term", parents=["HP:0000989"]),
    Entry("HPO", "HP:9999001", "Nocturnal itch", HPO, "term", parents=["HP:0000989"]),
]


@pytest.fixture(scope="module")
def grounder():
    return Grounder(Lexicon(ENTRIES, {"ICD10CM": ICD, "HPO": HPO}, {}), phrasings=[])


@pytest.mark.parametrize("mention, code", [
    ("Hashimoto thyroiditis, TPO Ab positive", "E06.3"),  # no title of E06 says an antibody
    ("Hashimoto thyroiditis, euthyroid, on no treatment", "E06.3"),  # two such clauses, one by one
    ("hidradenitis suppurativa, Hurley II, both axillae", "L73.2"),  # L73 names no side and no site
    ("age-related cataract, visually significant", "H25.9"),
])
def test_a_clause_no_code_of_the_category_tells_apart_is_set_aside(grounder, mention, code):
    d = grounder.ground(mention, "diagnosis")
    assert (d.outcome, d.code) == ("accept", code)
    assert d.steps[0].startswith(f"aside: no code of {code[:3]} tells")


@pytest.mark.parametrize("mention", [
    "Hashimoto thyroiditis, subacute",  # a word of E06.1's title: an axis, not a detail
    "age-related cataract, worse on the left side",  # H25 tells sides apart: its titles say the right
    "age-related cataract, temporal region",  # and a site where a title names a side or a site
    "Hashimoto thyroiditis, polyuria",  # a second finding, not a detail of the first
    "Hashimoto thyroiditis, fatigue and polyuria",  # one of its parts is
    "Hashimoto thyroiditis, antibody titre rising on every repeat test",  # too long to be a detail
    "pneumonia, aspiration",  # J18 has no aspiration, but J69 names it with the pneumonia
])
def test_a_clause_that_may_be_an_axis_or_another_condition_is_not_set_aside(grounder, mention):
    d = grounder.ground(mention, "diagnosis")
    assert not any(step.startswith("aside: no code of") for step in d.steps), d.steps
    assert d.code != "E06.3" or "subacute" not in mention


def test_a_findings_detail_no_term_under_it_tells_apart_is_set_aside(grounder):
    d = grounder.ground("pruritus, since starting a new soap", "finding")
    assert (d.outcome, d.code) == ("accept", "HP:0000989")
    assert d.steps[0].startswith("aside: no term of HP:0000989 or under it tells")
    # a word of a term under it is an axis; a word that names a finding of its own is a second finding
    for mention in ("pruritus, generalized", "pruritus, nocturnal", "pruritus, polyuria noted today"):
        assert not any(step.startswith("aside: no term of") for step in grounder.ground(mention, "finding").steps)


def test_a_status_is_read_with_its_organ_as_titles_name_it_and_without_how_it_stands_now():
    entries = [Entry("ICD10CM", "Z94.0", "Kidney transplant status", ICD, "code", billable=True),
               Entry("ICD10CM", "T86.11", "Kidney transplant rejection", ICD, "code", billable=True)]
    grounder = Grounder(Lexicon(entries, {"ICD10CM": ICD}, {}), phrasings=[])
    assert grounder.ground("s/p renal transplant", "diagnosis").code == "Z94.0"
    assert grounder.ground("s/p living-donor renal transplant 2019, stable graft function", "diagnosis").code == "Z94.0"
    # a complication a title names with the transplant is no detail of the status
    assert grounder.ground("s/p renal transplant, acute rejection", "diagnosis").code != "Z94.0"

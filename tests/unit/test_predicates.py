"""Predicate groups: the bundled data file, interpretation of requests, and refusal of bad files."""

from __future__ import annotations

import pytest

from graph.verification.predicates import UnknownPredicateError, load_catalog, parse_catalog
from loaders.errors import ClinigraphError

# The published EHR-QA verification rule's groups, as that paper lists them.
PUBLISHED = {
    "cause": {"CAUSES", "PRODUCES", "CONVERTS_TO"},
    "affect": {"PREDISPOSES", "COMPLICATES", "STIMULATES", "AUGMENTS", "AFFECTS"},
    "associate": {"ASSOCIATED_WITH", "COEXISTS_WITH", "INTERACTS_WITH"},
    "treat": {"TREATS", "DIAGNOSES", "ADMINISTERED_TO", "USED_FOR", "MEASUREMENT_OF", "METHOD_OF", "PREVENTS",
              "INHIBITS", "DISRUPTS"},
}


def test_bundled_groups_reproduce_the_published_rule():
    catalog = load_catalog()
    for group, predicates in PUBLISHED.items():
        assert catalog.groups[group].semmeddb == predicates


def test_groups_inverses_and_single_predicates():
    catalog = load_catalog()
    assert catalog.interpret("Cause").group.name == "cause"
    treated_by = catalog.interpret("treated_by")
    assert treated_by.group.name == "treat" and treated_by.reversed
    single = catalog.interpret("CAUSES")
    assert single.group.semmeddb == {"CAUSES"} and not single.group.ontology
    assert catalog.groups["has_finding"].semmeddb_reverse == {"MANIFESTATION_OF"}


@pytest.mark.parametrize("bad", ["TELEPORTS", "NEG_CAUSES", "", "cause; DROP"])
def test_unknown_predicates_are_refused(bad):
    with pytest.raises(UnknownPredicateError):
        load_catalog().interpret(bad)


def test_ontology_rules_match_type_properties_and_direction():
    rule = load_catalog().groups["cause"].ontology[0]
    assert rule.matches("HAS_ATTRIBUTE", {"attribute": "due_to"}, forward=False)
    assert not rule.matches("HAS_ATTRIBUTE", {"attribute": "due_to"}, forward=True)
    assert not rule.matches("HAS_ATTRIBUTE", {"attribute": "finding_site"}, forward=False)


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"groups": {"x": {"ontology": [{"edge": "DROP_ALL"}]}}}, "groups.x.ontology[0].edge"),
        ({"groups": {"x": {"ontology": [{"edge": "CITES", "direction": "sideways"}]}}}, "groups.x.ontology[0]"),
        ({"groups": {"x": {"semmeddb": ["NEG_CAUSES"]}}}, "groups.x.semmeddb"),
        ({"groups": {}, "inverses": {"CAUSED_BY": "cause"}}, "inverses.CAUSED_BY"),
    ],
)
def test_a_bad_groups_file_names_the_group_and_field(data, fragment):
    with pytest.raises(ClinigraphError, match=fragment.replace("[", r"\[").replace("]", r"\]")):
        parse_catalog(data, "my-groups.toml")

"""The labelled grounding set: its reader refuses a bad line whole, and the team's set is what it claims."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from graph.extraction.evaluation import Scored, summarise
from graph.extraction.grounding import Decision
from loaders.errors import SourceFormatError
from loaders.grounding_labels import LabelledMention, read_labels

TEAM_SET = Path(__file__).resolve().parents[2] / "bench" / "labels" / "grounding_mentions.jsonl"
GOOD = {"id": "x1", "mention": "fever", "category": "finding", "expected": [{"system": "HPO", "code": "HP:0001945"}]}
OTHER = {**GOOD, "id": "x2"}


def write(tmp_path: Path, *rows: object) -> Path:
    path = tmp_path / "labels.jsonl"
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n")
    return path


@pytest.mark.parametrize("bad, field, message", [
    ("{not json", "(line)", "not JSON"),
    ({**OTHER, "category": "procedure"}, "category", "'procedure' is not one of"),
    ({**OTHER, "expected": None}, "expected", "must be a list"),
    ({**OTHER, "expected": [{"system": "ICD9", "code": "250.00"}]}, "expected[0].system", "unknown system"),
    ({**OTHER, "mention": " "}, "mention", "non-empty"),
    ({**OTHER, "proposed": {"system": "HPO", "code": "HP:1"}, "proposal": "none"}, "proposal", "exactly when"),
    ({**OTHER, "proposal": "sloppy", "proposed": {"system": "HPO", "code": "HP:1"}}, "proposal", "not one of"),
    (GOOD, "id", "already used on line 1"),
])
def test_a_bad_line_refuses_the_file_naming_line_and_field(tmp_path, bad, field, message):
    path = write(tmp_path, GOOD, bad)
    with pytest.raises(SourceFormatError) as caught:
        read_labels(path)
    assert (caught.value.line, caught.value.field) == (2, field) and message in str(caught.value)
    assert str(path) in str(caught.value)


def test_expected_outcome_follows_from_the_label():
    right = (("HPO", "HP:0001945"),)
    assert LabelledMention("a", "fever", "finding", right).expected_outcome == "accept"
    checked = LabelledMention("b", "fever", "finding", right, ("HPO", "HP:0001945"), "correct")
    assert checked.expected_outcome == "accept"
    assert LabelledMention("c", "fever", "finding", right, ("HPO", "HP:9"), "nonexistent").expected_outcome == "replace"
    assert LabelledMention("d", "glimmerosis", "diagnosis", ()).expected_outcome == "reject"


def test_the_team_set_has_300_mentions_with_every_kind_of_bad_proposal():
    labels = read_labels(TEAM_SET)
    assert len(labels) >= 300
    kinds = Counter(label.proposal for label in labels)
    for kind in ("correct", "nonexistent", "wrong_kind", "different_disease", "different_finding", "inactive"):
        assert kinds[kind] >= 5, kind
    assert Counter(label.category for label in labels).keys() == {"diagnosis", "finding"}
    assert sum(not label.expected for label in labels) >= 10  # mentions nothing in the terminologies is right for


def test_scores_count_right_codes_outcomes_and_kept_bad_proposals():
    fever = (("HPO", "HP:0001945"),)
    rows = [
        Scored(LabelledMention("1", "fever", "finding", fever), Decision("accept", "exact_name", "HPO", "HP:0001945")),
        Scored(LabelledMention("2", "fever", "finding", fever, ("HPO", "HP:0012735"), "different_finding"),
               Decision("accept", "proposed_code", "HPO", "HP:0012735")),
        Scored(LabelledMention("3", "glimmer", "finding", ()), Decision("reject")),
        Scored(LabelledMention("4", "feverish", "finding", fever), Decision("reject")),
    ]
    s = summarise(rows)
    assert (s["correct"], s["recall"], s["precision"], s["bad_proposals_kept"]) == (2, round(1 / 3, 3), 0.5, 1)
    assert s["by_method"]["exact_name"] == {"decisions": 1, "correct": 1, "precision": 1.0,
                                            "recall_share": round(1 / 3, 3)}
    assert s["outcomes_expected_vs_actual"]["replace"] == {"accept": 1}
    assert s["reject"] == {"decisions": 2, "correct": 1, "precision": 0.5}


def test_an_over_specific_proposal_is_a_wrong_one_of_its_own_kind(tmp_path):
    """A real code that adds a side or complication the text does not state ("with coma" for plain DKA): the
    issue names it among the LLM's wrong proposals, and a set written outside the team labels it so."""
    dka = {"id": "o1", "mention": "DKA", "category": "diagnosis", "expected": [{"system": "ICD10CM", "code": "E11.10"}],
           "proposed": {"system": "ICD10CM", "code": "E11.11"}, "proposal": "over_specific"}
    [label] = read_labels(write(tmp_path, dka))
    assert (label.proposal, label.expected_outcome) == ("over_specific", "replace")

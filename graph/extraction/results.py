"""What the grounding evaluation answers (``clinigraph evaluate grounding``), declared once.

TypedDicts, so the summary and the errors are still the plain dicts the CLI prints and writes as JSON,
while mypy checks every dict built against its shape. Pure: no Neo4j.
"""

# No ``from __future__ import annotations``: Python 3.11's TypedDict tells NotRequired keys only from
# evaluated annotations (``__required_keys__`` would list every key).
from typing import TypedDict


class MethodFigures(TypedDict):
    """The decisions one grounding method made, how many chose a right code, and its share of the recall."""

    decisions: int
    correct: int
    precision: float | None
    recall_share: float | None


class RejectFigures(TypedDict):
    decisions: int
    correct: int
    precision: float | None


class GroundingSummary(TypedDict):
    """The cascade scored against a labelled set (see :mod:`graph.extraction.evaluation`)."""

    mentions: int
    with_a_right_code: int
    must_be_rejected: int
    outcomes_expected_vs_actual: dict[str, dict[str, int]]
    outcome_agreement: float | None
    correct: int
    accuracy: float | None
    recall: float | None
    precision: float | None
    by_method: dict[str, MethodFigures]
    reject: RejectFigures
    bad_proposals_kept: int
    #: per proposal, form and category: mentions (``n``), correct ones and each outcome
    by: dict[str, dict[str, dict[str, int]]]


class GroundingMiss(TypedDict):
    """A labelled mention the cascade got wrong: what it chose, and why; ``expected`` is ``reject`` when no
    code is right."""

    id: str
    mention: str
    category: str
    proposal: str
    proposed: str | None
    expected: list[str] | str
    outcome: str
    method: str | None
    chosen: str | None
    display: str | None
    score: float | None
    reason: str

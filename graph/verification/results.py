"""What relation verification answers, declared once.

The API renders these shapes through its models (``api/models.py``), and
``tests/unit/test_result_types.py`` keeps each model's fields equal to the keys here. They are
TypedDicts: an answer stays the plain dict the hot path hands to orjson as it is (no model is built
per answer), while mypy checks every dict the verifier builds against its shape. Keys that are
Python keywords (``from``, ``for``) make the functional form necessary there. Pure: no Neo4j.
"""

# No ``from __future__ import annotations``: Python 3.11's TypedDict tells NotRequired keys only from
# evaluated annotations (``__required_keys__`` would list every key).
from typing import Any, NotRequired, TypedDict, final


class AnchorBrief(TypedDict):
    """A concept a claim's side resolved to; ``release`` where the resolution lists it."""

    system: str
    code: str
    display: str | None
    release: NotRequired[str]


class NameHit(TypedDict):
    """A full-text hit a name was resolved through."""

    system: str
    code: str
    display: str | None
    score: float | None


class Resolution(TypedDict):
    """How one side of a claim was resolved: by code, or by name (with the hits that decided it)."""

    input: dict[str, str | None]
    resolved: bool
    concepts: list[AnchorBrief]
    cuis: list[str]
    method: str
    name_matches: NotRequired[list[NameHit]]


class EvidenceRecord(TypedDict):
    """Where an edge came from: its release, type, key, file and record."""

    release: str | None
    type: str
    key: str | None
    file: str | None
    record: str | None


#: What one edge between two anchors says, before the thresholds judge it.
EdgeEvidence = TypedDict("EdgeEvidence", {
    "kind": str,
    "role": str,
    "polarity": str,
    "relation": str | None,
    "from": AnchorBrief,
    "to": AnchorBrief,
    "support": str,
    "steps": int,
    "through": list[str],
    "crosswalk": list[str],
    "source": EvidenceRecord,
    "details": dict[str, Any],
})


class Evidence(EdgeEvidence):
    """An edge's evidence as judged: whether it counted, and why not; ``context_index`` for a context concept's."""

    context_index: NotRequired[int]
    counted: bool
    not_counted_because: str | None


class PredicateReading(TypedDict):
    """How the predicate asked was read: its group, direction, and the relations that count for it."""

    requested: str
    group: str
    reversed: bool
    semmeddb: list[str]
    semmeddb_reverse: list[str]
    ontology: list[str]


class ThresholdsApplied(TypedDict):
    min_pmids: int
    ignore_generic: bool
    hierarchy_steps: int
    sources: list[str]


@final  # final, so that ``"error" in answer`` tells a ClaimFailure from a Verification to mypy
class Verification(TypedDict):
    """The answer to one claim."""

    subject: Resolution
    object: Resolution
    context: list[Resolution]
    predicate: PredicateReading
    thresholds: ThresholdsApplied
    verdict: str
    keep: bool
    evidence: list[Evidence]
    explanation: str


class ClaimError(TypedDict):
    """Why a claim cannot be asked: the part of it to change, and the reason."""

    field: str
    detail: str


@final
class ClaimFailure(TypedDict):
    """A malformed claim's place in a batch's answers (the others are still answered)."""

    index: int
    error: ClaimError


class ItemFailure(ClaimError):
    """A malformed claim of a batch request, with its position."""

    index: int


class BatchEntry(TypedDict):
    """One claim of a batch request: its answer or its error."""

    index: int
    result: NotRequired[Verification]
    error: NotRequired[ItemFailure]


class BatchVerification(TypedDict):
    """A batch request's answers in order, and how many ended with each verdict (or ``error``)."""

    results: list[BatchEntry]
    counts: dict[str, int]


#: Which claim of a distractor screening a piece of evidence or an error belongs to (``subject``, ``context[i]``).
ScreenedFor = TypedDict("ScreenedFor", {"for": str})


class SupportingEvidence(Evidence, ScreenedFor):
    """Counted evidence for a candidate distractor."""


class ScreeningError(ClaimError, ScreenedFor):
    """A screening claim that could not be asked."""


class CandidateScreening(TypedDict):
    """One candidate distractor: ``drop`` it when the knowledge supports it (it would be a second right answer)."""

    candidate: str
    drop: bool
    supported: bool
    supported_for: list[str]
    resolved: NotRequired[Resolution]
    evidence: list[SupportingEvidence]
    errors: list[ScreeningError]


class DistractorScreening(TypedDict):
    subject: str
    predicate: str
    candidates: list[CandidateScreening]

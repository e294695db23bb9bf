"""Score the grounding cascade against a labelled set (see :mod:`loaders.grounding_labels`).

For each labelled mention the cascade runs exactly as in an extraction job (same
lexicon, same proposed code), and its decision is compared with the label:

* **outcome** — accept / replace / reject against the outcome the label implies
  (reject when nothing is right, replace when the proposal is not one of the
  right codes, else accept);
* **correct** — the code chosen is one of the label's codes, or the mention was
  rejected when no code is right;
* **precision by method** — of the decisions a method produced, how many chose a
  right code; **recall** — of the mentions that have a right code, how many got
  one, overall and credited to each method.

Pure: it needs a :class:`~graph.extraction.grounding.Grounder`, not a database.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from dataclasses import dataclass

from graph.extraction.grounding import Decision, Grounder
from graph.extraction.results import GroundingMiss, GroundingSummary, MethodFigures
from loaders.grounding_labels import LabelledMention

OUTCOMES = ("accept", "replace", "reject")


@dataclass(frozen=True)
class Scored:
    label: LabelledMention
    decision: Decision

    @property
    def chosen(self) -> tuple[str, str] | None:
        d = self.decision
        return (d.system, d.code) if d.system and d.code and d.outcome != "reject" else None

    @property
    def correct(self) -> bool:
        if not self.label.expected:
            return self.chosen is None
        return self.chosen in self.label.expected

    @property
    def accepted_bad_proposal(self) -> bool:
        """The proposed code was kept although the label says it is not a right code.

        Kept means chosen as it was proposed: a category replaced by its billable code (method
        ``proposed_code``, another code) is not kept, and neither is a proposal the search reached by
        another name (method of that search, the proposed code).
        """
        return (self.label.proposed is not None and self.label.proposed not in self.label.expected
                and self.chosen == self.label.proposed)


@dataclass
class GroundingEvaluation:
    scored: list[Scored]
    seconds: float
    summary: GroundingSummary

    def errors(self) -> list[GroundingMiss]:
        """Every mention the cascade got wrong, with what it chose and why."""
        return [{
            "id": s.label.id, "mention": s.label.mention, "category": s.label.category,
            "proposal": s.label.proposal, "proposed": ":".join(s.label.proposed) if s.label.proposed else None,
            "expected": [":".join(e) for e in s.label.expected] or "reject",
            "outcome": s.decision.outcome, "method": s.decision.method,
            "chosen": ":".join(s.chosen) if s.chosen else None, "display": s.decision.display,
            "score": s.decision.score, "reason": s.decision.reason,
        } for s in self.scored if not s.correct or s.decision.outcome != s.label.expected_outcome]


def evaluate_grounding(grounder: Grounder, labels: list[LabelledMention]) -> GroundingEvaluation:
    started = time.perf_counter()
    scored = []
    for label in labels:
        system, code = label.proposed if label.proposed else (None, None)
        decision = grounder.ground(label.mention, label.category, finding_type=label.finding_type,
                                   system=system, code=code)
        scored.append(Scored(label, decision))
    seconds = time.perf_counter() - started
    return GroundingEvaluation(scored, seconds, summarise(scored))


def summarise(scored: list[Scored]) -> GroundingSummary:
    confusion: dict[str, Counter[str]] = {o: Counter() for o in OUTCOMES}
    for s in scored:
        confusion[s.label.expected_outcome][s.decision.outcome] += 1
    with_code = [s for s in scored if s.label.expected]
    by_method: dict[str, MethodFigures] = {}
    for method in sorted({s.decision.method for s in scored if s.decision.method}):
        made = [s for s in scored if s.decision.method == method]
        right = sum(s.correct for s in made)
        by_method[method] = {
            "decisions": len(made), "correct": right, "precision": _ratio(right, len(made)),
            "recall_share": _ratio(sum(s.correct for s in made if s.label.expected), len(with_code)),
        }
    rejected = [s for s in scored if s.decision.outcome == "reject"]
    by_group: dict[str, dict[str, dict[str, int]]] = {"proposal": defaultdict(Counter), "form": defaultdict(Counter),
                                                      "category": defaultdict(Counter)}
    for s in scored:
        for group, key in (("proposal", s.label.proposal), ("form", s.label.form or "-"),
                           ("category", s.label.category)):
            by_group[group][key]["n"] += 1
            by_group[group][key]["correct"] += s.correct
            by_group[group][key][s.decision.outcome] += 1
    return {
        "mentions": len(scored),
        "with_a_right_code": len(with_code),
        "must_be_rejected": len(scored) - len(with_code),
        "outcomes_expected_vs_actual": {e: dict(c) for e, c in confusion.items()},
        "outcome_agreement": _ratio(sum(confusion[o][o] for o in OUTCOMES), len(scored)),
        "correct": sum(s.correct for s in scored),
        "accuracy": _ratio(sum(s.correct for s in scored), len(scored)),
        "recall": _ratio(sum(s.correct for s in with_code), len(with_code)),
        "precision": _ratio(sum(s.correct for s in with_code if s.chosen),
                            sum(1 for s in scored if s.chosen)),
        "by_method": by_method,
        "reject": {"decisions": len(rejected), "correct": sum(s.correct for s in rejected),
                   "precision": _ratio(sum(s.correct for s in rejected), len(rejected))},
        "bad_proposals_kept": sum(s.accepted_bad_proposal for s in scored),
        "by": {g: {k: dict(v) for k, v in sorted(d.items())} for g, d in by_group.items()},
    }


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 3) if b else None

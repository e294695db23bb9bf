"""A labelled grounding set as JSONL: mentions with the codes a reviewer says are right (pure reader).

One JSON object per line:

============== ======== =====================================================
field          required meaning
============== ======== =====================================================
``id``         yes      unique label id
``mention``    yes      the mention's text, as an extractor or an LLM gives it
``category``   yes      ``diagnosis`` | ``finding``
``expected``   yes      list of ``{"system", "code"}`` that are correct, the
                        preferred one first; an empty list means nothing in the
                        terminologies is right and the mention must be rejected
``proposed``   no       ``{"system", "code"}`` proposed from outside (e.g. an
                        LLM), or null
``proposal``   no       what the proposal is: ``none``, ``correct``,
                        ``correct_other_system``, ``nonexistent``,
                        ``wrong_kind``, ``different_disease``,
                        ``different_finding``, ``inactive``, ``over_specific``
                        (a real code that adds what the text does not say: a
                        side, a complication, an encounter) — for the report
``form``       no       how the mention is written (``title``, ``synonym``,
                        ``abbreviation``, ``misspelling``, ``lay`` …)
``finding_type`` no     as in source material (``lab_value`` looks in LOINC
                        first …)
============== ======== =====================================================

Unlike source material, an evaluation set is refused whole at its first bad line
(:class:`SourceFormatError` with line and field): a figure computed on a
silently shortened set would mislead.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from loaders.errors import SourceFormatError
from loaders.files import read_utf8
from loaders.material import CATEGORIES, FINDING_TYPES, PROPOSABLE_SYSTEMS

PROPOSAL_KINDS = ("none", "correct", "correct_other_system", "nonexistent", "wrong_kind", "different_disease",
                  "different_finding", "inactive", "over_specific")


@dataclass(frozen=True, slots=True)
class LabelledMention:
    id: str
    mention: str
    category: str
    expected: tuple[tuple[str, str], ...]
    proposed: tuple[str, str] | None = None
    proposal: str = "none"
    form: str = ""
    finding_type: str | None = None
    line: int = 0

    @property
    def expected_outcome(self) -> str:
        """What a correct cascade does: reject when nothing is right, replace a wrong proposal, else accept."""
        if not self.expected:
            return "reject"
        if self.proposed is None or self.proposed in self.expected:
            return "accept"
        return "replace"


def read_labels(path: str | Path) -> list[LabelledMention]:
    p = Path(path)
    lines = read_utf8(p)[0].splitlines()
    labels = list(_labels(p, lines))
    if not labels:
        raise SourceFormatError(p, "no labelled mentions (one JSON object per line expected)", line=1)
    return labels


def _labels(path: Path, lines: list[str]) -> Iterator[LabelledMention]:
    seen: dict[str, int] = {}
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue

        def bad(field: str, message: str, number: int = number) -> SourceFormatError:
            return SourceFormatError(path, message, line=number, field=field)

        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise bad("(line)", f"not JSON: {exc.msg} at column {exc.colno}") from None
        if not isinstance(obj, dict):
            raise bad("(line)", f"expected a JSON object, found {type(obj).__name__}")
        label_id, mention = obj.get("id"), obj.get("mention")
        if not isinstance(label_id, str) or not label_id.strip():
            raise bad("id", "must be a non-empty string")
        if label_id in seen:
            raise bad("id", f"{label_id!r} already used on line {seen[label_id]}")
        seen[label_id] = number
        if not isinstance(mention, str) or not mention.strip():
            raise bad("mention", "must be a non-empty string")
        category = obj.get("category")
        if category not in CATEGORIES:
            raise bad("category", f"{category!r} is not one of {', '.join(CATEGORIES)}")
        expected = obj.get("expected")
        if not isinstance(expected, list):
            raise bad("expected", "must be a list of {system, code} (empty: must be rejected)")
        refs = tuple(_ref(e, f"expected[{i}]", bad) for i, e in enumerate(expected))
        proposed = None if obj.get("proposed") is None else _ref(obj["proposed"], "proposed", bad)
        proposal = obj.get("proposal", "none" if proposed is None else "correct")
        if proposal not in PROPOSAL_KINDS:
            raise bad("proposal", f"{proposal!r} is not one of {', '.join(PROPOSAL_KINDS)}")
        if (proposed is None) != (proposal == "none"):
            raise bad("proposal", "'none' exactly when there is no proposed code")
        finding_type = obj.get("finding_type")
        if finding_type is not None and finding_type not in FINDING_TYPES:
            raise bad("finding_type", f"{finding_type!r} is not one of {', '.join(FINDING_TYPES)}")
        yield LabelledMention(label_id, mention.strip(), category, refs, proposed, proposal,
                              str(obj.get("form") or ""), finding_type, number)


def _ref(value: Any, field: str, bad: Any) -> tuple[str, str]:
    if not isinstance(value, dict) or not isinstance(value.get("system"), str) or not isinstance(
            value.get("code"), str) or not value["code"].strip():
        raise bad(field, "must be an object {\"system\": …, \"code\": …}")
    system = PROPOSABLE_SYSTEMS.get(value["system"].upper())
    if system is None:
        raise bad(f"{field}.system", f"unknown system {value['system']!r}")
    return system, value["code"].strip()

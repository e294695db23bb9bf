"""Hypertension said with heart disease or chronic kidney disease: the combination code ICD-10-CM requires.

Guideline I.C.9.a presumes the link: hypertension with heart failure or heart disease is I11, with chronic
kidney disease I12, with both I13, whether the note says "hypertensive", "due to" or simply lists them
("HTN heart dz w/ CHF", "hypertensive ESRD on HD"). The stage of the kidney disease (1–4 or unstated against 5
or end stage) and heart failure said or not choose the code; the stage and the failure's type are coded
besides, and are not this module's concern.

A pure reading of a mention's comparable words (after its abbreviations are read): no lexicon, no database.
Hypertension of another kind (pulmonary, portal, in pregnancy …), a crisis (I16), a denied heart failure,
and diabetes (whose own combination codes the cascade takes) are left to the rest of the cascade.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Words before "hypertension" that make it another kind than I10–I16 codes: no combination of I11–I13.
_OTHER_KINDS = frozenset({"pulmonary", "portal", "intracranial", "ocular", "gestational", "pregnancy", "induced",
                          "secondary", "renovascular", "neonatal", "newborn", "idiopathic", "arterial", "coat"})
#: Words after it that make it a crisis (I16), coded with its own code.
_CRISES = frozenset({"urgency", "emergency", "crisis"})
#: Words that put the mention in chapter 15 (O10–O11) or under diabetes's own combinations (E08–E13).
_ELSEWHERE = frozenset({"pregnancy", "pregnant", "gestation", "gestational", "postpartum", "preeclampsia",
                        "eclampsia", "trimester", "diabetes", "diabete", "diabetic", "t1dm", "t2dm", "dm", "dm2"})
_DENIALS = frozenset({"without", "no", "not", "deny", "negative"})
_KIDNEY = (("chronic", "kidney", "disease"), ("chronic", "renal", "disease"), ("chronic", "renal", "failure"),
           ("chronic", "renal", "insufficiency"), ("ckd",))
_END_STAGE = (("end", "stage", "renal", "disease"), ("end", "stage", "kidney", "disease"), ("esrd",), ("eskd",))
_HEART_FAILURE = (("heart", "failure"), ("chf",), ("hfref",), ("hfpef",))
_HEART_DISEASE = (("heart", "disease"), ("cardiomegaly",))
_STAGE = re.compile(r"(?:[1-5][ab]?|i{1,3}|iv|v)")
_ROMAN = {"i": "1", "ii": "2", "iii": "3", "iv": "4", "v": "5"}


@dataclass(frozen=True, slots=True)
class Combination:
    """The combination code a mention's hypertension takes, and what the mention said for it."""

    code: str
    heart_failure: bool
    heart: bool
    kidney: bool
    end_stage: bool

    def explain(self) -> str:
        said = [w for w, on in (("heart failure", self.heart_failure),
                                ("heart disease", self.heart and not self.heart_failure),
                                ("end-stage (stage 5) kidney disease", self.kidney and self.end_stage),
                                ("chronic kidney disease (stage 1–4 or unstated)", self.kidney and not self.end_stage))
                if on]
        return (f"hypertension with {' and '.join(said)}: ICD-10-CM presumes the link (guideline I.C.9.a), "
                f"{self.code}")


def _find(phrase: tuple[str, ...], words: tuple[str, ...], start: int = 0) -> int:
    """Where ``phrase`` begins in ``words`` at or after ``start``; -1 where it does not."""
    n = len(phrase)
    return next((i for i in range(start, len(words) - n + 1) if words[i:i + n] == phrase), -1)


def _said(phrases: tuple[tuple[str, ...], ...], words: tuple[str, ...]) -> list[int]:
    """Where each undenied saying of one of ``phrases`` begins ("no heart failure" is none)."""
    found = []
    for phrase in phrases:
        i = _find(phrase, words)
        while i >= 0:
            if not _DENIALS & set(words[max(0, i - 2):i]):
                found.append(i)
            i = _find(phrase, words, i + 1)
    return found


def _hypertension_said(words: tuple[str, ...]) -> bool:
    for i, w in enumerate(words):
        if w not in ("hypertension", "hypertensive"):
            continue
        before, after = set(words[max(0, i - 2):i]), set(words[i + 1:i + 2])
        if not (before & (_OTHER_KINDS | _DENIALS) or after & _CRISES):
            return True
    return False


def _stage_five(words: tuple[str, ...], kidney_at: list[int]) -> bool:
    """A stage 5 said right after the kidney disease or its word "stage" ("CKD 5", "CKD stage V")."""
    for i in kidney_at:
        for w in words[i + 1:i + 6]:
            if _STAGE.fullmatch(w):
                return _ROMAN.get(w, w)[0] == "5"
    return False


def hypertensive_combination(words: tuple[str, ...]) -> Combination | None:
    """The I11–I13 code of a mention that says hypertension with heart disease or chronic kidney disease.

    >>> hypertensive_combination(("hypertension", "heart", "disease", "congestive", "heart", "failure")).code
    'I11.0'
    >>> hypertensive_combination(("hypertensive", "end", "stage", "renal", "disease", "hemodialysis")).code
    'I12.0'
    >>> hypertensive_combination(("hypertension", "chronic", "kidney", "disease", "stage", "3b", "heart",
    ...                           "failure", "preserved", "ejection", "fraction")).code
    'I13.0'
    >>> hypertensive_combination(("hypertensive", "heart", "disease", "without", "heart", "failure")).code
    'I11.9'
    >>> hypertensive_combination(("pulmonary", "hypertension", "heart", "failure")) is None
    True
    >>> hypertensive_combination(("type", "2", "diabetes", "chronic", "kidney", "disease", "hypertension")) is None
    True
    """
    if not _hypertension_said(words) or _ELSEWHERE & set(words):
        return None
    end_stage_at = _said(_END_STAGE, words)
    kidney_at = _said(_KIDNEY, words)
    failure = bool(_said(_HEART_FAILURE, words))
    # "hypertensive heart and (chronic) kidney disease": one "disease" said of both organs
    both = _find(("heart", "kidney", "disease"), words) >= 0 or _find(("heart", "renal", "disease"), words) >= 0 \
        or any(i > 0 and words[i - 1] == "heart" for i in (*kidney_at, *end_stage_at))
    heart = failure or both or bool(_said(_HEART_DISEASE, words))
    kidney = bool(end_stage_at or kidney_at) or both
    if not (heart or kidney):
        return None
    five = bool(end_stage_at) or _stage_five(words, kidney_at)
    if heart and kidney:
        code = ("I13.2" if five else "I13.0") if failure else ("I13.11" if five else "I13.10")
    elif kidney:
        code = "I12.0" if five else "I12.9"
    else:
        code = "I11.0" if failure else "I11.9"
    return Combination(code, failure, heart, kidney, five)

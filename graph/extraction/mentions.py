"""Finding mentions in item text: the extractor interface and the default dictionary extractor.

The default extractor is deterministic: it looks up every run of words in a
sentence against the names and synonyms of the lexicon (longest match first),
keeps the character span, and marks a mention negated when a negation cue
("no", "denies", "without", "negative for" …) precedes it in its clause or a
post-cue ("… was ruled out") follows it. Board-question answers and options and
fact-card titles are diagnoses by position: the whole section text is the
mention. Finding types and relevance come from the section a mention is in or,
in running text, from cue words of its sentence (documented in
:func:`finding_type_from_context`); these are heuristics and are stored as such.

An extractor that calls an LLM fits behind :class:`Extractor`; nothing depends on one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from graph.extraction.grounding import kind_allows
from graph.extraction.lexicon import QUALIFIERS, STOP_WORDS, Lexicon, stem, tokens
from loaders.material import Item


@dataclass(frozen=True, slots=True)
class FoundMention:
    """A phrase of an item that names a diagnosis or a finding, where it is and what it is."""

    text: str
    category: str  # diagnosis | finding
    field: str | None  # "text" or "sections.<name>[i]"; None when a proposed mention is not in the item
    start: int | None
    end: int | None
    negated: bool = False
    role: str | None = None
    finding_type: str | None = None
    relevance: str | None = None
    section: str | None = None
    origin: str = "extracted"  # extracted | proposed
    proposed_by: str | None = None
    proposed_system: str | None = None
    proposed_code: str | None = None


class Extractor(Protocol):
    """What every extractor offers: a name and version (recorded on the run) and mentions per item."""

    name: str
    version: str

    def mentions(self, item: Item) -> Iterable[FoundMention]: ...


#: Sections whose whole text is one diagnosis, and the role it has.
DIAGNOSIS_SECTIONS = {"answer": "correct", "title": "correct", "diagnosis": "correct", "options": "differential",
                      "differentials": "differential"}
#: Fact-card sections → (finding type or None for "from context", relevance, diagnosis–finding relationship).
FINDING_SECTIONS: dict[str, tuple[str | None, str, str | None]] = {
    "pathognomonic": (None, "key", "pathognomonic"),
    "key_findings": (None, "key", "highly_suggestive"),
    "findings": (None, "supporting", None),
    "symptoms": ("symptom", "supporting", None),
    "signs": ("sign", "supporting", None),
    "labs": ("lab_value", "supporting", None),
    "imaging": ("imaging_finding", "supporting", None),
    "risk_factors": ("history_item", "background", "risk_factor"),
    "protective_factors": ("history_item", "background", "protective"),
    "rules_out": (None, "supporting", "rules_out"),
    "stem": (None, "supporting", None),
}

_PRE_NEGATION = ("no evidence of", "negative for", "free of", "absence of", "no history of", "denies", "denied",
                 "denying", "without", "never", "not", "no")
_POST_NEGATION = ("was ruled out", "is ruled out", "were ruled out", "is absent", "was absent", "are absent",
                  "were negative", "was negative", "not present")
_SCOPE_END = re.compile(r"\b(but|however|although|though|except|apart from|aside from|which|who|presents|reports|"
                        r"complains|has|shows|reveals)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"[^.;!?\n]+(?:\.\d[^.;!?\n]*)*")
_WORD = re.compile(r"[A-Za-z0-9]+")
_GENERIC = frozenset({"abnormality", "disease", "disorder", "syndrome", "finding", "all", "normal", "abnormal",
                      "other", "chronic", "acute", "onset", "history", "pattern", "symptom", "sign", "mild",
                      "severe", "moderate", "episodic", "progressive", "recurrent", "death", "age", "male", "female"})
_CONTEXT_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("history_item", re.compile(r"\b(history of|h/o|prior|previous|past medical history|known)\b", re.I)),
    ("vital_sign", re.compile(r"\b(blood pressure|pulse|heart rate|temperature|respiratory rate|oxygen saturation|"
                              r"vital signs)\b", re.I)),
    ("imaging_finding", re.compile(r"\b(x-ray|radiograph|ct|mri|ultrasound|echocardiogra\w*|imaging|chest film)\b",
                                   re.I)),
    ("lab_value", re.compile(r"\b(laborator\w*|labs|serum|level|concentration|count|urinalysis|mg/dl|mmol)\b", re.I)),
    ("sign", re.compile(r"\b(exam\w*|auscultation|palpation|inspection|reveals|shows|is noted|are noted|"
                        r"appears)\b", re.I)),
)


def finding_type_from_context(sentence_before: str, system: str | None) -> str:
    """A finding's type from its code system or the cue words before it in its sentence.

    LOINC → lab_value, RxNorm → medication; otherwise the first cue found among
    history ("history of"), vital signs, imaging, laboratory and examination words;
    otherwise ``symptom``.

    >>> finding_type_from_context("Examination reveals", "HPO")
    'sign'
    >>> finding_type_from_context("He has a history of", "HPO")
    'history_item'
    """
    if system == "LOINC":
        return "lab_value"
    if system == "RXNORM":
        return "medication"
    for finding_type, cue in _CONTEXT_CUES:
        if cue.search(sentence_before):
            return finding_type
    return "symptom"


@dataclass(frozen=True, slots=True)
class _Phrase:
    category: str
    system: str  # the preferred system of the name's concepts, for typing


class DictionaryExtractor:
    """Longest-match lookup of lexicon names in sentences, with negation; no model, no randomness."""

    name = "clinigraph.dictionary"
    version = "1.0.0"
    max_words = 8

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.phrases = self._phrases(lexicon)

    @staticmethod
    def _phrases(lexicon: Lexicon) -> dict[tuple[str, ...], _Phrase]:
        """Every name variant that can be a mention, with its category (a finding wins over a diagnosis)."""
        out: dict[tuple[str, ...], _Phrase] = {}
        for name, refs in lexicon.by_name.items():
            if all(w in _GENERIC for w in name) or (len(name) == 1 and len(name[0]) < 4):
                continue
            finding = diagnosis = None
            for ref in refs:
                entry = lexicon.by_ref[ref]
                if not entry.active:
                    continue
                is_symptom_code = entry.system == "ICD10CM" and entry.code.startswith("R")
                if finding is None and kind_allows(lexicon, entry, "finding") is None and (
                        entry.system != "ICD10CM" or is_symptom_code):
                    finding = entry.system
                if diagnosis is None and kind_allows(lexicon, entry, "diagnosis") is None and not is_symptom_code \
                        and entry.system != "UMLS":
                    diagnosis = entry.system
            if finding:
                out[name] = _Phrase("finding", finding)
            elif diagnosis:
                out[name] = _Phrase("diagnosis", diagnosis)
        for abbr, abbreviation in lexicon.abbreviations.items():
            words = next((w for w in abbreviation.readings() if w in out), None)
            said = tokens(abbr)  # "mini-stroke", "hyperphos" as the text's words are compared
            if words is not None and said not in out:
                out[said] = out[words]
        return out

    def mentions(self, item: Item) -> Iterator[FoundMention]:
        answers = {a.strip().rstrip(".").lower() for a in item.section("answer")}
        for field, text in item.fields():
            section = field.split(".", 1)[1].split("[", 1)[0] if field.startswith("sections.") else None
            if section in DIAGNOSIS_SECTIONS:
                stripped = re.sub(r"^\s*(?:[A-Ha-h][.)]\s+)", "", text).rstrip(" .")
                if section == "options" and stripped.lower() in answers:
                    continue  # the answer section names it, as the correct diagnosis
                start = text.index(stripped) if stripped else 0
                yield FoundMention(text=stripped, category="diagnosis", field=field, start=start,
                                   end=start + len(stripped), role=DIAGNOSIS_SECTIONS[section], section=section)
                continue
            if section is not None and section not in FINDING_SECTIONS:
                continue
            covered = covered_by_sections(item) if field == "text" else []
            for m in self._in_text(field, text, section, item.kind):
                if not any(s <= (m.start or 0) and (m.end or 0) <= e for s, e in covered):
                    yield m

    def _in_text(self, field: str, text: str, section: str | None, kind: str) -> Iterator[FoundMention]:
        preset = FINDING_SECTIONS.get(section or "stem", (None, "supporting", None))
        for sentence in _SENTENCE.finditer(text):
            words = [(m.start() + sentence.start(), m.end() + sentence.start(), m.group().lower())
                     for m in _WORD.finditer(sentence.group())]
            keep = [(s, e, stem(w)) for s, e, w in words if w not in STOP_WORDS and w not in QUALIFIERS]
            i = 0
            while i < len(keep):
                found = None
                for n in range(min(self.max_words, len(keep) - i), 0, -1):
                    key = tuple(w for _, _, w in keep[i:i + n])
                    phrase = self.phrases.get(key)
                    if phrase is not None:
                        found = (n, phrase)
                        break
                if found is None:
                    i += 1
                    continue
                n, phrase = found
                start, end = keep[i][0], keep[i + n - 1][1]
                before = text[sentence.start():start]
                negated = _negated(before, text[end:sentence.end()])
                if phrase.category == "diagnosis":
                    yield FoundMention(text=text[start:end], category="diagnosis", field=field, start=start,
                                       end=end, negated=negated, role="secondary", section=section)
                else:
                    finding_type = preset[0] or finding_type_from_context(before, phrase.system)
                    relevance = "background" if finding_type == "history_item" else preset[1]
                    yield FoundMention(text=text[start:end], category="finding", field=field, start=start, end=end,
                                       negated=negated, finding_type=finding_type, relevance=relevance,
                                       section=section)
                i += n


def _negated(before: str, after: str) -> bool:
    """NegEx-style: a cue in the clause before the mention (up to 8 words), or a post-cue right after it.

    >>> _negated("He denies chest pain, fever, and ", "")
    True
    >>> _negated("No fever but she reports ", "")
    False
    >>> _negated("Pneumonia ", " was ruled out")
    True
    """
    clause = before
    ends = list(_SCOPE_END.finditer(clause))
    if ends:
        clause = clause[ends[-1].end():]
    words = clause.lower().split()[-8:]
    joined = " " + " ".join(re.sub(r"[^a-z/ ]", "", w) for w in words) + " "
    if any(f" {cue} " in joined for cue in _PRE_NEGATION):
        return True
    tail = " ".join(after.lower().split()[:5])
    return any(tail.startswith(cue) for cue in _POST_NEGATION)


def locate(item: Item, phrase: str, role: str | None = None) -> tuple[str | None, int | None, int | None]:
    """Where a proposed mention occurs in the item, else ``(None, None, None)``.

    Case-insensitive, first match; sections before the running text (a section
    says more about a mention), and a correct diagnosis looked for in the answer
    or title first.
    """
    needle = phrase.lower()
    fields = list(item.fields())
    first = ("answer", "title", "diagnosis") if role == "correct" else ()

    def order(entry: tuple[str, str]) -> tuple[int, int]:
        name = entry[0].split(".", 1)[-1].split("[", 1)[0]
        return (0 if name in first else 1 if entry[0] != "text" else 2), fields.index(entry)

    for field, text in sorted(fields, key=order):
        at = text.lower().find(needle)
        if at >= 0:
            return field, at, at + len(phrase)
    return None, None, None


def covered_by_sections(item: Item) -> list[tuple[int, int]]:
    """Stretches of the running text that a section repeats: mentions there are taken from the section."""
    spans = []
    lowered = item.text.lower()
    for _, values in item.sections:
        for value in values:
            at = lowered.find(value.lower().strip())
            if at >= 0:
                spans.append((at, at + len(value.strip())))
    return spans

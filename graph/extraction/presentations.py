"""A diagnosis a case describes without naming it: "ascending leg weakness two weeks after a diarrheal illness;
areflexia" is Guillain–Barré syndrome, "gram-negative diplococci in the CSF" of a febrile student with a
petechial rash meningococcal meningitis (issue 21, vignette phrasing). No release names a condition by the
findings that make it, so the classic presentations are kept in a data file
(graph/resources/presentations.toml), each with the code it describes, the findings it needs, those that
would make it another code, and the criteria it follows.

A presentation is read only where the cascade found nothing: what a text names is never second-guessed by
what it describes. Each finding is matched as its words in their order within a clause (a word or two may
stand between), never where a word before it in its clause denies it ("no eye involvement") or one after it
says the test was normal ("CSF protein normal").

Pure: a file in, presentations out; a text in, the presentations it describes out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from graph.extraction.lexicon import STOP_WORDS, comparable, folded
from loaders.package_resources import shipped_path
from loaders.toml_tables import TomlTables, read_tables

PRESENTATIONS_FILE = shipped_path("graph", "resources", "presentations.toml")

_FIELDS = ("condition", "code", "all", "some", "of", "unless", "criteria")
#: The sides a presentation's code may be chosen by, "unspecified" where the text says none.
SIDES = ("unspecified", "right", "left", "bilateral")
#: Where a clause of a case ends: a denial before it is about something else ("no trauma, sudden chest pain").
_CLAUSE_END = re.compile(r"[;:,.!?()\[\]]|\b(?:but|though|although|however|whereas)\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z0-9]+")
#: A finding's word, or the beginning of words it stands for ("hallucinat*").
_WORD_OR_BEGINNING = re.compile(r"[a-z0-9]+\*?")
#: Words that deny what follows them in a clause.
_DENIAL_BEFORE = frozenset({"no", "not", "without", "denies", "denied", "deny", "denying", "negative", "nor",
                            "never", "absence"})
#: Words that say a test found nothing, right after its name ("CSF protein normal", "rapid strep negative").
_DENIAL_AFTER = frozenset({"negative", "neg", "normal", "unremarkable", "wnl"})
#: How many words may stand between two words of a finding ("grouped vesicles on an erythematous base").
_MOST_BETWEEN = 2
#: Words that say a side, as notes write them (the eye's OD/OS/OU among them).
_SIDE_WORDS = {"right": "right", "rt": "right", "od": "right", "left": "left", "lt": "left", "os": "left",
               "bilateral": "bilateral", "bilaterally": "bilateral", "both": "bilateral", "ou": "bilateral"}
#: A side said by its capital letter ("L testicular pain", "Dix-Hallpike positive R"), never a volume ("2 L O2",
#: "3 L/min") nor a rule-out ("R/O").
_SIDE_LETTER = re.compile(r"(?<![\d.]\s)(?<![\d.])\b[RL]\b(?![/'’])(?!\s*O2\b)")
_SIDE_LETTERS = {"R": "right", "L": "left"}


def _words(text: str) -> tuple[str, ...]:
    """A clause's comparable words: no stop word, each singular and in American spelling."""
    return tuple(comparable(w) for w in _WORD.findall(folded(text).lower()) if w not in STOP_WORDS)


@dataclass(frozen=True, slots=True)
class Finding:
    """One way of saying a finding: its words in order, a word ending in ``*`` standing for any word it begins
    ("hallucinat*", "vomit* after cough*")."""

    written: str
    words: tuple[str, ...]

    @classmethod
    def of(cls, written: str) -> Finding:
        words = [w if w.endswith("*") else comparable(w) for w in _WORD_OR_BEGINNING.findall(folded(written).lower())
                 if w not in STOP_WORDS]
        return cls(written, tuple(words))

    def may_be_in(self, said: frozenset[str]) -> bool:
        """Whether a text of these words may say this finding: its first word is among them (a cheap test
        before the clause-by-clause one)."""
        first = self.words[0]
        return any(w.startswith(first[:-1]) for w in said) if first.endswith("*") else first in said

    def _same(self, mine: str, said: str) -> bool:
        return said.startswith(mine[:-1]) if mine.endswith("*") else said == mine

    def found_in(self, clause: tuple[str, ...]) -> bool:
        """Whether the clause says this finding, undenied."""
        for start, word in enumerate(clause):
            if not self._same(self.words[0], word):
                continue
            at: int | None = start
            for mine in self.words[1:]:
                assert at is not None
                at = next((j for j in range(at + 1, min(at + 2 + _MOST_BETWEEN, len(clause)))
                           if self._same(mine, clause[j])), None)
                if at is None:
                    break
            if at is None:
                continue
            if _DENIAL_BEFORE.isdisjoint(clause[:start]) and _DENIAL_AFTER.isdisjoint(clause[at + 1:at + 3]):
                return True
        return False


@dataclass(frozen=True, slots=True)
class Presentation:
    """A condition as cases describe it: every group of ``required`` said (any one finding of a group), at
    least ``some`` of the ``supporting`` groups, and no finding of ``unless`` (each names what would make it
    another code: "eye involvement" is herpes zoster ophthalmicus, not B02.9)."""

    key: str
    condition: str
    codes: dict[str, str]  # side → ICD-10-CM code; "unspecified" always present
    required: tuple[tuple[Finding, ...], ...]
    some: int
    supporting: tuple[tuple[Finding, ...], ...]
    unless: tuple[Finding, ...]
    criteria: str

    def described_by(self, clauses: list[tuple[str, ...]], words: frozenset[str]) -> list[str] | None:
        """The findings (as the file writes them) by which ``clauses`` describe this presentation, or ``None``;
        ``words`` are all the clauses' words."""
        def said(group: tuple[Finding, ...]) -> str | None:
            return next((f.written for f in group if f.may_be_in(words) and any(f.found_in(c) for c in clauses)),
                        None)

        required = [said(group) for group in self.required]
        if not all(required):
            return None
        supporting = [s for s in (said(group) for group in self.supporting) if s]
        if len(supporting) < self.some or any(said((f,)) for f in self.unless):
            return None
        return [s for s in required if s] + supporting


@dataclass(frozen=True, slots=True)
class Described:
    """A presentation a text describes: the code for the side it says, and the findings that describe it."""

    presentation: Presentation
    code: str
    side: str
    findings: tuple[str, ...]

    def explain(self) -> str:
        side = f", {self.side} side" if self.side != "unspecified" else ""
        return (f"the text describes {self.presentation.condition}{side} by "
                + ", ".join(repr(f) for f in self.findings) + f" ({self.presentation.criteria})")


def side_said(text: str) -> str | None:
    """The one side a text says, "unspecified" where it says none, ``None`` where it says two.

    >>> side_said("cherry-red spot, APD OS"), side_said("numb right hand"), side_said("pain"), side_said("R and L")
    ('left', 'right', 'unspecified', None)
    >>> side_said("spins rolling to the R, Dix-Hallpike positive R"), side_said("2 L O2, 3 L/min, R/O sepsis")
    ('right', 'unspecified')
    """
    said = {_SIDE_WORDS[w] for w in _WORD.findall(text.lower()) if w in _SIDE_WORDS}
    said |= {_SIDE_LETTERS[m.group(0)] for m in _SIDE_LETTER.finditer(text)}
    if "bilateral" in said:
        return "bilateral"
    if len(said) > 1:
        return None
    return next(iter(said), "unspecified")


class _FirstWords:
    """Which groups of which presentations a text's words may say, by the first word of each finding: a text
    holds the first words of few presentations' groups, so the rest are passed over unread (the cascade reads
    presentations for every diagnosis it finds nothing for)."""

    _built: dict[int, tuple[list[Presentation], _FirstWords]] = {}

    def __init__(self, presentations: list[Presentation]) -> None:
        self.presentations = presentations
        self.by_word: dict[str, set[tuple[int, int]]] = {}
        self.by_prefix: dict[str, list[tuple[str, tuple[int, int]]]] = {}  # a prefix's first 3 letters → …
        for n, presentation in enumerate(presentations):
            for g, group in enumerate((*presentation.required, *presentation.supporting)):
                for finding in group:
                    first = finding.words[0]
                    if first.endswith("*"):
                        self.by_prefix.setdefault(first[:3], []).append((first[:-1], (n, g)))
                    else:
                        self.by_word.setdefault(first, set()).add((n, g))

    @classmethod
    def of(cls, presentations: list[Presentation]) -> _FirstWords:
        built = cls._built.get(id(presentations))
        if built is None or built[0] is not presentations:
            built = cls._built[id(presentations)] = (presentations, cls(presentations))
        return built[1]

    def may_be_described(self, words: frozenset[str]) -> list[Presentation]:
        """The presentations whose every required group, and enough supporting groups, a finding's first word
        among ``words`` may say, in the file's order."""
        said = set().union(*(self.by_word.get(w, ()) for w in words))
        said |= {at for w in words for prefix, at in self.by_prefix.get(w[:3], ()) if w.startswith(prefix)}
        possible = []
        for n in sorted({n for n, _ in said}):  # every presentation needs a finding (load_presentations)
            presentation = self.presentations[n]
            required = len(presentation.required)
            if all((n, g) in said for g in range(required)) and sum(
                    1 for g in range(required, required + len(presentation.supporting)) if (n, g) in said) \
                    >= presentation.some:
                possible.append(presentation)
        return possible


def _side_of(required: list[str], parts: list[tuple[str, tuple[str, ...]]], text: str) -> str | None:
    """The side said where the required findings are said ("L-sided weakness …, acute R MCA territory
    infarct": the infarct's right), else anywhere in the text."""
    where = [raw for raw, said in parts if any(Finding.of(f).found_in(said) for f in required)]
    side = side_said(", ".join(where))
    return side_said(text) if side == "unspecified" else side


def described(text: str, presentations: list[Presentation]) -> list[Described]:
    """The presentations ``text`` describes, in the file's order.

    >>> shipped = load_presentations()
    >>> [d.code for d in described("34F, symmetric ascending leg weakness after a diarrheal illness; areflexia",
    ...                            shipped)]
    ['G61.0']
    >>> described("ascending leg weakness; reflexes normal, no preceding illness", shipped)
    []
    """
    parts = [(raw, said) for raw, said in ((c, _words(c)) for c in _CLAUSE_END.split(text) if c) if said]
    clauses = [said for _, said in parts]
    words = frozenset(w for clause in clauses for w in clause)
    found = []
    for presentation in _FirstWords.of(presentations).may_be_described(words):
        findings = presentation.described_by(clauses, words)
        if findings is None:
            continue
        side = _side_of(findings[:len(presentation.required)], parts, text) if len(presentation.codes) > 1 \
            else "unspecified"
        if side is None or side not in presentation.codes:
            continue  # two sides said, or one the codes do not tell apart: no guess
        found.append(Described(presentation, presentation.codes[side], side, tuple(findings)))
    return found


def load_presentations(path: Path = PRESENTATIONS_FILE) -> list[Presentation]:
    """The file's presentations, in its order; a bad entry is one clear error naming the file, the line and
    the field."""
    tables = read_tables(path, "presentations")
    return [_presentation(tables, key, entry) for key, entry in tables]


def _findings(tables: TomlTables, key: str, field: str, value: Any) -> tuple[Finding, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and _WORD.search(v.lower())
                                                            for v in value):
        raise tables.error(key, "a list of findings, each a phrase of words", field)
    findings = tuple(Finding.of(v) for v in value)
    if any(f.words[0].endswith("*") and len(f.words[0]) < 4 for f in findings):
        raise tables.error(key, "a finding's first word ending in * needs three letters before it", field)
    return findings


def _groups(tables: TomlTables, key: str, field: str, value: Any) -> tuple[tuple[Finding, ...], ...]:
    if not isinstance(value, list):
        raise tables.error(key, "a list of groups, each a list of findings", field)
    return tuple(_findings(tables, key, field, group) for group in value)


def _presentation(tables: TomlTables, key: str, entry: Any) -> Presentation:
    entry = tables.check_fields(key, entry, _FIELDS)
    for field in ("condition", "criteria"):
        if not isinstance(entry.get(field), str) or not entry[field].strip():
            raise tables.error(key, "missing or empty", field)
    code = entry.get("code")
    codes = {"unspecified": code} if isinstance(code, str) else code
    if not isinstance(codes, dict) or "unspecified" not in codes or set(codes) - set(SIDES) or \
            not all(isinstance(c, str) and re.fullmatch(r"[A-Z][0-9][0-9A-Z](?:\.[0-9A-Z]{1,4})?", c)
                    for c in codes.values()):
        raise tables.error(key, "an ICD-10-CM code, or a table of codes by side (" + ", ".join(SIDES)
                           + ") holding unspecified", "code")
    required = _groups(tables, key, "all", entry.get("all", []))
    supporting = _groups(tables, key, "of", entry.get("of", []))
    some = entry.get("some", 1 if supporting else 0)
    if not isinstance(some, int) or isinstance(some, bool) or not 0 <= some <= len(supporting):
        raise tables.error(key, f"a count from 0 to the {len(supporting)} groups of 'of'", "some")
    if not required and not some:
        raise tables.error(key, "a presentation needs findings: 'all', or 'some' of 'of'", "all")
    unless = _findings(tables, key, "unless", entry["unless"]) if "unless" in entry else ()
    return Presentation(key, entry["condition"], codes, required, some, supporting, unless, entry["criteria"])

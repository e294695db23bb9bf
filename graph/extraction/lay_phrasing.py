"""How a patient or a vignette says a finding in a sentence: "needs three pillows to sleep" is orthopnea,
"wakes up at night gasping for air" paroxysmal nocturnal dyspnea, "burning when she pees" dysuria (issue 21,
vignette phrasing). No name of any release holds such a sentence, and no word of it is the finding's, so the
phrasings are kept in a data file (graph/resources/lay_phrasing.toml), each a pattern with the clinical term
it says and a source; the term then goes through the whole cascade. Read only as a last resort: a mention
that names something as it stands is never re-read.

Pure: a file in, phrasings out; a mention in, the terms it says out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from loaders.package_resources import shipped_path
from loaders.toml_tables import TomlTables, read_tables

LAY_PHRASING_FILE = shipped_path("graph", "resources", "lay_phrasing.toml")

_FIELDS = ("pattern", "means", "category", "source")
#: Words that deny or doubt what a sentence says, or put it in the past ("ex-smoker, 30 pack-years" is no smoker).
_DENIED = re.compile(r"\b(?:no(?!\s+(?:one|matter)\b)|not|denies|denied|deny|never|without|negative|absent|"
                     r"rule out|r/o|ex|former|formerly|quit|stopped|previously|history of|h/o|"
                     # "I haven't noticed any blood in my pee"; never "haven't been able to pee", which says a finding
                     r"(?:haven|hasn|hadn|didn|doesn|don|isn|wasn|aren|weren)['’]?t(?!\s+(?:been\s+)?able\b))\b",
                     re.IGNORECASE)
_CATEGORIES = ("finding", "diagnosis", "any")
#: Where a clause ends in a note's sentence: a pertinent negative after it is about something else ("my skin
#: itches all over but there's no rash").
_CLAUSE_END = re.compile(r"[,;]|\band\b|\bbut\b")
#: Words that only make a sentence stronger ("bruises really easily"): read without them where the sentence as
#: written holds no phrasing.
_INTENSIFIER = re.compile(r"\b(?:really|so|super|quite|extremely|pretty|awfully|terribly|all(?!\s+over\b))\s+",
                          re.IGNORECASE)


#: A quotation mark around a patient's own words, never an apostrophe inside a word ("don't", "Crohn's").
_QUOTATION_MARK = re.compile(r"(?<![\w])['‘’\"“”]|['‘’\"“”](?![\w])")


def denies_or_doubts(text: str) -> bool:
    """``text`` holds a word that denies, doubts or puts in the past what it says.

    >>> denies_or_doubts("denies chest pain"), denies_or_doubts("r/o PE"), denies_or_doubts("AFib w/ RVR")
    (True, True, False)
    >>> denies_or_doubts("I haven't noticed any blood in my pee"), denies_or_doubts("I haven't been able to pee")
    (True, False)
    """
    return _DENIED.search(text) is not None


@dataclass(frozen=True, slots=True)
class Phrasing:
    """One entry: a pattern searched in a mention, the term it says, for which category, and who says so."""

    key: str
    pattern: re.Pattern[str]
    means: str
    category: str
    source: str

    def says(self, mention: str, category: str) -> bool:
        """The mention holds the phrasing, for ``category``, and says nothing that denies it outside the
        phrasing's own words ("denies passing out" is no syncope; "has not had a period" is amenorrhea)."""
        if self.category not in ("any", category):
            return False
        said = self.pattern.search(mention)
        if said is None:
            return False
        # What follows a comma or "and" is a clause of its own: "red urine x2 days, no pain" denies the pain.
        after = _CLAUSE_END.split(mention[said.end():], maxsplit=1)[0]
        return not _DENIED.search(mention[:said.start()] + " " + after)


def load_lay_phrasing(path: Path = LAY_PHRASING_FILE) -> list[Phrasing]:
    """The file's phrasings, in its order; a bad entry is one clear error naming the file, the line and the
    field (a pattern that does not compile among them)."""
    tables = read_tables(path, "phrasings")
    return [_phrasing(tables, key, entry) for key, entry in tables]


def _phrasing(tables: TomlTables, key: str, entry: Any) -> Phrasing:
    entry = tables.check_fields(key, entry, _FIELDS)
    for field in ("pattern", "means", "source"):
        if not isinstance(entry.get(field), str) or not entry[field].strip():
            raise tables.error(key, "missing or empty", field)
    category = entry.get("category", "any")
    if category not in _CATEGORIES:
        raise tables.error(key, f"not one of {', '.join(_CATEGORIES)}", "category")
    try:
        pattern = re.compile(entry["pattern"], re.IGNORECASE)
    except re.error as exc:
        raise tables.error(key, f"not a regular expression: {exc}", "pattern") from exc
    return Phrasing(key, pattern, entry["means"], category, entry["source"])


def lay_readings(phrasings: list[Phrasing], mention: str, category: str) -> list[Phrasing]:
    """The phrasings ``mention`` holds for ``category``, the one said first in it first, then in the file's order.

    >>> phrasings = load_lay_phrasing()
    >>> [p.means for p in lay_readings(phrasings, "wakes up at night gasping for air", "finding")]  # first taken
    ['paroxysmal nocturnal dyspnea', 'dyspnea']
    >>> lay_readings(phrasings, "denies passing out", "finding"), lay_readings(phrasings, "passed out", "diagnosis")
    ([], [])
    >>> [p.means for p in lay_readings(phrasings, "has not had a period in six months", "finding")]
    ['amenorrhea']
    >>> [p.means for p in lay_readings(phrasings, "bruises really easily, no bleeding gums", "finding")]
    ['bruising susceptibility']
    >>> [p.means for p in lay_readings(phrasings, "SBP dropped 30 on standing with lightheadedness", "finding")]
    ['orthostatic hypotension', 'lightheadedness']
    >>> [p.means for p in lay_readings(phrasings, "caller says her heart 'keeps fluttering' since noon", "finding")]
    ['palpitations']
    """
    gate = _ANY_OF.get(id(phrasings))
    if gate is None or gate[0] is not phrasings:  # one search for all patterns first: most mentions hold none
        gate = _ANY_OF[id(phrasings)] = (phrasings, re.compile("|".join(f"(?:{p.pattern.pattern})" for p in phrasings)
                                                                  or "(?!)", re.IGNORECASE))
    unquoted = _QUOTATION_MARK.sub("", mention)  # "her heart 'keeps fluttering'": a patient's words, quoted
    for said in dict.fromkeys((mention, _INTENSIFIER.sub("", mention), unquoted, _INTENSIFIER.sub("", unquoted))):
        if gate[1].search(said) and (found := [p for p in phrasings if p.says(said, category)]):
            # what the sentence says first leads ("SBP dropped on standing, with lightheadedness"); the file's
            # order (the narrower first) among phrasings said from the same word
            ordered = sorted(found, key=lambda p: p.pattern.search(said).start())  # type: ignore[union-attr]
            once: dict[str, Phrasing] = {}
            for phrasing in ordered:  # each reading once, where it is said first
                once.setdefault(phrasing.means, phrasing)
            return list(once.values())
    hurting = pain_of_a_part(mention) if category == "finding" else None
    return [hurting] if hurting is not None else []


#: A part of the body said to hurt ("my lower back is killing me", "his knee has been aching"), and the name
#: of that part's pain where it is not "<part> pain".
_HURTS = re.compile(
    r"\b(?:my|his|her|their|the)\s+(?:(?P<side>right|left|both)\s+)?(?P<part>lower back|low back|upper back|[a-z]+)"
    r"(?:['’]s|\s+is|\s+are|\s+has|"
    r"\s+have|\s+keeps)?(?:\s+been)?\s+(?:really\s+|so\s+)?(?:killing\s+(?:me|him|her|them)|hurt(?:s|ing)?|"
    r"ach(?:es|ing)|sore|throbbing|pounding|splitting)\b", re.IGNORECASE)
_PAIN_OF = {"head": "headache", "throat": "sore throat", "stomach": "abdominal pain", "belly": "abdominal pain",
            "tummy": "abdominal pain", "lower back": "low back pain", "low back": "low back pain",
            "feet": "foot pain", "teeth": "toothache", "tooth": "toothache"}
_PARTS = frozenset({"back", "upper back", "neck", "chest", "knee", "knees", "hip", "hips", "shoulder", "shoulders",
                    "ear", "ears", "eye", "eyes", "foot", "hand", "hands", "wrist", "wrists", "ankle", "ankles",
                    "elbow", "elbows", "leg", "legs", "arm", "arms", "jaw", "joints", "heel", "breast", "breasts",
                    "side", "flank", "groin", "testicle", "testicles", "calf", "calves", "thigh", "thighs", *_PAIN_OF})


def pain_of_a_part(mention: str) -> Phrasing | None:
    """The pain of a part of the body a sentence says hurts, where nothing in it denies it.

    >>> [pain_of_a_part(m).means for m in ("my lower back is killing me", "my head's been pounding since yesterday",
    ...                                    "her knees have been aching")]
    ['low back pain', 'headache', 'knee pain']
    >>> pain_of_a_part("my right eye really hurts").means
    'right eye pain'
    >>> pain_of_a_part("my heart is breaking"), pain_of_a_part("my back doesn't hurt")
    (None, None)
    >>> pain_of_a_part("no, my ear hurts") is None
    True
    """
    said = _HURTS.search(mention)
    part = said.group("part").lower() if said else None
    if said is None or part not in _PARTS or _DENIED.search(mention):
        return None
    one = {"calves": "calf"}.get(part) or (part[:-1] if part.endswith("s") and part[:-1] in _PARTS else part)
    means = _PAIN_OF.get(one, f"{one} pain")
    if said.group("side"):  # "my right eye really hurts": the right eye's pain, the side an axis of its code
        means = f"{said.group('side').lower()} {means}"
    return Phrasing("pain_of_a_part", _HURTS, means, "finding",
                    "clinigraph: a part of the body a patient says hurts is that part's pain")


#: Per list of phrasings (by identity, the list kept beside it), one pattern that holds them all.
_ANY_OF: dict[int, tuple[list[Phrasing], re.Pattern[str]]] = {}

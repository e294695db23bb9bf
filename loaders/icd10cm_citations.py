"""Find the ICD-10-CM codes an instructional note cites.

Notes cite codes in free text: ``(N18.1-N18.6)``, ``(I50.-)``, ``category F10``,
``subcategories S06.1- to S06.6-``. Only codes in parentheses or after the words
code(s)/category/subcategory count: a bare token such as "vitamin B12" in prose
looks like a code and is not one.

>>> [c.cited_as for c in find_citations("stage of chronic kidney disease (N18.1-N18.6)")]
['N18.1-N18.6']
>>> find_citations("heart failure (I50.-)")[0].with_children
True
>>> [c.first for c in find_citations("vitamin B12 deficiency anemia (D51.-)")]
['D51']
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

#: A three-character category: a letter, then a digit and a digit or letter (``C7A``),
#: or the letter A and a digit (``QA0``, new in 2026).
CATEGORY_PATTERN = r"[A-Z](?:[0-9][0-9A-Z]|A[0-9])"
CODE_PATTERN = CATEGORY_PATTERN + r"(?:\.[0-9A-Z]{1,4})?"

# A code token, optionally followed by a dash that means "and everything below it"
# (a dash directly followed by another code is a range dash instead).
_TOKEN = re.compile(
    r"(?<![A-Za-z0-9.])(?P<code>" + CODE_PATTERN + r")(?![A-Za-z0-9])(?P<dash>\.?-(?![A-Z0-9]))?"
)
_RANGE_JOINER = re.compile(r"^\s*(?:-|–|to|through)\s*$")
_LIST_JOINER = re.compile(r"^\s*(?:,|and|or|,\s*and|,\s*or)\s*$")
_PARENTHESISED = re.compile(r"\(([^()]*)\)")
_INTRODUCED = re.compile(r"\b(?:sub)?(?:categor(?:y|ies)|codes?)\s+", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Citation:
    """One cited code or range, as written and as resolved bounds."""

    cited_as: str
    first: str
    last: str
    with_children: bool

    @property
    def is_range(self) -> bool:
        return self.first != self.last


def _tokens(text: str) -> list[re.Match[str]]:
    return list(_TOKEN.finditer(text))


def _citations_in_span(text: str, *, lead_only: bool) -> list[Citation]:
    """Group the tokens of ``text`` into single codes and ranges.

    With ``lead_only``, only the run of tokens at the start of ``text`` (joined by
    commas, "and", "or", dashes or "to") is taken: the words after ``category``.
    """
    found: list[Citation] = []
    tokens = _tokens(text)
    i = 0
    previous_end = 0
    while i < len(tokens):
        tok = tokens[i]
        if lead_only:
            gap = text[previous_end : tok.start()]
            if i == 0 and gap.strip():
                break
            if i > 0 and not (_LIST_JOINER.match(gap) or _RANGE_JOINER.match(gap)):
                break
        first = tok.group("code")
        with_children = tok.group("dash") is not None
        last = first
        end = tok.end()
        if i + 1 < len(tokens) and _RANGE_JOINER.match(text[tok.end() : tokens[i + 1].start()]):
            nxt = tokens[i + 1]
            last = nxt.group("code")
            with_children = with_children or nxt.group("dash") is not None
            end = nxt.end()
            i += 1
        found.append(
            Citation(
                cited_as=text[tok.start() : end].strip(),
                first=first,
                last=last,
                with_children=with_children,
            )
        )
        previous_end = end
        i += 1
    return found


def find_citations(note: str) -> list[Citation]:
    """Every code or range cited by ``note``, in order, without duplicates."""
    found: list[Citation] = []
    for group in _PARENTHESISED.finditer(note):
        found.extend(_citations_in_span(group.group(1), lead_only=False))
    outside = _PARENTHESISED.sub(" ", note)
    for intro in _INTRODUCED.finditer(outside):
        found.extend(_citations_in_span(outside[intro.end() :], lead_only=True))
    unique: dict[tuple[str, str], Citation] = {}
    for c in found:
        unique.setdefault((c.first, c.last), c)
    return list(unique.values())


class CodeIndex:
    """Sorted codes of one release, to resolve cited codes and ranges.

    A range resolves to the codes at the level of its endpoints that fall between
    them (``E08-E13`` gives the categories E08, E09, E10, E11, E13; ``N18.1-N18.6``
    the subcategories N18.1 … N18.6), or to the block with exactly that range.
    """

    def __init__(self, codes: set[str], blocks: set[str]) -> None:
        self._by_length: dict[int, list[str]] = {}
        for code in codes:
            self._by_length.setdefault(len(code), []).append(code)
        for same_length in self._by_length.values():
            same_length.sort()
        self._codes = codes
        self._blocks = blocks

    def resolve(self, citation: Citation) -> list[str]:
        """Codes (or the one block) a citation stands for; empty when none exist."""
        if not citation.is_range:
            return [citation.first] if citation.first in self._codes else []
        block = f"{citation.first}-{citation.last}"
        if block in self._blocks:
            return [block]
        if len(citation.first) != len(citation.last) or citation.first > citation.last:
            return [c for c in (citation.first, citation.last) if c in self._codes]
        level = self._by_length.get(len(citation.first), [])
        lo = bisect_left(level, citation.first)
        hi = bisect_right(level, citation.last)
        return level[lo:hi]

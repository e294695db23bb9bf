"""Curated diagnosis–diagnosis links: associations no ontology encodes, as a CSV in the repo (pure reader).

Columns (header required): ``a``, ``b`` — ICD-10-CM codes or blocks ("I48", "I63.4",
"I60-I69"); ``class`` — 1 (definitional or causal) or 2 (associative), which decides
how the relevance service treats the link; ``rationale`` — one line; ``reference`` — where
the association is established (a guideline or review). A link is stored from ``a`` to
``b`` (cause or risk factor first) and holds for every code under each side.

A bad row refuses the whole file with its line and field: a curated set is small and
reviewed, and a silently dropped row would change the relevance answers.
"""

from __future__ import annotations

import csv
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from loaders.errors import SourceFormatError
from loaders.files import read_utf8
from loaders.package_resources import shipped_path

DEFAULT_FILE = shipped_path("graph", "resources", "curated_links.csv")
COLUMNS = ("a", "b", "class", "rationale", "reference")
_ICD = re.compile(r"^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?(-[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?)?$")


@dataclass(frozen=True, slots=True)
class CuratedLink:
    line: int
    a: str
    b: str
    link_class: int
    rationale: str
    reference: str


@dataclass(frozen=True)
class CuratedLinks:
    path: Path
    sha256: str
    links: tuple[CuratedLink, ...]


def read_curated_links(path: str | Path = DEFAULT_FILE) -> CuratedLinks:
    p = Path(path)
    text, raw = read_utf8(p)
    rows = list(csv.reader(text.splitlines()))
    if not rows or tuple(h.strip() for h in rows[0]) != COLUMNS:
        raise SourceFormatError(p, f"the header must be {','.join(COLUMNS)}", line=1, field="(header)")
    links = []
    seen: dict[tuple[str, str], int] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(COLUMNS):
            raise SourceFormatError(p, f"{len(row)} columns, expected {len(COLUMNS)}", line=number, field="(row)")
        a, b, cls, rationale, reference = (cell.strip() for cell in row)
        for field, code in (("a", a), ("b", b)):
            if not _ICD.match(code):
                raise SourceFormatError(p, f"{code!r} is not an ICD-10-CM code or block", line=number, field=field)
        if a == b:
            raise SourceFormatError(p, "a link needs two different diagnoses", line=number, field="b")
        if cls not in ("1", "2"):
            raise SourceFormatError(p, f"{cls!r}: class is 1 (definitional) or 2 (associative)", line=number,
                                    field="class")
        for field, value in (("rationale", rationale), ("reference", reference)):
            if not value:
                raise SourceFormatError(p, f"every link needs a {field}", line=number, field=field)
        pair = tuple(sorted((a, b)))
        if pair in seen:
            raise SourceFormatError(p, f"the same pair as line {seen[pair]}", line=number, field="a")
        seen[pair] = number  # type: ignore[index]
        links.append(CuratedLink(number, a, b, int(cls), rationale, reference))
    return CuratedLinks(p, hashlib.sha256(raw).hexdigest(), tuple(links))

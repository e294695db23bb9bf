"""A reference set of diagnosis pairs the link builder must recover (pure reader).

CSV with a header, one required pair per row:

============== =========================================================================
column         meaning
============== =========================================================================
``id``         unique row id
``a``, ``b``   each side an ICD-10-CM code ("E11.2"), a block or range ("T36-T50"), or a
               diagnosis name ("type 2 diabetes mellitus", grounded like a mention)
``class``      the expected link class: 1 (definitional), 2 (associative) or 3 (residual)
``specialty``  the specialty the pair matters to (free text, for the report)
``reference``  where the association is established
============== =========================================================================

A bad row refuses the file with its line and field.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path

from loaders.errors import SourceFormatError
from loaders.files import read_utf8

COLUMNS = ("id", "a", "b", "class", "specialty", "reference")
_CODE = re.compile(r"^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?(-[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?)?$")


@dataclass(frozen=True, slots=True)
class Side:
    text: str

    @property
    def is_code(self) -> bool:
        return bool(_CODE.match(self.text))


@dataclass(frozen=True, slots=True)
class RequiredPair:
    line: int
    id: str
    a: Side
    b: Side
    expected_class: int
    specialty: str
    reference: str


def read_reference(path: str | Path) -> list[RequiredPair]:
    p = Path(path)
    text = read_utf8(p)[0]
    rows = list(csv.reader(text.splitlines()))
    if not rows or tuple(h.strip() for h in rows[0]) != COLUMNS:
        raise SourceFormatError(p, f"the header must be {','.join(COLUMNS)}", line=1, field="(header)")
    pairs: list[RequiredPair] = []
    seen: dict[str, int] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(COLUMNS):
            raise SourceFormatError(p, f"{len(row)} columns, expected {len(COLUMNS)}", line=number, field="(row)")
        pair_id, a, b, cls, specialty, reference = (cell.strip() for cell in row)
        if not pair_id:
            raise SourceFormatError(p, "every row needs an id", line=number, field="id")
        if pair_id in seen:
            raise SourceFormatError(p, f"id {pair_id!r} already used on line {seen[pair_id]}", line=number,
                                    field="id")
        seen[pair_id] = number
        for field, value in (("a", a), ("b", b)):
            if not value or len(value) > 200:
                raise SourceFormatError(p, "a side is a code, a range or a name (1–200 characters)", line=number,
                                        field=field)
        if a == b:
            raise SourceFormatError(p, "a pair needs two different diagnoses", line=number, field="b")
        if cls not in ("1", "2", "3"):
            raise SourceFormatError(p, f"{cls!r}: class is 1, 2 or 3", line=number, field="class")
        if not reference:
            raise SourceFormatError(p, "every pair needs a reference", line=number, field="reference")
        pairs.append(RequiredPair(number, pair_id, Side(a), Side(b), int(cls), specialty, reference))
    if not pairs:
        raise SourceFormatError(p, "no pairs", line=2)
    return pairs

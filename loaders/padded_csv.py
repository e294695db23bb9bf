"""Quoted CSV as LOINC ships it: fields padded with spaces after their closing quote.

``Loinc.csv`` in the published distributions pads quoted fields to a width:
``"10013-1"  ,"R' wave amplitude.lead I"   ,"Elpot"``. Python's ``csv`` module in strict mode refuses
that, and in lenient mode it also accepts real damage (text glued to a closing quote) without a word.
:func:`unpadded_lines` takes only the padding away — blanks between a closing quote and the next comma
or the end of the line — and refuses anything else after a closing quote with its line and column, so
the strict reader then sees the file as RFC 4180 would have it.

The cost is small: a line is only walked character by character when a quote on it is followed by a
blank; whether a line ends inside a quoted field (a field spanning lines) is read from the parity of
its quotes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from loaders.errors import SourceFormatError

_BLANKS = " \t"


def unpadded_lines(lines: Iterable[str], path: Path) -> Iterator[str]:
    """The lines with the blanks after each closing quote removed.

    >>> list(unpadded_lines(['"a"  ,"b" \\r\\n', '"c ""q""  ,d",e\\n'], Path("x.csv")))
    ['"a","b"\\r\\n', '"c ""q""  ,d",e\\n']
    """
    inside = False  # whether the previous line ended inside a quoted field
    for number, line in enumerate(lines, start=1):
        if '" ' in line or '"\t' in line:
            line, inside = _unpad(line, inside, path, number)
        elif line.count('"') % 2:
            inside = not inside
        yield line


def _unpad(line: str, inside: bool, path: Path, number: int) -> tuple[str, bool]:
    out: list[str] = []
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        out.append(ch)
        i += 1
        if ch != '"':
            continue
        if not inside:
            inside = True
            continue
        if i < n and line[i] == '"':  # an escaped quote inside the field
            out.append('"')
            i += 1
            continue
        inside = False  # the closing quote: only blanks may stand before the delimiter or the line's end
        j = i
        while j < n and line[j] in _BLANKS:
            j += 1
        if j < n and line[j] not in ",\r\n":
            raise SourceFormatError(path, f"text after a closing quote at column {j + 1}", line=number,
                                    field="quoting")
        i = j
    return "".join(out), inside

"""Rich Release Format (RRF) rows, shared by RxNorm and UMLS files.

Pipe-delimited, one trailing pipe, no header; the column list of each file is
fixed by its documentation. A wrong column count or a truncated last line is a
structural fault naming file, line and field.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from loaders.errors import SourceFormatError
from loaders.files import not_encoded_as
from loaders.records import LoadReport

RXNCONSO = ("RXCUI", "LAT", "TS", "LUI", "STT", "SUI", "ISPREF", "RXAUI", "SAUI", "SCUI", "SDUI", "SAB", "TTY",
            "CODE", "STR", "SRL", "SUPPRESS", "CVF")
RXNREL = ("RXCUI1", "RXAUI1", "STYPE1", "REL", "RXCUI2", "RXAUI2", "STYPE2", "RELA", "RUI", "SRUI", "SAB", "SL",
          "DIR", "RG", "SUPPRESS", "CVF")
RXNSAT = ("RXCUI", "LUI", "SUI", "RXAUI", "STYPE", "CODE", "ATUI", "SATUI", "ATN", "SAB", "ATV", "SUPPRESS", "CVF")
RXNCUI = ("CUI1", "VER_START", "VER_END", "CARDINALITY", "CUI2")
MRCONSO = ("CUI", "LAT", "TS", "LUI", "STT", "SUI", "ISPREF", "AUI", "SAUI", "SCUI", "SDUI", "SAB", "TTY", "CODE",
           "STR", "SRL", "SUPPRESS", "CVF")
MRSTY = ("CUI", "TUI", "STN", "STY", "ATUI", "CVF")


def rrf_rows(path: Path, columns: tuple[str, ...], *, encoding: str = "utf-8", report: LoadReport | None = None
             ) -> Iterator[tuple[int, dict[str, str]]]:
    """Each row of an RRF file as a dict of its documented columns.

    A last row without its line end is whole when it has every field and the trailing ``|``: it is read
    (and counted in ``report``); one without them was cut off and stops the load.
    """
    if not path.is_file():
        raise SourceFormatError(path, "file not found")
    try:
        with path.open(encoding=encoding, newline="") as fh:
            for number, raw in enumerate(fh, start=1):
                if not raw.strip():
                    continue
                values = raw.rstrip("\r\n").split("|")
                if not raw.endswith("\n"):
                    if values[-1] != "" or len(values) - 1 != len(columns):
                        raise SourceFormatError(path, f"last line is truncated: {len(values) - 1} of {len(columns)} "
                                                "fields and no line end", line=number, field="columns")
                    if report is not None:
                        report.note("last_line_without_line_end", f"{path.name} line {number}")
                if values[-1] != "":
                    raise SourceFormatError(path, "row lacks the trailing '|'", line=number, field="columns")
                values.pop()  # the trailing pipe
                if len(values) != len(columns):
                    raise SourceFormatError(
                        path, f"{len(values)} fields, expected {len(columns)} ({'|'.join(columns)})",
                        line=number, field="columns",
                    )
                yield number, dict(zip(columns, (v.strip() for v in values), strict=True))
    except UnicodeDecodeError:
        raise not_encoded_as(path, encoding) from None


def find_file(root: Path, name: str) -> Path | None:
    """``name`` anywhere below ``root`` (RRF releases put files in rrf/ or META/)."""
    matches = sorted(p for p in root.rglob("*") if p.name.upper() == name.upper())
    return matches[0] if matches else None

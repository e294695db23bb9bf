"""Data files in TOML whose entries are tables under one section (``[abbreviations.htn]``, ``[terms.tuberculosis]``,
``[phrasings.orthopnea]``): read once, so that a broken file and a bad entry are each one clear error naming
the file, the line and the field.

Pure: a file in, its entries out.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from loaders.errors import SourceFormatError


@dataclass(frozen=True, slots=True)
class TomlTables:
    """The entries of one section of a TOML file, and its lines to say where an entry is."""

    path: Path
    section: str
    entries: dict[str, Any]
    lines: tuple[str, ...]

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        return iter(self.entries.items())

    def error(self, key: str, problem: str, field: str | None = None) -> SourceFormatError:
        """The error for entry ``key`` (its ``field``, if one), at the line of the entry's table header."""
        markers = (f"[{self.section}.{key}]", f'[{self.section}."{key}"]')
        line = next((n for n, text in enumerate(self.lines, 1) if text.strip() in markers), None)
        return SourceFormatError(self.path, problem, line=line,
                                 field=f"{self.section}.{key}" + (f".{field}" if field else ""))

    def check_fields(self, key: str, entry: Any, fields: tuple[str, ...]) -> dict[str, Any]:
        """``entry`` as a table holding no field but ``fields``; else the error naming the first stray one."""
        if not isinstance(entry, dict):
            raise self.error(key, "an entry is a table of " + ", ".join(fields))
        for field in sorted(set(entry) - set(fields)):
            raise self.error(key, f"unknown field (expected {', '.join(fields)})", field)
        return entry


def read_tables(path: Path, section: str) -> TomlTables:
    """The entries under ``section``; a file TOML cannot read is an error naming the line it stopped at."""
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:  # "Expected ']' … (at line 3, column 1)"
        at = re.search(r"at line (\d+)", str(exc))
        line = int(at.group(1)) if at else (len(text.splitlines()) if "end of document" in str(exc) else None)
        raise SourceFormatError(path, str(exc), line=line) from exc
    entries = data.get(section, {})
    if not isinstance(entries, dict):
        raise SourceFormatError(path, f"[{section}] is a table of entries", field=section)
    return TomlTables(path, section, entries, tuple(text.splitlines()))

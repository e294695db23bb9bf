"""Terms of the ICD-10-CM Alphabetic Index that the tabular list never says (issue 21).

A coder finds "tuberculosis" in the Index, which sends it to A15.9 "Respiratory tuberculosis unspecified";
"bacterial vaginosis" to N76.0 "Acute vaginitis"; "acute coronary syndrome" to I24.9. No title or inclusion
term of the tabular list holds these names, and no registry package carries the Index, so the entries a
clinician's words most often need are kept in a data file (graph/resources/icd10cm_index.toml), each with
the Index line it comes from. The lexicon reads them as names of codes of the current ICD-10-CM release;
a decision made through one says so.

Pure: a file in, terms out.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from loaders.errors import SourceFormatError
from loaders.package_resources import shipped_path

INDEX_TERMS_FILE = shipped_path("graph", "resources", "icd10cm_index.toml")

_CODE = re.compile(r"[A-Z][0-9][0-9A-Z](?:\.[0-9A-Z]{1,4})?")
_FIELDS = ("code", "index")


@dataclass(frozen=True, slots=True)
class IndexTerm:
    """One term: the name as a clinician says it, the code the Index gives, and the Index line itself."""

    term: str
    code: str
    index: str

    def explain(self) -> str:
        return f"the ICD-10-CM Alphabetic Index sends {self.term!r} to {self.code} ({self.index})"


def load_index_terms(path: Path = INDEX_TERMS_FILE) -> list[IndexTerm]:
    """The file's terms; a bad entry is one clear error naming the file, the line and the field."""
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        at = re.search(r"at line (\d+)", str(exc))
        raise SourceFormatError(path, str(exc), line=int(at.group(1)) if at else None) from exc
    lines = text.splitlines()
    return [_term(path, lines, term, entry) for term, entry in data.get("terms", {}).items()]


def _bad(path: Path, lines: list[str], term: str, problem: str, key: str | None = None) -> SourceFormatError:
    markers = (f"[terms.{term}]", f'[terms."{term}"]')
    line = next((n for n, text in enumerate(lines, 1) if text.strip() in markers), None)
    return SourceFormatError(path, problem, line=line, field=f"terms.{term}" + (f".{key}" if key else ""))


def _term(path: Path, lines: list[str], term: str, entry: Any) -> IndexTerm:
    if not isinstance(entry, dict):
        raise _bad(path, lines, term, "an entry is a table of " + ", ".join(_FIELDS))
    for key in sorted(set(entry) - set(_FIELDS)):
        raise _bad(path, lines, term, f"unknown field (expected {', '.join(_FIELDS)})", key)
    if not re.search(r"[a-z]", term):
        raise _bad(path, lines, term, "a term is written in lower case words")
    code = entry.get("code")
    if not isinstance(code, str) or not _CODE.fullmatch(code):
        raise _bad(path, lines, term, "not an ICD-10-CM code (e.g. A15.9)", "code")
    index = entry.get("index")
    if not isinstance(index, str) or not index.strip():
        raise _bad(path, lines, term, "no Index line: quote the entry of the Alphabetic Index", "index")
    return IndexTerm(term, code, index)

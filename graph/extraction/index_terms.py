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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from loaders.package_resources import shipped_path
from loaders.toml_tables import TomlTables, read_tables

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
    tables = read_tables(path, "terms")
    return [_term(tables, term, entry) for term, entry in tables]


def _term(tables: TomlTables, term: str, entry: Any) -> IndexTerm:
    entry = tables.check_fields(term, entry, _FIELDS)
    if not re.search(r"[a-z]", term):
        raise tables.error(term, "a term is written in lower case words")
    code = entry.get("code")
    if not isinstance(code, str) or not _CODE.fullmatch(code):
        raise tables.error(term, "not an ICD-10-CM code (e.g. A15.9)", "code")
    index = entry.get("index")
    if not isinstance(index, str) or not index.strip():
        raise tables.error(term, "no Index line: quote the entry of the Alphabetic Index", "index")
    return IndexTerm(term, code, index)

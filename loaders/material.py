"""Source material (board questions, fact cards, cases) as JSONL: a pure, per-line validating reader.

One JSON object per line. The file is one *document* (a deck), identified by its
sha256; an optional first line ``{"document": {"id": ..., "title": ..., ...}}``
names it (otherwise the file's stem is its id). Every other line is an *item*:

============== ======== =====================================================
field          required meaning
============== ======== =====================================================
``id``         yes      stable item id (``[A-Za-z0-9._:-]``, ≤ 120 chars)
``kind``       yes      ``board_question`` | ``fact_card`` | ``case``
``text``       yes      the item's text, non-empty; spans of mentions index it
``sections``   no       object: name → text or list of texts (``stem``,
                        ``options``, ``answer``, ``key_findings`` …); a mention
                        found in a section has its span in that section
``metadata``   no       object, stored as given (JSON)
``candidates`` no       externally proposed mentions (e.g. from an LLM), each
                        ``{"mention", "category": "diagnosis"|"finding",
                        "role"?, "finding_type"?, "relevance"?, "system"?,
                        "code"?, "proposed_by"?}``: candidates only — they go
                        through the same grounding cascade as extracted ones
============== ======== =====================================================

A bad line (not JSON, unknown kind, empty text, a code in an unknown system …)
becomes a :class:`LineProblem` naming the line and field; the rest of the file is
still read. An item's *version* is the hash of its content, so re-reading an
unchanged item yields the same version and a changed one a new version.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from loaders.errors import SourceFormatError
from loaders.files import read_utf8

ITEM_KINDS = ("board_question", "fact_card", "case")
CATEGORIES = ("diagnosis", "finding")
DIAGNOSIS_ROLES = ("correct", "differential", "secondary", "distractor", "predisposing")
FINDING_TYPES = (
    "symptom", "sign", "lab_value", "vital_sign", "imaging_finding", "procedure_result", "history_item",
    "medication", "demographic",
)
RELEVANCE = ("key", "supporting", "background", "distractor")
#: Systems a proposed code may name (aliases as the terminology service accepts them).
PROPOSABLE_SYSTEMS = {
    "ICD10CM": "ICD10CM", "ICD-10-CM": "ICD10CM", "SNOMEDCT": "SNOMEDCT", "SNOMED": "SNOMEDCT",
    "SNOMEDCT_US": "SNOMEDCT", "LOINC": "LOINC", "LNC": "LOINC", "RXNORM": "RXNORM", "HPO": "HPO", "HP": "HPO",
    "UMLS": "UMLS",
}
_ID = re.compile(r"^[A-Za-z0-9._:-]{1,120}$")
MAX_TEXT = 20_000


@dataclass(frozen=True, slots=True)
class Candidate:
    """A mention proposed from outside (an LLM, a person): to be grounded, never trusted."""

    mention: str
    category: str
    role: str | None = None
    finding_type: str | None = None
    relevance: str | None = None
    system: str | None = None
    code: str | None = None
    proposed_by: str | None = None


@dataclass(frozen=True, slots=True)
class DocumentInfo:
    id: str
    title: str
    metadata_json: str


@dataclass(frozen=True, slots=True)
class Item:
    """One item of source material at one version (``version`` is the hash of its content)."""

    id: str
    kind: str
    text: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    metadata_json: str
    candidates: tuple[Candidate, ...]
    line: int
    version: str

    @property
    def uid(self) -> str:
        """The identity of this version: ``<id>@<version>``."""
        return f"{self.id}@{self.version}"

    def fields(self) -> Iterator[tuple[str, str]]:
        """Every text a mention can be found in: ``("text", …)`` then ``("sections.<name>[i]", …)``."""
        yield "text", self.text
        for name, values in self.sections:
            for i, value in enumerate(values):
                yield (f"sections.{name}" if len(values) == 1 else f"sections.{name}[{i}]"), value

    def section(self, name: str) -> tuple[str, ...]:
        return next((values for n, values in self.sections if n == name), ())


@dataclass(frozen=True, slots=True)
class LineProblem:
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"line {self.line}, field {self.field}: {self.message}"


class _Bad(Exception):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def read_material(path: str | Path) -> tuple[DocumentInfo, list[Item], list[LineProblem]]:
    """Read a JSONL file: its document, the valid items, and a problem per bad line.

    A file that cannot be read as UTF-8 text at all, or holds no line, is a
    :class:`SourceFormatError`; a bad line is only a problem (the others load).
    """
    p = Path(path)
    lines = read_utf8(p)[0].splitlines()
    document = DocumentInfo(id=p.stem, title=p.stem, metadata_json="{}")
    items: list[Item] = []
    problems: list[LineProblem] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            obj = _json_object(raw)
            if "document" in obj and number == _first_content_line(lines):
                document = _document(obj["document"])
                continue
            item = _item(obj, number)
            if item.id in seen:
                raise _Bad("id", f"{item.id!r} already used on line {seen[item.id]}")
            seen[item.id] = number
            items.append(item)
        except _Bad as bad:
            problems.append(LineProblem(number, bad.field, bad.message))
    if not items and not problems:
        raise SourceFormatError(p, "no items (one JSON object per line expected)", line=1)
    return document, items, problems


def _first_content_line(lines: list[str]) -> int:
    return next(i for i, raw in enumerate(lines, start=1) if raw.strip())


def _json_object(raw: str) -> dict[str, Any]:
    try:
        obj = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise _Bad("(line)", f"not JSON: {exc.msg} at column {exc.colno}") from None
    if not isinstance(obj, dict):
        raise _Bad("(line)", f"expected a JSON object, found {type(obj).__name__}")
    return obj


def _document(value: Any) -> DocumentInfo:
    if not isinstance(value, dict) or not isinstance(value.get("id"), str) or not _ID.match(value["id"]):
        raise _Bad("document.id", "a document line needs an id of letters, digits and ._:-")
    meta = {k: v for k, v in value.items() if k not in ("id", "title")}
    return DocumentInfo(id=value["id"], title=str(value.get("title") or value["id"]),
                        metadata_json=json.dumps(meta, sort_keys=True))


def _text(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _Bad(field, "must be a non-empty string")
    if len(value) > MAX_TEXT:
        raise _Bad(field, f"longer than {MAX_TEXT} characters")
    return value


def _choice(value: Any, allowed: tuple[str, ...], field: str) -> str | None:
    if value is None:
        return None
    if value not in allowed:
        raise _Bad(field, f"{value!r} is not one of {', '.join(allowed)}")
    return str(value)


def _item(obj: dict[str, Any], line: int) -> Item:
    unknown = set(obj) - {"id", "kind", "text", "sections", "metadata", "candidates"}
    if unknown:
        raise _Bad(sorted(unknown)[0], "unknown field")
    item_id = obj.get("id")
    if not isinstance(item_id, str) or not _ID.match(item_id):
        raise _Bad("id", "must be 1–120 letters, digits or ._:-")
    kind = _choice(obj.get("kind"), ITEM_KINDS, "kind")
    if kind is None:
        raise _Bad("kind", f"missing; one of {', '.join(ITEM_KINDS)}")
    text = _text(obj.get("text"), "text")
    sections = _sections(obj.get("sections", {}))
    metadata = obj.get("metadata", {})
    if not isinstance(metadata, dict):
        raise _Bad("metadata", "must be an object")
    raw_candidates = obj.get("candidates", [])
    if not isinstance(raw_candidates, list):
        raise _Bad("candidates", "must be a list")
    candidates = tuple(_candidate(c, f"candidates[{i}]") for i, c in enumerate(raw_candidates))
    content = {"kind": kind, "text": text, "sections": obj.get("sections", {}), "metadata": metadata,
               "candidates": raw_candidates}
    version = hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]
    return Item(id=item_id, kind=kind, text=text, sections=sections,
                metadata_json=json.dumps(metadata, sort_keys=True, ensure_ascii=False),
                candidates=candidates, line=line, version=version)


def _sections(value: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if not isinstance(value, dict):
        raise _Bad("sections", "must be an object of name → text or list of texts")
    out = []
    for name, texts in value.items():
        if not re.match(r"^[a-z][a-z0-9_]{0,40}$", name):
            raise _Bad(f"sections.{name}", "section names are lower-case words with _")
        values = texts if isinstance(texts, list) else [texts]
        out.append((name, tuple(_text(t, f"sections.{name}") for t in values)))
    return tuple(out)


def _candidate(value: Any, field: str) -> Candidate:
    if not isinstance(value, dict):
        raise _Bad(field, "must be an object")
    unknown = set(value) - {"mention", "category", "role", "finding_type", "relevance", "system", "code",
                            "proposed_by"}
    if unknown:
        raise _Bad(f"{field}.{sorted(unknown)[0]}", "unknown field")
    mention = _text(value.get("mention"), f"{field}.mention")
    category = _choice(value.get("category"), CATEGORIES, f"{field}.category")
    if category is None:
        raise _Bad(f"{field}.category", "missing; diagnosis or finding")
    system, code = value.get("system"), value.get("code")
    if (system is None) != (code is None):
        raise _Bad(f"{field}.{'code' if code is None else 'system'}", "a proposed code needs both system and code")
    if system is not None:
        if not isinstance(system, str) or system.strip().upper() not in PROPOSABLE_SYSTEMS:
            raise _Bad(f"{field}.system", f"unknown code system {system!r}; known: "
                       f"{', '.join(sorted(set(PROPOSABLE_SYSTEMS.values())))}")
        system = PROPOSABLE_SYSTEMS[system.strip().upper()]
        if not isinstance(code, str) or not code.strip() or len(code) > 40:
            raise _Bad(f"{field}.code", "must be a non-empty string of at most 40 characters")
    return Candidate(
        mention=mention.strip(), category=category,
        role=_choice(value.get("role"), DIAGNOSIS_ROLES, f"{field}.role"),
        finding_type=_choice(value.get("finding_type"), FINDING_TYPES, f"{field}.finding_type"),
        relevance=_choice(value.get("relevance"), RELEVANCE, f"{field}.relevance"),
        system=system, code=code.strip() if isinstance(code, str) else None,
        proposed_by=str(value["proposed_by"]) if value.get("proposed_by") is not None else None,
    )

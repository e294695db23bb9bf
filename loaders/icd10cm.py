"""ICD-10-CM tabular XML → concept and relation records.

Reads the official CDC/CMS tabular file (root ``ICD10CM.tabular``) as a stream and
yields chapters, blocks, categories and codes with their titles, inclusion terms,
instructional notes and hierarchy, plus one ``CITES`` edge for every code or
range a note cites.

What makes the code set exact:

* Codes carrying a 7th character are not listed as ``diag`` elements. A
  ``sevenChrDef`` applies to every leaf below the element that carries it; the
  leaf is padded with the placeholder ``X`` to six characters and each defined
  7th character appended (``S02.0`` → ``S02.0XXA``).
* Some 7th characters are ruled out by a note (2026: "7th characters D and S do
  not apply to codes in category S06 with 6th character 7 … or 8"). Such notes
  are parsed into rules; a note of that kind the parser cannot read is an error
  rather than a silently wrong code set.
* A block may carry the same identifier as a category (``B10``, ``C7A``,
  ``Z68``). Blocks are therefore keyed by their range, ``B10-B10``, and chapters
  by theirs (``A00-B99``), so every key is unique within a release.

The parser never touches the database.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from loaders.bundled import package_data_file
from loaders.contract import LoadRequest, SourceLoader
from loaders.errors import SourceFormatError
from loaders.files import describe_file
from loaders.icd10cm_citations import CATEGORY_PATTERN, CODE_PATTERN, CodeIndex, find_citations
from loaders.records import (
    ConceptRecord,
    LoadReport,
    PropertyValue,
    RelationRecord,
    ReleaseInfo,
)
from loaders.sniff import any_file, is_xml_with_root
from loaders.xml_stream import iterparse_checked

SYSTEM = "ICD10CM"
LOADER = "clinigraph.loaders.icd10cm"
LOADER_VERSION = "1.0.0"
ROOT_TAG = "ICD10CM.tabular"
BUNDLED_TABULAR = "data/icd10c-tabular-April-1-2026.xml"

#: Note containers, in the names the tabular XML uses, and the concept
#: property each one's text is kept in.
NOTE_PROPERTIES: dict[str, str] = {
    "inclusionTerm": "note_inclusion_terms",
    "includes": "note_includes",
    "excludes1": "note_excludes1",
    "excludes2": "note_excludes2",
    "codeFirst": "note_code_first",
    "useAdditionalCode": "note_use_additional_code",
    "codeAlso": "note_code_also",
    "notes": "note_notes",
    "sevenChrNote": "note_seven_chr",
}

#: Note containers whose cited codes become ``CITES`` edges, and the
#: ``note_type`` each edge carries.
CITING_NOTES: dict[str, str] = {
    "includes": "includes",
    "excludes1": "excludes1",
    "excludes2": "excludes2",
    "codeFirst": "code_first",
    "useAdditionalCode": "use_additional_code",
    "codeAlso": "code_also",
    "notes": "notes",
    "inclusionTerm": "inclusion_term",
}

_KNOWN_DIAG_CHILDREN = set(NOTE_PROPERTIES) | {"name", "desc", "diag", "sevenChrDef"}
_CODE_SHAPE = re.compile("^" + CODE_PATTERN + "$")
_CHAPTER_RANGE = re.compile(rf"\(({CATEGORY_PATTERN})-({CATEGORY_PATTERN})\)\s*$")
_SEVENTH_RULE_HINT = re.compile(r"7th character.*\bnot apply\b", re.IGNORECASE)
_SEVENTH_RULE = re.compile(
    r"7th characters? (?P<chars>[A-Z0-9](?:(?:,|,? and|,? or) [A-Z0-9])*) do(?:es)? not apply"
    r" to codes in (?:sub)?category (?P<scope>[A-Z0-9.]+) with 6th character (?P<rest>.*)$"
)
_SIXTH_CHAR = re.compile(r"(?:^|,\s*or\s+|\bor\s+)([0-9A-Z])\s+-")


def bundled_tabular_path() -> Path:
    """The April 2026 official tabular XML shipped inside ``simple-icd-10-cm``."""
    return package_data_file("simple_icd_10_cm", BUNDLED_TABULAR)


@dataclass(frozen=True, slots=True)
class SeventhCharacterRule:
    """7th characters that do not apply below ``scope`` when the 6th character is one of ``sixth``."""

    scope: str
    sixth: frozenset[str]
    excluded: frozenset[str]

    def excludes(self, padded_code: str, seventh: str) -> bool:
        bare = padded_code.replace(".", "")
        return (
            padded_code.startswith(self.scope)
            and len(bare) >= 6
            and bare[5] in self.sixth
            and seventh in self.excluded
        )


def parse_seventh_character_rule(note: str) -> SeventhCharacterRule | None:
    """Read a note that rules out 7th characters, or return None if the note is not one.

    >>> r = parse_seventh_character_rule("7th characters D and S do not apply to codes in "
    ...     "category S06 with 6th character 7 - death due to brain injury prior to regaining "
    ...     "consciousness, or 8 - death due to other cause prior to regaining consciousness.")
    >>> sorted(r.excluded), sorted(r.sixth), r.scope
    (['D', 'S'], ['7', '8'], 'S06')
    """
    if not _SEVENTH_RULE_HINT.search(note):
        return None
    m = _SEVENTH_RULE.search(note)
    if not m:
        raise ValueError(f"7th-character rule not understood: {note!r}")
    excluded = frozenset(re.findall(r"\b([A-Z0-9])\b", m.group("chars")))
    sixth = frozenset(_SIXTH_CHAR.findall(m.group("rest")))
    if not excluded or not sixth:
        raise ValueError(f"7th-character rule not understood: {note!r}")
    return SeventhCharacterRule(scope=m.group("scope"), sixth=sixth, excluded=excluded)


def read_version(path: str | Path) -> str:
    """The ``<version>`` of a tabular file, read from its first elements only."""
    for _event, elem in _iterparse(path, events=("end",)):
        if elem.tag == "version":
            version = (elem.text or "").strip()
            if not version:
                raise SourceFormatError(path, "empty <version>", line=elem.sourceline, field="version")
            return version
        if elem.tag in ("chapter", "introduction"):
            break
    raise SourceFormatError(path, "no <version> element before the first chapter", field="version")


def describe_release(path: str | Path, version: str | None = None) -> ReleaseInfo:
    """Release metadata for a tabular file (its version, checksum and loader)."""
    source = describe_file(path)
    return ReleaseInfo(
        system=SYSTEM,
        version=version or read_version(path),
        files=(source,),
        loader=LOADER,
        loader_version=LOADER_VERSION,
        title="ICD-10-CM Tabular List of Diseases and Injuries",
    )


def _iterparse(path: str | Path, events: tuple[str, ...]) -> Iterator[tuple[str, etree._Element]]:
    """The tabular's elements, its root checked and syntax errors turned into one clear line."""
    return iterparse_checked(path, ROOT_TAG, events)


@dataclass(slots=True)
class _Citing:
    """A note citation waiting for the whole code set to be known."""

    source: str
    note_type: str
    note: str
    line: int


@dataclass(slots=True)
class _State:
    path: Path
    report: LoadReport
    codes: set[str] = field(default_factory=set)
    blocks: set[str] = field(default_factory=set)
    pending: list[_Citing] = field(default_factory=list)
    rules: list[SeventhCharacterRule] = field(default_factory=list)
    chapter_count: int = 0


def _text(elem: etree._Element, tag: str) -> str:
    child = elem.find(tag)
    return " ".join((child.text or "").split()) if child is not None else ""


def _notes(elem: etree._Element) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for container, _prop in NOTE_PROPERTIES.items():
        for holder in elem.findall(container):
            for note in holder.findall("note"):
                text = " ".join((note.text or "").split())
                if text:
                    out.setdefault(container, []).append(text)
    return out


def _note_properties(notes: dict[str, list[str]]) -> list[tuple[str, PropertyValue]]:
    return [(NOTE_PROPERTIES[k], tuple(v)) for k, v in notes.items()]


def _queue_citations(state: _State, code: str, notes: dict[str, list[str]], line: int) -> None:
    for container, note_type in CITING_NOTES.items():
        for note in notes.get(container, []):
            state.pending.append(_Citing(code, note_type, note, line))


def _seventh_chars(elem: etree._Element) -> list[tuple[str, str, int]]:
    """The 7th characters in force for ``elem``: its own definition or its nearest ancestor's."""
    node: etree._Element | None = elem
    while node is not None and node.tag == "diag":
        definition = node.find("sevenChrDef")
        if definition is not None:
            return [
                (ext.get("char", ""), " ".join((ext.text or "").split()), ext.sourceline)
                for ext in definition.findall("extension")
            ]
        node = node.getparent()
    return []


def _pad_to_six(code: str) -> str:
    """``S02.0`` → ``S02.0XX``; ``T07`` → ``T07.XXX``: the placeholder before a 7th character."""
    padded = code if "." in code else code + "."
    while len(padded.replace(".", "")) < 6:
        padded += "X"
    return padded


def _register(state: _State, code: str, line: int, *, block: bool = False) -> None:
    if code in state.codes or code in state.blocks:
        raise SourceFormatError(state.path, f"duplicate code {code}", line=line, field="name")
    (state.blocks if block else state.codes).add(code)


def _diag_records(state: _State, elem: etree._Element) -> Iterator[ConceptRecord | RelationRecord]:
    line = elem.sourceline
    code = _text(elem, "name")
    desc = _text(elem, "desc")
    if not code:
        raise SourceFormatError(state.path, "diag without a code", line=line, field="diag/name")
    if not _CODE_SHAPE.match(code):
        raise SourceFormatError(state.path, f"malformed code {code!r}", line=line, field="diag/name")
    if not desc:
        raise SourceFormatError(state.path, f"code {code} has no title", line=line, field="diag/desc")
    for child in elem:
        if isinstance(child.tag, str) and child.tag not in _KNOWN_DIAG_CHILDREN:
            state.report.note("unhandled_element", f"<{child.tag}> in {code} (line {child.sourceline})")

    notes = _notes(elem)

    parent = elem.getparent()
    if parent is None or parent.tag not in ("diag", "section"):
        raise SourceFormatError(state.path, f"code {code} outside a section", line=line, field="diag")
    parent_code = _text(parent, "name") if parent.tag == "diag" else _block_code(state, parent)
    has_children = elem.find("diag") is not None
    sevenths = [] if has_children else _seventh_chars(elem)
    billable = not has_children and not sevenths
    kind = "category" if "." not in code else "code"

    _register(state, code, line)
    properties: list[tuple[str, PropertyValue]] = [("billable", billable)]
    properties += _note_properties(notes)
    definition = elem.find("sevenChrDef")
    if definition is not None:
        properties.append((
            "seven_chr_def",
            tuple(f"{e.get('char')}: {' '.join((e.text or '').split())}" for e in definition.findall("extension")),
        ))
    yield ConceptRecord(
        system=SYSTEM, code=code, display=desc, kind=kind,
        source_file=state.path.name, record=f"line {line}",
        synonyms=tuple(notes.get("inclusionTerm", [])),
        properties=tuple(properties),
    )
    yield _is_a(state, code, parent_code, line)
    _queue_citations(state, code, notes, line)

    if sevenths:
        padded = _pad_to_six(code)
        for char, meaning, ext_line in sevenths:
            if any(rule.excludes(padded, char) for rule in state.rules):
                state.report.note("seventh_character_ruled_out", f"{padded}{char}")
                continue
            full = padded + char
            _register(state, full, line)
            yield ConceptRecord(
                system=SYSTEM, code=full, display=f"{desc}, {meaning}", kind="code",
                source_file=state.path.name,
                record=f"line {line}; 7th character {char} defined at line {ext_line}",
                properties=(("billable", True), ("seventh_character", char)),
            )
            yield _is_a(state, full, code, line)


def _block_code(state: _State, section: etree._Element) -> str:
    ident = (section.get("id") or "").strip()
    if not ident:
        raise SourceFormatError(state.path, "section without id", line=section.sourceline, field="section/@id")
    return ident if "-" in ident else f"{ident}-{ident}"


def _chapter_code(state: _State, chapter: etree._Element) -> str:
    desc = _text(chapter, "desc")
    m = _CHAPTER_RANGE.search(desc)
    if not m:
        raise SourceFormatError(
            state.path, f"chapter title without a code range: {desc!r}",
            line=chapter.sourceline, field="chapter/desc",
        )
    return f"{m.group(1)}-{m.group(2)}"


def _is_a(state: _State, child: str, parent: str, line: int) -> RelationRecord:
    return RelationRecord(
        type="IS_A", source_code=child, target_code=parent, system=SYSTEM,
        source_file=state.path.name, record=f"line {line}",
    )


def _section_records(state: _State, section: etree._Element) -> Iterator[ConceptRecord | RelationRecord]:
    line = section.sourceline
    code = _block_code(state, section)
    desc = _text(section, "desc")
    if not desc:
        raise SourceFormatError(state.path, f"block {code} has no title", line=line, field="section/desc")
    chapter = section.getparent()
    if chapter is None or chapter.tag != "chapter":
        raise SourceFormatError(state.path, f"block {code} outside a chapter", line=line, field="section")
    _register(state, code, line, block=True)
    notes = _notes(section)
    yield ConceptRecord(
        system=SYSTEM, code=code, display=desc, kind="block",
        source_file=state.path.name, record=f"line {line}",
        properties=(("billable", False), *_note_properties(notes)),
    )
    yield _is_a(state, code, _chapter_code(state, chapter), line)
    _queue_citations(state, code, notes, line)


def _chapter_record(state: _State, chapter: etree._Element) -> ConceptRecord:
    line = chapter.sourceline
    code = _chapter_code(state, chapter)
    number = _text(chapter, "name")
    if not number:
        raise SourceFormatError(state.path, "chapter without a number", line=line, field="chapter/name")
    _register(state, code, line, block=True)
    notes = _notes(chapter)
    _queue_citations(state, code, notes, line)
    state.chapter_count += 1
    return ConceptRecord(
        system=SYSTEM, code=code, display=_text(chapter, "desc"), kind="chapter",
        source_file=state.path.name, record=f"line {line}",
        properties=(("billable", False), ("chapter_number", number), *_note_properties(notes)),
    )


def _read_seventh_character_rules(state: _State, holder: etree._Element) -> None:
    for note in holder.findall("note"):
        text = " ".join((note.text or "").split())
        try:
            rule = parse_seventh_character_rule(text)
        except ValueError as exc:
            raise SourceFormatError(state.path, str(exc), line=note.sourceline, field=holder.tag) from None
        if rule is not None:
            state.rules.append(rule)


def _citation_records(state: _State) -> Iterator[RelationRecord]:
    index = CodeIndex(state.codes, state.blocks)
    for pending in state.pending:
        for citation in find_citations(pending.note):
            targets = index.resolve(citation)
            if not targets:
                state.report.note(
                    "unresolved_citation",
                    f"{citation.cited_as!r} in {pending.source} {pending.note_type}",
                )
                continue
            for target in targets:
                if target == pending.source:
                    continue
                yield RelationRecord(
                    type="CITES", source_code=pending.source, target_code=target, system=SYSTEM,
                    source_file=state.path.name, record=f"line {pending.line}",
                    key=f"{pending.note_type}|{pending.note}|{citation.cited_as}",
                    properties=(
                        ("note_type", pending.note_type),
                        ("note", pending.note),
                        ("cited_as", citation.cited_as),
                        ("with_children", citation.with_children),
                        ("via_range", citation.is_range),
                    ),
                )


def parse_tabular(path: str | Path, report: LoadReport | None = None) -> Iterator[ConceptRecord | RelationRecord]:
    """Yield every concept and relation of an ICD-10-CM tabular XML file.

    Concepts and hierarchy edges stream as the file is read; citation edges follow
    at the end, once every code they may point at is known. Structural faults raise
    :class:`SourceFormatError` naming the file, line and field.
    """
    state = _State(path=Path(path), report=report if report is not None else LoadReport())
    for _event, elem in _iterparse(path, events=("end",)):
        tag = elem.tag
        if tag == "diag":
            yield from _diag_records(state, elem)
            # Keep the element (its parent still counts its children) but drop its content.
            for child in list(elem):
                if child.tag == "diag":
                    elem.remove(child)
        elif tag in ("notes", "sevenChrNote"):
            # Read 7th-character rules as soon as the note ends: it precedes the
            # codes it governs, which end (and are expanded) before their category.
            _read_seventh_character_rules(state, elem)
        elif tag == "section":
            yield from _section_records(state, elem)
            elem.clear()
        elif tag == "chapter":
            yield _chapter_record(state, elem)
            elem.clear()
    if state.chapter_count == 0:
        raise SourceFormatError(path, "no chapters found", field="chapter")
    yield from _citation_records(state)


class Icd10cmLoader(SourceLoader):
    """The ICD-10-CM tabular XML; by default the April 2026 file inside ``simple-icd-10-cm``."""

    name = "icd10cm"
    description = "ICD-10-CM tabular XML (default: the April 2026 file in simple-icd-10-cm)"
    reads = "an ICD-10-CM tabular XML file (root <ICD10CM.tabular>)"

    def can_read(self, path: Path) -> bool:
        return path.is_file() and any_file(path, lambda data: is_xml_with_root(data, ROOT_TAG.encode()))

    def default_path(self) -> Path:
        return bundled_tabular_path()

    def describe_release(self, request: LoadRequest) -> ReleaseInfo:
        return describe_release(self.path_of(request), request.version)

    def parse(self, request: LoadRequest, report: LoadReport) -> Iterator[ConceptRecord | RelationRecord]:
        return parse_tabular(self.path_of(request), report)

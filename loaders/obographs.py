"""OBO Graphs JSON (``mondo.json``, ``hp.json``, ``doid.json`` as the OBO Foundry publishes them) → the same
records an OBO file of the same ontology gives.

The format (github.com/geneontology/obographs) is one or more graphs, each a list of ``nodes`` (classes with
``lbl``, and a ``meta`` holding the ``definition``, ``synonyms`` with their ``pred`` — hasExactSynonym,
hasRelatedSynonym, hasBroadSynonym, hasNarrowSynonym —, ``xrefs``, ``deprecated`` and property values such as
*term replaced by* and *consider*) and a list of ``edges`` (``sub``, ``pred``, ``obj``: ``is_a`` for the
hierarchy, a relation's IRI otherwise). Ids are IRIs (``http://purl.obolibrary.org/obo/MONDO_0000001``) and
become CURIEs (``MONDO:0000001``); the graph's ``meta.version`` IRI gives the release date. Each class becomes
an :class:`~loaders.obo.OntologyTerm` and goes through :func:`~loaders.obo.term_records`, so the graph a
JSON release makes is the one its OBO twin makes. The file is read whole (the official ``mondo.json`` is
large: ``mondo.obo`` reads in less memory). The parser never touches the database.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from loaders.errors import SourceFormatError
from loaders.files import describe_file, not_encoded_as
from loaders.obo import (
    OntologyTerm,
    checked_system,
    id_prefix,
    refuse_foreign_ontology,
    relation_name,
    system_of_ontology,
    term_records,
)
from loaders.records import ConceptRecord, LoadReport, RelationRecord, ReleaseInfo

LOADER = "clinigraph.loaders.obographs"
LOADER_VERSION = "1.0.0"

_OBO_IRI = re.compile(r"^https?://purl\.obolibrary\.org/obo/([A-Za-z][A-Za-z0-9]*)_([A-Za-z0-9]+)$")
_SCOPES = {"hasExactSynonym": "exact", "hasRelatedSynonym": "related", "hasBroadSynonym": "broad",
           "hasNarrowSynonym": "narrow"}
_REPLACED_BY = ("http://purl.obolibrary.org/obo/IAO_0100001", "term_replaced_by")
_CONSIDER = ("http://www.geneontology.org/formats/oboInOwl#consider", "consider")
_VERSION_DATE = re.compile(r"(\d{4}-\d{2}-\d{2})")
_HEAD = re.compile(rb'^\s*\{\s*(?:"@context"\s*:\s*"[^"]*"\s*,\s*)?"graphs"\s*:')


def is_obographs(data: bytes) -> bool:
    """A JSON object whose first key is ``graphs`` (after an optional ``@context``)."""
    return _HEAD.match(data) is not None


def curie(iri: str) -> str:
    """``http://purl.obolibrary.org/obo/MONDO_0000001`` → ``MONDO:0000001``; a CURIE stays as it is.

    >>> curie("http://purl.obolibrary.org/obo/HP_0001635"), curie("DOID:4")
    ('HP:0001635', 'DOID:4')
    """
    m = _OBO_IRI.match(iri)
    return f"{m.group(1)}:{m.group(2)}" if m else iri


def _read(path: Path) -> tuple[str, dict[str, Any]]:
    if not path.is_file():
        raise SourceFormatError(path, "file not found")
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise not_encoded_as(path) from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SourceFormatError(path, f"not valid JSON ({exc.msg})", line=exc.lineno, field="content") from None
    if not isinstance(document, dict) or not isinstance(document.get("graphs"), list) or not document["graphs"]:
        raise SourceFormatError(path, "not an OBO Graphs document (no graphs)", line=1, field="graphs")
    return text, document


def _line_of(text: str, needle: str) -> int | None:
    at = text.find(needle)
    return text.count("\n", 0, at) + 1 if at >= 0 else None


def ontology_system(path: Path, document: dict[str, Any]) -> str:
    """The system of the first graph: from its id (``…/mondo.owl``), else the id space most classes share."""
    graph = document["graphs"][0]
    name = str(graph.get("id", "")).rstrip("/").rsplit("/", 1)[-1]
    if not name:
        raise SourceFormatError(path, "the graph has no id naming its ontology", line=1, field="graphs[0].id")
    return checked_system(path, system_of_ontology(name.removesuffix(".json")))


def ontology_version(path: Path, document: dict[str, Any]) -> str:
    meta = document["graphs"][0].get("meta") or {}
    version = str(meta.get("version") or "")
    m = _VERSION_DATE.search(version)
    if m:
        return m.group(1)
    raise SourceFormatError(path, "the graph's meta.version gives no release date (give --version)", line=1,
                            field="graphs[0].meta.version")


def _values(meta: dict[str, Any], preds: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(curie(str(v.get("val"))) for v in meta.get("basicPropertyValues") or []
                 if isinstance(v, dict) and v.get("pred") in preds and v.get("val"))


def parse_obographs(path: str | Path, report: LoadReport | None = None) -> Iterator[ConceptRecord | RelationRecord]:
    """Every class of the file's own id space as a concept, with the edges an OBO file of it gives."""
    p = Path(path)
    report = report if report is not None else LoadReport()
    text, document = _read(p)
    system = ontology_system(p, document)
    prefix = id_prefix(system)
    nodes: list[dict[str, Any]] = []
    edges: list[dict[str, Any]] = []
    properties: dict[str, str] = {}
    for graph in document["graphs"]:
        for node in graph.get("nodes") or []:
            if not isinstance(node, dict) or not isinstance(node.get("id"), str):
                raise SourceFormatError(p, "a node without an id", line=_line_of(text, json.dumps(node)[:40]),
                                        field="nodes.id")
            if node.get("type") == "PROPERTY" and node.get("lbl"):
                properties[node["id"]] = str(node["lbl"])
            elif node.get("type", "CLASS") == "CLASS":
                nodes.append(node)
        edges += [e for e in graph.get("edges") or [] if isinstance(e, dict)]
    ids = [curie(n["id"]) for n in nodes]
    own = {i for i in ids if i.split(":", 1)[0] == prefix}
    refuse_foreign_ontology(p, system, ids, bool(own))
    parents: dict[str, list[str]] = {}
    relations: dict[str, list[tuple[str, str, str]]] = {}
    for e in edges:
        sub, pred, obj = curie(str(e.get("sub"))), str(e.get("pred")), curie(str(e.get("obj")))
        if pred in ("is_a", "http://www.w3.org/2000/01/rdf-schema#subClassOf"):
            parents.setdefault(sub, []).append(obj)
        else:
            name = relation_name(properties.get(pred) or curie(pred).split("#")[-1])
            relations.setdefault(sub, []).append((name, curie(pred), obj))
    for node in sorted(nodes, key=lambda n: curie(n["id"])):
        term_id = curie(node["id"])
        if term_id not in own:
            report.note("foreign_term", term_id)
            continue
        meta = node.get("meta") or {}
        synonyms = []
        for s in meta.get("synonyms") or []:
            scope = _SCOPES.get(str(s.get("pred")))
            if scope is None or not isinstance(s.get("val"), str):
                raise SourceFormatError(p, f"{term_id}: a synonym without a known pred and text",
                                        line=_line_of(text, node["id"]), field="synonyms")
            synonyms.append((" ".join(s["val"].split()), scope))
        definition = (meta.get("definition") or {}).get("val")
        term = OntologyTerm(
            id=term_id, name=" ".join(str(node.get("lbl") or "").split()),
            definition=str(definition) if definition else None, obsolete=bool(meta.get("deprecated")),
            synonyms=tuple(synonyms), xrefs=tuple(str(x.get("val")) for x in meta.get("xrefs") or [] if x.get("val")),
            parents=tuple(parents.get(term_id, ())), replaced_by=_values(meta, _REPLACED_BY),
            consider=_values(meta, _CONSIDER), record=f"[Term] {term_id}",
            relations=tuple(sorted(relations.get(term_id, ()))),
        )
        yield from term_records(p, term, system, report, own)


def describe_obographs_release(path: str | Path, version: str | None = None) -> ReleaseInfo:
    p = Path(path)
    _, document = _read(p)
    system = ontology_system(p, document)
    return ReleaseInfo(system=system, version=version or ontology_version(p, document), files=(describe_file(p),),
                       loader=LOADER, loader_version=LOADER_VERSION, title=f"{system} ontology (OBO Graphs JSON)")

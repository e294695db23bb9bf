"""OWL ontologies (RDF/XML, OWL/XML) → the same records as OBO, read with owlready2.

For ontologies published only as OWL, or OWL files pronto cannot read. Classes
with OBO-style IRIs (``http://purl.obolibrary.org/obo/HP_0001635``) become
terms ``HP:0001635``; ``rdfs:label``, the oboInOwl synonym and xref annotations,
``IAO_0000115`` (definition), ``owl:deprecated`` and ``IAO_0100001`` (term
replaced by) carry what the OBO reader takes from the same ontology, and the
records are built by the same function, so an ontology loads alike from either file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from loaders.errors import SourceFormatError
from loaders.files import describe_file
from loaders.obo import ONTOLOGY_SYSTEMS, OntologyTerm, term_records
from loaders.records import ConceptRecord, LoadReport, RelationRecord, ReleaseInfo

LOADER = "clinigraph.loaders.owl"
LOADER_VERSION = "1.0.0"
_OBO_IRI = re.compile(r"^http://purl\.obolibrary\.org/obo/([A-Za-z]+)_(\w+)$")
_SCOPES = {"hasExactSynonym": "exact", "hasRelatedSynonym": "related", "hasBroadSynonym": "broad",
           "hasNarrowSynonym": "narrow"}


def _curie(iri: str) -> str | None:
    m = _OBO_IRI.match(iri)
    return f"{m.group(1)}:{m.group(2)}" if m else None


def _load(path: Path) -> tuple[Any, Any]:
    import owlready2

    if not path.is_file():
        raise SourceFormatError(path, "file not found")
    world = owlready2.World()
    try:
        ontology = world.get_ontology(path.resolve().as_uri()).load()
    except Exception as exc:  # owlready2 raises parser-specific errors
        raise SourceFormatError(path, f"not readable as OWL ({type(exc).__name__}: {exc})") from None
    return world, ontology


def ontology_version(path: str | Path) -> str:
    """The release date from ``owl:versionIRI`` (``…/hp/releases/2025-01-16/hp.owl``)."""
    p = Path(path)
    world, ontology = _load(p)
    rows = list(world.sparql(
        "SELECT ?v WHERE { ?o <http://www.w3.org/2002/07/owl#versionIRI> ?v }"
    ))
    for (value,) in rows:
        m = re.search(r"(\d{4}-\d{2}-\d{2})", str(value))
        if m:
            return m.group(1)
    raise SourceFormatError(p, "no owl:versionIRI with a release date", field="owl:versionIRI")


def _annotation(entity: Any, name: str) -> list[Any]:
    try:
        return list(getattr(entity, name))
    except AttributeError:
        return []


def _term(entity: Any) -> OntologyTerm | None:
    code = _curie(entity.iri)
    if code is None:
        return None
    labels = [str(v) for v in entity.label]
    synonyms = tuple((str(v), scope) for prop, scope in _SCOPES.items() for v in _annotation(entity, prop))
    parents = tuple(sorted(c for c in (_curie(getattr(p, "iri", "")) for p in entity.is_a) if c))
    replaced = tuple(sorted(c for c in (_curie(getattr(r, "iri", str(r))) for r in _annotation(entity, "IAO_0100001"))
                            if c))
    consider = tuple(sorted(c for c in (_curie(getattr(r, "iri", str(r))) for r in _annotation(entity, "consider"))
                            if c))
    definitions = [str(v) for v in _annotation(entity, "IAO_0000115")]
    return OntologyTerm(
        id=code, name=" ".join(labels[0].split()) if labels else "", definition=definitions[0] if definitions else None,
        obsolete=any(v is True or str(v).lower() == "true" for v in _annotation(entity, "deprecated")),
        synonyms=synonyms, xrefs=tuple(str(v) for v in _annotation(entity, "hasDbXref")), parents=parents,
        replaced_by=replaced, consider=consider, record=f"owl:Class {entity.iri}",
    )


def parse_owl(path: str | Path, report: LoadReport | None = None, *, system: str | None = None
              ) -> Iterator[ConceptRecord | RelationRecord]:
    """Yield every OBO-style class of an OWL file as a concept with its IS_A, REPLACED_BY and XREF edges."""
    p = Path(path)
    report = report if report is not None else LoadReport()
    _world, ontology = _load(p)
    terms = [t for t in (_term(c) for c in ontology.classes()) if t is not None]
    if not terms:
        raise SourceFormatError(p, "no classes with OBO-style IRIs", field="owl:Class")
    for term in sorted(terms, key=lambda t: t.id):
        term_system = system or ONTOLOGY_SYSTEMS.get(term.id.split(":", 1)[0])
        if term_system is None:
            report.note("foreign_term", term.id)
            continue
        yield from term_records(p, term, term_system, report)


def describe_owl_release(path: str | Path, version: str | None = None, *, system: str = "HPO") -> ReleaseInfo:
    return ReleaseInfo(system=system, version=version or ontology_version(path), files=(describe_file(path),),
                       loader=LOADER, loader_version=LOADER_VERSION, title=f"{system} ontology (OWL)")

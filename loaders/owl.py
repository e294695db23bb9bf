"""OWL ontologies (RDF/XML, OWL/XML) → the same records as OBO, read with owlready2.

For ontologies published only as OWL, or OWL files pronto cannot read. Classes
with OBO-style IRIs (``http://purl.obolibrary.org/obo/HP_0001635``) become
terms ``HP:0001635``; ``rdfs:label``, the oboInOwl synonym and xref annotations,
``IAO_0000115`` (definition), ``owl:deprecated`` and ``IAO_0100001`` (term
replaced by) carry what the OBO reader takes from the same ontology, and the
records are built by the same function, so an ontology loads alike from either file.
The system is the ontology's own, named from its IRI (``…/obo/go.owl`` → GO;
``hp.owl`` → HPO) or, failing that, from the id space most classes share;
``some`` restrictions on a class (``part_of some GO:0005575``) become the same
``HAS_ATTRIBUTE`` edges as OBO ``relationship:`` lines.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from loaders.errors import SourceFormatError
from loaders.files import describe_file
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

LOADER = "clinigraph.loaders.owl"
LOADER_VERSION = "1.1.0"  # 1.1.0: any ontology as its own system; some-restrictions as relations
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
    world, _ontology = _load(p)
    return _version_of(p, world)


def _version_of(path: Path, world: Any) -> str:
    rows = list(world.sparql(
        "SELECT ?v WHERE { ?o <http://www.w3.org/2002/07/owl#versionIRI> ?v }"
    ))
    for (value,) in rows:
        m = re.search(r"(\d{4}-\d{2}-\d{2})", str(value))
        if m:
            return m.group(1)
    raise SourceFormatError(path, "no owl:versionIRI with a release date", field="owl:versionIRI")


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
    relations = tuple(sorted(r for r in (_relation(c) for c in entity.is_a) if r))
    return OntologyTerm(
        id=code, name=" ".join(labels[0].split()) if labels else "", definition=definitions[0] if definitions else None,
        obsolete=any(v is True or str(v).lower() == "true" for v in _annotation(entity, "deprecated")),
        synonyms=synonyms, xrefs=tuple(str(v) for v in _annotation(entity, "hasDbXref")), parents=parents,
        replaced_by=replaced, consider=consider, record=f"owl:Class {entity.iri}", relations=relations,
    )


def _relation(restriction: Any) -> tuple[str, str, str] | None:
    """(relation name, relation id, target) of an ``R some C`` restriction on a named class, else None."""
    import owlready2

    if not isinstance(restriction, owlready2.Restriction) or restriction.type != owlready2.SOME:
        return None
    target = _curie(getattr(restriction.value, "iri", ""))
    prop = restriction.property
    if target is None or not hasattr(prop, "iri"):
        return None
    labels = [str(v) for v in getattr(prop, "label", [])]
    relation_id = _curie(prop.iri) or prop.name
    return relation_name(labels[0] if labels else prop.name), relation_id, target


def ontology_system(path: str | Path) -> str:
    """The system an OWL file is a release of: from the ontology IRI's file name, else the classes' id space."""
    p = Path(path)
    _world, ontology = _load(p)
    return _system_of(p, ontology)


def _system_of(path: Path, ontology: Any) -> str:
    m = re.search(r"/([A-Za-z][A-Za-z0-9_-]*)\.owl#?$", ontology.base_iri or "")
    if m:
        return checked_system(path, system_of_ontology(m.group(1)))
    prefixes = Counter(code.split(":", 1)[0] for code in (_curie(c.iri) for c in ontology.classes()) if code)
    if not prefixes:
        raise SourceFormatError(path, "no classes with OBO-style IRIs", field="owl:Class")
    return checked_system(path, system_of_ontology(prefixes.most_common(1)[0][0]))


def parse_owl(path: str | Path, report: LoadReport | None = None, *, system: str | None = None
              ) -> Iterator[ConceptRecord | RelationRecord]:
    """Yield every OBO-style class of an OWL file as a concept with its IS_A, REPLACED_BY and XREF edges."""
    p = Path(path)
    report = report if report is not None else LoadReport()
    _world, ontology = _load(p)
    system = system or _system_of(p, ontology)
    terms = [t for t in (_term(c) for c in ontology.classes()) if t is not None]
    if not terms:
        raise SourceFormatError(p, "no classes with OBO-style IRIs", field="owl:Class")
    own = {t.id for t in terms if t.id.split(":", 1)[0] == id_prefix(system)}
    refuse_foreign_ontology(p, system, [t.id for t in terms], bool(own))
    for term in sorted(terms, key=lambda t: t.id):
        if term.id not in own:
            report.note("foreign_term", term.id)
            continue
        yield from term_records(p, term, system, report, own)


def describe_owl_release(path: str | Path, version: str | None = None, *, system: str | None = None
                         ) -> ReleaseInfo:
    """The release an OWL file holds: of its own ontology's system unless ``system`` is given."""
    p = Path(path)
    world, ontology = _load(p)
    system = system or _system_of(p, ontology)
    return ReleaseInfo(system=system, version=version or _version_of(p, world), files=(describe_file(p),),
                       loader=LOADER, loader_version=LOADER_VERSION, title=f"{system} ontology (OWL)")

"""OBO 1.2 ontologies (HPO's ``hp.obo`` and others) → concept and relation records, read with pronto.

Per term: the name, the definition, synonyms with their scope kept (EXACT,
RELATED, BROAD, NARROW: a BROAD synonym is not an equivalent name), ``is_a``
parents, obsolete flags with ``replaced_by`` and ``consider``, and
cross-references. Cross-references to systems clinigraph knows (UMLS, SNOMED CT,
ICD-10-CM, OMIM, ORPHA) become ``XREF`` edges to that system's ``Code``
identity, so they meet those concepts whichever release of them is loaded, or
later; other prefixes are kept as text.

pronto reads the whole file into memory; ontologies in OBO are small enough
(hp.obo: 10 MB, 19,484 terms). The parser never touches the database.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from loaders.errors import SourceFormatError
from loaders.files import describe_file
from loaders.records import ConceptRecord, LoadReport, PropertyValue, RelationRecord, ReleaseInfo

LOADER = "clinigraph.loaders.obo"
LOADER_VERSION = "1.0.0"

#: OBO id prefix → clinigraph system, for ontologies loaded as concepts.
ONTOLOGY_SYSTEMS = {"HP": "HPO"}

#: Cross-reference prefix → (clinigraph system, how to spell the code there).
XREF_SYSTEMS: dict[str, str] = {
    "UMLS": "UMLS",
    "SNOMEDCT_US": "SNOMEDCT",
    "SNOMEDCT": "SNOMEDCT",
    "SNOMED_CT": "SNOMEDCT",
    "ICD-10-CM": "ICD10CM",
    "ICD10CM": "ICD10CM",
    "OMIM": "OMIM",
    "ORPHA": "ORPHA",
}

_VALID_XREF_CODE = {
    "UMLS": re.compile(r"^C\d{7}$"),
    "SNOMEDCT": re.compile(r"^\d{6,18}$"),
    "ICD10CM": re.compile(r"^[A-Z][0-9A-Z]{2}(\.[0-9A-Z]{1,4})?$"),
    "OMIM": re.compile(r"^\d{6}$"),
    "ORPHA": re.compile(r"^\d+$"),
}


def _load(path: Path):  # noqa: ANN202 - pronto's Ontology
    import pronto

    if not path.is_file():
        raise SourceFormatError(path, "file not found")
    with path.open("rb") as fh:
        head = fh.read(256).lstrip()
    if not head.startswith(b"format-version:") and not head.startswith(b"["):
        raise SourceFormatError(path, "not an OBO file (no 'format-version:' header)", line=1, field="header")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return pronto.Ontology(str(path))
    except Exception as exc:  # pronto/fastobo raise their own syntax errors
        line = getattr(exc, "line", None) or _line_from_message(str(exc))
        raise SourceFormatError(path, f"not readable as OBO ({type(exc).__name__}: {exc})", line=line) from None


def _term_line(path: Path, term_id: str) -> int | None:
    """Line of a term's ``id:`` tag, to point an error at its stanza."""
    needle = f"id: {term_id}"
    with path.open(encoding="utf-8", errors="replace") as fh:
        for number, line in enumerate(fh, start=1):
            if line.strip() == needle:
                return number
    return None


def _line_from_message(message: str) -> int | None:
    m = re.search(r"line (\d+)", message)
    return int(m.group(1)) if m else None


def ontology_version(path: str | Path) -> str:
    """The release date of an OBO file from its header (``data-version: hp/releases/2025-01-16``)."""
    p = Path(path)
    if not p.is_file():
        raise SourceFormatError(p, "file not found")
    with p.open(encoding="utf-8", errors="replace") as fh:
        for number, line in enumerate(fh, start=1):
            if line.startswith("data-version:"):
                value = line.split(":", 1)[1].strip()
                m = re.search(r"(\d{4}-\d{2}-\d{2})", value)
                return m.group(1) if m else value
            if line.startswith("["):
                break
            if number > 200:
                break
    raise SourceFormatError(p, "no data-version in the OBO header", field="data-version")


def parse_obo(
    path: str | Path, report: LoadReport | None = None, *, system: str | None = None
) -> Iterator[ConceptRecord | RelationRecord]:
    """Yield every term of an OBO file as a concept, with IS_A, REPLACED_BY and XREF edges."""
    p = Path(path)
    report = report if report is not None else LoadReport()
    ontology = _load(p)
    terms = list(ontology.terms())
    if not terms:
        raise SourceFormatError(p, "no [Term] stanzas", field="[Term]")
    if system is None and not any(term.id.split(":", 1)[0] in ONTOLOGY_SYSTEMS for term in terms):
        prefixes = sorted({term.id.split(":", 1)[0] for term in terms})
        shown = ", ".join(prefixes[:5]) + (", …" if len(prefixes) > 5 else "")
        raise SourceFormatError(p, f"no term of {', '.join(ONTOLOGY_SYSTEMS)} in this ontology (its terms are "
                                f"{shown}); only HPO terms load as HPO", field="[Term]")
    for term in sorted(terms, key=lambda t: t.id):
        prefix = term.id.split(":", 1)[0]
        term_system = system or ONTOLOGY_SYSTEMS.get(prefix)
        if term_system is None:
            report.note("foreign_term", term.id)
            continue
        yield from term_records(p, _from_pronto(p, term), term_system, report)


@dataclass(frozen=True)
class OntologyTerm:
    """One class of an ontology, whatever file format it was read from (OBO via pronto, OWL via owlready2)."""

    id: str
    name: str
    definition: str | None
    obsolete: bool
    synonyms: tuple[tuple[str, str], ...]  # (text, scope: exact | related | broad | narrow)
    xrefs: tuple[str, ...]
    parents: tuple[str, ...]
    replaced_by: tuple[str, ...]
    consider: tuple[str, ...]
    record: str


def _from_pronto(path: Path, term) -> OntologyTerm:  # noqa: ANN001 - pronto.Term
    try:
        synonyms = tuple((s.description, s.scope.lower()) for s in term.synonyms)
    except ValueError as exc:  # pronto checks synonym types only when they are read
        raise SourceFormatError(path, f"term {term.id}: {exc}", line=_term_line(path, term.id),
                                field="synonym") from None
    return OntologyTerm(
        id=term.id, name=" ".join((term.name or "").split()),
        definition=str(term.definition) if term.definition else None, obsolete=bool(term.obsolete),
        synonyms=synonyms, xrefs=tuple(x.id for x in term.xrefs),
        parents=tuple(p.id for p in term.superclasses(distance=1, with_self=False)),
        replaced_by=tuple(r.id for r in term.replaced_by), consider=tuple(c.id for c in term.consider),
        record=f"[Term] {term.id}",
    )


def term_records(
    path: Path, term: OntologyTerm, system: str, report: LoadReport
) -> Iterator[ConceptRecord | RelationRecord]:
    """Concept and edges of one ontology term (shared by the OBO and OWL readers)."""
    name = term.name
    if not name:
        report.note("term_without_name", term.id)
        name = term.id
    by_scope: dict[str, list[str]] = {}
    for text, scope in sorted(term.synonyms, key=lambda s: (s[1].upper(), s[0])):
        by_scope.setdefault(scope, []).append(text)
    exact_and_related = tuple(by_scope.get("exact", []) + by_scope.get("related", []))
    properties: list[tuple[str, PropertyValue]] = [
        ("definition", term.definition),
        ("obsolete", term.obsolete),
        ("synonyms_exact", tuple(by_scope.get("exact", []))),
        ("synonyms_related", tuple(by_scope.get("related", []))),
        ("synonyms_broad", tuple(by_scope.get("broad", []))),
        ("synonyms_narrow", tuple(by_scope.get("narrow", []))),
        ("xrefs", tuple(sorted(term.xrefs))),
        ("replaced_by", tuple(sorted(term.replaced_by))),
        ("consider", tuple(sorted(term.consider))),
        ("active", not term.obsolete),
    ]
    yield ConceptRecord(
        system=system, code=term.id, display=name, kind="term", source_file=path.name, record=term.record,
        # Search finds terms by their exact and related synonyms; broad and
        # narrow ones name other concepts and stay apart.
        synonyms=exact_and_related, properties=tuple(properties),
    )
    if not term.obsolete:
        for parent in sorted(term.parents):
            yield RelationRecord(type="IS_A", source_code=term.id, target_code=parent, system=system,
                                 source_file=path.name, record=term.record)
    for replacement in sorted(term.replaced_by):
        yield RelationRecord(type="REPLACED_BY", source_code=term.id, target_code=replacement, system=system,
                             source_file=path.name, record=term.record, properties=(("association", "replaced_by"),))
    for xref in sorted(term.xrefs):
        prefix, _, code = xref.partition(":")
        target = XREF_SYSTEMS.get(prefix)
        if target is None:
            continue
        pattern = _VALID_XREF_CODE.get(target)
        if pattern is not None and not pattern.match(code):
            report.note("malformed_xref", f"{xref} on {term.id}")
            continue
        yield RelationRecord(
            type="XREF", source_code=term.id, target_code=code, system=system, source_file=path.name,
            record=term.record, key=xref, target_system=target, to_identity=True, properties=(("xref", xref),),
        )


def describe_obo_release(path: str | Path, version: str | None = None, *, system: str = "HPO") -> ReleaseInfo:
    return ReleaseInfo(
        system=system, version=version or ontology_version(path), files=(describe_file(path),),
        loader=LOADER, loader_version=LOADER_VERSION, title=f"{system} ontology (OBO)",
    )

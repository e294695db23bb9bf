"""OBO 1.2 ontologies (HPO's ``hp.obo``, the Gene Ontology, Mondo, …) → concept and relation records, read
with pronto.

An ontology is its own code system: the system is named from the header's
``ontology:`` tag (``go`` → ``GO``, ``mondo`` → ``MONDO``; ``hp`` is HPO), or,
without one, from the id space most terms share. Only that id space's terms
are the release's concepts; terms imported from other ontologies are counted
(``foreign_term``) and left to their own release. So nothing but HPO ever
becomes an HPO release, and a Gene Ontology file becomes a GO release.

Per term: the name, the definition, synonyms with their scope kept (EXACT,
RELATED, BROAD, NARROW: a BROAD synonym is not an equivalent name), ``is_a``
parents, other relations (``relationship: part_of GO:0005575``) as
``HAS_ATTRIBUTE`` edges named by the relation, obsolete flags with
``replaced_by`` and ``consider``, and cross-references. A cross-reference with a
CURIE prefix becomes an ``XREF`` edge to that system's ``Code`` identity
(``SNOMEDCT_US:…`` → SNOMEDCT, ``MESH:D003920`` → MESH), so it meets those
concepts whichever release of them is loaded, or later; URLs and free text stay
text on the term.

pronto reads the whole file into memory; ontologies in OBO are small enough
(hp.obo: 10 MB, 19,484 terms). The parser never touches the database.
"""

from __future__ import annotations

import re
import warnings
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from loaders.contract import LoadRequest, SourceLoader
from loaders.errors import SourceFormatError
from loaders.files import describe_file, not_encoded_as
from loaders.records import ConceptRecord, LoadReport, PropertyValue, RelationRecord, ReleaseInfo
from loaders.sniff import head, is_xml_with_root

LOADER = "clinigraph.loaders.obo"
LOADER_VERSION = "1.2.0"  # 1.1.0: any ontology as its own system; other relations; CURIE xrefs
# 1.2.0: dated SNOMED CT namespaces (SNOMEDCT_US_2023_03_01), ORDO and ICD9 name SNOMEDCT, ORPHA and ICD9CM

#: Ontology name (header ``ontology:``, lower case) → clinigraph system, where the two differ.
ONTOLOGY_SYSTEMS = {"hp": "HPO"}
#: clinigraph system → the id prefix of its terms, where the two differ.
ID_PREFIXES = {"HPO": "HP"}
#: Systems that come from their own loaders and never from an ontology file.
NOT_ONTOLOGIES = frozenset({"ICD10CM", "SNOMEDCT", "LOINC", "RXNORM", "UMLS", "SEMMEDDB", "OMIM", "ORPHA",
                            "DECIPHER", "MESH"})
#: A system name made from an ontology's id space.
SYSTEM_NAME = re.compile(r"^[A-Z][A-Z0-9_]{0,23}$")

#: Cross-reference prefix → clinigraph system, where the two differ (other prefixes are upper-cased).
XREF_SYSTEMS: dict[str, str] = {
    "UMLS_CUI": "UMLS",
    "SNOMEDCT_US": "SNOMEDCT",
    "SNOMED_CT": "SNOMEDCT",
    "SCTID": "SNOMEDCT",
    "ICD-10-CM": "ICD10CM",
    "ICD10WHO": "ICD10",
    "ICD-10": "ICD10",
    # ICD-9 codes in the ontologies are ICD-9-CM (5-digit 255.41): one identity whichever source names them.
    "ICD-9": "ICD9CM",
    "ICD9": "ICD9CM",
    "MSH": "MESH",
    "ORPHANET": "ORPHA",
    "NCI": "NCIT",
    "HP": "HPO",
    "LNC": "LOINC",
    "ORDO": "ORPHA",
}
#: A SNOMED CT namespace with the edition date the source mapped against (the Disease Ontology's
#: ``SNOMEDCT_US_2023_03_01``): the target is SNOMED CT; the namespace stays on the edge's ``xref``.
_DATED_SNOMED = re.compile(r"^SNOMEDCT_US_\d{4}_\d{2}_\d{2}$")
_ICDO_MORPHOLOGY = re.compile(r"^\d{4}/\d$")
_OMIM_SERIES = re.compile(r"^PS\d{6}$")
#: Systems whose codes are written without their prefix (a CUI, an SCTID, a MeSH UI, an ICD code).
BARE_CODE_SYSTEMS = frozenset({"UMLS", "SNOMEDCT", "ICD10CM", "ICD10", "ICD9", "ICD9CM", "MESH", "NCIT", "LOINC",
                               "RXNORM", "MEDDRA"})

_VALID_XREF_CODE = {
    "UMLS": re.compile(r"^C\d{7}$"),
    "SNOMEDCT": re.compile(r"^\d{6,18}$"),
    # A code, or a block as clinigraph's ICD-10-CM names it (``A00-A09``: Mondo and DOID cross-reference blocks).
    "ICD10CM": re.compile(r"^[A-Z][0-9A-Z]{2}(\.[0-9A-Z]{1,4})?(-[A-Z][0-9A-Z]{2})?$"),
    "OMIM": re.compile(r"^OMIM:\d{6}$"),
    "ORPHA": re.compile(r"^ORPHA:\d+$"),
}
#: Cross-reference prefixes that name a web page or a citation, not a code: kept as text only.
TEXT_ONLY_PREFIXES = frozenset({"WIKIPEDIA", "PMID", "DOI", "ISBN", "URL", "HTTP", "HTTPS", "GOC", "FTP"})
_XREF_PREFIX = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]*$")
_XREF_LOCAL = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


def system_of_ontology(name: str) -> str:
    """The clinigraph system an ontology's name or id space gives.

    >>> system_of_ontology("hp.obo"), system_of_ontology("go"), system_of_ontology("MONDO")
    ('HPO', 'GO', 'MONDO')
    """
    base = name.strip().lower().removesuffix(".obo").removesuffix(".owl")
    return ONTOLOGY_SYSTEMS.get(base, base.upper().replace("-", "_"))


def id_prefix(system: str) -> str:
    """The prefix of a system's term ids (``HPO`` → ``HP``)."""
    return ID_PREFIXES.get(system, system)


def xref_target(xref: str) -> tuple[str, str] | None:
    """The (system, code) identity a cross-reference names, or None for a URL or free text.

    >>> xref_target("SNOMEDCT_US:22298006"), xref_target("MESH:D003920"), xref_target("ORPHA:558")
    (('SNOMEDCT', '22298006'), ('MESH', 'D003920'), ('ORPHA', 'ORPHA:558'))
    >>> xref_target("SNOMEDCT_US_2023_03_01:64572001"), xref_target("Orphanet:377788")
    (('SNOMEDCT', '64572001'), ('ORPHA', 'ORPHA:377788'))
    >>> xref_target("OMIM:PS267700"), xref_target("OMIMPS:203655"), xref_target("ICDO:8650/3")
    (('OMIMPS', 'OMIMPS:267700'), ('OMIMPS', 'OMIMPS:203655'), ('ICDO', 'ICDO:8650/3'))
    >>> xref_target("https://example.org/x") is None
    True
    """
    prefix, sep, local = xref.partition(":")
    if sep and prefix.upper() == "ICDO" and _ICDO_MORPHOLOGY.match(local):
        return "ICDO", f"ICDO:{local}"  # 8650/3: the one code with a slash
    if not sep or not _XREF_PREFIX.match(prefix) or not _XREF_LOCAL.match(local):
        return None
    if prefix.upper() == "OMIM" and _OMIM_SERIES.match(local):
        return "OMIMPS", f"OMIMPS:{local[2:]}"  # OMIM:PS267700 is the phenotypic series Mondo calls OMIMPS
    if prefix.upper() in TEXT_ONLY_PREFIXES:
        return None
    system = XREF_SYSTEMS.get(prefix.upper(), prefix.upper().replace("-", "_").replace(".", "_"))
    if _DATED_SNOMED.match(system):
        system = "SNOMEDCT"
    if system in BARE_CODE_SYSTEMS:
        return system, local
    return system, f"{id_prefix(system)}:{local}"


def _load(path: Path):  # noqa: ANN202 - pronto's Ontology
    """The ontology through pronto, its input checked first so that every fault names line and field:
    bytes that are not UTF-8 (with their file offset), and a syntax error (with the tag of its line). A
    whole last line that merely lacks its line end is read (fastobo needs the line end, so it is added)."""
    import io

    import pronto

    require_obo(path)
    data = path.read_bytes()
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        raise not_encoded_as(path) from None
    if not data.endswith(b"\n"):
        data += b"\n"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return pronto.Ontology(io.BytesIO(data))
    except Exception as exc:  # pronto/fastobo raise their own syntax errors
        line = getattr(exc, "line", None) or _line_from_message(str(exc))
        raise SourceFormatError(path, f"not readable as OBO ({type(exc).__name__}: {exc})", line=line,
                                field=_tag_at(data, line)) from None


def _tag_at(data: bytes, line: int | None) -> str | None:
    """The OBO tag of a line (``def`` for ``def: "…``), to name the field a syntax error is in."""
    if line is None:
        return None
    lines = data.split(b"\n")
    if not 0 < line <= len(lines):
        return None
    tag, sep, _ = lines[line - 1].decode("utf-8", errors="replace").partition(":")
    if lines[line - 1].startswith(b"["):
        return lines[line - 1].decode("utf-8", errors="replace").strip()
    return tag.strip() or None if sep else None


#: A headerless OBO file starts with a stanza; a JSON array (``[{…``) does not.
_FIRST_STANZA = re.compile(rb"^\[(Term|Typedef|Instance)\]")


def is_obo(data: bytes) -> bool:
    """OBO 1.2 starts with its ``format-version:`` header (or, headerless, with a stanza).

    >>> is_obo(b"format-version: 1.2\\nontology: go\\n"), is_obo(b"<?xml version='1.0'?>")
    (True, False)
    """
    head = data.lstrip()
    return head.startswith(b"format-version:") or _FIRST_STANZA.match(head) is not None


def require_obo(path: Path) -> None:
    if not path.is_file():
        raise SourceFormatError(path, "file not found")
    with path.open("rb") as fh:
        if not is_obo(fh.read(256).removeprefix(b"\xef\xbb\xbf")):
            raise SourceFormatError(path, "not an OBO file (no 'format-version:' header)", line=1, field="header")


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


def _header(path: Path) -> dict[str, str]:
    """The first value of each tag in an OBO header (the lines before the first stanza)."""
    if not path.is_file():
        raise SourceFormatError(path, "file not found")
    tags: dict[str, str] = {}
    with path.open(encoding="utf-8", errors="replace") as fh:
        for number, line in enumerate(fh, start=1):
            if line.startswith("[") or number > 500:
                break
            tag, sep, value = line.partition(":")
            if sep and tag.strip() and tag.strip() not in tags:
                tags[tag.strip()] = value.strip()
    return tags


def ontology_version(path: str | Path) -> str:
    """The release date of an OBO file from its header (``data-version: hp/releases/2025-01-16``)."""
    p = Path(path)
    value = _header(p).get("data-version")
    if value is None:
        raise SourceFormatError(p, "no data-version in the OBO header", field="data-version")
    m = re.search(r"(\d{4}-\d{2}-\d{2})", value)
    return m.group(1) if m else value


def ontology_system(path: str | Path) -> str:
    """The system an OBO file is a release of: from its ``ontology:`` header, else its terms' id space."""
    p = Path(path)
    require_obo(p)
    named = _header(p).get("ontology")
    if named:
        system = system_of_ontology(named)
    else:
        prefixes: Counter[str] = Counter()
        with p.open(encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if line.startswith("id:") and ":" in line[3:]:
                    prefixes[line[3:].strip().split(":", 1)[0]] += 1
        if not prefixes:
            raise SourceFormatError(p, "no ontology: header and no term ids", field="ontology")
        system = system_of_ontology(prefixes.most_common(1)[0][0])
    return checked_system(p, system)


def checked_system(path: Path, system: str) -> str:
    """Refuse an ontology whose name would make it a system another loader owns, or no valid name."""
    if system in NOT_ONTOLOGIES:
        raise SourceFormatError(path, f"an ontology cannot be a release of {system}: that system comes from "
                                f"its own loader (clinigraph load {system.lower()})", field="ontology")
    if not SYSTEM_NAME.match(system):
        raise SourceFormatError(path, f"ontology name {system!r} does not make a system name (letters, digits, _)",
                                field="ontology")
    return system


def parse_obo(
    path: str | Path, report: LoadReport | None = None, *, system: str | None = None
) -> Iterator[ConceptRecord | RelationRecord]:
    """Yield every term of the ontology's own id space as a concept, with IS_A, HAS_ATTRIBUTE, REPLACED_BY
    and XREF edges (``system`` defaults to the one the file names, see :func:`ontology_system`)."""
    p = Path(path)
    report = report if report is not None else LoadReport()
    system = system or ontology_system(p)
    ontology = _load(p)
    terms = list(ontology.terms())
    if not terms:
        raise SourceFormatError(p, "no [Term] stanzas", field="[Term]")
    own = {term.id for term in terms if term.id.split(":", 1)[0] == id_prefix(system)}
    refuse_foreign_ontology(p, system, [term.id for term in terms], bool(own))
    for term in sorted(terms, key=lambda t: t.id):
        if term.id not in own:
            report.note("foreign_term", term.id)
            continue
        yield from term_records(p, _from_pronto(p, term), system, report, own)


def refuse_foreign_ontology(path: Path, system: str, term_ids: list[str], has_own: bool) -> None:
    """An ontology none of whose terms is of ``system`` is refused: loading it would publish an empty
    release of that system (the Gene Ontology once became an empty, current HPO)."""
    if has_own:
        return
    prefixes = sorted({term_id.split(":", 1)[0] for term_id in term_ids})
    shown = ", ".join(prefixes[:5]) + (", …" if len(prefixes) > 5 else "")
    raise SourceFormatError(path, f"no term of {id_prefix(system)} in this ontology (its terms are {shown}); "
                            f"only {id_prefix(system)} terms load as {system}", field="[Term]")


@dataclass(frozen=True)
class OntologyTerm:
    """One class of an ontology, whatever file format it was read from (OBO via pronto, OWL via owlready2)."""

    id: str
    name: str
    definition: str | None
    obsolete: bool
    #: (text, scope: exact | related | broad | narrow, or unscoped where the source gives none)
    synonyms: tuple[tuple[str, str], ...]
    xrefs: tuple[str, ...]
    parents: tuple[str, ...]
    replaced_by: tuple[str, ...]
    consider: tuple[str, ...]
    record: str
    #: Other relations to terms: (relation name, relation id, target term id), e.g. ("part_of", "BFO:0000050", …).
    relations: tuple[tuple[str, str, str], ...] = ()
    #: Ids the term was known by before (kept as a property; read where the format gives them).
    alt_ids: tuple[str, ...] = ()


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
        relations=tuple(sorted((relation_name(rel.name or rel.id), _relation_id(rel), target.id)
                               for rel, targets in term.relationships.items() for target in targets)),
    )


def _relation_id(relation) -> str:  # noqa: ANN001 - pronto.Relationship
    """A relation's identifier: its own CURIE, or the one its Typedef's xref gives (``part_of`` is
    ``BFO:0000050``), so OBO and OWL releases name a relation alike."""
    if ":" in relation.id:
        return str(relation.id)
    curies = sorted(x.id for x in relation.xrefs if ":" in x.id)
    return curies[0] if curies else str(relation.id)


def relation_name(label: str) -> str:
    """A relation's name as an attribute (``part of`` → ``part_of``).

    >>> relation_name("part of"), relation_name("BFO:0000050")
    ('part_of', 'bfo_0000050')
    """
    return re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_") or label


def term_records(
    path: Path, term: OntologyTerm, system: str, report: LoadReport, own: set[str] | None = None
) -> Iterator[ConceptRecord | RelationRecord]:
    """Concept and edges of one ontology term (shared by the OBO and OWL readers).

    ``own`` holds the release's term ids: an edge to a term outside them (an imported
    ontology's) would point at no concept of the release, so it is counted instead.
    """
    name = term.name
    if not name:
        report.note("term_without_name", term.id)
        name = term.id
    by_scope: dict[str, list[str]] = {}
    for text, scope in sorted(term.synonyms, key=lambda s: (s[1].upper(), s[0])):
        by_scope.setdefault(scope, []).append(text)
    exact_and_related = tuple(by_scope.get("exact", []) + by_scope.get("related", [])
                              + by_scope.get("unscoped", []))
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
    # Only where a source has them, so the records of the sources without (OBO, OWL) stay as they were.
    if "unscoped" in by_scope:
        properties.append(("synonyms_unscoped", tuple(by_scope["unscoped"])))
    if term.alt_ids:
        properties.append(("alt_ids", tuple(sorted(term.alt_ids))))
    yield ConceptRecord(
        system=system, code=term.id, display=name, kind="term", source_file=path.name, record=term.record,
        # Search finds terms by their exact and related synonyms (and those a source gives without a
        # scope); broad and narrow ones name other concepts and stay apart.
        synonyms=exact_and_related, properties=tuple(properties),
    )
    def inside(target: str, what: str) -> bool:
        if own is None or target in own:
            return True
        report.note("edge_to_term_outside_release", f"{what} {term.id} → {target}")
        return False

    if not term.obsolete:
        for parent in sorted(term.parents):
            if inside(parent, "is_a"):
                yield RelationRecord(type="IS_A", source_code=term.id, target_code=parent, system=system,
                                     source_file=path.name, record=term.record)
    for replacement in sorted(term.replaced_by):
        if not inside(replacement, "replaced_by"):
            continue
        yield RelationRecord(type="REPLACED_BY", source_code=term.id, target_code=replacement, system=system,
                             source_file=path.name, record=term.record, properties=(("association", "replaced_by"),))
    if not term.obsolete:
        for name, relation_id, target in term.relations:
            if not inside(target, name):
                continue
            yield RelationRecord(type="HAS_ATTRIBUTE", source_code=term.id, target_code=target, system=system,
                                 source_file=path.name, record=term.record, key=f"{relation_id}|{target}",
                                 properties=(("attribute", name), ("type_id", relation_id)))
    yield from _xref_records(path, term, system, report)


def _xref_records(path: Path, term: OntologyTerm, system: str, report: LoadReport) -> Iterator[RelationRecord]:
    """``XREF`` edges to the ``Code`` identity each CURIE cross-reference names; a term naming several codes
    of one system is counted (``one_to_many_xref``): they are all linked, none merged."""
    per_system: dict[str, list[str]] = {}
    for xref in sorted(set(term.xrefs)):
        target = xref_target(xref)
        if target is None:
            report.note("xref_not_a_code", f"{xref} on {term.id}")
            continue
        target_system, code = target
        pattern = _VALID_XREF_CODE.get(target_system)
        if pattern is not None and not pattern.match(code):
            report.note("malformed_xref", f"{xref} on {term.id}")
            continue
        yield RelationRecord(
            type="XREF", source_code=term.id, target_code=code, system=system, source_file=path.name,
            record=term.record, key=xref, target_system=target_system, to_identity=True,
            properties=(("xref", xref),),
        )
        per_system.setdefault(target_system, []).append(code)
    for target_system, codes in sorted(per_system.items()):
        if len(set(codes)) > 1:
            report.note("one_to_many_xref", f"{term.id} → {target_system} {', '.join(sorted(set(codes)))}")


def describe_obo_release(path: str | Path, version: str | None = None, *, system: str | None = None
                         ) -> ReleaseInfo:
    """The release an OBO file holds: of its own ontology's system unless ``system`` is given."""
    p = Path(path)
    system = system or ontology_system(p)
    return ReleaseInfo(
        system=system, version=version or ontology_version(p), files=(describe_file(p),),
        loader=LOADER, loader_version=LOADER_VERSION, title=f"{system} ontology (OBO)",
    )


def is_owl(data: bytes) -> bool:
    """An OWL ontology in RDF/XML or OWL/XML: XML whose first element is ``rdf:RDF`` or ``Ontology``."""
    return is_xml_with_root(data, b"rdf:RDF") or is_xml_with_root(data, b"Ontology")


class OntologyLoader(SourceLoader):
    """Any OBO Foundry-style ontology as a release of its own system: OBO through pronto, OWL through
    owlready2, OBO Graphs JSON through :mod:`loaders.obographs` (chosen by content). ``hp.obo`` is HPO; the
    Gene Ontology is GO; ``mondo.obo`` or ``mondo.json`` is MONDO."""

    name = "obo"
    description = ("an ontology as its own system (GO, MONDO, DOID, HPO …): OBO 1.2 (pronto), OWL (owlready2) "
                   "or OBO Graphs JSON")
    reads = "an ontology file (OBO 1.2, OWL or OBO Graphs JSON)"

    def can_read(self, path: Path) -> bool:
        from loaders.obographs import is_obographs

        data = head(path) if path.is_file() else b""
        return is_obo(data) or is_owl(data) or is_obographs(data)

    def _format(self, request: LoadRequest) -> str:
        from loaders.obographs import is_obographs

        data = head(self.path_of(request))
        return "owl" if is_owl(data) else "obographs" if is_obographs(data) else "obo"

    def describe_release(self, request: LoadRequest) -> ReleaseInfo:
        kind = self._format(request)
        if kind == "owl":
            from loaders import owl

            return owl.describe_owl_release(self.path_of(request), request.version)
        if kind == "obographs":
            from loaders import obographs

            return obographs.describe_obographs_release(self.path_of(request), request.version)
        return describe_obo_release(self.path_of(request), request.version)

    def parse(self, request: LoadRequest, report: LoadReport) -> Iterator[ConceptRecord | RelationRecord]:
        kind = self._format(request)
        if kind == "owl":
            from loaders import owl

            return owl.parse_owl(self.path_of(request), report)
        if kind == "obographs":
            from loaders import obographs

            return obographs.parse_obographs(self.path_of(request), report)
        return parse_obo(self.path_of(request), report)

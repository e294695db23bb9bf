"""Terminology lookups over complete releases: one concept in full, and ranked search.

Every read resolves the release first (the system's current complete release,
or a named version), so a release still loading or one that failed is never
seen. All reads run in read transactions.
"""

from __future__ import annotations

import re
from typing import Any, cast

from neo4j import Driver, ManagedTransaction

from graph.store.releases import SERVED_CURRENT, resolve_release
from graph.terminology.crosswalk import HUB_SYSTEMS, identity_walk
from graph.terminology.results import (
    ConceptDetails,
    ConceptNote,
    Equivalent,
    NoteCitation,
    SearchMatch,
    ServedRelease,
)
from graph.terminology.systems import (
    KNOWN_SYSTEMS,
    ONTOLOGY_SYSTEM,
    SYSTEM_ALIASES,
    UnknownSystemError,
    normalise_system,
)
from loaders.errors import ClinigraphError, InputError, NotFoundError

_ONTOLOGY_CODE = re.compile(r"^([A-Za-z][A-Za-z0-9]*)[_:]([A-Za-z0-9_.-]+)$")

_ICD_BARE = re.compile(r"^([A-Z][0-9A-Z]{2})([0-9A-Z]{1,4})$")

#: Note properties on a concept → the note type reported (and used on CITES edges).
NOTE_TYPES = {
    "note_includes": "includes",
    "note_inclusion_terms": "inclusion_term",
    "note_excludes1": "excludes1",
    "note_excludes2": "excludes2",
    "note_code_first": "code_first",
    "note_use_additional_code": "use_additional_code",
    "note_code_also": "code_also",
    "note_notes": "notes",
    "note_seven_chr": "seven_chr",
}


#: System-specific concept properties returned as ``attributes``.
_ATTRIBUTES = (
    "definition", "obsolete", "synonyms_exact", "synonyms_related", "synonyms_broad", "synonyms_narrow",
    "consider", "chapter_number", "seventh_character", "fsn", "semantic_tag", "definition_status", "module",
    "concrete_values", "semantic_types", "tty", "component", "property", "time_aspect", "specimen_system",
    "scale", "method",
    "loinc_class", "class_type", "status", "strength", "available_strength", "ndc",
)


#: Children listed with a concept; ``children_total`` says how many there are.
MAX_CHILDREN = 200
#: Hits a search returns unless asked otherwise, and the most a request may ask for (the API refuses more).
DEFAULT_SEARCH_HITS = 20
MAX_SEARCH_HITS = 100


class NotLoadedError(NotFoundError):
    """The system is known but has no complete release (or not the version asked for)."""


class SearchInputError(InputError):
    """A search whose parameters do not go together; ``field`` names the one to change."""


class ConceptNotFoundError(NotFoundError):
    """The code does not exist in the release asked about."""


def missing_release_error(driver: Driver, database: str, system: str, version: str | None) -> ClinigraphError:
    """The error when ``system`` (or its ``version``) has no complete release: an ontology name that no
    release defines is an unknown system, a known system is merely not loaded."""
    if system not in KNOWN_SYSTEMS and not _any_release_of(driver, database, system):
        return UnknownSystemError(f"unknown code system {system!r}: no loaded ontology defines it; known: "
                                  f"{', '.join(KNOWN_SYSTEMS)} and the ontologies loaded")
    what = f"version {version} of {system}" if version else system
    return NotLoadedError(f"no complete release of {what} is loaded")


def _any_release_of(driver: Driver, database: str, system: str) -> bool:
    records, _, _ = driver.execute_query(
        "MATCH (r:Release {status: 'complete'}) WHERE $system IN coalesce(r.systems, [r.system]) "
        "RETURN count(r) > 0 AS any", system=system, database_=database, routing_="r",
    )
    return bool(records[0]["any"])


def release_of(driver: Driver, database: str, system: str, version: str | None) -> ServedRelease:
    """The complete release to answer from (current, or ``version``), or the error saying why there is none."""
    release = resolve_release(driver, database, system, version)
    if release is None:
        raise missing_release_error(driver, database, system, version)
    return cast(ServedRelease, release)


def normalise_code(system: str, code: str) -> str:
    """Canonical spelling of a code: ICD-10-CM gets upper case and its dot (``e1122`` → ``E11.22``)."""
    code = code.strip()
    if system == "HPO":
        code = code.upper().replace("HP_", "HP:")
        return f"HP:{code}" if code.isdigit() else code
    if system in ("OMIM", "ORPHA", "DECIPHER"):
        bare = code.split(":", 1)[-1]
        return f"{system}:{bare}"
    if system == "ICD10CM":
        code = code.upper()
        m = _ICD_BARE.match(code)
        if m:
            code = f"{m.group(1)}.{m.group(2)}"
    elif system not in KNOWN_SYSTEMS:
        # Ontology terms: ``go_0008150`` and ``GO_0008150`` (the IRI's spelling) → ``GO:0008150``.
        m = _ONTOLOGY_CODE.match(code)
        if m:
            code = f"{m.group(1).upper()}:{m.group(2)}"
    return code


_CONCEPT_QUERY = """
MATCH (c:Concept {system: $system, code: $code, release: $release})
CALL (c) {
  OPTIONAL MATCH (c)-[:IS_A]->(p:Concept)
  RETURN collect(p {.code, .display, .kind, .billable}) AS parents
}
CALL (c) {
  OPTIONAL MATCH (ch:Concept)-[:IS_A]->(c)
  WITH ch ORDER BY ch.code
  WITH collect(ch {.code, .display, .kind, .billable}) AS all_children
  RETURN all_children[..$max_children] AS children, size(all_children) AS children_total
}
CALL (c) {
  OPTIONAL MATCH (c)-[a:HAS_PHENOTYPE]->(h:Concept)
  WITH a, h ORDER BY a.negated, h.code
  LIMIT 500
  RETURN collect(CASE WHEN a IS NULL THEN null ELSE
    {code: h.code, display: h.display, negated: a.negated, evidence: a.evidence, frequency: a.frequency,
     frequency_value: a.frequency_value, onset: a.onset, sex: a.sex, aspect: a.aspect,
     references: coalesce(a.references, []), record: a.record} END) AS phenotypes
}
CALL (c) {
  OPTIONAL MATCH (c)-[x:XREF]->(k:Code)
  WITH x, k ORDER BY k.system, k.code
  RETURN collect(CASE WHEN x IS NULL THEN null ELSE {system: k.system, code: k.code} END) AS xrefs
}
CALL (c) {
  OPTIONAL MATCH (c)-[rb:REPLACED_BY]->(n:Concept)
  RETURN collect(n {.code, .display, .kind, association: rb.association}) AS replaced_by
}
CALL (c) {
  OPTIONAL MATCH (c)-[ha:HAS_ATTRIBUTE]->(v:Concept)
  WITH ha, v ORDER BY ha.role_group, ha.attribute, v.code
  RETURN collect(CASE WHEN ha IS NULL THEN null ELSE
    {attribute: ha.attribute, type_id: ha.type_id, role_group: ha.role_group, code: v.code,
     display: v.display} END) AS relationships
}
CALL (c) {
  OPTIONAL MATCH (c)-[m:MAPS_TO]->(k:Code)
  OPTIONAL MATCH (k)<-[:VERSION_OF]-(t:Concept)
  WHERE EXISTS { MATCH (rel:Release {id: t.release, """ + SERVED_CURRENT + """}) }
  WITH m, k, t ORDER BY m.map_group, m.map_priority
  RETURN collect(CASE WHEN m IS NULL THEN null ELSE
    {system: k.system, code: k.code, display: t.display, map_group: m.map_group,
     map_priority: m.map_priority, map_rule: m.map_rule, map_advice: m.map_advice} END) AS maps
}
CALL (c) {
  OPTIONAL MATCH (c)-[r:CITES]->(t:Concept)
  WITH r, t ORDER BY t.code
  RETURN collect(CASE WHEN r IS NULL THEN null ELSE
    {note_type: r.note_type, note: r.note, cited_as: r.cited_as, code: t.code,
     display: t.display, kind: t.kind, with_children: r.with_children} END) AS citations
}
RETURN properties(c) AS concept, elementId(c) AS id, parents, children, children_total, citations, phenotypes,
       xrefs, replaced_by, relationships, maps
"""


#: A concept's equivalents (element id ``$id``): the concepts of current releases and the bare identities
#: (codes no loaded release defines, e.g. a UMLS CUI without a UMLS release) that the bounded identity walk
#: (:mod:`graph.terminology.crosswalk`) reaches, each with the shortest path to it as steps (``UMLS:C0011860``,
#: ``DOID:9352``: a code that carries its prefix stands as it is).
EQUIVALENTS_QUERY = """
CALL () {
  MATCH (r:Release {""" + SERVED_CURRENT + """}) RETURN collect(r.id) AS current
}
MATCH (c:Concept) WHERE elementId(c) = $id
MATCH (c)-[:VERSION_OF]->(k:Code)
CALL (k, current) {
  """ + identity_walk("k", "e", hops=4) + """
  RETURN e, p
  UNION
  """ + identity_walk("k", "e", hops=4, end_label="Code") + """
    AND NOT EXISTS { MATCH (e)<-[:VERSION_OF]-(t:Concept) WHERE t.release IN current }
  RETURN e, p
}
WITH c, e, p WHERE e <> c AND e <> k
WITH e, p ORDER BY length(p)
WITH e, collect(p)[0] AS p
WITH e, p ORDER BY length(p), e.system, e.code
LIMIT $limit
RETURN e.system AS system, e.code AS code, e.display AS display, e.release AS release,
       [m IN nodes(p) | CASE WHEN m.code CONTAINS ':' THEN m.code ELSE m.system + ':' + m.code END] AS via
"""


def get_concept(
    driver: Driver, database: str, system: str, code: str, version: str | None = None,
    *, max_children: int = MAX_CHILDREN,
) -> ConceptDetails:
    """A concept with its titles, parents, children and notes (each with the codes it cites)."""
    system = normalise_system(system)
    code = normalise_code(system, code)
    release = release_of(driver, database, system, version)

    def work(tx: ManagedTransaction) -> Any:
        return tx.run(
            _CONCEPT_QUERY, system=system, code=code, release=release["id"], max_children=max_children
        ).single()

    with driver.session(database=database, default_access_mode="READ") as session:
        row = session.execute_read(work)
    if row is None:
        raise ConceptNotFoundError(f"{code} is not a code of {system} in release {release['id']}")
    props = dict(row["concept"])
    notes: list[ConceptNote] = []
    for prop, note_type in NOTE_TYPES.items():
        for text in props.get(prop) or []:
            cited: list[NoteCitation] = [
                {"code": c["code"], "display": c["display"], "kind": c["kind"], "cited_as": c["cited_as"],
                 "with_children": c["with_children"]}
                for c in row["citations"]
                if c["note_type"] == note_type and c["note"] == text
            ]
            notes.append({"type": note_type, "text": text, "cited": cited})
    return {
        "system": system,
        "code": props["code"],
        "display": props["display"],
        "kind": props["kind"],
        "billable": props.get("billable"),
        "synonyms": props.get("synonyms") or [],
        "parents": row["parents"],
        "children": row["children"],
        "children_total": row["children_total"],
        "notes": notes,
        "seven_chr_def": props.get("seven_chr_def") or [],
        "active": props.get("active", True),
        "attributes": {k: props[k] for k in _ATTRIBUTES if props.get(k) not in (None, [], "")},
        "replaced_by": row["replaced_by"],
        "xrefs": row["xrefs"],
        "phenotypes": row["phenotypes"],
        "relationships": row["relationships"],
        "maps": row["maps"],
        "equivalents": equivalents(driver, database, row["id"], system, props["code"]),
        "release": release,
        "provenance": {
            "source": props.get("source"),
            "release": props.get("release"),
            "file": props.get("source_file"),
            "record": props.get("record"),
            "method": props.get("method"),
        },
    }


#: Equivalents shown per concept, nearest first.
MAX_EQUIVALENTS = 100
#: An ICD-10-CM concept the open ontologies do not cross-reference at its own level borrows its category's
#: (E11.9 → E11), looked for this many IS_A steps up.
_CATEGORY_STEPS = """
MATCH (c:Concept) WHERE elementId(c) = $id
MATCH p = (c)-[:IS_A*1..3]->(g:Concept) WHERE g.kind IN ['category', 'code']
RETURN elementId(g) AS id, g.code AS code ORDER BY length(p)
"""


def equivalents(driver: Driver, database: str, element_id: str, system: str, code: str) -> list[Equivalent]:
    """The concept's equivalents across systems, each with the path that links them and the level it was
    found at: the code's own (``code``), or — for an ICD-10-CM code no Mondo or Disease Ontology term
    cross-references — its nearest category's that one does (``category E11``). Linked, never merged:
    several equivalents of one system are all listed (a term cross-referencing I10 and I15)."""
    def walk(tx: ManagedTransaction, of: str) -> list[dict[str, Any]]:
        return [dict(r) for r in tx.run(EQUIVALENTS_QUERY, id=of, limit=MAX_EQUIVALENTS)]

    def shaped(rows: list[dict[str, Any]], level: str) -> list[Equivalent]:
        found: list[Equivalent] = []
        for r in rows:
            via: list[str] = []
            for step in r["via"]:
                if not via or via[-1] != step:  # a concept and its own Code are one step
                    via.append(step)
            found.append({"system": r["system"], "code": r["code"], "display": r["display"],
                          "release": r["release"], "level": level, "via": via})
        return found

    with driver.session(database=database, default_access_mode="READ") as session:
        rows = session.execute_read(walk, element_id)
        if system != "ICD10CM" or any(r["system"] in HUB_SYSTEMS for r in rows):
            return shaped(rows, "code")
        for ancestor in session.execute_read(lambda tx: list(tx.run(_CATEGORY_STEPS, id=element_id))):
            borrowed = session.execute_read(walk, ancestor["id"])
            if any(r["system"] in HUB_SYSTEMS for r in borrowed):
                return shaped(rows, "code") + shaped(borrowed, f"category {ancestor['code']}")
    return shaped(rows, "code")


def lucene_query(text: str) -> str | None:
    """A Lucene query for free text: every word required, prefix on each, fuzzy on long ones.

    >>> lucene_query("Heart failure")
    '+(heart^3 OR heart*) +(failure^3 OR failure* OR failure~1)'
    >>> lucene_query("!!") is None
    True
    """
    words = [w for w in re.findall(r"[0-9a-z]+", text.lower()) if w]
    if not words:
        return None
    clauses = []
    for w in words[:12]:
        parts = [f"{w}^3", f"{w}*"]
        if len(w) >= 6 and not w.isdigit():
            parts.append(f"{w}~1")
        clauses.append("+(" + " OR ".join(parts) + ")")
    return " ".join(clauses)


_SEARCH_QUERY = """
CALL db.index.fulltext.queryNodes('concept_names', $lucene, {limit: $fetch}) YIELD node, score
WHERE node.release IN $releases AND ($system IS NULL OR node.system = $system)
  AND ($kind IS NULL OR node.kind = $kind) AND ($active IS NULL OR coalesce(node.active, true) = $active)
RETURN node.system AS system, node.code AS code, node.display AS display, node.kind AS kind,
       node.billable AS billable, coalesce(node.active, true) AS active, node.release AS release, score
ORDER BY score DESC, size(node.code), node.code
LIMIT $limit
"""

# One seek per release on the (system, code, release) constraint: never a scan of a release's concepts.
_CODE_HITS = """
UNWIND $releases AS release
MATCH (c:Concept {system: $system, code: $code, release: release})
WHERE ($kind IS NULL OR c.kind = $kind) AND ($active IS NULL OR coalesce(c.active, true) = $active)
RETURN c.system AS system, c.code AS code, c.display AS display, c.kind AS kind,
       c.billable AS billable, coalesce(c.active, true) AS active, c.release AS release
"""

#: What a code of each system looks like once normalised (:func:`normalise_code`): a one-word search is
#: looked up as a code only in the systems whose shape it has.
CODE_SHAPES = {
    # Categories are a letter, a digit (or the A of QA0) and a digit or letter; blocks are ranges of them
    # (C7A-C7A, J40-J4A, Q00-QA0).
    "ICD10CM": re.compile(r"^[A-Z](?:[0-9][0-9A-Z]|A[0-9])(\.[0-9A-Z]{1,4})?$"
                          r"|^[A-Z](?:[0-9][0-9A-Z]|A[0-9])-[A-Z](?:[0-9][0-9A-Z]|A[0-9])$"),
    "SNOMEDCT": re.compile(r"^[1-9][0-9]{5,17}$"),
    "LOINC": re.compile(r"^(L[APG])?[0-9]{1,8}-[0-9]$"),
    "RXNORM": re.compile(r"^[0-9]{1,8}$"),
    "HPO": re.compile(r"^HP:[0-9]{7}$"),
    "UMLS": re.compile(r"^C[0-9]{7}$"),
    "OMIM": re.compile(r"^OMIM:[0-9]{6}$"),
    "ORPHA": re.compile(r"^ORPHA:[0-9]{1,7}$"),
    "DECIPHER": re.compile(r"^DECIPHER:[0-9]{1,6}$"),
    "SEMMEDDB": re.compile(r"^C[0-9]{7}$"),
    "MESH": re.compile(r"^D[0-9]{6,9}$"),
}


def code_candidates(word: str, system: str | None = None) -> list[tuple[str, str]]:
    """The (system, code) pairs a one-word query could be, by shape alone.

    >>> code_candidates("heart")
    []
    >>> code_candidates("e1122")
    [('ICD10CM', 'E11.22')]
    >>> code_candidates("HP:0001635")
    [('HPO', 'HP:0001635')]
    >>> code_candidates("2160-0")
    [('LOINC', '2160-0')]
    >>> code_candidates("go:0008150")
    [('GO', 'GO:0008150')]
    """
    word = word.strip()
    if not 0 < len(word) <= 32 or " " in word:
        return []
    prefix = word.split(":", 1)[0].upper() if ":" in word else None
    found = []
    for name in [system] if system else KNOWN_SYSTEMS:
        if prefix and name in ("OMIM", "ORPHA", "DECIPHER") and SYSTEM_ALIASES.get(prefix, prefix) != name:
            continue  # HP:0001635 is not ORPHA:0001635
        shape = CODE_SHAPES.get(name)
        code = normalise_code(name, word)
        if shape is None or shape.match(code):
            found.append((name, code))
    if prefix and not found:  # an ontology's term, e.g. GO:0008150: its system is named by its prefix
        from loaders.obo import system_of_ontology

        ontology = system_of_ontology(prefix)
        if ontology not in KNOWN_SYSTEMS and ONTOLOGY_SYSTEM.match(ontology) and system in (None, ontology):
            found.append((ontology, normalise_code(ontology, word)))
    return found


def current_release_ids(driver: Driver, database: str, system: str | None) -> list[str]:
    records, _, _ = driver.execute_query(
        ("MATCH (r:Release {" + SERVED_CURRENT + "}) "
         "WHERE $system IS NULL OR $system IN coalesce(r.systems, [r.system]) RETURN r.id AS id"),
        system=system, database_=database, routing_="r",
    )
    return [r["id"] for r in records]


def search(
    driver: Driver, database: str, text: str, *, system: str | None = None, limit: int = DEFAULT_SEARCH_HITS,
    kind: str | None = None, active: bool | None = None, version: str | None = None,
) -> list[SearchMatch]:
    """Ranked matches in the current releases (or ``version`` of ``system``): an exact code first, then
    titles and synonyms; ``kind`` and ``active`` filter."""
    system = normalise_system(system) if system else None
    if version is not None:
        if system is None:
            raise SearchInputError("a version needs a system", "version")
        releases = [release_of(driver, database, system, version)["id"]]
    else:
        releases = current_release_ids(driver, database, system)
    if not releases:
        if system is not None and system not in KNOWN_SYSTEMS:
            raise missing_release_error(driver, database, system, None)
        return []
    hits: list[SearchMatch] = []

    def work(tx: ManagedTransaction) -> None:
        for sys_name, code in code_candidates(text, system):
            for r in tx.run(_CODE_HITS, releases=releases, code=code, system=sys_name, kind=kind, active=active):
                if not any(h["code"] == r["code"] and h["system"] == r["system"] for h in hits):
                    hits.append(cast(SearchMatch, {**r.data(), "score": None, "matched": "code"}))
        lucene = lucene_query(text)
        if lucene:
            rows = tx.run(
                _SEARCH_QUERY, lucene=lucene, releases=releases, system=system, fetch=limit * 5 + 50, limit=limit,
                kind=kind, active=active,
            )
            for r in rows:
                if not any(h["code"] == r["code"] and h["system"] == r["system"] for h in hits):
                    hits.append(cast(SearchMatch, {**r.data(), "matched": "text"}))

    with driver.session(database=database, default_access_mode="READ") as session:
        session.execute_read(work)
    return hits[:limit]

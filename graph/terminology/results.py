"""What the terminology services answer, declared once.

The API renders these shapes through its models (``api/models.py``), and
``tests/unit/test_result_types.py`` keeps each model's fields equal to the keys here. They are
TypedDicts, so an answer is still the plain dict the API and the CLI always got (the JSON does not
change), while mypy checks every dict a service builds against its shape. Pure: no Neo4j.
"""

# No ``from __future__ import annotations``: Python 3.11's TypedDict tells NotRequired keys only from
# evaluated annotations (``__required_keys__`` would list every key).
from typing import Any, NotRequired, TypedDict


class ServedRelease(TypedDict):
    """The complete release an answer is read from (the projection of :func:`graph.store.releases.resolve_release`)."""

    id: str
    system: str
    version: str
    title: str | None
    current: bool
    finished_at: str | None


class SourceRecord(TypedDict):
    """Where a concept was read from: the source, its release, the file and the record in it."""

    source: str | None
    release: str | None
    file: str | None
    record: str | None
    method: str | None


class RelatedConcept(TypedDict):
    """A parent or a child of a concept."""

    code: str
    display: str
    kind: str
    billable: bool | None


class NoteCitation(TypedDict):
    """A code an instructional note cites, as the note writes it (``cited_as``)."""

    code: str
    display: str
    kind: str
    cited_as: str
    with_children: bool | None


class ConceptNote(TypedDict):
    type: str
    text: str
    cited: list[NoteCitation]


class CrossReference(TypedDict):
    system: str
    code: str


class AnnotatedPhenotype(TypedDict):
    """One disease–phenotype annotation of a concept; a ``negated`` one is evidence against."""

    code: str
    display: str
    negated: bool
    evidence: str | None
    frequency: str | None
    frequency_value: float | None
    onset: str | None
    sex: str | None
    aspect: str | None
    #: Empty for a row that cites nothing (the writer stores no empty list; the query gives ``[]`` back)
    references: list[str]
    record: str | None


class ReplacingConcept(TypedDict):
    """What replaces an inactive concept, and the association that says so."""

    code: str
    display: str
    kind: str
    association: str | None


class ConceptAttribute(TypedDict):
    """A SNOMED CT attribute relationship; attributes of one role group belong together."""

    attribute: str
    type_id: str
    role_group: int
    code: str
    display: str


class MapRow(TypedDict):
    """A SNOMED CT → ICD-10-CM map row of a concept (this concept to the target)."""

    system: str
    code: str
    display: str | None
    map_group: int
    map_priority: int
    map_rule: str | None
    map_advice: str | None


class Equivalent(TypedDict):
    """A concept (or a bare identity: ``display`` and ``release`` null) sharing a concept's identity across
    systems, the path of ``SYSTEM:CODE`` steps that links them, and the level it was found at (``code``, or
    ``category E11`` when borrowed from the category)."""

    system: str
    code: str
    display: str | None
    release: str | None
    level: str
    via: list[str]


class ConceptDetails(TypedDict):
    """A concept in full, as :func:`graph.terminology.concepts.get_concept` reads it from one release."""

    system: str
    code: str
    display: str
    kind: str
    billable: bool | None
    synonyms: list[str]
    parents: list[RelatedConcept]
    children: list[RelatedConcept]
    children_total: int
    notes: list[ConceptNote]
    seven_chr_def: list[str]
    active: bool
    attributes: dict[str, str | bool | list[str]]
    replaced_by: list[ReplacingConcept]
    xrefs: list[CrossReference]
    phenotypes: list[AnnotatedPhenotype]
    relationships: list[ConceptAttribute]
    maps: list[MapRow]
    equivalents: list[Equivalent]
    release: ServedRelease
    provenance: SourceRecord


class SearchMatch(TypedDict):
    """A search hit: ``matched`` is ``code`` for an exact code (``score`` null) or ``text``."""

    system: str
    code: str
    display: str
    kind: str
    billable: bool | None
    active: bool
    release: str
    score: float | None
    matched: str


class SearchResults(TypedDict):
    query: str
    system: str | None
    count: int
    hits: list[SearchMatch]


class ReachedIngredient(TypedDict):
    """An ingredient (TTY IN) and the RxNorm relationship attributes walked to reach it."""

    rxcui: str
    name: str
    tty: str
    steps: int
    via: list[str]


class IngredientNormalisation(TypedDict):
    rxcui: str
    display: str
    tty: str
    ingredients: list[ReachedIngredient]
    release: str


class LookupDesignation(TypedDict):
    use: str
    value: str


class CodeProperty(TypedDict):
    """A FHIR ``$lookup`` property: parent, child, inactive, billable or replaced-by."""

    code: str
    value: str | bool


class LookupResult(TypedDict):
    system: str
    code: str
    name: str
    version: str
    release: str
    display: str
    kind: str
    active: bool
    designations: list[LookupDesignation]
    properties: list[CodeProperty]
    children_total: int
    provenance: SourceRecord


class ReleaseCode(TypedDict):
    """A code and the release a ``$validate-code`` asked about."""

    system: str
    code: str
    release: str
    version: str


class SuccessorCode(TypedDict):
    code: str
    display: str | None
    association: str | None


class OtherRelease(TypedDict):
    """A complete release that holds a code the release asked about does not."""

    release: str
    version: str
    display: str


class CodeValidation(ReleaseCode):
    """A ``$validate-code`` answer; the concept's own fields only when the release holds the code."""

    result: bool
    reason: str | None
    message: str
    display: NotRequired[str]
    active: NotRequired[bool]
    billable: NotRequired[bool | None]
    replaced_by: list[SuccessorCode]
    other_releases: NotRequired[list[OtherRelease]]


class Subsumption(TypedDict):
    """A ``$subsumes`` answer; ``steps`` only when one code is an ancestor of the other."""

    system: str
    codeA: str
    codeB: str
    release: str
    outcome: str
    path: list[str]
    steps: NotRequired[int]


class TranslationMatch(TypedDict):
    system: str
    code: str
    display: str | None
    release: str | None
    via: str
    direction: str
    relationship: str
    bridge: str | None
    detail: dict[str, Any]


class Translation(TypedDict):
    system: str
    code: str
    target: str
    release: str
    result: bool
    matches: list[TranslationMatch]


class DescendantConcept(TypedDict):
    code: str
    display: str
    kind: str | None
    billable: bool | None
    active: bool


class Expansion(TypedDict):
    system: str
    code: str
    display: str
    release: str
    depth: int
    active_only: bool
    total: int
    truncated: bool
    contains: list[DescendantConcept]

"""Pydantic models of what the HTTP API returns (and nothing it does not)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from graph.relevance.answers import MAX_DIAGNOSES, MAX_FINDINGS, MAX_ITEMS
from graph.review.free_cypher import (
    DEFAULT_ROWS,
    DEFAULT_TIMEOUT_SECONDS,
    MAX_QUERY_CHARS,
    MAX_ROWS,
    MAX_TIMEOUT_SECONDS,
)
from graph.terminology.systems import MAX_CODE_LENGTH, MAX_SYSTEM_LENGTH
from graph.verification.verifier import (
    MAX_BATCH,
    MAX_CANDIDATES,
    MAX_CONTEXT,
    MAX_HIERARCHY_STEPS,
    MAX_NAME_LENGTH,
    SOURCES,
)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Problem(Strict):
    """One error shape for every failure: a status, a short title and a detail a user can act on."""

    status: int
    title: str
    detail: str


class SourceFileOut(Strict):
    name: str
    size: int
    sha256: str


class ReleaseOut(Strict):
    #: The instance: the release id, or ``ID+n`` for a reload built beside it (issue 18).
    id: str
    #: The release every instance of it shares (``ICD10CM@2026``).
    name: str | None = None
    system: str
    systems: list[str] = []
    version: str
    title: str | None = None
    status: str
    current: bool
    loader: str | None = None
    loader_version: str | None = None
    started_at: str | None = None
    finished_at: str | None = None
    error: str | None = None
    report: list[str] = []
    #: The instance that replaced this one (a superseded instance, listed with include_incomplete).
    superseded_by: str | None = None
    #: A reload discarded because it held exactly what this serving instance holds.
    identical_to: str | None = None
    #: Fingerprint of what the load's parse yielded (order-independent; see ``loaders.records.ContentDigest``).
    content_sha256: str | None = None
    #: When a reload of identical content last confirmed this instance.
    reloaded_at: str | None = None
    files: list[SourceFileOut] = []


class DerivedLayerOut(Strict):
    """A layer built from releases by a job (issue 18): what it stands on and whether that still holds."""

    #: ``ExtractionRun``, ``SpecialtyMap`` or ``LinkRun``.
    kind: str
    id: str
    status: str | None = None
    #: Whether queries answer from it (the completed extraction runs, the current map and link run).
    in_use: bool
    #: The release instances it was built from (``ICD10CM@2026``, ``ICD10CM@2026+2``).
    releases: list[str] = []
    stale: bool
    stale_because: str | None = None
    #: The command that rebuilds it on the releases now current.
    rebuild: str
    finished_at: str | None = None


class ReleaseRef(Strict):
    id: str
    system: str
    version: str
    title: str | None = None
    current: bool
    finished_at: str | None = None


class ConceptRef(Strict):
    code: str
    display: str
    kind: str
    billable: bool | None = None


class CitedConcept(Strict):
    code: str
    display: str
    kind: str
    cited_as: str
    with_children: bool | None = None


class Note(Strict):
    type: str
    text: str
    cited: list[CitedConcept]


class Provenance(Strict):
    source: str | None
    release: str | None
    file: str | None
    record: str | None
    method: str | None


class CodeRef(Strict):
    system: str
    code: str


class PhenotypeAnnotation(Strict):
    """One disease–phenotype annotation row; ``negated`` rows are evidence *against*."""

    code: str
    display: str
    negated: bool
    evidence: str | None = None
    frequency: str | None = None
    frequency_value: float | None = None
    onset: str | None = None
    sex: str | None = None
    aspect: str | None = None
    references: list[str] = []
    record: str | None = None


class Replacement(Strict):
    code: str
    display: str
    kind: str
    association: str | None = None


class AttributeRelationship(Strict):
    """A SNOMED CT attribute (finding site, due to, …); one role group's attributes belong together."""

    attribute: str
    type_id: str
    role_group: int
    code: str
    display: str


class MapTarget(Strict):
    """A SNOMED CT → ICD-10-CM map row (direction explicit: this concept to the target)."""

    system: str
    code: str
    display: str | None
    map_group: int
    map_priority: int
    map_rule: str | None
    map_advice: str | None


class EquivalentOut(Strict):
    """A concept of another system (or a bare identity no loaded release defines: ``display`` null) linked to
    this one through the crosswalk, with the path of ``SYSTEM:CODE`` steps and the level it was found at
    (``code``, or ``category E11`` when the code's category is the one cross-referenced)."""

    system: str
    code: str
    display: str | None
    release: str | None
    level: str
    via: list[str]


class ConceptOut(Strict):
    system: str
    code: str
    display: str
    kind: str
    billable: bool | None
    synonyms: list[str]
    parents: list[ConceptRef]
    children: list[ConceptRef]
    children_total: int
    notes: list[Note]
    seven_chr_def: list[str]
    active: bool
    attributes: dict[str, str | bool | list[str]]
    replaced_by: list[Replacement]
    xrefs: list[CodeRef]
    phenotypes: list[PhenotypeAnnotation]
    relationships: list[AttributeRelationship]
    maps: list[MapTarget]
    equivalents: list[EquivalentOut]
    release: ReleaseRef
    provenance: Provenance


class SearchHit(Strict):
    system: str
    code: str
    display: str
    kind: str
    billable: bool | None = None
    active: bool = True
    release: str
    score: float | None
    matched: str


class SearchOut(Strict):
    query: str
    system: str | None
    count: int
    hits: list[SearchHit]


class HealthOut(Strict):
    status: str
    neo4j: str
    releases: int


class Ingredient(Strict):
    rxcui: str
    name: str
    tty: str
    steps: int
    via: list[str]


class IngredientsOut(Strict):
    rxcui: str
    display: str
    tty: str
    ingredients: list[Ingredient]
    release: str


# --- verification -------------------------------------------------------------------------------

class ConceptRefIn(Strict):
    """A concept by code (``{system, code}``: ICD10CM, SNOMEDCT, LOINC, RXNORM, HPO, UMLS …) or by ``name``."""

    system: str | None = Field(default=None, max_length=MAX_SYSTEM_LENGTH)
    code: str | None = Field(default=None, max_length=MAX_CODE_LENGTH)
    name: str | None = Field(default=None, max_length=MAX_NAME_LENGTH)


class ThresholdsIn(Strict):
    """What evidence counts. The defaults reproduce the published EHR-QA rule on SemMedDB."""

    min_pmids: int = Field(default=1, ge=1, le=10_000, description="distinct PMIDs a literature edge needs")
    ignore_generic: bool = Field(default=False, description="do not count edges with a SemMedDB generic concept")
    hierarchy_steps: int = Field(default=0, ge=0, le=MAX_HIERARCHY_STEPS,
                                 description="IS A steps to a more general subject or a more specific object")
    sources: list[str] = Field(default_factory=lambda: ["literature"], min_length=1, max_length=len(SOURCES),
                               description="evidence that decides the verdict: literature, ontology")


class VerifyIn(Strict):
    subject: ConceptRefIn
    predicate: str = Field(min_length=1, max_length=64,
                           description="a group (cause, affect, associate, treat, has_finding), an inverse "
                                       "(TREATED_BY …) or one SemMedDB predicate (CAUSES …)")
    object: ConceptRefIn
    context: list[ConceptRefIn] = Field(default_factory=list, max_length=MAX_CONTEXT,
                                        description="background concepts of the record; negative evidence "
                                                    "between one of them and the object makes a claim conflicting")
    thresholds: ThresholdsIn = Field(default_factory=ThresholdsIn)


class VerifyBatchIn(Strict):
    items: list[VerifyIn] = Field(min_length=1, max_length=MAX_BATCH)


class DistractorsIn(Strict):
    subject: ConceptRefIn
    predicate: str = Field(min_length=1, max_length=64)
    candidates: list[ConceptRefIn] = Field(min_length=1, max_length=MAX_CANDIDATES)
    context: list[ConceptRefIn] = Field(default_factory=list, max_length=MAX_CONTEXT)
    thresholds: ThresholdsIn = Field(default_factory=ThresholdsIn)


class ConceptBrief(Strict):
    system: str
    code: str
    display: str | None = None
    release: str | None = None


class NameMatch(Strict):
    system: str
    code: str
    display: str | None = None
    score: float | None = None


class ResolutionOut(Strict):
    input: dict[str, str | None]
    resolved: bool
    method: str
    concepts: list[ConceptBrief]
    cuis: list[str]
    name_matches: list[NameMatch] = []


class EvidenceSource(Strict):
    release: str | None = None
    type: str
    key: str | None = None
    file: str | None = None
    record: str | None = None


class EvidenceOut(Strict):
    kind: str = Field(description="literature or ontology")
    role: str = Field(description="claim: between subject and object; context: a context concept and the object")
    polarity: str = Field(description="positive (for) or negative (against)")
    relation: str | None
    from_: ConceptBrief = Field(alias="from")
    to: ConceptBrief
    support: str = Field(description="direct, or through a more general subject / more specific object")
    steps: int
    through: list[str] = Field(description="the more general / more specific concepts the support went through")
    crosswalk: list[str] = Field(default_factory=list,
                                 description="ends reached from the given code through the UMLS crosswalk or a "
                                             "cross-reference rather than being its own concept")
    counted: bool
    not_counted_because: str | None = None
    context_index: int | None = None
    source: EvidenceSource
    details: dict[str, Any]


class PredicateOut(Strict):
    requested: str
    group: str
    reversed: bool
    semmeddb: list[str]
    semmeddb_reverse: list[str]
    ontology: list[str]


class VerifyOut(Strict):
    verdict: str = Field(description="supported, contradicted, conflicting, unsupported or unresolved")
    keep: bool = Field(description="the published rule's decision: keep only supported relations")
    explanation: str
    subject: ResolutionOut
    object: ResolutionOut
    context: list[ResolutionOut]
    predicate: PredicateOut
    thresholds: dict[str, Any]
    evidence: list[EvidenceOut]


class ItemError(Strict):
    index: int
    field: str
    detail: str


class BatchItemOut(Strict):
    index: int
    result: VerifyOut | None = None
    error: ItemError | None = None


class VerifyBatchOut(Strict):
    results: list[BatchItemOut]
    counts: dict[str, int]


class CandidateOut(Strict):
    candidate: str
    drop: bool
    supported: bool
    supported_for: list[str]
    resolved: ResolutionOut | None = None
    evidence: list[dict[str, Any]]
    errors: list[dict[str, Any]]


class DistractorsOut(Strict):
    subject: str
    predicate: str
    candidates: list[CandidateOut]


class FindingRefIn(Strict):
    system: str = Field(max_length=MAX_SYSTEM_LENGTH, examples=["HPO"])
    code: str = Field(min_length=1, max_length=MAX_CODE_LENGTH, examples=["HP:0000103"])


class RelevanceIn(Strict):
    """A patient as diagnosis codes (and optionally findings), or the items a patient was built from."""

    diagnoses: list[str] = Field(default_factory=list, max_length=MAX_DIAGNOSES,
                                 examples=[["E11.22", "N18.3", "I11.0"]])
    findings: list[FindingRefIn] = Field(default_factory=list, max_length=MAX_FINDINGS)
    items: list[str] = Field(default_factory=list, max_length=MAX_ITEMS)
    specialty: str | None = Field(default=None, max_length=60, examples=["Nephrology"])


class RelevanceOut(Strict):
    model_config = ConfigDict(extra="allow")

    patient: dict[str, Any]
    specialties_involved: list[str]
    links: list[dict[str, Any]]
    specialty_map: str
    results: list[dict[str, Any]]


# --- terminology operations (FHIR-shaped) ------------------------------------------------------------

class Designation(Strict):
    use: str
    value: str


class LookupProperty(Strict):
    code: str = Field(description="parent, child, inactive, billable or replaced-by")
    value: str | bool


class LookupOut(Strict):
    system: str
    code: str
    name: str
    version: str
    release: str
    display: str
    kind: str
    active: bool
    designations: list[Designation]
    properties: list[LookupProperty]
    children_total: int
    provenance: dict[str, Any]


class CodeReplacement(Strict):
    code: str
    display: str | None = None
    association: str | None = None


class ValidateCodeOut(Strict):
    system: str
    code: str
    release: str
    version: str
    result: bool = Field(description="whether the code is valid (and active) in the release")
    reason: str | None = Field(description="unknown-code, not-in-release, inactive, display-mismatch, "
                                           "not-billable (valid, but a category), or null")
    message: str
    display: str | None = None
    active: bool | None = None
    billable: bool | None = None
    replaced_by: list[CodeReplacement] = Field(default_factory=list)
    other_releases: list[dict[str, Any]] = Field(default_factory=list)


class SubsumesOut(Strict):
    system: str
    codeA: str  # noqa: N815 - the FHIR parameter names
    codeB: str  # noqa: N815
    release: str
    outcome: str = Field(description="equivalent, subsumes (A is an ancestor of B), subsumed-by or not-subsumed")
    path: list[str] = Field(description="the IS_A path that shows it, from the more specific code up")
    steps: int | None = None


class TranslateMatch(Strict):
    system: str
    code: str
    display: str | None
    release: str | None
    via: str = Field(description="map (MAPS_TO), xref (a term's cross-reference) or umls (a shared CUI)")
    direction: str = Field(description="source-to-target, target-to-source or shared-concept")
    relationship: str
    bridge: str | None = Field(description="the UMLS CUI both codes belong to (via umls)")
    detail: dict[str, Any]


class TranslateOut(Strict):
    system: str
    code: str
    target: str
    release: str
    result: bool
    matches: list[TranslateMatch]


class ExpansionItem(Strict):
    code: str
    display: str
    kind: str | None = None
    billable: bool | None = None
    active: bool


class ExpandOut(Strict):
    system: str
    code: str
    display: str
    release: str
    depth: int
    active_only: bool
    total: int
    truncated: bool
    contains: list[ExpansionItem]


# --- read-only Cypher ---------------------------------------------------------------------------------

class CypherIn(Strict):
    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS, examples=["MATCH (r:Release) RETURN r.id, r.status"])
    parameters: dict[str, Any] = Field(default_factory=dict, max_length=50)
    timeout_seconds: float = Field(default=DEFAULT_TIMEOUT_SECONDS, gt=0, le=MAX_TIMEOUT_SECONDS)
    max_rows: int = Field(default=DEFAULT_ROWS, ge=1, le=MAX_ROWS)

    @field_validator("query")
    @classmethod
    def unicode_text(cls, query: str) -> str:
        if _has_lone_surrogate(query):
            raise ValueError("the query holds a lone surrogate (not valid Unicode)")
        return query

    @field_validator("parameters")
    @classmethod
    def cypher_values(cls, parameters: dict[str, Any]) -> dict[str, Any]:
        """Values Cypher can take, or the caller's error (422) naming where: 64-bit integers, valid Unicode,
        at most :data:`MAX_PARAMETER_DEPTH` levels of lists and maps (walked without recursion)."""
        stack: list[tuple[Any, str, int]] = [(value, key, 1) for key, value in parameters.items()]
        while stack:
            value, where, depth = stack.pop()
            if depth > MAX_PARAMETER_DEPTH:
                raise ValueError(f"{where}: nested over {MAX_PARAMETER_DEPTH} levels")
            if isinstance(value, int) and not isinstance(value, bool) and not _INT64[0] <= value <= _INT64[1]:
                raise ValueError(f"{where}: integer out of Cypher's 64-bit range")
            if isinstance(value, str) and _has_lone_surrogate(value):
                raise ValueError(f"{where}: text with a lone surrogate (not valid Unicode)")
            if isinstance(value, dict):
                for key, item in value.items():
                    if _has_lone_surrogate(key):
                        raise ValueError(f"{where}: a key with a lone surrogate (not valid Unicode)")
                    stack.append((item, f"{where}.{key}", depth + 1))
            elif isinstance(value, list):
                stack.extend((item, f"{where}[{i}]", depth + 1) for i, item in enumerate(value))
        return parameters


MAX_PARAMETER_DEPTH = 32


def _has_lone_surrogate(text: str) -> bool:
    """Whether ``text`` holds a UTF-16 surrogate on its own, which JSON's ``\\ud800`` escapes can make
    and nothing can encode as UTF-8 (the driver would fail on it)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


_INT64 = (-(2**63), 2**63 - 1)


class CypherOut(Strict):
    columns: list[str]
    rows: list[list[Any]]
    row_count: int
    truncated: bool
    query_type: str
    limits: dict[str, float] = Field(description="timeout_seconds, max_rows and max_bytes in force")


# --- admin jobs -----------------------------------------------------------------------------------------

class JobIn(Strict):
    kind: str = Field(description="load, schema, specialties, links or extract", examples=["load"])
    source: str | None = Field(default=None, max_length=32, description="for load: the loader, e.g. icd10cm")
    path: str | None = Field(default=None, max_length=1000,
                             description="for load: a release file or folder on the server; bundled data if empty")


class JobOut(Strict):
    id: str
    kind: str
    arguments: list[str]
    status: str = Field(description="running, succeeded or failed")
    started_at: str
    finished_at: str | None = None
    exit_code: int | None = None
    requested_by: str
    output_tail: list[str] = Field(default_factory=list)

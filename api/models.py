"""Pydantic models of what the HTTP API returns (and nothing it does not)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


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
    id: str
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
    files: list[SourceFileOut] = []


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
    release: ReleaseRef
    provenance: Provenance


class SearchHit(Strict):
    system: str
    code: str
    display: str
    kind: str
    billable: bool | None = None
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

    system: str | None = Field(default=None, max_length=32)
    code: str | None = Field(default=None, max_length=64)
    name: str | None = Field(default=None, max_length=200)


class ThresholdsIn(Strict):
    """What evidence counts. The defaults reproduce the published EHR-QA rule on SemMedDB."""

    min_pmids: int = Field(default=1, ge=1, le=10_000, description="distinct PMIDs a literature edge needs")
    ignore_generic: bool = Field(default=False, description="do not count edges with a SemMedDB generic concept")
    hierarchy_steps: int = Field(default=0, ge=0, le=3,
                                 description="IS A steps to a more general subject or a more specific object")
    sources: list[str] = Field(default_factory=lambda: ["literature"], min_length=1, max_length=2,
                               description="evidence that decides the verdict: literature, ontology")


class VerifyIn(Strict):
    subject: ConceptRefIn
    predicate: str = Field(min_length=1, max_length=64,
                           description="a group (cause, affect, associate, treat, has_finding), an inverse "
                                       "(TREATED_BY …) or one SemMedDB predicate (CAUSES …)")
    object: ConceptRefIn
    context: list[ConceptRefIn] = Field(default_factory=list, max_length=20,
                                        description="background concepts of the record; negative evidence "
                                                    "between one of them and the object makes a claim conflicting")
    thresholds: ThresholdsIn = Field(default_factory=ThresholdsIn)


class VerifyBatchIn(Strict):
    items: list[VerifyIn] = Field(min_length=1, max_length=1000)


class DistractorsIn(Strict):
    subject: ConceptRefIn
    predicate: str = Field(min_length=1, max_length=64)
    candidates: list[ConceptRefIn] = Field(min_length=1, max_length=100)
    context: list[ConceptRefIn] = Field(default_factory=list, max_length=20)
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
    system: str = Field(max_length=20, examples=["HPO"])
    code: str = Field(min_length=1, max_length=64, examples=["HP:0000103"])


class RelevanceIn(Strict):
    """A patient as diagnosis codes (and optionally findings), or the items a patient was built from."""

    diagnoses: list[str] = Field(default_factory=list, max_length=50, examples=[["E11.22", "N18.3", "I11.0"]])
    findings: list[FindingRefIn] = Field(default_factory=list, max_length=200)
    items: list[str] = Field(default_factory=list, max_length=200)
    specialty: str | None = Field(default=None, max_length=60, examples=["Nephrology"])


class RelevanceOut(Strict):
    model_config = ConfigDict(extra="allow")

    patient: dict[str, Any]
    specialties_involved: list[str]
    links: list[dict[str, Any]]
    specialty_map: str
    results: list[dict[str, Any]]

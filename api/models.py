"""Pydantic models of what the HTTP API returns (and nothing it does not)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


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

"""What specialty relevance and the links' recovery evaluation answer, declared once.

The API renders :class:`SpecialtyRelevance` through ``RelevanceOut`` (``api/models.py``), and
``tests/unit/test_result_types.py`` keeps the model's fields equal to its keys; the CLI prints
:class:`RelationsReport`. They are TypedDicts, so an answer is still the plain dict it always was
while mypy checks every dict built against its shape; keys that are Python keywords (``class``,
``from``) make the functional form necessary there. Pure: no Neo4j.
"""

# No ``from __future__ import annotations``: Python 3.11's TypedDict tells NotRequired keys only from
# evaluated annotations (``__required_keys__`` would list every key).
from typing import NotRequired, TypedDict

#: A link of the current link run between two of a patient's diagnosis codes (``a`` → ``b``), with the codes
#: that hold it, its class, method, evidence and record; ``organ`` for a shared organ-level finding site.
DiagnosisLink = TypedDict("DiagnosisLink", {
    "a": str,
    "b": str,
    "from_code": str,
    "to_code": str,
    "class": int,
    "method": str,
    "organ": NotRequired[str],
    "evidence": str | None,
    "reference": str | None,
    "record": str | None,
    "source": str | None,
    "run": str,
})


class SpecialtyHome(TypedDict):
    """A HOME_SPECIALTY edge of the current specialty map: the rule that gives a code its specialty."""

    specialty: str
    rule: str | None
    codes: str | None
    rationale: str | None


class MappedDiagnosis(TypedDict):
    """The SNOMED CT diagnosis an ICD-10-CM code of the patient was mapped from."""

    system: str
    code: str
    display: str | None
    map_advice: str | None


class PatientDiagnosis(TypedDict):
    code: str
    display: str | None
    homes: list[SpecialtyHome]
    mapped_from: NotRequired[MappedDiagnosis]


class PatientFinding(TypedDict):
    system: str
    code: str
    display: str


class RelevancePatient(TypedDict):
    diagnoses: list[PatientDiagnosis]
    findings: list[PatientFinding]


class DiagnosisRef(TypedDict):
    code: str
    display: str | None


#: The HAS_FINDING edge a finding came from: the diagnosis code it leaves, and the edge's key.
FindingEdge = TypedDict("FindingEdge", {"from": str, "key": str})


class FindingSource(TypedDict):
    """The present diagnosis a finding is known for, and the edge that says so."""

    owner: DiagnosisRef
    relationship_type: str | None
    frequency: str | None
    finding_edge: FindingEdge


class FindingPath(FindingSource):
    """Why a finding reaches a specialty: its source, and the home or the link that joins it."""

    explanation: str
    home: NotRequired[SpecialtyHome]
    link: NotRequired[DiagnosisLink]
    linked_diagnosis: NotRequired[DiagnosisRef]


class TieredFinding(PatientFinding):
    """A finding in its best tier for one specialty, with the path that put it there (none when excluded)."""

    tier: str
    critical: bool
    explanation: str
    owner: NotRequired[DiagnosisRef]
    relationship_type: NotRequired[str | None]
    frequency: NotRequired[str | None]
    finding_edge: NotRequired[FindingEdge]
    home: NotRequired[SpecialtyHome]
    link: NotRequired[DiagnosisLink]
    linked_diagnosis: NotRequired[DiagnosisRef]


class SpecialtyTiers(TypedDict):
    """The patient's findings tiered for one specialty; ``abstention`` says why when nothing is relevant."""

    specialty: str
    owns: list[str]
    abstain: bool
    abstention: str | None
    tiers: dict[str, list[TieredFinding]]
    counts: dict[str, int]


class SpecialtyRelevance(TypedDict):
    """The answer of :func:`graph.relevance.answers.relevance`."""

    patient: RelevancePatient
    specialties_involved: list[str]
    links: list[DiagnosisLink]
    specialty_map: str
    results: list[SpecialtyTiers]


#: A link of the current run found between the two sides of a required pair.
RecoveredLink = TypedDict("RecoveredLink", {
    "from": str,
    "to": str,
    "class": int,
    "method": str,
    "evidence": str | None,
    "reference": str | None,
})

#: An ICD-10-CM note between the two sides of a pair the links missed.
BetweenNote = TypedDict("BetweenNote", {"from": str, "to": str, "note_type": str, "note": str})


class PairBetween(TypedDict):
    """What the graph does hold between the two sides of a missed pair."""

    notes: list[BetweenNote]
    shared_findings: list[str]
    common_ancestor: str | None


class PairReport(TypedDict):
    """One required pair: whether the links recovered it, how, and for a miss what lies between its sides."""

    id: str
    line: int
    a: str
    b: str
    resolved: list[str | None]
    expected_class: int
    specialty: str
    hit: bool
    classes_found: list[int]
    class_agrees: bool
    curated_only: bool
    links: list[RecoveredLink]
    resolution: NotRequired[dict[str, str]]
    between: NotRequired[PairBetween]


class ClassRecall(TypedDict):
    pairs: int
    hits: int
    curated_only: int
    class_agrees: int
    recall: float


class RelationsReport(TypedDict):
    """The answer of :func:`graph.relevance.evaluation.evaluate_relations` (``clinigraph evaluate relations``)."""

    link_run: str
    pairs: int
    recovered: int
    recall: float
    hits_needing_curated_links: int
    class_agreement_among_hits: float | None
    unresolved: list[str]
    by_class: dict[str, ClassRecall]
    hits: list[PairReport]
    misses: list[PairReport]

"""What a provenance chain answers, declared once.

The provenance routes send these as they are (no response model: a chain's depth depends on the
data), so the declaration here is the only one. They are TypedDicts, so a chain stays the plain
dict it always was while mypy checks every dict built against its shape. Fields read straight from
a node's properties are ``None`` where the node lacks them. Pure: no Neo4j.
"""

# No ``from __future__ import annotations``: Python 3.11's TypedDict tells NotRequired keys only from
# evaluated annotations (``__required_keys__`` would list every key).
from typing import Any, TypedDict, final

from graph.terminology.results import SourceRecord

#: The PROV-O JSON-LD document of a chain: the context, and the entities, activities and agents.
ProvDocument = TypedDict("ProvDocument", {"@context": dict[str, str], "@graph": list[dict[str, Any]]})


class ReleaseFile(TypedDict):
    name: str
    sha256: str
    size: int


class ReleaseNode(TypedDict, total=False):
    """A concept's release node as read (nothing when the node is gone)."""

    id: str
    version: str
    status: str
    current: bool
    title: str | None
    loader: str | None
    loader_version: str | None


class ChainRelease(ReleaseNode):
    """The release a concept belongs to, with its files."""

    files: list[ReleaseFile]


class ConceptProvenance(TypedDict):
    """A concept, its release and record, and ``stale``: why it no longer holds (inactive, replaced, or
    in a release that is no longer current)."""

    system: str
    code: str
    display: str | None
    kind: str | None
    active: bool
    release: ChainRelease
    provenance: SourceRecord
    stale: list[str]


class SourceDocument(TypedDict):
    """A document an item was ingested from, and the item's line in it."""

    id: str
    title: str | None
    name: str | None
    sha256: str
    line: int | None
    ingested_at: str | None


class ItemVersion(TypedDict):
    """One version of an item, with its documents; ``stale`` when a newer version superseded it."""

    uid: str
    item_id: str
    version: str
    kind: str | None
    status: str
    superseded_by: str | None
    text: str | None
    sections: dict[str, Any]
    ingested_at: str | None
    superseded_at: str | None
    documents: list[SourceDocument]
    stale: list[str]


class ItemVersionRef(TypedDict):
    uid: str
    version: str
    status: str
    superseded_by: str | None
    ingested_at: str | None


class ItemSummary(TypedDict):
    uid: str | None
    item_id: str | None
    version: str | None
    kind: str | None
    status: str | None
    superseded_by: str | None
    ingested_at: str | None


class RunRecord(TypedDict):
    """An extraction run as recorded, with ``stale``: why its output no longer holds."""

    id: str
    job: str
    job_version: str
    parameters: dict[str, Any]
    input: str | None
    items: list[str] | None
    releases: list[str] | None
    status: str
    superseded_by: str | None
    error: str | None
    counts: dict[str, Any]
    stale_because: str | None
    started_at: str | None
    finished_at: str | None
    stale: list[str]


class RunSummary(TypedDict):
    id: str | None
    job: str | None
    job_version: str | None
    status: str | None
    started_at: str | None
    finished_at: str | None
    superseded_by: str | None
    releases: list[str] | None


class MentionSpan(TypedDict):
    """Where in the item the mention is (``sections.<name>[i]`` or ``text``), and the text there."""

    field: str | None
    start: int | None
    end: int | None
    text: str | None


class MentionGrounding(TypedDict):
    """The grounding cascade's decision for a mention, with every step it took."""

    outcome: str | None
    method: str | None
    score: float | None
    reason: str | None
    steps: list[str] | None
    proposed_system: str | None
    proposed_code: str | None
    proposed_by: str | None


@final  # final, so that ``"edge" in chain`` tells an EdgeChain from a MentionChain to mypy
class MentionChain(TypedDict):
    id: str
    text: str
    category: str
    negated: bool
    role: str | None
    finding_type: str | None
    relevance: str | None
    origin: str | None
    span: MentionSpan
    grounding: MentionGrounding
    concept: ConceptProvenance | None
    item: ItemSummary | None
    documents: list[SourceDocument]
    run: RunSummary | None
    stale: list[str]


@final
class EdgeChain(TypedDict):
    """A diagnosis–finding edge (its properties, with ``type``) back to its concepts, mentions, items,
    documents and run."""

    edge: dict[str, Any]
    diagnosis: ConceptProvenance | None
    finding: ConceptProvenance | None
    mentions: list[MentionChain]
    items: list[ItemSummary]
    documents: list[SourceDocument]
    run: RunRecord | None
    stale: list[str]


class ItemChain(TypedDict):
    item: ItemVersion | None
    versions: list[ItemVersionRef]
    mentions: list[MentionChain]


class ConceptChain(TypedDict):
    """A concept's provenance and what extraction grounded to it (a sample of the mentions and edges)."""

    concept: ConceptProvenance
    grounded_mentions: int
    mention_sample: list[str]
    diagnosis_finding_edges: list[str]

"""What the store's listings answer, declared once: releases, their files and the derived layers.

The API renders these through ``ReleaseOut``, ``SourceFileOut`` and ``DerivedLayerOut``
(``api/models.py``), and ``tests/unit/test_result_types.py`` keeps each model's fields equal to the
keys here. TypedDicts, so a listing stays the plain dict the API and the CLI always got. Pure: no Neo4j.
"""

# No ``from __future__ import annotations``: Python 3.11's TypedDict tells NotRequired keys only from
# evaluated annotations.
from typing import NotRequired, TypedDict


class ReleaseFile(TypedDict):
    """One file a release was loaded from: its name in that release, its size and content hash."""

    name: str
    size: int
    sha256: str


class ReleaseListing(TypedDict):
    """One release instance as :func:`graph.store.releases.list_releases` lists it."""

    id: str
    name: str | None
    system: str
    systems: list[str] | None
    version: str
    title: str | None
    status: str
    current: bool
    loader: str | None
    loader_version: str | None
    started_at: str | None
    finished_at: str | None
    error: str | None
    report: list[str] | None
    superseded_by: str | None
    identical_to: str | None
    content_sha256: str | None
    reloaded_at: str | None
    files: list[ReleaseFile]


class DerivedLayer(TypedDict):
    """A layer a job built from releases, with what it stands on (:func:`graph.store.derived.derived_layers`)."""

    kind: str
    id: str
    status: str | None
    in_use: bool
    releases: list[str]
    stale: bool
    stale_because: str | None
    rebuild: str
    finished_at: str | None


class PhenotypePolarity(TypedDict):
    """How many phenotype annotations of a release say present, and how many say absent."""

    positive: int
    negated: int


class ReleaseStats(TypedDict):
    """One release's counts as :func:`graph.store.stats.release_stats` computes them from the graph."""

    release: str
    system: str
    version: str
    status: str
    current: bool
    files: list[ReleaseFile]
    concepts: int
    concepts_by_system: dict[str, int]
    concepts_by_kind: dict[str, int]
    billable_codes: int
    edges_by_type: dict[str, int]
    citations_by_note_type: dict[str, int]
    report: list[str]
    #: Only for a release with phenotype annotations (HPO).
    phenotype_annotations: NotRequired[PhenotypePolarity]

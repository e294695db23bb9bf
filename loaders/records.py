"""Typed records that parsers yield and the graph writer consumes.

Records are frozen, slotted dataclasses: a parser cannot hand the writer an
untyped dict with a misspelt key, and a record cannot change after it is made.
Provenance travels on every record (``record`` names the place in the source
file), the release and method are added by the writer from the release.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

PropertyValue = str | int | float | bool | tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class SourceFile:
    """One file a release was read from, identified by content."""

    path: str
    name: str
    size: int
    sha256: str


@dataclass(frozen=True, slots=True)
class ReleaseInfo:
    """What a parser says about a release before any record is read."""

    system: str
    version: str
    files: tuple[SourceFile, ...]
    loader: str
    loader_version: str
    title: str = ""
    #: Every code system whose concepts the release defines (HPO's release also
    #: defines the OMIM, ORPHA and DECIPHER diseases its annotations name).
    also_defines: tuple[str, ...] = ()

    @property
    def systems(self) -> tuple[str, ...]:
        return (self.system, *self.also_defines)

    @property
    def release_id(self) -> str:
        """Stable identity of a release, e.g. ``ICD10CM@2026``."""
        return f"{self.system}@{self.version}"


@dataclass(frozen=True, slots=True)
class ConceptRecord:
    """A node of a code system: a chapter, block, category or code.

    ``properties`` holds the system-specific fields (titles, flags, notes) as a
    tuple of (name, value) pairs so the record stays hashable and immutable.
    """

    system: str
    code: str
    display: str
    kind: str
    source_file: str
    record: str
    synonyms: tuple[str, ...] = ()
    properties: tuple[tuple[str, PropertyValue], ...] = ()


@dataclass(frozen=True, slots=True)
class RelationRecord:
    """A typed edge from a concept of the release being loaded.

    ``type`` must be one of the relationship types the writer allows; ``key``
    separates edges of one type between the same two ends (for example an
    excludes1 and a codeFirst citation), so each keeps its own identity.

    The target is a concept of the same release (``target_system`` defaults to
    ``system``), or, with ``to_identity``, the release-independent ``Code`` of
    another system: a cross-reference stays valid whichever release of that
    system is (or is not yet) loaded.
    """

    type: str
    source_code: str
    target_code: str
    system: str
    source_file: str
    record: str
    key: str = ""
    properties: tuple[tuple[str, PropertyValue], ...] = ()
    target_system: str = ""
    to_identity: bool = False

    @property
    def target(self) -> str:
        return self.target_system or self.system


Record = ConceptRecord | RelationRecord


@dataclass(slots=True)
class LoadReport:
    """Per-record oddities met while parsing, counted rather than raised.

    A parser adds to it as it goes; the writer attaches its summary to the
    release so a reviewer can see what was skipped and why.
    """

    counts: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)
    max_examples: int = 5

    def note(self, kind: str, example: str) -> None:
        """Count one oddity of ``kind``, keeping the first few examples."""
        self.counts[kind] += 1
        bucket = self.examples.setdefault(kind, [])
        if len(bucket) < self.max_examples:
            bucket.append(example)

    def summary_lines(self) -> list[str]:
        """Lines like ``unresolved_citation: 12 (e.g. 'X99.9' in A00 excludes1)``."""
        lines = []
        for kind, n in sorted(self.counts.items()):
            eg = "; ".join(self.examples.get(kind, []))
            lines.append(f"{kind}: {n}" + (f" (e.g. {eg})" if eg else ""))
        return lines


class ContentDigest:
    """A fingerprint of what a parse yields, whatever order it yields it in.

    Two loads with the same digest wrote the same concepts and edges, so what was
    derived from the first (extraction runs, specialty maps, link runs) holds for
    the second: :mod:`graph.store.releases` keeps the serving instance instead of
    replacing it. Each record is hashed from its ``repr`` (frozen dataclasses of
    strings, numbers and tuples: stable across processes) and the hashes are
    summed, so a parser that emits the same records in another order — a dict or
    set iterated under another hash seed — still gives the same digest.
    """

    __slots__ = ("count", "_sum")
    _MODULUS = 1 << 256

    def __init__(self) -> None:
        self.count = 0
        self._sum = 0

    def add(self, record: Record) -> None:
        self.count += 1
        self._sum = (self._sum + int.from_bytes(hashlib.blake2b(repr(record).encode(), digest_size=32).digest(),
                                                "big")) % self._MODULUS

    def through(self, records: Iterable[Record]) -> Iterator[Record]:
        """Pass ``records`` on unchanged, adding each to the digest on the way."""
        for record in records:
            self.add(record)
            yield record

    def hexdigest(self) -> str:
        """``sha256`` of the record count and the summed record hashes: 64 hex digits."""
        return hashlib.sha256(f"{self.count}:{self._sum:064x}".encode()).hexdigest()

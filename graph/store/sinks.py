"""What both load paths share: the sink a release is written through, and the policies around the write.

A release reaches Neo4j either through the driver (:class:`graph.store.writer.GraphWriter`, used by
``clinigraph load``) or as import CSVs (:class:`graph.store.bulk.CsvReleaseWriter`, used by
``clinigraph build``). Both are a :class:`ReleaseSink`, and both are driven by :func:`write_release`,
so the rules a release must pass — not empty, few enough dangling edges — and the fingerprint it is
published with are worked out in one place, and a release the driver path refuses is refused by the
full build too.

>>> class CountingSink:
...     def write(self, records):
...         counts = WriteCounts()
...         for rec in records:
...             counts.concepts += 1
...         return counts
>>> from loaders.records import ConceptRecord, ReleaseInfo
>>> info = ReleaseInfo(system="X", version="1", files=(), loader="doc", loader_version="0")
>>> concept = ConceptRecord(system="X", code="A", display="A", kind="code", source_file="f", record="1")
>>> written = write_release(CountingSink(), info, lambda report: [concept])
>>> written.counts.concepts, written.report, len(written.digest)
(1, [], 64)
>>> write_release(CountingSink(), info, lambda report: [])
Traceback (most recent call last):
...
loaders.errors.EmptyReleaseError: X@1: the source files hold no concept of X; nothing was published
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from loaders.errors import EmptyReleaseError, TooManyProblemsError
from loaders.records import ContentDigest, LoadReport, Record, ReleaseInfo

#: Share of a release's edges allowed to miss an endpoint before its load is abandoned (both load paths).
MAX_DANGLING_FRACTION = 0.001

#: What a loader hands over: given the report to note oddities in, the release's records.
Parse = Callable[[LoadReport], Iterable[Record]]


@dataclass
class WriteCounts:
    """What a sink sent, and how many edges found both their ends.

    Every relation record counts once in ``edges_sent``, repeats included, and once in
    ``edges_written`` if both its ends exist — as the driver path's ``MERGE`` rows count — so
    :attr:`dangling` means the same number whichever sink wrote the release.
    """

    concepts: int = 0
    edges_sent: Counter[str] = field(default_factory=Counter)
    edges_written: Counter[str] = field(default_factory=Counter)

    @property
    def dangling(self) -> int:
        return sum(self.edges_sent.values()) - sum(self.edges_written.values())


class ReleaseSink(Protocol):
    """Where one release's records go: the driver writer or the full build's CSV writer.

    A sink is made for one release (it knows the release id and provenance it stamps on every row),
    writes concepts before the edges that need them, and reports what it wrote; judging the counts is
    left to :func:`write_release`, so no sink carries a policy of its own.
    """

    def write(self, records: Iterable[Record]) -> WriteCounts:
        """Write every record of the release; the counts say how many edges lacked an endpoint."""
        ...


@dataclass
class WrittenRelease:
    """One release after its sink: what was written, the report to publish with it, and its fingerprint."""

    counts: WriteCounts
    report: list[str]
    #: :class:`~loaders.records.ContentDigest` of the records, which tells a reload of the same content.
    digest: str


def write_release(
    sink: ReleaseSink,
    info: ReleaseInfo,
    parse: Parse,
    *,
    max_dangling_fraction: float = MAX_DANGLING_FRACTION,
) -> WrittenRelease:
    """Run one release's records through ``sink`` and apply the rules both load paths keep.

    The records are fingerprinted on their way in; afterwards a release with no concept is refused
    (it would become current and hide the one before it) and one with more dangling edges than
    ``max_dangling_fraction`` of its edges is refused. Publishing is the caller's: the driver path
    completes a release instance, the full build writes a Release node.
    """
    report = LoadReport()
    digest = ContentDigest()
    counts = sink.write(digest.through(parse(report)))
    refuse_empty(info, counts)
    check_dangling(info.release_id, counts.dangling, sum(counts.edges_sent.values()), report,
                   max_dangling_fraction)
    return WrittenRelease(counts, report.summary_lines(), digest.hexdigest())


def content_digest(parse: Parse) -> str:
    """The :class:`~loaders.records.ContentDigest` of a parse, nothing written: what a forced reload compares
    with the serving instance before deciding to write (a parse costs a fraction of a write)."""
    digest = ContentDigest()
    for _ in digest.through(parse(LoadReport())):
        pass
    return digest.hexdigest()


def refuse_empty(info: ReleaseInfo, counts: WriteCounts) -> None:
    """Refuse a release without a concept: being newest it would become current and hide every concept."""
    if counts.concepts == 0:
        raise EmptyReleaseError(f"{info.release_id}: the source files hold no concept of {info.system}; "
                                "nothing was published")


def check_dangling(release_id: str, dangling: int, sent: int, report: LoadReport,
                   limit: float = MAX_DANGLING_FRACTION) -> None:
    """Report edges that missed an endpoint, and refuse the release past ``limit`` of its edges."""
    if not dangling:
        return
    report.note("dangling_edge", f"{dangling} of {sent} edges lacked an endpoint")
    if dangling > limit * max(sent, 1):
        raise TooManyProblemsError(
            f"{release_id}: {dangling} of {sent} edges point at codes that are not in the release "
            f"(limit {limit:.2%})"
        )

"""Each code's identity anchors, remembered for one state of the current releases.

A verification first widens every code to its *anchors* (the current concepts
sharing its identity through the UMLS crosswalk), a five-hop walk that is a
fifth of a single verification's statement. Those anchors change only when the
set of current releases changes: every identity edge (``VERSION_OF``, ``XREF``)
leaves a release's own concept, the walk only passes concepts of current
releases, and a release's content changes only while it is not complete (a load,
or a forced reload that first withdraws it). So the anchors of a code are
remembered together with the *stamp* of the current releases they were read in
(each current release's id and when it completed), and every statement that
uses remembered anchors also reads the stamp: when it differs, the answer is
discarded, the cache emptied, and the claims asked again with the walk. A
changed release set costs one extra round trip, never a stale answer.

Only identity anchors are kept (no hierarchy steps); claims asking for hierarchy
steps take the walk every time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from threading import Lock
from typing import Any

Stamp = frozenset[str]

# The statement's stamp of the current releases: compared as a set, so the order in which Neo4j collects
# them does not matter; ``finished_at`` tells a forced reload of the same release id apart.
STAMP_FIELD = "collect(r.id + '@' + toString(r.finished_at)) AS stamp"


@dataclass(frozen=True)
class CachedAnchor:
    """What the answer needs of one anchor, as the walk read it."""

    id: str
    system: str
    code: str
    display: str
    release: str
    crosswalk: bool


class AnchorCache:
    """Anchors per ``(system, code)`` for the stamp they were read under; at most ``capacity`` codes.

    Shared by the requests of one API process (and by the calls of one :class:`~graph.verification.Verifier`
    outside it); the lock keeps a reset and a store from interleaving when the sync driver answers from
    several threads.
    """

    def __init__(self, capacity: int = 50_000) -> None:
        self.capacity = capacity
        self.stamp: Stamp | None = None
        self._entries: dict[tuple[str, str], tuple[CachedAnchor, ...]] = {}
        self._lock = Lock()
        self.hits = 0
        self.misses = 0
        self.resets = 0

    def __len__(self) -> int:
        return len(self._entries)

    def anchors_of(self, codes: list[dict[str, str]]) -> list[CachedAnchor] | None:
        """The anchors of a reference resolved to ``codes`` (one code, or a name's hits), or None when any
        code is not remembered. A concept reached from several codes is crossed only if it is crossed from
        each (the walk keeps its shortest path)."""
        if self.stamp is None:
            return None
        merged: dict[str, CachedAnchor] = {}
        for code in codes:
            found = self._entries.get((code["system"], code["code"]))
            if found is None:
                self.misses += 1
                return None
            for anchor in found:
                seen = merged.get(anchor.id)
                if seen is None or (seen.crosswalk and not anchor.crosswalk):
                    merged[anchor.id] = anchor
        self.hits += 1
        return list(merged.values())

    def observe(self, stamp: Iterable[str]) -> bool:
        """Record the stamp a statement read; True if it is the one the cache holds anchors for. A new stamp
        empties the cache."""
        stamp = frozenset(stamp)
        if stamp == self.stamp:
            return True
        with self._lock:
            self._entries = {}
            self.stamp = stamp
            self.resets += 1
        return False

    def store(self, stamp: Stamp, system: str, code: str, anchors: Iterable[dict[str, Any]]) -> None:
        """Remember one code's anchors as read under ``stamp`` (ignored if the cache has moved on)."""
        entry = tuple(CachedAnchor(a["id"], a["system"], a["code"], a["display"], a["release"], a["crosswalk"])
                      for a in anchors)
        with self._lock:
            if stamp != self.stamp:
                return
            if len(self._entries) >= self.capacity:
                # Drop the older half (dicts keep insertion order): cheaper than an LRU's bookkeeping per hit,
                # and codes asked often are stored again on their next miss.
                keep = list(self._entries.items())[self.capacity // 2:]
                self._entries = dict(keep)
            self._entries[(system, code)] = entry

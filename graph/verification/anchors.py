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

    Shared by the requests of one API process (and by the calls of one :class:`~graph.verification.verifier.Verifier`
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

    def entry(self, system: str, code: str) -> tuple[CachedAnchor, ...] | None:
        """The anchors remembered for one code (empty: it has no current concept), or None."""
        found = self._entries.get((system, code)) if self.stamp is not None else None
        if found is None:
            self.misses += 1
        else:
            self.hits += 1
        return found

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

    def store(self, stamp: Stamp, system: str, code: str, anchors: Iterable[CachedAnchor]) -> None:
        """Remember one code's anchors as read under ``stamp`` (ignored if the cache has moved on)."""
        entry = tuple(anchors)
        with self._lock:
            if stamp != self.stamp:
                return
            if len(self._entries) >= self.capacity:
                # Drop the older half (dicts keep insertion order): cheaper than an LRU's bookkeeping per hit,
                # and codes asked often are stored again on their next miss.
                keep = list(self._entries.items())[self.capacity // 2:]
                self._entries = dict(keep)
            self._entries[(system, code)] = entry


# --- one batch's identity anchors: what the cache knows and what the statement must walk ------------------

Sides = list[list[dict[str, str]]]  # one claim's codes per side: 0 subject, 1 object, 2 + i context concept i


@dataclass
class IdentityPlan:
    """The parameters of :data:`graph.verification.queries.IDENTITY_QUERY` for a batch, and what the cache
    contributed to them."""

    claims: list[dict[str, Any]]
    known: list[dict[int, list[CachedAnchor]]]  # per claim, per side
    walked: list[set[tuple[str, str]]]  # per claim, the codes the statement walks
    used_cache: bool

    @property
    def all_known(self) -> bool:
        return not any(w for w in self.walked)

    def known_params(self) -> list[dict[str, Any]]:
        """Parameters of :data:`graph.verification.queries.KNOWN_ANCHORS_QUERY` (when :attr:`all_known`)."""
        return [{"i": i, "x": [a.id for side, found in known.items() if side != 1 for a in found],
                 "y": [a.id for a in known.get(1, [])]} for i, known in enumerate(self.known)]


def plan_identity(cache: AnchorCache | None, claims: list[Sides]) -> IdentityPlan:
    """Split every code of every claim into anchors the cache knows and codes to walk (all of them without a
    cache)."""
    params: list[dict[str, Any]] = []
    known_all: list[dict[int, list[CachedAnchor]]] = []
    walked_all: list[set[tuple[str, str]]] = []
    used = False
    for i, sides in enumerate(claims):
        walk: list[dict[str, Any]] = []
        known: dict[int, list[CachedAnchor]] = {}
        walked: set[tuple[str, str]] = set()
        for side, codes in enumerate(sides):
            for code in codes:
                found = cache.entry(code["system"], code["code"]) if cache is not None else None
                if found is None:
                    walk.append({"side": side, "system": code["system"], "code": code["code"]})
                    walked.add((code["system"], code["code"]))
                else:
                    used = True
                    known.setdefault(side, []).extend(found)
        params.append({"i": i, "walk": walk, "known": [{"side": side, "id": a.id}
                                                        for side, found in known.items() for a in found]})
        known_all.append(known)
        walked_all.append(walked)
    return IdentityPlan(params, known_all, walked_all, used)


def anchors_by_side(plan: IdentityPlan, i: int, walked: list[dict[str, Any]]) -> dict[int, list[CachedAnchor]]:
    """Claim ``i``'s anchors per side: the known ones and those its statement walked (``walked``: its rows,
    one per side, code and anchor). An anchor reached from several codes is crossed only if it is crossed from
    each (the walk keeps its shortest path)."""
    merged: dict[int, dict[str, CachedAnchor]] = {}

    def add(side: int, anchor: CachedAnchor) -> None:
        seen = merged.setdefault(side, {}).get(anchor.id)
        if seen is None or (seen.crosswalk and not anchor.crosswalk):
            merged[side][anchor.id] = anchor

    for side, found in plan.known[i].items():
        for anchor in found:
            add(side, anchor)
    for row in walked:
        add(row["side"], CachedAnchor(**row["anchor"]))
    return {side: sorted(by_id.values(), key=lambda a: (a.system, a.code, a.id)) for side, by_id in merged.items()}


def remember_walked(cache: AnchorCache, stamp: Stamp, plan: IdentityPlan, i: int,
                    walked: list[dict[str, Any]]) -> None:
    """Store each code claim ``i`` walked with the anchors found for it (none: the code has no current concept)."""
    per_code: dict[tuple[str, str], dict[str, CachedAnchor]] = {code: {} for code in plan.walked[i]}
    for row in walked:
        per_code[(row["system"], row["code"])][row["anchor"]["id"]] = CachedAnchor(**row["anchor"])
    for (system, code), anchors in per_code.items():
        cache.store(stamp, system, code, anchors.values())

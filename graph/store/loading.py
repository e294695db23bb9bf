"""Run one release load end to end: register, write, check, publish — or purge.

This is where the all-or-nothing promise is kept: whatever goes wrong between
:func:`~graph.store.releases.begin_release` and :func:`~graph.store.releases.complete_release`
(a bad line, a lost connection, Ctrl-C), the load's instance is marked failed and
its partial data deleted before the error propagates. A ``kill -9`` skips that
handler; the instance then stays ``loading`` (invisible) and the next attempt
purges it first. Either way a release that was complete before keeps serving: a
reload writes a new instance beside it (see :mod:`graph.store.releases`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from neo4j import Driver

from graph.store.releases import (
    begin_release,
    complete_release,
    fail_release,
    keep_if_identical,
    keep_unwritten_if_identical,
    recorded_serving,
)
from graph.store.sinks import MAX_DANGLING_FRACTION, Parse, WriteCounts, content_digest, write_release
from graph.store.writer import GraphWriter, OnProgress
from loaders.records import ReleaseInfo


@dataclass
class LoadResult:
    release_id: str
    action: str  # "loaded" | "unchanged" | "identical" (a forced reload that found the same content: kept)
    seconds: float = 0.0
    counts: WriteCounts = field(default_factory=WriteCounts)
    report: list[str] = field(default_factory=list)
    #: The instance written (``ICD10CM@2026``, or ``ICD10CM@2026+2`` for a reload beside it).
    instance: str = ""


def load_release(
    driver: Driver,
    database: str,
    info: ReleaseInfo,
    records: Parse,
    *,
    force: bool = False,
    batch_size: int = 5000,
    max_dangling_fraction: float = MAX_DANGLING_FRACTION,
    on_progress: OnProgress | None = None,
) -> LoadResult:
    """Load one release atomically (as far as readers can tell) and idempotently."""
    started = time.perf_counter()
    outcome = begin_release(driver, database, info, force=force)
    if outcome.action == "unchanged":
        return LoadResult(info.release_id, "unchanged", time.perf_counter() - started, instance=outcome.instance)
    instance = outcome.instance
    try:
        serving = recorded_serving(driver, database, info.release_id, instance) if force else None
        if serving is not None:  # a forced reload: the same content keeps the serving instance, unwritten
            kept = keep_unwritten_if_identical(driver, database, serving, instance, content_digest(records))
            if kept is not None:
                return LoadResult(info.release_id, "identical", time.perf_counter() - started,
                                  report=serving.report, instance=kept)
        writer = GraphWriter(
            driver, database=database, release_id=instance,
            source=info.system, method=f"{info.loader}/{info.loader_version}",
            batch_size=batch_size, on_progress=on_progress,
        )
        written = write_release(writer, info, records, max_dangling_fraction=max_dangling_fraction)
        counts, lines = written.counts, written.report
        kept = keep_if_identical(driver, database, info.release_id, instance, written.digest, lines)
        if kept is not None:  # the same content: the serving instance stays and what stands on it carries over
            return LoadResult(info.release_id, "identical", time.perf_counter() - started, counts, lines, kept)
        complete_release(driver, database, instance, lines, written.digest)
    except BaseException as exc:
        try:
            fail_release(driver, database, instance, f"{type(exc).__name__}: {exc}")
        except Exception as cleanup_error:  # the server may be what failed
            exc.add_note(
                f"{instance} stays invisible, its data not yet purged; the next load purges it "
                f"({type(cleanup_error).__name__}: {cleanup_error})"
            )
        raise
    return LoadResult(info.release_id, "loaded", time.perf_counter() - started, counts, lines, instance)

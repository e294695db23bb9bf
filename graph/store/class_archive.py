"""A class-data archive (AppCDS) for the local server's JVM: the second start loads Neo4j's classes mapped.

A Neo4j start loads and verifies some 15,000 classes before Bolt answers. Java can write the classes one run
loaded into an archive as it exits (``-XX:ArchiveClassesAtExit``, Java 13+) and map that archive into the
next run (``-XX:SharedArchiveFile``): measured here (Neo4j 5.26, Java 17, 2 cores), a start to a ready
Bolt took 9–11 s and 14–16 s of CPU without it, 6.7 s and 9 s with it (``bench/RESULTS.md``). That counts
for every user's second ``clinigraph neo4j start`` and for every throwaway server of the test suite.

One archive per Java runtime and classpath, in the cache beside the jars: its name is a digest of the
``java`` it was made with (path, size and time of the runtime's module image, which an upgrade rewrites) and
of the jars (names and sizes), so a new Java or other jars simply make a new archive. Java itself checks
an archive against the runtime and classpath and ignores one that does not match (a warning in
``logs/console.log``), so a stale or damaged archive costs a slow start, never a failed one.

The archive is written under a name of its own (``*.partial-…``) by the run that makes it and put in place
by :func:`settle` once that run has exited cleanly, in one rename: a server killed with ``SIGKILL``
leaves no archive, and two servers making one at once (the suite's workers) do not write into each other.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

#: The archives of one cache, by Java runtime and classpath.
FOLDER = "class-archives"


@dataclass(frozen=True)
class ArchivePlan:
    """The JVM flags of one start, and the archive that start will write (none if it maps one)."""

    flags: tuple[str, ...]
    pending: Path | None


def archive_path(dist: Path, java: str) -> Path:
    """Where the archive for ``java`` running the jars under ``dist/lib`` lives."""
    runtime = Path(os.path.realpath(java)).parent.parent  # …/bin/java → the runtime's home
    modules = runtime / "lib" / "modules"
    digest = hashlib.sha256(str(runtime).encode())
    if modules.exists():
        info = modules.stat()
        digest.update(f"|{info.st_size}|{info.st_mtime_ns}".encode())
    for jar in sorted((dist / "lib").glob("*.jar")):
        digest.update(f"|{jar.name}|{jar.stat().st_size}".encode())
    return dist / FOLDER / f"neo4j-{digest.hexdigest()[:16]}.jsa"


def plan(dist: Path, java: str) -> ArchivePlan:
    """Map the archive if there is one; otherwise have this run write it as it exits."""
    path = archive_path(dist, java)
    if path.is_file() and path.stat().st_size > 0:
        return ArchivePlan((f"-XX:SharedArchiveFile={path}",), None)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    pending = path.with_name(f"{path.name}.partial-{secrets.token_hex(4)}")
    # Making an archive logs a line for each class it cannot take (some 1,500, e.g. from signed jars): not
    # for the console log. Mapping one keeps Java's warnings, which say why an archive was not used.
    return ArchivePlan((f"-XX:ArchiveClassesAtExit={pending}", "-Xlog:cds=off"), pending)


def settle(pending: Path | None, *, exited_cleanly: bool) -> None:
    """Put the archive a run wrote in place, or drop it if that run did not exit cleanly."""
    if pending is None:
        return
    final = pending.with_name(pending.name.split(".partial-", 1)[0])
    try:
        if exited_cleanly and pending.stat().st_size > 0:
            os.replace(pending, final)
        else:
            pending.unlink()
    except FileNotFoundError:  # the run wrote nothing (it failed before its classes could be archived)
        pass

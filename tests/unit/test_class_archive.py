"""The class-data archive's life on disk: made by one run under a name of its own, put in place by a clean stop."""

from __future__ import annotations

import os
from pathlib import Path

from graph.store import class_archive


def _java_and_dist(tmp_path: Path) -> tuple[str, Path]:
    runtime = tmp_path / "jdk"
    (runtime / "bin").mkdir(parents=True)
    (runtime / "lib").mkdir()
    (runtime / "lib" / "modules").write_bytes(b"m" * 10)
    java = runtime / "bin" / "java"
    java.write_text("#!/bin/sh\n")
    dist = tmp_path / "neo4j-5.26.30"
    (dist / "lib").mkdir(parents=True)
    (dist / "lib" / "neo4j-server-5.26.30.jar").write_bytes(b"j" * 5)
    return str(java), dist


def test_a_run_without_an_archive_writes_one_and_a_clean_stop_puts_it_in_place(tmp_path):
    java, dist = _java_and_dist(tmp_path)
    first = class_archive.plan(dist, java)
    assert first.pending is not None and first.pending.parent.is_dir()
    assert first.flags[0] == f"-XX:ArchiveClassesAtExit={first.pending}"
    first.pending.write_bytes(b"classes")  # what the JVM writes as it exits
    class_archive.settle(first.pending, exited_cleanly=True)
    final = class_archive.archive_path(dist, java)
    assert final.read_bytes() == b"classes" and not first.pending.exists()
    second = class_archive.plan(dist, java)
    assert second == class_archive.ArchivePlan((f"-XX:SharedArchiveFile={final}",), None)


def test_a_killed_run_leaves_no_archive_and_two_runs_write_apart(tmp_path):
    java, dist = _java_and_dist(tmp_path)
    one, two = class_archive.plan(dist, java), class_archive.plan(dist, java)
    assert one.pending != two.pending
    assert one.pending is not None and two.pending is not None
    one.pending.write_bytes(b"half")
    class_archive.settle(one.pending, exited_cleanly=False)
    class_archive.settle(two.pending, exited_cleanly=True)  # it wrote nothing: nothing to put in place
    assert list(one.pending.parent.iterdir()) == []
    assert class_archive.plan(dist, java).pending is not None  # still none to map


def test_another_java_or_other_jars_get_an_archive_of_their_own(tmp_path):
    java, dist = _java_and_dist(tmp_path)
    before = class_archive.archive_path(dist, java)
    (dist / "lib" / "extra.jar").write_bytes(b"x")
    with_jar = class_archive.archive_path(dist, java)
    modules = Path(java).parent.parent / "lib" / "modules"
    os.utime(modules, ns=(1, 1))  # an upgraded runtime rewrites its module image
    upgraded = class_archive.archive_path(dist, java)
    assert len({before, with_jar, upgraded}) == 3
    assert before.parent == with_jar.parent == dist / class_archive.FOLDER

"""Switch, don't withdraw (issue 18): a reload builds a second instance beside the release it replaces, and
readers keep the old one until the transaction that completes the new one — a reload killed with ``kill -9``
or failing takes nothing away."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from graph.store.releases import list_releases
from graph.terminology.concepts import get_concept, search
from tests.conftest import cli_env

from .helpers import DATABASE, api_client, count, load_icd

pytestmark = pytest.mark.integration

#: What a reader asks, answered before, during and after a reload.
CODES = ("E11.22", "A41.9", "N18", "QA0.0")
#: A child that reloads with --force and stops dead (SIGSTOP) halfway through writing, until killed.
_KILLED_RELOAD = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from graph.store.connection import open_driver
    from graph.store.loading import load_release
    from graph.settings import Settings
    from loaders import icd10cm

    path, flag = Path(sys.argv[1]), Path(sys.argv[2])
    written = []
    def halfway(kind, rows):
        written.append(rows)
        if len(written) == 4:
            flag.write_text(str(os.getpid()))
            os.kill(os.getpid(), signal.SIGSTOP)  # four batches of 10 committed; wait here to be killed
    driver = open_driver(Settings())
    load_release(driver, "neo4j", icd10cm.describe_release(path), lambda report: icd10cm.parse_tabular(path, report),
                 force=True, batch_size=10, on_progress=halfway)
""")


def edited(path: Path, folder: Path, title: str = "End-stage renal disease") -> Path:
    """A copy of ``path`` (same file name, so the same version) with one title changed, far from ``CODES``:
    changed content, so a forced reload of it switches instances (identical content would keep the old)."""
    text = path.read_text(encoding="utf-8")
    assert text.count("<desc>End stage renal disease</desc>") == 1
    folder.mkdir(parents=True, exist_ok=True)
    (folder / path.name).write_text(text.replace("<desc>End stage renal disease</desc>", f"<desc>{title}</desc>"),
                                    encoding="utf-8")
    return folder / path.name


def answers(driver) -> dict[str, object]:
    """Everything a reader of ICD-10-CM gets for a few codes and a search, release ids included."""
    concepts = {code: get_concept(driver, DATABASE, "ICD10CM", code) for code in CODES}
    return {
        "concepts": {code: (c["display"], c["release"]["id"], [p["code"] for p in c["parents"]],
                            [ch["code"] for ch in c["children"]]) for code, c in concepts.items()},
        "search": [(h["code"], h["release"]) for h in search(driver, DATABASE, "diabetes", system="ICD10CM")],
        "releases": [(r["id"], r["current"]) for r in list_releases(driver, DATABASE)],
    }


def test_a_reload_killed_with_sigkill_never_takes_the_release_away(clean_graph, neo4j_settings, icd_fixtures,
                                                                   tmp_path):
    load_icd(clean_graph, icd_fixtures / "tabular_2026.xml")
    before = answers(clean_graph)
    path = edited(icd_fixtures / "tabular_2026.xml", tmp_path / "edited")
    flag = tmp_path / "halfway"
    child = subprocess.Popen([sys.executable, "-c", _KILLED_RELOAD, str(path), str(flag)],
                             env=cli_env(neo4j_settings), cwd=Path(__file__).resolve().parents[2])
    try:
        deadline = time.monotonic() + 120
        while not flag.exists():
            assert child.poll() is None, "the reload ended before it was halfway"
            assert time.monotonic() < deadline, "the reload never got halfway"
            time.sleep(0.2)
        # During: the new instance is half written beside the old one, which answers as before.
        assert count(clean_graph, "MATCH (c:Concept {release: 'ICD10CM@2026+2'}) RETURN count(c)") > 0
        assert answers(clean_graph) == before
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    # After the kill: the same answers, and the dead instance stays invisible.
    assert answers(clean_graph) == before
    statuses = {r["id"]: r["status"] for r in list_releases(clean_graph, DATABASE, include_incomplete=True)}
    assert statuses == {"ICD10CM@2026": "complete", "ICD10CM@2026+2": "loading"}

    # The next reload purges what the dead one wrote, completes, and takes over in one switch.
    result = load_icd(clean_graph, path, force=True)
    assert (result.release_id, result.instance) == ("ICD10CM@2026", "ICD10CM@2026+2")
    after = answers(clean_graph)
    assert after["concepts"] == {code: (display, "ICD10CM@2026+2", parents, children)
                                 for code, (display, _, parents, children) in before["concepts"].items()}
    assert count(clean_graph, "MATCH (c:Concept {release: 'ICD10CM@2026'}) RETURN count(c)") == 0
    assert count(clean_graph, "MATCH (c:Concept {release: 'ICD10CM@2026+2'}) RETURN count(c)") == 61
    statuses = {r["id"]: (r["status"], r["name"], r["superseded_by"])
                for r in list_releases(clean_graph, DATABASE, include_incomplete=True)}
    assert statuses == {"ICD10CM@2026": ("superseded", "ICD10CM@2026", "ICD10CM@2026+2"),
                        "ICD10CM@2026+2": ("complete", "ICD10CM@2026", None)}


def test_a_forced_reload_of_identical_content_keeps_the_serving_instance_unless_it_was_damaged(clean_graph,
                                                                                                icd_fixtures):
    path = icd_fixtures / "tabular_2026.xml"
    load_icd(clean_graph, path)
    before = answers(clean_graph)
    same = load_icd(clean_graph, path, force=True)
    assert (same.action, same.instance) == ("identical", "ICD10CM@2026")
    assert answers(clean_graph) == before
    listed = {r["id"]: r for r in list_releases(clean_graph, DATABASE, include_incomplete=True)}
    assert {i: (r["status"], r["identical_to"]) for i, r in listed.items()} == {
        "ICD10CM@2026": ("complete", None), "ICD10CM@2026+2": ("discarded", "ICD10CM@2026")}
    assert listed["ICD10CM@2026"]["reloaded_at"] is not None
    assert len(listed["ICD10CM@2026"]["content_sha256"]) == 64
    assert listed["ICD10CM@2026"]["content_sha256"] == listed["ICD10CM@2026+2"]["content_sha256"]
    assert count(clean_graph, "MATCH (c:Concept {release: 'ICD10CM@2026+2'}) RETURN count(c)") == 0

    # Damaged since its load (a concept deleted by hand): it no longer holds what the files give, so the
    # reload is switched in instead of discarded.
    clean_graph.execute_query("MATCH (c:Concept {release: 'ICD10CM@2026', code: 'N18.6'}) DETACH DELETE c",
                              database_=DATABASE)
    repaired = load_icd(clean_graph, path, force=True)
    assert (repaired.action, repaired.instance) == ("loaded", "ICD10CM@2026+2")
    assert count(clean_graph, "MATCH (c:Concept {release: 'ICD10CM@2026+2', code: 'N18.6'}) RETURN count(c)") == 1
    assert answers(clean_graph)["concepts"] == {code: (display, "ICD10CM@2026+2", parents, children)
                                                for code, (display, _, parents, children)
                                                in before["concepts"].items()}


def test_a_failed_reload_leaves_the_release_serving(clean_graph, icd_fixtures, tmp_path):
    path = icd_fixtures / "tabular_2026.xml"
    load_icd(clean_graph, path)
    before = answers(clean_graph)
    broken = tmp_path / "tabular_2026.xml"
    text = path.read_text(encoding="utf-8")
    broken.write_text(text[: len(text) * 2 // 3], encoding="utf-8")  # cut off: the parse fails late
    with pytest.raises(Exception, match="not well-formed XML"):
        load_icd(clean_graph, broken, version="2026", force=True)
    assert answers(clean_graph) == before
    statuses = {r["id"]: r["status"] for r in list_releases(clean_graph, DATABASE, include_incomplete=True)}
    assert statuses == {"ICD10CM@2026": "complete", "ICD10CM@2026+2": "failed"}
    assert count(clean_graph, "MATCH (c:Concept {release: 'ICD10CM@2026+2'}) RETURN count(c)") == 0


def test_a_reload_while_an_older_version_is_loaded_keeps_current_where_it_was(clean_graph, icd_fixtures,
                                                                             neo4j_settings, tmp_path):
    load_icd(clean_graph, icd_fixtures / "tabular_2025.xml")
    load_icd(clean_graph, icd_fixtures / "tabular_2026.xml")
    load_icd(clean_graph, edited(icd_fixtures / "tabular_2026.xml", tmp_path / "a"), force=True)
    current = {r["name"]: (r["id"], r["current"]) for r in list_releases(clean_graph, DATABASE)}
    assert current == {"ICD10CM@2025": ("ICD10CM@2025", False), "ICD10CM@2026": ("ICD10CM@2026+2", True)}
    # A third load reuses nothing that is complete or superseded.
    third = edited(icd_fixtures / "tabular_2026.xml", tmp_path / "b", title="End-stage kidney disease")
    assert load_icd(clean_graph, third, force=True).instance == "ICD10CM@2026+3"
    with api_client(neo4j_settings, clean_graph) as client:  # the API lists instances with their release
        listed = client.get("/v1/releases", params={"include_incomplete": True})
        assert listed.status_code == 200, listed.text
        assert {(r["id"], r["name"], r["status"], r["superseded_by"]) for r in listed.json()} == {
            ("ICD10CM@2025", "ICD10CM@2025", "complete", None),
            ("ICD10CM@2026", "ICD10CM@2026", "superseded", "ICD10CM@2026+2"),
            ("ICD10CM@2026+2", "ICD10CM@2026", "superseded", "ICD10CM@2026+3"),
            ("ICD10CM@2026+3", "ICD10CM@2026", "complete", None)}


def test_a_forced_reload_of_identical_content_is_judged_before_anything_is_written(clean_graph, icd_fixtures):
    """The completion records the instance's stored counts beside its content digest, so a forced reload
    parses, compares and keeps the serving instance without writing a copy to discard; an instance that
    completed without recorded counts is still judged after writing, with the same outcome."""
    from graph.store.loading import load_release
    from loaders import icd10cm

    path = icd_fixtures / "tabular_2026.xml"
    load_icd(clean_graph, path)
    [recorded] = clean_graph.execute_query("MATCH (r:Release {id: 'ICD10CM@2026'}) RETURN r.stored_counts AS c",
                                           database_=DATABASE).records
    concepts = count(clean_graph, "MATCH (c:Concept {release: 'ICD10CM@2026'}) RETURN count(c)")
    is_a = count(clean_graph, "MATCH ()-[r:IS_A {release: 'ICD10CM@2026'}]->() RETURN count(r)")
    assert f"concepts={concepts}" in recorded["c"] and f"IS_A={is_a}" in recorded["c"]

    def forced() -> tuple[str, str, list[str]]:
        batches: list[str] = []
        info = icd10cm.describe_release(path)
        result = load_release(clean_graph, DATABASE, info, lambda report: icd10cm.parse_tabular(path, report),
                              force=True, on_progress=lambda kind, n: batches.append(kind))
        return result.action, result.instance, batches

    assert forced() == ("identical", "ICD10CM@2026", [])  # nothing written
    clean_graph.execute_query("MATCH (r:Release {id: 'ICD10CM@2026'}) REMOVE r.stored_counts", database_=DATABASE)
    action, instance, batches = forced()
    assert (action, instance) == ("identical", "ICD10CM@2026") and "concepts" in batches  # written, then judged

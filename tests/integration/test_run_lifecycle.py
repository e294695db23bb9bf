"""One run lifecycle for every job (issue 19): specialty maps, link runs and extraction runs take the same
states — running → completed → superseded, or failed — through ``graph.store.runs``, and a graph built
before it (specialty maps ``loading``/``complete``/``replaced``, without a job) is migrated."""

from __future__ import annotations

import pytest

from graph.relevance.links import build_links
from graph.relevance.specialties import DEFAULT_FILE, load_specialties
from graph.store.derived import derived_layers
from graph.store.schema import apply_schema
from loaders.errors import ClinigraphError

from .helpers import DATABASE, count, load_icd

pytestmark = pytest.mark.integration


def _states(driver, label: str) -> dict[str, tuple[str, bool, str | None]]:
    records, _, _ = driver.execute_query(
        f"MATCH (r:{label}) RETURN r.id AS id, r.status AS status, coalesce(r.current, false) AS current, "
        "r.job AS job", database_=DATABASE)
    return {r["id"]: (r["status"], r["current"], r["job"]) for r in records}


def test_specialty_maps_complete_supersede_and_fail_like_every_run(clean_graph, icd_fixtures, tmp_path):
    load_icd(clean_graph, icd_fixtures / "tabular_2026.xml")
    first = load_specialties(clean_graph, DATABASE)
    assert first.action == "loaded" and first.edges > 0
    assert _states(clean_graph, "SpecialtyMap") == {first.map_id: ("completed", True, "clinigraph.specialties")}
    assert load_specialties(clean_graph, DATABASE).action == "unchanged"

    # Another version of the rules: a new map completes and supersedes the first, whose edges go.
    rules = tmp_path / "specialties.toml"
    rules.write_text(DEFAULT_FILE.read_text(encoding="utf-8").replace('version = "1.0.0"', 'version = "1.0.1"', 1),
                     encoding="utf-8")
    second = load_specialties(clean_graph, DATABASE, rules)
    assert second.replaced == [first.map_id]
    assert _states(clean_graph, "SpecialtyMap") == {
        first.map_id: ("superseded", False, "clinigraph.specialties"),
        second.map_id: ("completed", True, "clinigraph.specialties")}
    assert count(clean_graph, "MATCH ()-[h:HOME_SPECIALTY {map: $m}]->() RETURN count(h)", m=first.map_id) == 0
    in_use = {(x["kind"], x["id"]) for x in derived_layers(clean_graph, DATABASE) if x["in_use"]}
    assert ("SpecialtyMap", second.map_id) in in_use and ("SpecialtyMap", first.map_id) not in in_use


def test_a_link_run_that_fails_is_recorded_failed_with_nothing_left_and_the_rerun_completes(clean_graph,
                                                                                          icd_fixtures, tmp_path):
    load_icd(clean_graph, icd_fixtures / "tabular_2026.xml")
    curated = tmp_path / "links.csv"
    curated.write_text("a,b,class,rationale,reference\nE11.22,N18.30,1,CKD stage of diabetic CKD,ref\n"
                       "E11.22,Q99.99,2,not a code,ref\n", encoding="utf-8")
    with pytest.raises(ClinigraphError, match="Q99.99 is not a code"):
        build_links(clean_graph, DATABASE, curated)
    [(run_id, state)] = _states(clean_graph, "LinkRun").items()
    assert state == ("failed", False, "clinigraph.dxlinks")
    assert count(clean_graph, "MATCH ()-[l:DX_LINK {run: $r}]->() RETURN count(l)", r=run_id) == 0

    curated.write_text("a,b,class,rationale,reference\nE11.22,N18.30,1,CKD stage of diabetic CKD,ref\n",
                       encoding="utf-8")
    done = build_links(clean_graph, DATABASE, curated)
    assert done.action == "completed" and done.counts["curated"] == 1
    assert _states(clean_graph, "LinkRun")[done.run_id] == ("completed", True, "clinigraph.dxlinks")


def test_a_graph_with_specialty_maps_of_the_old_states_is_migrated(clean_graph):
    clean_graph.execute_query(
        "CREATE (:SpecialtyMap {id: 'a', status: 'replaced', current: false}), "
        "(:SpecialtyMap {id: 'b', status: 'complete', current: true}), (:SpecialtyMap {id: 'c', status: 'loading'}), "
        "(:ExtractionRun {id: 'x', status: 'completed'}), (:ExtractionRun {id: 'y', status: 'superseded'})",
        database_=DATABASE)
    clean_graph.execute_query("MATCH (m:SchemaMigration {id: '0016_run_states'}) DELETE m", database_=DATABASE)
    assert apply_schema(clean_graph, DATABASE) == ["0016_run_states"]
    job = "clinigraph.specialties"
    assert _states(clean_graph, "SpecialtyMap") == {
        "a": ("superseded", False, job), "b": ("completed", True, job), "c": ("running", False, job)}
    assert {i: s[1] for i, s in _states(clean_graph, "ExtractionRun").items()} == {"x": True, "y": False}

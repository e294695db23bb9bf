"""The release model every loader shares, on the ICD-10-CM fixture, against a real Neo4j."""

from __future__ import annotations

import pytest

from graph.store.releases import begin_release, list_releases
from graph.store.stats import release_stats
from graph.store.writer import GraphWriter
from graph.terminology.concepts import ConceptNotFoundError, get_concept
from loaders import icd10cm
from loaders.errors import ReleaseConflictError, SourceFormatError
from loaders.records import LoadReport

from .helpers import DATABASE, count, graph_fingerprint, load_icd

pytestmark = pytest.mark.integration


def test_load_makes_a_complete_current_release_with_provenance(clean_graph, icd_fixtures):
    result = load_icd(clean_graph, icd_fixtures / "tabular_2026.xml")
    assert result.action == "loaded"
    [release] = list_releases(clean_graph, DATABASE)
    assert release["id"] == "ICD10CM@2026"
    assert release["status"] == "complete" and release["current"] is True
    assert release["files"][0]["name"] == "tabular_2026.xml"
    assert len(release["files"][0]["sha256"]) == 64
    assert any(line.startswith("unresolved_citation: 11") for line in release["report"])

    [stats] = release_stats(clean_graph, DATABASE)
    assert stats["concepts_by_kind"] == {"block": 8, "category": 10, "chapter": 6, "code": 37}
    assert stats["billable_codes"] == 29
    assert stats["edges_by_type"] == {"IS_A": 55, "CITES": 9}

    concept = get_concept(clean_graph, DATABASE, "ICD10CM", "E11.22")
    assert concept["provenance"] == {
        "source": "ICD10CM", "release": "ICD10CM@2026", "file": "tabular_2026.xml",
        "record": concept["provenance"]["record"], "method": "clinigraph.loaders.icd10cm/1.0.0",
    }
    assert concept["provenance"]["record"].startswith("line ")
    # every edge carries its release and where it came from
    assert count(clean_graph, "MATCH ()-[r:IS_A|CITES]->() WHERE r.release IS NULL OR r.record IS NULL "
                              "OR r.method IS NULL OR r.source_file IS NULL RETURN count(r)") == 0


def test_reloading_the_same_release_changes_nothing(clean_graph, icd_fixtures):
    path = icd_fixtures / "tabular_2026.xml"
    load_icd(clean_graph, path)
    before = graph_fingerprint(clean_graph)
    finished = list_releases(clean_graph, DATABASE)[0]["finished_at"]

    again = load_icd(clean_graph, path)
    assert again.action == "unchanged"
    assert graph_fingerprint(clean_graph) == before
    assert list_releases(clean_graph, DATABASE)[0]["finished_at"] == finished

    # A forced reload of the same files yields the same content: the serving instance stays, so what was
    # derived from it carries over (issue 18); the reload's copy is recorded as discarded and purged.
    forced = load_icd(clean_graph, path, force=True)
    assert (forced.action, forced.instance) == ("identical", "ICD10CM@2026")
    assert graph_fingerprint(clean_graph) == {
        **before, ":Release": 2, "-HAS_RELEASE-": 2, "-HAS_FILE-": 2}
    assert [(r["id"], r["name"]) for r in list_releases(clean_graph, DATABASE)] == [
        ("ICD10CM@2026", "ICD10CM@2026")]


def test_same_version_from_another_file_is_refused(clean_graph, icd_fixtures):
    load_icd(clean_graph, icd_fixtures / "tabular_2026.xml")
    with pytest.raises(ReleaseConflictError, match="ICD10CM@2026 is already loaded from other files"):
        load_icd(clean_graph, icd_fixtures / "tabular_2025.xml", version="2026")


def test_a_failed_load_leaves_no_visible_release(clean_graph, icd_fixtures):
    with pytest.raises(SourceFormatError, match="truncated.xml, line 121"):
        load_icd(clean_graph, icd_fixtures / "truncated.xml")
    assert list_releases(clean_graph, DATABASE) == []
    assert count(clean_graph, "MATCH (c:Concept) RETURN count(c)") == 0
    assert count(clean_graph, "MATCH (k:Code) RETURN count(k)") == 0
    [failed] = list_releases(clean_graph, DATABASE, include_incomplete=True)
    assert failed["status"] == "failed" and "truncated.xml" in failed["error"]
    assert release_stats(clean_graph, DATABASE) == []
    with pytest.raises(Exception, match="no complete release"):
        get_concept(clean_graph, DATABASE, "ICD10CM", "A41.9")


def test_a_failure_does_not_disturb_the_other_releases(clean_graph, icd_fixtures):
    load_icd(clean_graph, icd_fixtures / "tabular_2025.xml")
    before = graph_fingerprint(clean_graph)
    with pytest.raises(SourceFormatError):
        load_icd(clean_graph, icd_fixtures / "truncated.xml")
    # Only the failed release's own record (with the file it was read from, for
    # audit) is added; no concept, code or edge.
    assert graph_fingerprint(clean_graph) == {
        **before, ":Release": 2, "-HAS_RELEASE-": 2, ":SourceFile": 2, "-HAS_FILE-": 2,
    }
    assert [r["id"] for r in list_releases(clean_graph, DATABASE)] == ["ICD10CM@2025"]


def test_a_killed_load_stays_invisible_and_the_next_run_completes_it(clean_graph, icd_fixtures):
    """Simulate ``kill -9`` mid-load: records written, release never completed, no handler ran."""
    path = icd_fixtures / "tabular_2026.xml"
    info = icd10cm.describe_release(path)
    begin_release(clean_graph, DATABASE, info)
    writer = GraphWriter(clean_graph, database=DATABASE, release_id=info.release_id,
                         source="ICD10CM", method="test", batch_size=10)
    half = [r for r in icd10cm.parse_tabular(path, LoadReport())][:30]
    writer.write(half)
    assert count(clean_graph, "MATCH (c:Concept) RETURN count(c)") > 0
    assert list_releases(clean_graph, DATABASE) == []
    with pytest.raises(Exception, match="no complete release"):
        get_concept(clean_graph, DATABASE, "ICD10CM", "A41.9")

    result = load_icd(clean_graph, path)
    assert result.action == "loaded"
    [stats] = release_stats(clean_graph, DATABASE)
    assert stats["concepts"] == 61 and stats["edges_by_type"] == {"IS_A": 55, "CITES": 9}


def test_two_versions_side_by_side_and_current_moves_to_the_newest(clean_graph, icd_fixtures):
    load_icd(clean_graph, icd_fixtures / "tabular_2026.xml")
    load_icd(clean_graph, icd_fixtures / "tabular_2025.xml")  # older version loaded second
    releases = {r["id"]: r for r in list_releases(clean_graph, DATABASE)}
    assert set(releases) == {"ICD10CM@2025", "ICD10CM@2026"}
    assert releases["ICD10CM@2026"]["current"] and not releases["ICD10CM@2025"]["current"]

    # QA0.0 is new in the 2026 fixture; E11.8 exists only in 2025.
    assert get_concept(clean_graph, DATABASE, "ICD10CM", "QA0.0")["release"]["id"] == "ICD10CM@2026"
    with pytest.raises(ConceptNotFoundError):
        get_concept(clean_graph, DATABASE, "ICD10CM", "E11.8")
    old = get_concept(clean_graph, DATABASE, "ICD10CM", "E11.8", version="2025")
    assert old["release"]["id"] == "ICD10CM@2025" and old["display"].startswith("Type 2 diabetes")
    # one Code identity per (system, code), one Concept per release that has it
    assert count(clean_graph, "MATCH (:Concept)-[:VERSION_OF]->(k:Code {code: 'E11.22'}) RETURN count(*)") == 2
    assert count(clean_graph, "MATCH (k:Code {system: 'ICD10CM', code: 'E11.22'}) RETURN count(k)") == 1

    # a newer version loaded later takes over as current
    load_icd(clean_graph, icd_fixtures / "tabular_2026.xml", version="2027")
    current = [r["id"] for r in list_releases(clean_graph, DATABASE) if r["current"]]
    assert current == ["ICD10CM@2027"]


def test_schema_is_applied_once_and_recorded(clean_graph):
    from graph.store.schema import apply_schema, migrations

    assert apply_schema(clean_graph, DATABASE) == []
    assert count(clean_graph, "MATCH (m:SchemaMigration) RETURN count(m)") == len(migrations())
    constraints, _, _ = clean_graph.execute_query("SHOW CONSTRAINTS YIELD name RETURN collect(name) AS n",
                                                  database_=DATABASE)
    assert {"code_identity", "concept_version", "release_id"} <= set(constraints[0]["n"])
    indexes, _, _ = clean_graph.execute_query(
        "SHOW INDEXES YIELD name, type, state RETURN name, type, state", database_=DATABASE
    )
    by_name = {r["name"]: r for r in indexes}
    assert by_name["concept_names"]["type"] == "FULLTEXT" and by_name["concept_names"]["state"] == "ONLINE"


def test_children_are_capped_and_counted(clean_graph, icd_fixtures):
    load_icd(clean_graph, icd_fixtures / "tabular_2026.xml")
    n18 = get_concept(clean_graph, DATABASE, "ICD10CM", "N18", max_children=2)
    assert [c["code"] for c in n18["children"]] == ["N18.1", "N18.2"]
    assert n18["children_total"] == 7

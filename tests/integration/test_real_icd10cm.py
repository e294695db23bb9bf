"""The official ICD-10-CM 2026 tabular file, loaded exactly, checked against an independent code list.

The independent list is ``code-list-April-2026.txt``, shipped beside the XML in
``simple-icd-10-cm`` and read here as plain text (one code per line, chapters as
numbers, blocks as ranges). Its codes that no other code extends are the valid,
billable codes of the year; CMS counts 74,719 of them for FY2026.

The one family of differences a naive reading of the XML would produce is
explained, not hidden: the 76 S06 codes with 6th character 7 or 8 and 7th
character D or S, which the S06 note rules out.
"""

from __future__ import annotations

from collections import Counter

import pytest

from loaders.bundled import package_data_file
from tests.realdata import REAL_RELEASES, stats_of

from .helpers import DATABASE, api_client, count

pytestmark = [pytest.mark.integration, pytest.mark.realdata]

OFFICIAL_FY2026_VALID_CODES = 74_719


def independent_code_list() -> list[str]:
    path = package_data_file("simple_icd_10_cm", "data/code-list-April-2026.txt")
    return [line.strip() for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="module")
def real(real_base):
    """The ICD-10-CM release as loaded beside HPO for the whole test run (tests/realdata.py)."""
    assert real_base.icd10cm is not None and real_base.icd10cm.action == "loaded"
    return real_base.icd10cm


def codes_in_graph(driver, kinds: tuple[str, ...]) -> set[str]:
    records, _, _ = driver.execute_query(
        "MATCH (c:Concept {release: 'ICD10CM@2026'}) WHERE c.kind IN $kinds RETURN c.code AS code",
        kinds=list(kinds), database_=DATABASE,
    )
    return {r["code"] for r in records}


def test_release_is_complete_with_22_chapters_and_the_official_code_count(real, driver):
    stats = stats_of(driver, DATABASE, "ICD10CM@2026")
    assert stats["release"] == "ICD10CM@2026" and stats["status"] == "complete" and stats["current"]
    assert stats["concepts_by_kind"]["chapter"] == 22
    assert stats["billable_codes"] == OFFICIAL_FY2026_VALID_CODES
    assert stats["edges_by_type"]["IS_A"] == stats["concepts"] - 22


def test_code_set_equals_the_independent_list(real, driver):
    listed = independent_code_list()
    listed_codes = sorted({c for c in listed if "-" not in c and not c.isdigit()})
    valid = {c for i, c in enumerate(listed_codes)
             if not (i + 1 < len(listed_codes) and listed_codes[i + 1].startswith(c))}

    ours_all = {c.replace(".", "") for c in codes_in_graph(driver, ("category", "code"))}
    records, _, _ = driver.execute_query(
        "MATCH (c:Concept {release: 'ICD10CM@2026', billable: true}) RETURN c.code AS code", database_=DATABASE
    )
    ours_billable = {r["code"].replace(".", "") for r in records}

    assert ours_billable == valid
    assert len(valid) == OFFICIAL_FY2026_VALID_CODES
    assert ours_all == set(listed_codes)
    # A block named like its category (B10) is listed twice: once as block, once as code.
    times_listed = Counter(listed)
    blocks = {b if "-" in b else f"{b}-{b}" for b in times_listed
              if not b.isdigit() and ("-" in b or times_listed[b] == 2)}
    assert codes_in_graph(driver, ("block",)) == blocks
    assert sum(1 for c in listed if c.isdigit()) == 22


def test_the_s06_rule_is_applied_and_reported(real, driver):
    assert any(line.startswith("seventh_character_ruled_out: 76") for line in real.report)
    ours = codes_in_graph(driver, ("code",))
    assert "S06.1X7A" in ours
    assert "S06.1X7D" not in ours and "S06.1X8S" not in ours


@pytest.fixture(scope="module")
def client(real, driver, neo4j_settings):
    with api_client(neo4j_settings, driver=driver) as c:
        yield c


@pytest.mark.parametrize(
    ("code", "display"),
    [
        ("E11.22", "Type 2 diabetes mellitus with diabetic chronic kidney disease"),
        ("I50.9", "Heart failure, unspecified"),
        ("S06.0X1A", "Concussion with loss of consciousness of 30 minutes or less, initial encounter"),
    ],
)
def test_api_serves_real_codes(client, code, display):
    r = client.get(f"/v1/concepts/ICD10CM/{code}")
    assert r.status_code == 200
    body = r.json()
    assert body["display"] == display and body["billable"] is True
    assert body["release"]["id"] == "ICD10CM@2026"


@pytest.mark.parametrize("code", ["E11.9999", "A00.X"])
def test_api_404_for_invalid_codes(client, code):
    assert client.get(f"/v1/concepts/ICD10CM/{code}").status_code == 404


def test_e11_22_cites_ckd_stages_through_use_additional_code(client):
    notes = client.get("/v1/concepts/ICD10CM/E11.22").json()["notes"]
    cited = {x["code"] for n in notes if n["type"] == "use_additional_code" for x in n["cited"]}
    assert {"N18.1", "N18.2", "N18.3", "N18.4", "N18.5", "N18.6"} <= cited


def test_search_and_releases_on_real_data(client):
    # HPO is loaded beside ICD-10-CM (tests/realdata.py) and has a "Heart failure" of its own
    hits = client.get("/v1/search", params={"q": "heart failure", "system": "ICD10CM", "limit": 10}).json()["hits"]
    assert hits[0]["code"].startswith("I50")
    releases = {r["id"]: r for r in client.get("/v1/releases").json()}
    assert tuple(sorted(releases)) == REAL_RELEASES
    assert releases["ICD10CM@2026"]["files"][0]["name"] == "icd10c-tabular-April-1-2026.xml"


def homes(driver, code: str) -> dict[str, dict]:
    records, _, _ = driver.execute_query(
        "MATCH (m:SpecialtyMap {status: 'completed', current: true}) "
        "MATCH (:Concept {system: 'ICD10CM', code: $code})-[h:HOME_SPECIALTY {map: m.id}]->(s:Specialty) "
        "RETURN s.id AS specialty, properties(h) AS h", code=code, database_=DATABASE)
    return {r["specialty"]: r["h"] for r in records}


def test_home_specialties_from_the_bundled_rules(real, driver):
    from graph.relevance.specialties import load_specialties

    first = load_specialties(driver, DATABASE)
    assert first.action == "loaded" and first.icd_release == "ICD10CM@2026"
    assert set(homes(driver, "E11.22")) == {"Endocrinology", "Nephrology"}  # diabetes with kidney complications
    assert set(homes(driver, "I63.9")) == {"Neurology"}  # cerebrovascular, carved out of chapter IX
    assert set(homes(driver, "I50.9")) == {"Cardiology"} and homes(driver, "R55") == {}
    rule = homes(driver, "E11.22")["Nephrology"]
    assert rule["rationale"] == "Diabetes with kidney complications" and rule["record"].startswith("rule ")
    assert rule["source_file"] == "specialties.toml" and rule["method"].startswith("clinigraph.specialties/")
    assert count(driver, "MATCH (s:Specialty) RETURN count(s)") == 20
    assert load_specialties(driver, DATABASE).action == "unchanged"  # same file, same release: nothing written
    assert count(driver, "MATCH ()-[h:HOME_SPECIALTY]->() RETURN count(h)") == first.edges


def test_a_new_specialty_file_replaces_the_map_whole_and_a_bad_one_changes_nothing(real, driver, tmp_path):
    from graph.relevance.specialties import load_specialties
    from loaders.errors import SourceFormatError
    from loaders.specialties import DEFAULT_FILE

    load_specialties(driver, DATABASE)
    before = count(driver, "MATCH ()-[h:HOME_SPECIALTY]->() RETURN count(h)")
    bad = tmp_path / "bad.toml"
    bad.write_text('version = "9"\n[[specialty]]\nid = "Cardiology"\n\n[[rule]]\nspecialty = "Cardiology"\n'
                   'codes = ["I00-X"]\nrationale = "broken"\n')
    with pytest.raises(SourceFormatError) as caught:
        load_specialties(driver, DATABASE, bad)
    assert (caught.value.line, caught.value.field) == (5, "rule[1].codes[0]")
    assert count(driver, "MATCH ()-[h:HOME_SPECIALTY]->() RETURN count(h)") == before
    small = tmp_path / "cardiology_only.toml"
    small.write_text('version = "2"\n[[specialty]]\nid = "Cardiology"\n\n[[rule]]\nspecialty = "Cardiology"\n'
                     'codes = ["I50"]\nrationale = "heart failure only"\n')
    result = load_specialties(driver, DATABASE, small)
    assert result.replaced and count(driver, "MATCH ()-[h:HOME_SPECIALTY]->() RETURN count(h)") == result.edges
    assert set(homes(driver, "I50.9")) == {"Cardiology"} and homes(driver, "E11.22") == {}
    load_specialties(driver, DATABASE, DEFAULT_FILE)  # back to the bundled map for later tests
    assert set(homes(driver, "E11.22")) == {"Endocrinology", "Nephrology"}


def test_note_derived_links_on_the_real_release_are_built_counted_and_explained(real, driver):
    from graph.relevance.links import build_links

    run = build_links(driver, DATABASE)
    assert run.action == "completed" and run.counts["icd10cm_notes"] > 4000 and run.counts["curated"] == 12
    records, _, _ = driver.execute_query(
        "MATCH (:Concept {code: 'E11.22'})-[l:DX_LINK {run: $run}]->(n:Concept) RETURN n.code AS code, "
        "properties(l) AS l ORDER BY code", run=run.run_id, database_=DATABASE)
    assert [r["code"] for r in records] == ["N18.1", "N18.2", "N18.3", "N18.4", "N18.5", "N18.6"]
    link = records[0]["l"]
    assert (link["class"], link["method"]) == (2, "icd10cm:use_additional_code")
    assert "stage of chronic kidney disease" in link["evidence"] and link["record"].startswith("line ")
    code_first = count(driver, "MATCH (:Concept {code: 'G63'})-[l:DX_LINK {run: $run, class: 1}]->(:Concept "
                               "{code: 'E85'}) RETURN count(l)", run=run.run_id)
    assert code_first == 1  # polyneuropathy in diseases classified elsewhere: code first amyloidosis
    assert build_links(driver, DATABASE).action == "unchanged"

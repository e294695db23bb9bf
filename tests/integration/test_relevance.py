"""Specialty relevance and diagnosis–diagnosis links on real ICD-10-CM 2026 + HPO and the bundled decks.

The worked patient of the issue: type 2 diabetes with diabetic chronic kidney disease
(E11.22 with its CKD stage N18.3), hypertensive heart disease with heart failure (I11.0)
and heart failure (I50.9). Findings come from extracting the bundled decks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from api.models import RelevanceOut
from graph.extraction.lexicon import load_lexicon
from graph.extraction.material import current_items, ingest
from graph.extraction.mentions import DictionaryExtractor
from graph.extraction.runs import run_extraction
from graph.relevance.links import build_links
from graph.relevance.specialties import load_specialties
from loaders.errors import ClinigraphError

from .helpers import DATABASE, api_client, load_source
from .test_extraction import FACT_CARDS, VIGNETTES

pytestmark = [pytest.mark.integration, pytest.mark.realdata]

PATIENT = ["E11.22", "N18.3", "I11.0", "I50.9"]
SNOMED = Path(__file__).resolve().parents[1] / "fixtures" / "snomed" / "snapshot_release"


@pytest.fixture(scope="module")
def api(driver, neo4j_settings, real_base):
    for path in (VIGNETTES, FACT_CARDS):
        ingest(driver, DATABASE, path)
    lexicon = load_lexicon(driver, DATABASE)
    run_extraction(driver, DATABASE, current_items(driver, DATABASE), DictionaryExtractor(lexicon), lexicon)
    # After extraction, so the findings are grounded as in the other tests: SNOMED CT only for its map.
    load_source(driver, "snomed", SNOMED)
    load_specialties(driver, DATABASE)
    build_links(driver, DATABASE)
    with api_client(neo4j_settings) as client:
        yield client


def tiers(answer: dict, specialty: str) -> dict[str, dict[str, dict]]:
    [result] = [r for r in answer["results"] if r["specialty"] == specialty]
    return {tier: {f["code"]: f for f in found} for tier, found in result["tiers"].items()} | {"_": result}


def test_the_worked_patient_across_specialties(api):
    r = api.post("/v1/specialty-relevance", json={"diagnoses": PATIENT})
    assert r.status_code == 200, r.text
    answer = r.json()
    RelevanceOut.model_validate(answer)
    assert answer["specialties_involved"] == ["Cardiology", "Endocrinology", "Nephrology"]

    cardiology = tiers(answer, "Cardiology")
    orthopnea = cardiology["primary"]["HP:0012764"]
    assert orthopnea["critical"] and orthopnea["owner"]["code"] == "I50.9" and orthopnea["home"]["rule"]
    assert "HP:0001712" in cardiology["primary"]  # left ventricular hypertrophy, from hypertensive heart disease
    assert "HP:0000103" in cardiology["excluded"]  # polyuria: nothing joins diabetes to the heart here

    nephrology = tiers(answer, "Nephrology")
    creatinine = nephrology["primary"]["HP:0003259"]
    assert creatinine["critical"] and creatinine["owner"]["code"] == "N18.3"
    assert "HP:0000093" in nephrology["primary"]  # proteinuria of diabetic kidney disease (E11.22 is nephrology's)
    polyuria = nephrology["relevant"]["HP:0000103"]  # diabetes' own finding, through a class 1 link
    assert polyuria["link"]["class"] == 1 and polyuria["link"]["method"] == "icd10cm:code_first"
    assert polyuria["linked_diagnosis"]["code"] == "N18.3" and "code_first" in polyuria["explanation"]

    endocrinology = tiers(answer, "Endocrinology")
    assert endocrinology["primary"]["HP:0000103"]["critical"]
    assert endocrinology["relevant"]["HP:0003259"]["owner"]["code"] == "N18.3"

    dermatology = tiers(answer, "Dermatology")
    assert dermatology["_"]["abstain"] and "nothing in this patient is relevant" in dermatology["_"]["abstention"]
    assert not dermatology["primary"] and not dermatology["relevant"]


def test_the_note_links_between_the_patients_diagnoses_are_returned_with_their_evidence(api):
    answer = api.post("/v1/specialty-relevance", json={"diagnoses": PATIENT, "specialty": "Nephrology"}).json()
    links = {(link["from_code"], link["to_code"], link["method"]) for link in answer["links"]}
    assert ("E11.22", "N18.3", "icd10cm:use_additional_code") in links
    assert ("I11.0", "I50", "icd10cm:use_additional_code") in links
    assert [r["specialty"] for r in answer["results"]] == ["Nephrology"]


def test_given_findings_are_tiered_and_an_unowned_one_is_excluded_with_why(api):
    r = api.get("/v1/specialty-relevance", params={"diagnosis": PATIENT, "specialty": "Cardiology",
                                                   "finding": ["HPO:HP:0012764", "HPO:HP:0000988"]})
    assert r.status_code == 200, r.text
    cardiology = tiers(r.json(), "Cardiology")
    assert set(cardiology["primary"]) == {"HP:0012764"}
    assert cardiology["excluded"]["HP:0000988"]["explanation"] == "no present diagnosis has this finding"


def test_a_patient_from_items(api):
    r = api.post("/v1/specialty-relevance", json={"items": ["fc-dkd-01"], "specialty": "Nephrology"})
    assert r.status_code == 200, r.text
    answer = r.json()
    assert [d["code"] for d in answer["patient"]["diagnoses"]] == ["E11.22"]
    assert "HP:0000093" in tiers(answer, "Nephrology")["primary"]


@pytest.mark.parametrize("body, detail", [
    ({"diagnoses": ["E11.22", "Q99.99"]}, "diagnoses: Q99.99 is not a code of ICD10CM@2026"),
    ({"diagnoses": ["E11.22"], "specialty": "Astrology"}, "specialty: unknown specialty 'Astrology'"),
    ({"diagnoses": []}, "diagnoses: a patient needs at least one diagnosis code"),
    ({"items": ["no-such-item"]}, "items: no current item 'no-such-item'"),
    ({"items": ["fc-dkd-01"], "diagnoses": ["E11.22"]}, "items: give diagnoses (and findings) or items"),
])
def test_bad_input_is_a_422_naming_the_item(api, body, detail):
    r = api.post("/v1/specialty-relevance", json=body)
    assert r.status_code == 422 and r.json()["detail"].startswith(detail), r.text
    assert r.headers["content-type"] == "application/problem+json"


def test_snomed_ct_diagnoses_take_their_specialties_through_the_icd10cm_map(api):
    r = api.post("/v1/specialty-relevance", json={"diagnoses": ["SNOMEDCT:127013003", "N18.3"],
                                                 "specialty": "Nephrology"})
    assert r.status_code == 200, r.text
    [diabetic_kidney, ckd] = r.json()["patient"]["diagnoses"]
    assert diabetic_kidney["code"] == "E11.22" and diabetic_kidney["mapped_from"]["code"] == "127013003"
    assert diabetic_kidney["mapped_from"]["map_advice"] == "ALWAYS E11.22" and ckd["code"] == "N18.3"
    assert "HP:0000093" in tiers(r.json(), "Nephrology")["primary"]
    unmappable = api.post("/v1/specialty-relevance", json={"diagnoses": ["SNOMEDCT:91302008"]})
    assert unmappable.status_code == 422 and "has no unconditional ICD-10-CM map target" in unmappable.json()["detail"]
    unknown = api.post("/v1/specialty-relevance", json={"diagnoses": ["SNOMEDCT:123"]})
    assert unknown.status_code == 422 and "is not a concept of a current SNOMED CT release" in unknown.json()["detail"]


def test_a_malformed_finding_parameter_is_named(api):
    r = api.get("/v1/specialty-relevance", params={"diagnosis": "E11.22", "finding": "polyuria"})
    assert r.status_code == 422 and r.json()["detail"].startswith("finding[0]: 'polyuria' is not SYSTEM:CODE")


def test_the_specialty_list(api):
    assert len(api.get("/v1/specialties").json()) == 20


def test_the_team_reference_set_is_evaluated_with_misses_explained(api, driver, tmp_path):
    from graph.relevance.evaluation import evaluate_relations
    from loaders.relation_reference import read_reference

    team = Path(__file__).resolve().parents[2] / "bench" / "labels" / "diagnosis_relations.csv"
    report = evaluate_relations(driver, DATABASE, read_reference(team))
    assert report["pairs"] >= 80 and report["recovered"] + len(report["misses"]) == report["pairs"]
    assert set(report["by_class"]) == {"1", "2"}
    hits = {h["id"]: h for h in report["hits"]}
    assert hits["R001"]["links"][0]["method"].startswith("icd10cm:")  # E11.2–N18 through the notes
    assert hits["R021"]["curated_only"]  # AF–cardioembolic stroke: only a curated link knows it
    assert report["hits_needing_curated_links"] == sum(h["curated_only"] for h in report["hits"])
    for miss in report["misses"]:
        assert set(miss["between"]) == {"notes", "shared_findings", "common_ancestor"}

    names = tmp_path / "names.csv"
    names.write_text('id,a,b,class,specialty,reference\nN1,atrial fibrillation,I63.4,1,Neurology,"guideline"\n'
                     'N2,Q99.99,I10,2,Cardiology,"ref"\n')
    with pytest.raises(ClinigraphError, match="line 3, field a: Q99.99 is not a code"):
        evaluate_relations(driver, DATABASE, read_reference(names))
    names.write_text('id,a,b,class,specialty,reference\nN1,atrial fibrillation,I63.4,1,Neurology,"guideline"\n')
    [hit] = evaluate_relations(driver, DATABASE, read_reference(names))["hits"]
    assert hit["resolved"] == ["I48.91", "I63.4"] and hit["resolution"]["a"].startswith("exact_name I48.91")


def test_diagnoses_at_one_organ_are_linked_through_their_snomed_finding_sites(api):
    # E11.22 ← 127013003 diabetic renal disease, N17.9 ← 14669001 acute kidney injury: both at the kidney
    r = api.post("/v1/specialty-relevance", json={"diagnoses": ["E11.22", "N17.9"], "specialty": "Nephrology"})
    assert r.status_code == 200, r.text
    [organ] = [link for link in r.json()["links"] if link["method"] == "snomed:shared_finding_site"]
    assert (organ["a"], organ["b"], organ["class"], organ["organ"]) == ("E11.22", "N17.9", 2, "Kidney structure")
    assert "finding site Kidney structure" in organ["evidence"]
    # I50.9 ← 42343007 congestive heart failure is at the heart, not the kidney: no such link with E11.22
    r = api.post("/v1/specialty-relevance", json={"diagnoses": ["E11.22", "I50.9"], "specialty": "Nephrology"})
    assert not [link for link in r.json()["links"] if link["method"] == "snomed:shared_finding_site"]


def test_snomed_ct_concepts_own_specialties_through_the_map_and_their_finding_site(api, driver):
    def homes(code: str) -> set[tuple[str, str]]:
        records, _, _ = driver.execute_query(
            "MATCH (m:SpecialtyMap {status: 'completed', current: true}) "
            "MATCH (:Concept {system: 'SNOMEDCT', code: $code})-[h:HOME_SPECIALTY {map: m.id}]->(s:Specialty) "
            "RETURN s.id AS specialty, h.via AS via", code=code, database_=DATABASE)
        return {(r["specialty"], r["via"]) for r in records}

    # diabetic renal disease: mapped to E11.22 (endocrinology, nephrology), and a disorder of the kidney
    assert homes("127013003") == {("Endocrinology", "icd10cm_map"), ("Nephrology", "icd10cm_map"),
                                  ("Nephrology", "finding_site")}
    # chronic kidney disease has no map row in the fixture: its finding site alone gives it a home
    assert homes("709044004") == {("Nephrology", "finding_site")}
    assert ("Cardiology", "finding_site") in homes("42343007")  # congestive heart failure, at the heart


def _without_run_ids(value):
    """An answer with the ids of the runs and maps that built it left out (a rebuild has new ones; edge keys
    start with their run's id: ``run:f7e54bd4b1bb5b90|ICD10CM:I11.9|HPO:HP:0000822``)."""
    import re

    if isinstance(value, dict):
        return {k: _without_run_ids(v) for k, v in value.items() if k not in ("run", "edge", "specialty_map")}
    if isinstance(value, list):
        return [_without_run_ids(v) for v in value]
    if isinstance(value, str):
        return re.sub(r"run:[0-9a-f]{16}", "run:…", value)
    return value


def test_a_forced_reload_carries_the_derived_layers_over_or_marks_them_stale_until_rerun(api, driver, tmp_path):
    """Issue 18: a forced reload of ICD-10-CM used to delete every derived layer in silence (links, homes,
    findings) while the runs still said completed. Now a reload of identical content keeps the serving
    instance and everything built on it; a reload of changed content switches, marks the layers stale, and
    the jobs rerun as the README says give the same answers. Runs last in this module: it reloads the release."""
    from graph.relevance.evaluation import evaluate_relations
    from graph.store.derived import derived_layers
    from graph.store.loading import load_release
    from loaders.registry import LoadRequest, get_loader
    from loaders.relation_reference import read_reference

    def rerun_the_jobs() -> list[str]:
        """ingest, extract, specialties, links — as the README runs them, on the releases now current."""
        for path in (VIGNETTES, FACT_CARDS):
            ingest(driver, DATABASE, path)
        lexicon = load_lexicon(driver, DATABASE)
        return [
            run_extraction(driver, DATABASE, current_items(driver, DATABASE), DictionaryExtractor(lexicon),
                           lexicon).action,
            load_specialties(driver, DATABASE).action,
            build_links(driver, DATABASE).action,
        ]

    def recovered(report: dict) -> tuple:
        """Which pairs were recovered, by which methods, with what recall: what the evaluation answers."""
        return (report["pairs"], report["recovered"], report["recall"], report["by_class"],
                {h["id"]: sorted({link["method"] for link in h["links"]}) for h in report["hits"]},
                sorted(m["id"] for m in report["misses"]))

    def stale_layers() -> set[str]:
        return {layer["kind"] for layer in derived_layers(driver, DATABASE) if layer["stale"] and layer["in_use"]}

    team = read_reference(Path(__file__).resolve().parents[2] / "bench" / "labels" / "diagnosis_relations.csv")
    # The module built its extraction before SNOMED CT was loaded; the README's order is jobs after loads.
    rerun_the_jobs()
    before = api.post("/v1/specialty-relevance", json={"diagnoses": PATIENT}).json()
    recall_before = recovered(evaluate_relations(driver, DATABASE, team))

    # 1. The same files forced again: the parse yields what the serving instance holds, so it stays.
    prepared = get_loader("icd10cm").prepare(LoadRequest())
    same = load_release(driver, DATABASE, prepared.info, prepared.parse, force=True)
    assert (same.action, same.instance) == ("identical", "ICD10CM@2026")
    assert stale_layers() == set()
    assert api.post("/v1/specialty-relevance", json={"diagnoses": PATIENT}).json() == before
    assert recovered(evaluate_relations(driver, DATABASE, team)) == recall_before
    assert rerun_the_jobs() == ["unchanged", "unchanged", "unchanged"]  # nothing to rebuild: it all stands

    # 2. Changed content under the same version: a new instance switches in and the layers go stale.
    changed = tmp_path / "icd10cm-tabular-2026-edited.xml"
    from loaders.icd10cm import bundled_tabular_path

    text = bundled_tabular_path().read_text(encoding="utf-8")
    assert text.count("<desc>Sucked into jet engine</desc>") == 1
    changed.write_text(text.replace("<desc>Sucked into jet engine</desc>", "<desc>Drawn into a jet engine</desc>"),
                       encoding="utf-8")
    edited = get_loader("icd10cm").prepare(LoadRequest(path=changed, version="2026"))
    reloaded = load_release(driver, DATABASE, edited.info, edited.parse, force=True)
    assert (reloaded.action, reloaded.instance) == ("loaded", "ICD10CM@2026+2")
    assert stale_layers() == {"ExtractionRun", "SpecialtyMap", "LinkRun"}
    refused = api.post("/v1/specialty-relevance", json={"diagnoses": PATIENT})
    assert refused.status_code == 409 and "replaced by ICD10CM@2026+2" in refused.json()["detail"]
    with pytest.raises(ClinigraphError, match=r"stale .*rerun `clinigraph (links|extract)`"):
        evaluate_relations(driver, DATABASE, team)
    layers = api.get("/v1/derived-layers")
    assert layers.status_code == 200, layers.text
    assert {(x["kind"], x["stale"]) for x in layers.json() if x["in_use"]} == {
        ("ExtractionRun", True), ("SpecialtyMap", True), ("LinkRun", True)}

    # Rerun the jobs as the README says: each builds anew on the new instance.
    assert rerun_the_jobs() == ["completed", "loaded", "completed"]
    assert stale_layers() == set()
    after = api.post("/v1/specialty-relevance", json={"diagnoses": PATIENT})
    assert after.status_code == 200, after.text
    assert _without_run_ids(after.json()) == _without_run_ids(before)
    assert recovered(evaluate_relations(driver, DATABASE, team)) == recall_before

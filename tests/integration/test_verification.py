"""Relation verification on connected fixtures: ICD-10-CM, HPO, SNOMED CT, UMLS and SemMedDB together."""

from __future__ import annotations

import asyncio
import csv
from pathlib import Path

import pytest

from api.client import ClinigraphClient, ItemError, code, name
from api.models import DistractorsOut, VerifyBatchOut, VerifyOut
from graph.verification.queries import IDENTITY_QUERY, KNOWN_ANCHORS_QUERY, NAME_QUERY, hierarchy_query
from graph.verification.verifier import Claim, ClaimedConcept, Thresholds, VerificationInputError, Verifier

from .helpers import DATABASE, api_client, count, load_connected_fixtures, load_source

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
BOTH = Thresholds(sources=("literature", "ontology"))


@pytest.fixture(scope="module")
def graph(driver):
    return load_connected_fixtures(driver)


@pytest.fixture(scope="module")
def verifier(graph):
    return Verifier(graph, DATABASE)


def cui(value: str) -> ClaimedConcept:
    return ClaimedConcept("UMLS", value)


HTN, STROKE, CHF, AF = cui("C0020538"), cui("C0038454"), cui("C0018802"), cui("C0004238")
HGLY, CKD, APAP, GLAR, SMK = cui("C0020456"), cui("C1561643"), cui("C0000970"), cui("C0907402"), cui("C0037369")


def counted(answer, polarity):
    return [e for e in answer["evidence"] if e["counted"] and e["polarity"] == polarity]


def test_the_literature_release_is_loaded_with_its_report(graph):
    assert count(graph, "MATCH ()-[r:PREDICATION {release: 'SEMMEDDB@43_2024'}]->() RETURN count(r)") == 27
    assert count(graph, "MATCH ()-[r:PREDICATION {negated: true}]->() RETURN count(r)") == 5
    report = graph.execute_query("MATCH (r:Release {id: 'SEMMEDDB@43_2024'}) RETURN r.report AS report",
                                 database_=DATABASE).records[0]["report"]
    assert any(line.startswith("corrupt_row: 2") for line in report)
    assert any(line.startswith("pipe_joined_cui: 1") for line in report)


def test_supported_with_literature_evidence(verifier):
    a = verifier.verify(Claim(HTN, "cause", STROKE))
    assert a["verdict"] == "supported" and a["keep"] is True
    (e,) = counted(a, "positive")
    assert e["kind"] == "literature" and e["relation"] == "CAUSES" and e["support"] == "direct"
    assert e["details"]["pmid_count"] == 3 and e["details"]["pmids"] == ["1001", "1002", "1003"]
    assert e["source"]["release"] == "SEMMEDDB@43_2024" and e["source"]["record"].startswith("line 1 ")
    assert "Hypertensive disease causes cerebrovascular accident" in e["details"]["sentences"][0]


def test_contradicted_by_explicit_negative_evidence(verifier):
    a = verifier.verify(Claim(APAP, "cause", AF))
    assert a["verdict"] == "contradicted" and not a["keep"]
    (e,) = counted(a, "negative")
    assert e["relation"] == "NEG_CAUSES" and e["details"]["negated"] is True


def test_conflicting_when_evidence_goes_both_ways(verifier):
    a = verifier.verify(Claim(HGLY, "cause", CKD))
    assert a["verdict"] == "conflicting"
    assert {e["relation"] for e in a["evidence"]} == {"CAUSES", "NEG_CAUSES"}


def test_conflicting_when_a_context_concept_is_negated_against_the_object(verifier):
    alone = verifier.verify(Claim(GLAR, "treat", HGLY))
    with_context = verifier.verify(Claim(GLAR, "treat", HGLY, (SMK,)))
    assert alone["verdict"] == "supported"
    assert with_context["verdict"] == "conflicting" and not with_context["keep"]
    (e,) = [e for e in with_context["evidence"] if e["role"] == "context"]
    assert e["relation"] == "NEG_ASSOCIATED_WITH" and e["context_index"] == 0 and e["from"]["code"] == "C0037369"


def test_unsupported_when_nothing_either_way(verifier):
    a = verifier.verify(Claim(APAP, "treat", STROKE))
    assert a["verdict"] == "unsupported" and a["evidence"] == []


def test_unresolved_names_the_side_that_failed(verifier):
    a = verifier.verify(Claim(cui("C9999999"), "cause", STROKE))
    assert a["verdict"] == "unresolved" and "subject" in a["explanation"]
    b = verifier.verify(Claim(HTN, "cause", ClaimedConcept(name="qwertyuiop zzzz")))
    assert b["verdict"] == "unresolved" and b["object"]["method"] == "not found"


def test_codes_of_other_systems_meet_literature_through_the_crosswalk(verifier):
    a = verifier.verify(Claim(ClaimedConcept("ICD10CM", "I10"), "cause", ClaimedConcept("SNOMEDCT", "230690007")))
    assert a["verdict"] == "supported"
    assert "C0020538" in a["subject"]["cuis"] and "C0038454" in a["object"]["cuis"]
    (e,) = counted(a, "positive")
    assert e["crosswalk"] == ["SEMMEDDB:C0020538", "SEMMEDDB:C0038454"]  # reached through the UMLS crosswalk
    direct = verifier.verify(Claim(HTN, "cause", STROKE))
    assert counted(direct, "positive")[0]["crosswalk"] == []  # a CUI's own literature concept
    hpo = verifier.verify(Claim(ClaimedConcept("HPO", "HP:0000822"), "cause", ClaimedConcept("ICD10CM", "I50.9")))
    assert hpo["verdict"] == "supported"


def test_names_are_resolved_and_the_resolution_reported(verifier):
    a = verifier.verify(Claim(ClaimedConcept(name="hypertension"), "cause", ClaimedConcept(name="Stroke")))
    assert a["verdict"] == "supported"
    assert a["subject"]["method"] == "exact name or synonym"
    assert {"system": "HPO", "code": "HP:0000822"} in [{k: m[k] for k in ("system", "code")}
                                                      for m in a["subject"]["name_matches"]]


def test_inverse_phrasing_reads_the_sources_direction(verifier):
    a = verifier.verify(Claim(cui("C0011860"), "TREATED_BY", cui("C0025598")))
    assert a["verdict"] == "supported" and a["predicate"]["reversed"] is True
    assert counted(a, "positive")[0]["from"]["code"] == "C0025598"  # metformin TREATS type 2 diabetes


def test_has_finding_through_manifestation_of(verifier):
    a = verifier.verify(Claim(cui("C0032285"), "has_finding", cui("C0015967")))
    assert a["verdict"] == "supported"
    assert counted(a, "positive")[0]["relation"] == "MANIFESTATION_OF"


def test_hierarchy_steps_find_support_through_a_more_general_subject(verifier):
    t2dm, retinopathy = ClaimedConcept("SNOMEDCT", "44054006"), cui("C0011884")
    assert verifier.verify(Claim(t2dm, "cause", retinopathy))["verdict"] == "unsupported"
    a = verifier.verify(Claim(t2dm, "cause", retinopathy, thresholds=Thresholds(hierarchy_steps=1)))
    assert a["verdict"] == "supported"
    (e,) = counted(a, "positive")
    assert e["support"] == "via a more general subject" and e["steps"] == 1 and e["through"] == ["SNOMEDCT:73211009"]


def test_ontology_evidence_snomed_due_to(verifier):
    a = verifier.verify(Claim(ClaimedConcept("SNOMEDCT", "38341003"), "cause", ClaimedConcept("SNOMEDCT", "64715009"),
                              thresholds=BOTH))
    assert a["verdict"] == "supported"
    (e,) = counted(a, "positive")
    assert e["kind"] == "ontology" and e["relation"] == "due_to" and e["source"]["type"] == "HAS_ATTRIBUTE"
    assert e["from"]["code"] == "64715009" and e["to"]["code"] == "38341003"


def test_ontology_evidence_icd10cm_code_first_and_use_additional_code(verifier):
    # I50 "Heart failure" says: code first hypertensive heart disease with heart failure (I11.0).
    a = verifier.verify(Claim(ClaimedConcept("ICD10CM", "I11.0"), "cause", ClaimedConcept("ICD10CM", "I50"),
                              thresholds=BOTH))
    assert a["verdict"] == "supported"
    (e,) = counted(a, "positive")
    assert e["relation"] == "code_first" and e["source"]["type"] == "CITES" and e["from"]["code"] == "I50"
    # E11.22 says: use additional code to identify the stage of chronic kidney disease (N18.1-N18.6).
    b = verifier.verify(Claim(ClaimedConcept("ICD10CM", "E11.22"), "associate", ClaimedConcept("ICD10CM", "N18.3"),
                              thresholds=BOTH))
    assert b["verdict"] == "supported" and counted(b, "positive")[0]["relation"] == "use_additional_code"


def test_ontology_evidence_is_reported_but_not_counted_by_default(verifier):
    a = verifier.verify(Claim(ClaimedConcept("SNOMEDCT", "38341003"), "cause", ClaimedConcept("SNOMEDCT", "64715009")))
    assert a["verdict"] == "unsupported"
    (e,) = a["evidence"]
    assert e["counted"] is False and "not counted" in e["not_counted_because"]


def test_hpo_not_annotation_contradicts_and_is_always_reported(verifier):
    disease, af = ClaimedConcept("OMIM", "125853"), ClaimedConcept("HPO", "HP:0005110")
    a = verifier.verify(Claim(disease, "has_finding", af, thresholds=BOTH))
    assert a["verdict"] == "contradicted"
    (e,) = counted(a, "negative")
    assert e["source"]["type"] == "HAS_PHENOTYPE" and e["details"]["negated"] is True
    default = verifier.verify(Claim(disease, "has_finding", af))
    assert default["verdict"] != "supported" and default["evidence"][0]["polarity"] == "negative"
    positive = verifier.verify(Claim(disease, "has_finding", ClaimedConcept("HPO", "HP:0003074"), thresholds=BOTH))
    assert positive["verdict"] == "supported"


def test_min_pmids_and_ignore_generic(verifier):
    vaccines, autism = cui("C0042210"), cui("C0004352")
    assert verifier.verify(Claim(vaccines, "cause", autism))["verdict"] == "conflicting"
    strict = verifier.verify(Claim(vaccines, "cause", autism, thresholds=Thresholds(min_pmids=2)))
    assert strict["verdict"] == "contradicted"
    assert any("fewer than min_pmids=2" in (e["not_counted_because"] or "") for e in strict["evidence"])
    aspirin, patients = cui("C0004057"), cui("C0030705")
    assert verifier.verify(Claim(aspirin, "treat", patients))["verdict"] == "supported"
    ignored = verifier.verify(Claim(aspirin, "treat", patients, thresholds=Thresholds(ignore_generic=True)))
    assert ignored["verdict"] == "unsupported"


def test_published_rule_defaults_give_the_rules_decisions(verifier):
    table = FIXTURES / "semmeddb" / "published_rule_table.csv"
    rows = list(csv.DictReader(line for line in table.open() if not line.startswith("#")))
    assert len(rows) >= 40
    claims = [Claim(cui(r["subject_cui"]), r["predicate"], cui(r["object_cui"]),
                    (cui(r["context_cui"]),) if r["context_cui"] else ()) for r in rows]
    answers = verifier.verify_many(claims)
    for a in answers:
        VerifyOut.model_validate(a)  # every answer has the shape the API documents
    got = ["keep" if a["keep"] else "drop" for a in answers]
    wrong = [(r["subject_cui"], r["predicate"], r["object_cui"], r["context_cui"], r["keep"], a["verdict"])
             for r, g, a in zip(rows, got, answers, strict=True) if g != r["keep"]]
    assert wrong == []
    assert {a["verdict"] for a in answers} >= {"supported", "contradicted", "conflicting", "unsupported"}


def test_bad_items_are_refused_with_the_field(verifier):
    cases = [
        (Claim(ClaimedConcept("NOSUCH", "X"), "cause", STROKE), "subject.system"),
        (Claim(cui("C12"), "cause", STROKE), "subject.code"),
        (Claim(HTN, "cause", ClaimedConcept(name="  ")), "object.name"),
        (Claim(HTN, "TELEPORTS", STROKE), "predicate"),
        (Claim(HTN, "cause", STROKE, thresholds=Thresholds(hierarchy_steps=9)), "thresholds.hierarchy_steps"),
    ]
    for claim, field in cases:
        with pytest.raises(VerificationInputError) as exc:
            verifier.verify(claim)
        assert exc.value.field == field
    answers = verifier.verify_many([cases[0][0], Claim(HTN, "cause", STROKE)])
    assert answers[0]["error"]["field"] == "subject.system" and answers[1]["verdict"] == "supported"


def test_literature_loaded_before_pair_keys_is_backfilled_by_the_schema(graph, verifier):
    from graph.store.schema import apply_schema

    graph.execute_query("MATCH ()-[r:PREDICATION]->() REMOVE r.pair", database_=DATABASE)
    assert verifier.verify(Claim(HTN, "cause", STROKE))["verdict"] == "unsupported"  # the seek finds nothing
    graph.execute_query("MATCH (m:SchemaMigration {id: '0012_predication_pair_backfill'}) DELETE m",
                        database_=DATABASE)
    assert apply_schema(graph, DATABASE) == ["0012_predication_pair_backfill"]
    assert count(graph, "MATCH ()-[r:PREDICATION]->() WHERE r.pair IS NULL RETURN count(r)") == 0
    assert verifier.verify(Claim(HTN, "cause", STROKE))["verdict"] == "supported"


@pytest.mark.parametrize("query", [hierarchy_query(True), hierarchy_query(False), IDENTITY_QUERY, KNOWN_ANCHORS_QUERY,
                                   NAME_QUERY], ids=["hierarchy", "hierarchy-no-context", "identity", "known", "names"])
def test_verification_statements_are_read_only(graph, query):
    summary = graph.execute_query("EXPLAIN " + query, claims=[], names=[], database_=DATABASE).summary
    assert summary.query_type == "r"


def test_the_async_path_answers_exactly_as_the_sync_one(graph, neo4j_settings):
    from graph.store.connection import open_async_driver

    claims = [Claim(HTN, "cause", STROKE),
              Claim(ClaimedConcept(name="hypertension"), "cause", ClaimedConcept(name="stroke")),
              Claim(ClaimedConcept("UMLS", "C0020538"), "treat", STROKE),
              Claim(ClaimedConcept("XX", "1"), "cause", STROKE)]
    verifier = Verifier(graph, DATABASE)

    async def run() -> list[dict]:
        driver = open_async_driver(neo4j_settings)
        try:
            return await verifier.averify_many(driver, claims)
        finally:
            await driver.close()

    assert asyncio.run(run()) == verifier.verify_many(claims)


def test_the_lean_statement_answers_as_the_full_one(verifier):
    """Claims without hierarchy steps or context get a smaller statement; put in a batch with a claim that
    needs both, they are answered by the full one. The answers must not differ."""
    lean = [Claim(HTN, "cause", STROKE), Claim(APAP, "cause", cui("C0023895")), Claim(HGLY, "treated_by", GLAR),
            Claim(ClaimedConcept("HPO", "HP:0000822"), "cause", STROKE), Claim(ClaimedConcept("SNOMEDCT", "38341003"),
                                                                        "cause", ClaimedConcept("SNOMEDCT", "64715009"),
                                                                        thresholds=BOTH),
            Claim(ClaimedConcept("ICD10CM", "I11.0"), "cause", ClaimedConcept("ICD10CM", "I50"), thresholds=BOTH),
            Claim(ClaimedConcept("SNOMEDCT", "44054006"), "cause", cui("C0011884"))]
    needs_all = Claim(HTN, "cause", STROKE, context=(SMK,), thresholds=Thresholds(hierarchy_steps=2))
    alone = verifier.verify_many(lean)
    assert verifier.verify_many([*lean, needs_all])[:-1] == alone
    assert {a["verdict"] for a in alone} >= {"supported", "unsupported"}


@pytest.mark.parametrize("shared_driver", [True, False], ids=["sync-driver-in-thread-pool", "async-driver"])
def test_http_verify_batch_and_distractors(graph, neo4j_settings, shared_driver):
    with api_client(neo4j_settings, driver=graph if shared_driver else None) as http:
        r = http.post("/v1/verify", json={"subject": {"system": "UMLS", "code": "C0020538"}, "predicate": "cause",
                                          "object": {"name": "stroke"}})
        assert r.status_code == 200 and r.json()["verdict"] == "supported"
        VerifyOut.model_validate(r.json())  # the answer has the documented shape
        assert http.get("/health/neo4j").json() == {"status": "ok", "neo4j": "ok"}
        assert r.json()["evidence"][0]["from"]["code"] == "C0020538"
        bad = http.post("/v1/verify", json={"subject": {"system": "XX", "code": "1"}, "predicate": "cause",
                                            "object": {"system": "UMLS", "code": "C0038454"}})
        assert bad.status_code == 422 and bad.json()["detail"].startswith("subject.system")
        assert bad.headers["content-type"] == "application/problem+json"
        item = {"subject": {"system": "UMLS", "code": "C0020538"}, "predicate": "cause",
                "object": {"system": "UMLS", "code": "C0038454"}}
        too_many = http.post("/v1/verify/batch", json={"items": [item] * 1001})
        assert too_many.status_code == 422 and "items" in too_many.json()["detail"]
        batch = http.post("/v1/verify/batch", json={"items": [item, {**item, "predicate": "nope"}]}).json()
        assert batch["counts"] == {"supported": 1, "error": 1}
        VerifyBatchOut.model_validate(batch)
        assert batch["results"][1]["error"]["field"] == "predicate"
        d = http.post("/v1/verify/distractors", json={
            "subject": {"system": "UMLS", "code": "C0004057"}, "predicate": "treat",
            "candidates": [{"system": "UMLS", "code": "C0015967"}, {"system": "UMLS", "code": "C0018099"},
                           {"system": "UMLS", "code": "C0038454"}],
            "context": [{"system": "UMLS", "code": "C0025598"}]}).json()
        d = DistractorsOut.model_validate(d).model_dump()["candidates"]
        assert [c["drop"] for c in d] == [True, False, False]  # aspirin treats fever; NEG_TREATS gout; nothing
        assert d[0]["supported_for"] == ["subject"] and d[0]["evidence"][0]["relation"] == "TREATS"

        client = ClinigraphClient(http=http)
        answers = client.verify_many([(code("UMLS", "C0020538"), "cause", name("stroke")),
                                      (code("NOPE", "1"), "cause", name("stroke")),
                                      (code("UMLS", "C0000970"), "cause", code("UMLS", "C0004238"))])
        assert answers[0].keep and isinstance(answers[1], ItemError) and answers[1].field == "subject.system"
        assert answers[2].verdict == "contradicted" and answers[2].against


def test_reload_is_a_no_op_and_the_full_build_covers_semmeddb(graph):
    again = load_source(graph, "semmeddb", FIXTURES / "semmeddb" / "semmedVER43_2024")
    assert again.action == "unchanged"

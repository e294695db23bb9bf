"""Relation verification for generation jobs: one claim, a batch, and distractor screening.

The routers only translate between pydantic models and :mod:`graph.verification.verifier`;
every read runs in one read transaction per request.
"""

from __future__ import annotations

from collections import Counter

from fastapi import APIRouter

from api.claims import claim_of, concept_ref, thresholds, verify_many, verify_one
from api.deps import GraphDep
from api.models import DistractorsIn, DistractorsOut, Problem, VerifyBatchIn, VerifyBatchOut, VerifyIn, VerifyOut
from api.responses import FastJSONResponse
from graph.verification.results import BatchEntry, BatchVerification, DistractorScreening
from graph.verification.verifier import Verifier

router = APIRouter(tags=["verification"])

# Verification answers go out as built: re-validating every evidence item against the
# response model cost a tenth of a single call's latency. The models still document the
# shape (OpenAPI), and the tests validate real answers against them.


@router.post("/verify", response_model=VerifyOut, responses={422: {"model": Problem}, 503: {"model": Problem}})
async def verify(graph: GraphDep, body: VerifyIn) -> FastJSONResponse:
    """Is (subject, predicate, object) supported, contradicted, conflicting, unsupported or unresolved — with
    every piece of evidence (literature, ontology), its source record and whether it counted.

    A well-formed call with a permitted key is answered by :mod:`api.hot_verify` before it reaches this
    route (same function, same answer, without the framework's per-request work); this route answers the
    rest, and documents the operation."""
    return FastJSONResponse(await verify_one(graph, body))


@router.post("/verify/batch", response_model=VerifyBatchOut,
             responses={422: {"model": Problem}, 503: {"model": Problem}})
async def verify_batch(graph: GraphDep, body: VerifyBatchIn) -> FastJSONResponse:
    """Up to 1,000 claims in one call; a malformed item gets its own error and does not fail the others."""
    answers = await verify_many(graph, [claim_of(i) for i in body.items])
    results: list[BatchEntry] = []
    for index, answer in enumerate(answers):
        if "error" in answer:
            results.append({"index": index, "error": {"index": index, **answer["error"]}})
        else:
            results.append({"index": index, "result": answer})
    counts = Counter(r["result"]["verdict"] if "result" in r else "error" for r in results)
    batch: BatchVerification = {"results": results, "counts": dict(counts)}
    return FastJSONResponse(batch)


@router.post("/verify/distractors", response_model=DistractorsOut,
             responses={422: {"model": Problem}, 503: {"model": Problem}})
def verify_distractors(graph: GraphDep, body: DistractorsIn) -> DistractorScreening:
    """Which candidate distractors the knowledge supports for the subject or a context concept (drop those:
    they would be a second correct answer), with the evidence."""
    return Verifier(graph.driver, graph.database, anchors=graph.anchors).distractors(
        concept_ref(body.subject), body.predicate, [concept_ref(c) for c in body.candidates],
        tuple(concept_ref(c) for c in body.context), thresholds(body.thresholds),
    )

"""Claims from the API's models to the verifier and back: shared by the verification routes, the hot path
in front of them (:mod:`api.hot_verify`) and ``clinigraph verify``, so none of them imports another's code.
"""

from __future__ import annotations

from fastapi.concurrency import run_in_threadpool

from api.deps import Graph
from api.models import ConceptRefIn, ThresholdsIn, VerifyIn
from graph.verification.results import ClaimFailure, Verification
from graph.verification.verifier import Claim, ClaimedConcept, Thresholds, VerificationInputError, Verifier


def concept_ref(ref: ConceptRefIn) -> ClaimedConcept:
    return ClaimedConcept(system=ref.system, code=ref.code, name=ref.name)


def thresholds(t: ThresholdsIn) -> Thresholds:
    return Thresholds(min_pmids=t.min_pmids, ignore_generic=t.ignore_generic, hierarchy_steps=t.hierarchy_steps,
                      sources=tuple(t.sources))


def claim_of(item: VerifyIn) -> Claim:
    return Claim(subject=concept_ref(item.subject), predicate=item.predicate, object=concept_ref(item.object),
                 context=tuple(concept_ref(c) for c in item.context), thresholds=thresholds(item.thresholds))


async def verify_many(graph: Graph, claims: list[Claim]) -> list[Verification | ClaimFailure]:
    """On the event loop with the async driver when the app has one; else on the sync driver in a thread."""
    verifier = Verifier(graph.driver, graph.database, anchors=graph.anchors)
    if graph.async_driver is not None:
        return await verifier.averify_many(graph.async_driver, claims)
    return await run_in_threadpool(verifier.verify_many, claims)


async def verify_one(graph: Graph, body: VerifyIn) -> Verification:
    """The answer to one claim; :class:`VerificationInputError` (a 422) for a claim that cannot be asked.
    Shared by ``POST /v1/verify`` and the hot path in front of it (:mod:`api.hot_verify`)."""
    answer = (await verify_many(graph, [claim_of(body)]))[0]
    if "error" in answer:
        raise VerificationInputError(answer["error"]["detail"], answer["error"]["field"])
    return answer

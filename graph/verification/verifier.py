"""Relation verification: is (subject, predicate, object) supported, contradicted, or neither — and why.

Generation jobs call this thousands of times, so a batch is answered with a
fixed number of read queries whatever its size:

1. names (if any) are resolved through the full-text index — exact title or
   synonym matches first, otherwise the best ranked hit, reported as such;
2. every code is widened to its *anchors*: the current concepts that share its
   identity through the UMLS crosswalk (``XREF``/``VERSION_OF`` walks: an
   ICD-10-CM code, its CUI, the SNOMED CT, HPO and SemMedDB concepts of that
   CUI), and — when ``hierarchy_steps`` allows — the subject's more general and
   the object's more specific concepts with their own anchors. A code's identity
   anchors are remembered for the current releases (:mod:`graph.verification.anchors`),
   so a code asked before is not walked again;
3. the edges between subject anchors and object anchors (and between context
   anchors and object anchors) are read in the same statement
   (:mod:`graph.verification.queries`) and judged in Python against the
   predicate group (:mod:`graph.verification.predicates`) by :mod:`graph.verification.judging`;
   what a claim may be is :mod:`graph.verification.claims`.

Verdicts: ``supported`` (counted evidence for, none against), ``contradicted``
(against, none for), ``conflicting`` (both, or a context concept has negative
evidence against the object), ``unsupported`` (nothing counted either way),
``unresolved`` (a concept could not be resolved). With the default parameters
(literature counted, one PMID, no hierarchy, generic concepts not ignored)
``keep`` equals the published EHR-QA rule: positive support, no negative
evidence, no negating background. Evidence from sources that are not counted
is still returned, marked ``counted: false`` with the reason.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Generator
from typing import Any

from neo4j import AsyncDriver, AsyncManagedTransaction, AsyncSession, Driver, ManagedTransaction, Record, Session

from graph.terminology.concepts import lucene_query
from graph.verification.anchors import (
    AnchorCache,
    CachedAnchor,
    IdentityPlan,
    anchors_by_side,
    plan_identity,
    remember_walked,
)
from graph.verification.claims import (  # noqa: F401 - the service's public names, re-exported
    BATCH_SIZE,
    MAX_BATCH,
    MAX_CANDIDATES,
    MAX_CONTEXT,
    MAX_HIERARCHY_STEPS,
    MAX_NAME_LENGTH,
    SOURCES,
    VERIFY_SYSTEMS,
    Anchor,
    Claim,
    ClaimedConcept,
    Thresholds,
    VerificationInputError,
)
from graph.verification.judging import judge
from graph.verification.predicates import Interpretation, PredicateCatalog, load_catalog
from graph.verification.queries import IDENTITY_QUERY, KNOWN_ANCHORS_QUERY, NAME_QUERY, hierarchy_query
from graph.verification.results import (
    CandidateScreening,
    ClaimFailure,
    DistractorScreening,
    Verification,
)
from loaders.errors import ClinigraphError

_Prepared = tuple[Claim, Interpretation]


def _names_in(items: list[_Prepared]) -> list[str]:
    return sorted({r.name for claim, _ in items for r in (claim.subject, claim.object, *claim.context)
                   if r.name is not None})


def _name_params(names: list[str]) -> list[dict[str, str]]:
    return [{"name": n, "lower": n.lower(), "lucene": lucene_query(n) or "\"\""} for n in names]


def _names_from(names: list[str], records: list[Record]) -> dict[str, dict[str, Any]]:
    """Each name's resolution: exact name or synonym hits, else the best full-text hit, else not found."""
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        rows[r["name"]].append(r.data())
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        hits = rows.get(name, [])
        exact = [h for h in hits if h["exact"]]
        if exact:
            out[name] = {"method": "exact name or synonym", "hits": exact}
        elif hits:
            out[name] = {"method": "best full-text match", "hits": hits[:1]}
        else:
            out[name] = {"method": "not found", "hits": []}
    return out


def _claim_params(items: list[_Prepared], by_name: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    def codes_of(ref: ClaimedConcept) -> list[dict[str, str]]:
        if ref.name is not None:
            return [{"system": h["system"], "code": h["code"]} for h in by_name.get(ref.name, {}).get("hits", [])]
        assert ref.system and ref.code
        return [{"system": ref.system, "code": ref.code}]

    params = []
    for i, (claim, interp) in enumerate(items):
        subject, obj = (claim.object, claim.subject) if interp.reversed else (claim.subject, claim.object)
        steps = claim.thresholds.hierarchy_steps
        params.append({"i": i, "s": codes_of(subject), "o": codes_of(obj), "up": steps, "down": steps,
                       "ctx": [codes_of(c) for c in claim.context]})
    return params


def _anchors_of(cached: list[CachedAnchor]) -> list[Anchor]:
    return [Anchor(a.id, a.system, a.code, a.display, a.release, 0, f"{a.system}:{a.code}", a.crosswalk)
            for a in cached]


def _sorted(anchors: list[Anchor]) -> list[Anchor]:
    """Anchors in one order whichever statement read them, so evidence with equal rank keeps one order."""
    return sorted(anchors, key=lambda a: (a.system, a.code, a.id))


def _edges_by_pair(evidence: list[dict[str, Any]]) -> dict[tuple[str, str], list[dict[str, Any]]]:
    edges: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for e in evidence:
        edges[(e["x"], e["y"])].append(e)
    return edges


def _in_order(prepared: list[_Prepared | ClaimFailure], answers: list[Verification]
              ) -> list[Verification | ClaimFailure]:
    it = iter(answers)
    return [next(it) if isinstance(p, tuple) else p for p in prepared]


class Verifier:
    """Answers claims against the current releases; every read in one read transaction per batch."""

    def __init__(self, driver: Driver, database: str, catalog: PredicateCatalog | None = None,
                 anchors: AnchorCache | None = None) -> None:
        self.driver = driver
        self.database = database
        self.catalog = catalog or load_catalog()
        # The API passes its process-wide cache; a verifier of its own (CLI, scripts) keeps one for its calls.
        self.anchors = anchors if anchors is not None else AnchorCache()

    # public API -----------------------------------------------------------------------------

    def verify(self, claim: Claim) -> Verification:
        result = self.verify_many([claim])[0]
        if "error" in result:
            raise VerificationInputError(result["error"]["detail"], result["error"]["field"])
        return result

    def verify_many(self, claims: list[Claim]) -> list[Verification | ClaimFailure]:
        """One answer per claim, in order; a malformed claim gets ``{"error": …}`` and does not fail the rest."""
        prepared, good = self._prepare_all(claims)
        with self.driver.session(database=self.database, default_access_mode="READ") as session:
            # Names are resolved by a first statement: both run in one read transaction. Otherwise the one
            # statement is its own read transaction: an auto-commit run saves the COMMIT round trip (a third
            # of a single verification's latency).
            answers = session.execute_read(self._answer, good) if _names_in(good) else self._answer(session, good)
        return _in_order(prepared, answers)

    async def averify_many(self, driver: AsyncDriver, claims: list[Claim]) -> list[Verification | ClaimFailure]:
        """:meth:`verify_many` over the async driver: the API answers on its event loop, without a thread hop
        per request (0.5–1 ms of a 2–3 ms verification on a 2-core machine)."""
        prepared, good = self._prepare_all(claims)
        async with driver.session(database=self.database, default_access_mode="READ") as session:
            answers = await (session.execute_read(self._aanswer, good) if _names_in(good)
                             else self._aanswer(session, good))
        return _in_order(prepared, answers)

    def _prepare_all(self, claims: list[Claim]) -> tuple[list[_Prepared | ClaimFailure], list[_Prepared]]:
        prepared: list[_Prepared | ClaimFailure] = []
        for i, claim in enumerate(claims):
            try:
                prepared.append(self._prepare(claim))
            except VerificationInputError as exc:
                failure: ClaimFailure = {"index": i, "error": {"field": exc.field, "detail": str(exc)}}
                prepared.append(failure)
        return prepared, [p for p in prepared if isinstance(p, tuple)]

    def distractors(self, subject: ClaimedConcept, predicate: str, candidates: list[ClaimedConcept],
                    context: tuple[ClaimedConcept, ...] = (), thresholds: Thresholds | None = None
                    ) -> DistractorScreening:
        """Which candidate distractors the knowledge supports for the subject or a context concept."""
        thresholds = thresholds or Thresholds()
        claims: list[Claim] = []
        owners: list[tuple[int, str]] = []
        for ci, cand in enumerate(candidates):
            claims.append(Claim(subject, predicate, cand, (), thresholds))
            owners.append((ci, "subject"))
            for xi, ctx in enumerate(context):
                claims.append(Claim(ctx, predicate, cand, (), thresholds))
                owners.append((ci, f"context[{xi}]"))
        answers = self.verify_many(claims)
        rows: list[CandidateScreening] = [
            {"candidate": cand.label(), "drop": False, "supported": False, "supported_for": [], "evidence": [],
             "errors": []}
            for cand in candidates
        ]
        for (ci, who), ans in zip(owners, answers, strict=True):
            row = rows[ci]
            if "error" in ans:
                row["errors"].append({"for": who, **ans["error"]})
                continue
            row.setdefault("resolved", ans["object"])
            positive = [e for e in ans["evidence"] if e["counted"] and e["polarity"] == "positive"]
            if positive:
                row["supported"] = True
                row["supported_for"].append(who)
                row["evidence"].extend({**e, "for": who} for e in positive)
        for row in rows:
            row["drop"] = row["supported"]
        return {"subject": subject.label(), "predicate": predicate, "candidates": rows}

    # steps ------------------------------------------------------------------------------------

    def _prepare(self, claim: Claim) -> tuple[Claim, Interpretation]:
        if len(claim.context) > MAX_CONTEXT:
            raise VerificationInputError(f"at most {MAX_CONTEXT} context concepts", "context")
        try:
            interpretation = self.catalog.interpret(claim.predicate)
        except ClinigraphError as exc:
            raise VerificationInputError(str(exc), "predicate") from None
        normalised = Claim(
            subject=claim.subject.normalised("subject"),
            predicate=claim.predicate,
            object=claim.object.normalised("object"),
            context=tuple(c.normalised(f"context[{i}]") for i, c in enumerate(claim.context)),
            thresholds=claim.thresholds.check(),
        )
        return normalised, interpretation

    def _answer(self, tx: ManagedTransaction | Session, items: list[_Prepared]) -> list[Verification]:
        talk = self._statements(items)
        try:
            query, params = next(talk)
            while True:
                query, params = talk.send(list(tx.run(query, params)))
        except StopIteration as done:
            return done.value

    async def _aanswer(self, tx: AsyncManagedTransaction | AsyncSession, items: list[_Prepared]
                       ) -> list[Verification]:
        talk = self._statements(items)
        try:
            query, params = next(talk)
            while True:
                result = await tx.run(query, params)
                query, params = talk.send([r async for r in result])
        except StopIteration as done:
            return done.value

    def _statements(self, items: list[_Prepared]
                    ) -> Generator[tuple[str, dict[str, Any]], list[Record], list[Verification]]:
        """The statements that answer a batch, as a conversation: each yielded (query, parameters) is sent
        back its records; the answers are returned. Shared by the sync and the async driver."""
        if not items:
            return []
        names = _names_in(items)
        by_name: dict[str, dict[str, Any]] = {}
        if names:
            by_name = _names_from(names, (yield NAME_QUERY, {"names": _name_params(names)}))
        params = _claim_params(items, by_name)
        if any(claim.thresholds.hierarchy_steps for claim, _ in items):
            query = hierarchy_query(context=any(claim.context for claim, _ in items))
            return self._collect_hierarchy(items, (yield query, {"claims": params}), by_name)
        sides = [[p["s"], p["o"], *p["ctx"]] for p in params]
        plan = plan_identity(self.anchors, sides)
        if plan.all_known:
            records = yield KNOWN_ANCHORS_QUERY, {"claims": plan.known_params()}
        else:
            records = yield IDENTITY_QUERY, {"claims": plan.claims}
        answers = self._collect_identity(items, plan, records, by_name)
        if answers is None:  # the releases changed since the remembered anchors were read: walk every code
            plan = plan_identity(None, sides)
            answers = self._collect_identity(items, plan, (yield IDENTITY_QUERY, {"claims": plan.claims}), by_name)
            assert answers is not None, "a plan without remembered anchors holds under any release set"
        return answers

    def _collect_identity(self, items: list[_Prepared], plan: IdentityPlan, records: list[Record],
                          by_name: dict[str, dict[str, Any]]) -> list[Verification] | None:
        """Answers from the identity statement (or the known-anchors one), one record per claim; None if the
        plan used remembered anchors and the releases have changed since. The anchors walked are remembered."""
        if not records:
            return []
        stamp = frozenset(records[0]["stamp"])
        if not self.anchors.observe(stamp) and plan.used_cache:
            return None
        answers: dict[int, Verification] = {}
        for r in records:
            i = r["i"]
            walked = r.get("walked") or []
            if plan.walked[i]:
                remember_walked(self.anchors, stamp, plan, i, walked)
            sides = anchors_by_side(plan, i, walked)
            claim, interp = items[i]
            answers[i] = judge(claim, interp, _anchors_of(sides.get(0, [])), _anchors_of(sides.get(1, [])),
                                     [_anchors_of(sides.get(2 + ci, [])) for ci in range(len(claim.context))],
                                     _edges_by_pair(r["evidence"]), by_name)
        return [answers[i] for i in range(len(items))]

    def _collect_hierarchy(self, items: list[_Prepared], records: list[Record], by_name: dict[str, dict[str, Any]]
                           ) -> list[Verification]:
        """Answers from the hierarchy statement, one record per claim."""
        answers: dict[int, Verification] = {}
        for r in records:
            claim, interp = items[r["i"]]
            c_anchors: list[list[Anchor]] = [[] for _ in claim.context]
            for a in r["c_anchors"]:
                c_anchors[a.pop("ctx")].append(Anchor(**a))
            answers[r["i"]] = judge(claim, interp, _sorted([Anchor(**a) for a in r["s_anchors"]]),
                                          _sorted([Anchor(**a) for a in r["o_anchors"]]),
                                          [_sorted(c) for c in c_anchors], _edges_by_pair(r["evidence"]), by_name)
        return [answers[i] for i in range(len(items))]

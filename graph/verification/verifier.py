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
   predicate group (:mod:`graph.verification.predicates`).

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

import re
from collections import defaultdict
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from neo4j import AsyncDriver, AsyncManagedTransaction, AsyncSession, Driver, ManagedTransaction, Record, Session

from graph.terminology.concepts import lucene_query, normalise_code
from graph.terminology.systems import KNOWN_SYSTEMS, MAX_CODE_LENGTH, normalise_system
from graph.verification.anchors import (
    AnchorCache,
    CachedAnchor,
    IdentityPlan,
    anchors_by_side,
    plan_identity,
    remember_walked,
)
from graph.verification.predicates import Interpretation, PredicateCatalog, load_catalog
from graph.verification.queries import IDENTITY_QUERY, KNOWN_ANCHORS_QUERY, NAME_QUERY, hierarchy_query
from graph.verification.results import (
    AnchorBrief,
    CandidateScreening,
    ClaimFailure,
    DistractorScreening,
    EdgeEvidence,
    Evidence,
    Resolution,
    Verification,
)
from loaders.errors import ClinigraphError, InputError

SOURCES = ("literature", "ontology")
MAX_HIERARCHY_STEPS = 3
MAX_CONTEXT = 20
MAX_NAME_LENGTH = 200
#: Claims one batch request may hold, and candidates one distractor screening may name (the API refuses more).
MAX_BATCH = 1000
MAX_CANDIDATES = 100
#: Claims per batch when a long list is answered in parts (``clinigraph verify --batch``): batches of 500 ran
#: at 6,400+ claims/s on 2 cores (bench/RESULTS.md).
BATCH_SIZE = 500
VERIFY_SYSTEMS = KNOWN_SYSTEMS
_CUI = re.compile(r"^C\d{7}$")


class VerificationInputError(InputError):
    """A request item is malformed; ``field`` names the part (``subject.code``, ``predicate`` …)."""

    field: str

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message, field)


@dataclass(frozen=True)
class Thresholds:
    """What evidence counts. Defaults reproduce the published rule (see the module docstring)."""

    min_pmids: int = 1
    ignore_generic: bool = False
    hierarchy_steps: int = 0
    sources: tuple[str, ...] = ("literature",)

    def check(self) -> Thresholds:
        if self.min_pmids < 1:
            raise VerificationInputError("min_pmids must be at least 1", "thresholds.min_pmids")
        if not 0 <= self.hierarchy_steps <= MAX_HIERARCHY_STEPS:
            raise VerificationInputError(f"hierarchy_steps must be 0–{MAX_HIERARCHY_STEPS}",
                                         "thresholds.hierarchy_steps")
        unknown = [s for s in self.sources if s not in SOURCES]
        if unknown or not self.sources:
            raise VerificationInputError(f"sources must be a non-empty subset of {list(SOURCES)}",
                                         "thresholds.sources")
        return self


@dataclass(frozen=True)
class ClaimedConcept:
    """A concept as a caller names it: a code in a system, or a name."""

    system: str | None = None
    code: str | None = None
    name: str | None = None

    def normalised(self, where: str) -> ClaimedConcept:
        if self.name is not None and (self.system or self.code):
            raise VerificationInputError("give either a name or a system and code, not both", where)
        if self.name is not None:
            name = self.name.strip()
            if not name:
                raise VerificationInputError("the name is empty", f"{where}.name")
            if len(name) > MAX_NAME_LENGTH:
                raise VerificationInputError(f"the name is longer than {MAX_NAME_LENGTH} characters", f"{where}.name")
            return ClaimedConcept(name=name)
        if not self.system or not self.code:
            raise VerificationInputError("give a system and a code, or a name", where)
        try:
            system = normalise_system(self.system)
        except ClinigraphError as exc:
            raise VerificationInputError(str(exc), f"{where}.system") from None
        if system not in VERIFY_SYSTEMS:  # an ontology's own system: served by lookups, not verified
            raise VerificationInputError(f"unknown code system {self.system!r} for verification; known: "
                                         f"{', '.join(VERIFY_SYSTEMS)}", f"{where}.system")
        code = self.code.strip()
        if not code or len(code) > MAX_CODE_LENGTH or any(ch.isspace() for ch in code):
            raise VerificationInputError(f"code {self.code!r} is malformed", f"{where}.code")
        code = normalise_code(system, code)
        if system in ("UMLS", "SEMMEDDB") and not _CUI.match(code):
            raise VerificationInputError(f"{code!r} is not a UMLS CUI (C + 7 digits)", f"{where}.code")
        return ClaimedConcept(system=system, code=code)

    def label(self) -> str:
        return self.name if self.name is not None else f"{self.system}:{self.code}"


@dataclass(frozen=True)
class Claim:
    subject: ClaimedConcept
    predicate: str
    object: ClaimedConcept
    context: tuple[ClaimedConcept, ...] = ()
    thresholds: Thresholds = field(default_factory=Thresholds)


# --- the service --------------------------------------------------------------------------------

@dataclass
class _Anchor:
    id: str
    system: str
    code: str
    display: str
    release: str
    steps: int
    via: str
    crosswalk: bool = False  # reached from the given code through the UMLS crosswalk or a cross-reference

    def brief(self) -> AnchorBrief:
        return {"system": self.system, "code": self.code, "display": self.display}


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


def _anchors_of(cached: list[CachedAnchor]) -> list[_Anchor]:
    return [_Anchor(a.id, a.system, a.code, a.display, a.release, 0, f"{a.system}:{a.code}", a.crosswalk)
            for a in cached]


def _sorted(anchors: list[_Anchor]) -> list[_Anchor]:
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
            answers[i] = self._judge(claim, interp, _anchors_of(sides.get(0, [])), _anchors_of(sides.get(1, [])),
                                     [_anchors_of(sides.get(2 + ci, [])) for ci in range(len(claim.context))],
                                     _edges_by_pair(r["evidence"]), by_name)
        return [answers[i] for i in range(len(items))]

    def _collect_hierarchy(self, items: list[_Prepared], records: list[Record], by_name: dict[str, dict[str, Any]]
                           ) -> list[Verification]:
        """Answers from the hierarchy statement, one record per claim."""
        answers: dict[int, Verification] = {}
        for r in records:
            claim, interp = items[r["i"]]
            c_anchors: list[list[_Anchor]] = [[] for _ in claim.context]
            for a in r["c_anchors"]:
                c_anchors[a.pop("ctx")].append(_Anchor(**a))
            answers[r["i"]] = self._judge(claim, interp, _sorted([_Anchor(**a) for a in r["s_anchors"]]),
                                          _sorted([_Anchor(**a) for a in r["o_anchors"]]),
                                          [_sorted(c) for c in c_anchors], _edges_by_pair(r["evidence"]), by_name)
        return [answers[i] for i in range(len(items))]

    # judging ----------------------------------------------------------------------------------

    def _judge(
        self, claim: Claim, interp: Interpretation, s_anchors: list[_Anchor], o_anchors: list[_Anchor],
        c_anchors: list[list[_Anchor]], edges: dict[tuple[str, str], list[dict[str, Any]]],
        by_name: dict[str, dict[str, Any]],
    ) -> Verification:
        t = claim.thresholds
        subject, obj = (claim.object, claim.subject) if interp.reversed else (claim.subject, claim.object)
        evidence: list[Evidence] = []
        unresolved = [label for label, anchors in [("subject", s_anchors), ("object", o_anchors)] if not anchors]
        if unresolved:
            verdict = "unresolved"
            why = (f"could not resolve the {' and the '.join(unresolved)} ({subject.label()} / {obj.label()}) "
                   "in the loaded releases")
        else:
            for a in s_anchors:
                for b in o_anchors:
                    for e in edges.get((a.id, b.id), []):
                        item = self._claim_evidence(e, a, b, interp, t)
                        if item:
                            evidence.append(item)
            for ci, anchors in enumerate(c_anchors):
                for a in anchors:
                    for b in o_anchors:
                        for e in edges.get((a.id, b.id), []):
                            item = _context_evidence(e, a, b, t, ci)
                            if item:
                                evidence.append(item)
            evidence.sort(key=lambda e: (e["role"] != "claim", not e["counted"], e["polarity"], e["steps"],
                                         -e["details"].get("pmid_count", 0)))
            verdict, why = _verdict(evidence)
        return {
            "subject": _resolution(claim.subject, s_anchors if not interp.reversed else o_anchors, by_name),
            "object": _resolution(claim.object, o_anchors if not interp.reversed else s_anchors, by_name),
            "context": [_resolution(c, a, by_name) for c, a in zip(claim.context, c_anchors, strict=True)],
            "predicate": {
                "requested": interp.requested, "group": interp.group.name, "reversed": interp.reversed,
                "semmeddb": sorted(interp.group.semmeddb), "semmeddb_reverse": sorted(interp.group.semmeddb_reverse),
                "ontology": [r.describe() for r in interp.group.ontology],
            },
            "thresholds": {"min_pmids": t.min_pmids, "ignore_generic": t.ignore_generic,
                           "hierarchy_steps": t.hierarchy_steps, "sources": list(t.sources)},
            "verdict": verdict, "keep": verdict == "supported", "evidence": evidence, "explanation": why,
        }

    @staticmethod
    def _claim_evidence(e: dict[str, Any], a: _Anchor, b: _Anchor, interp: Interpretation,
                        t: Thresholds) -> Evidence | None:
        props = e["props"]
        group = interp.group
        if e["type"] == "PREDICATION":
            base = str(props.get("base_predicate", "")).upper()
            if not ((e["forward"] and base in group.semmeddb) or (not e["forward"] and base in group.semmeddb_reverse)):
                return None
            kind = "literature"
            relation = props.get("predicate")
            polarity = "negative" if props.get("negated") else "positive"
        else:
            if not any(rule.matches(e["type"], props, e["forward"]) for rule in group.ontology):
                return None
            kind = "ontology"
            relation = props.get("attribute") or props.get("note_type") or e["type"]
            polarity = "negative" if props.get("negated") else "positive"
        return _judged(_evidence_item(kind, "claim", polarity, relation, e, a, b), props, t, a, b)


def _verdict(evidence: list[Evidence]) -> tuple[str, str]:
    """The verdict the counted evidence gives, and why."""
    pos = any(e["counted"] and e["role"] == "claim" and e["polarity"] == "positive" for e in evidence)
    neg = any(e["counted"] and e["role"] == "claim" and e["polarity"] == "negative" for e in evidence)
    background = any(e["counted"] and e["role"] == "context" for e in evidence)
    if pos and (neg or background):
        return "conflicting", ("evidence for and against" if neg
                               else "evidence for, but a context concept has evidence against the object")
    if pos:
        return "supported", "evidence for and none against"
    if neg:
        return "contradicted", "explicit evidence against and none for"
    return "unsupported", "no counted evidence either way"


def _support_path(a: _Anchor, b: _Anchor) -> tuple[str, int]:
    if a.steps == 0 and b.steps == 0:
        return "direct", 0
    if a.steps and b.steps:
        return "via a more general subject and a more specific object", abs(a.steps) + abs(b.steps)
    if a.steps:
        return "via a more general subject", a.steps
    return "via a more specific object", -b.steps


def _evidence_item(kind: str, role: str, polarity: str, relation: Any, e: dict[str, Any], a: _Anchor,
                   b: _Anchor) -> EdgeEvidence:
    props = e["props"]
    start, end = (a, b) if e["forward"] else (b, a)
    support, steps = _support_path(a, b)
    details = {k: props[k] for k in _DETAIL_KEYS if k in props}
    return {
        "kind": kind, "role": role, "polarity": polarity, "relation": relation,
        "from": start.brief(), "to": end.brief(), "support": support, "steps": steps,
        "through": [x.via for x in (a, b) if x.steps],
        "crosswalk": [f"{x.system}:{x.code}" for x in (a, b) if x.crosswalk],
        "source": {"release": props.get("release"), "type": e["type"], "key": props.get("key"),
                   "file": props.get("source_file"), "record": props.get("record")},
        "details": details,
    }


_DETAIL_KEYS = ("predicate", "negated", "predications", "pmid_count", "pmids", "sentences", "sentence_ids",
                "first_year", "last_year", "subject_semtypes", "object_semtypes", "subject_generic",
                "object_generic", "role_group", "note_type", "note_text", "attribute", "evidence", "frequency",
                "references", "onset", "sex", "aspect")


def _judged(item: EdgeEvidence, props: dict[str, Any], t: Thresholds, a: _Anchor, b: _Anchor,
            context_index: int | None = None) -> Evidence:
    """The evidence with whether it counts under ``t``, and why not."""
    counted, because = _counted(item, props, t, a, b)
    if context_index is None:
        return {**item, "counted": counted, "not_counted_because": because}
    return {**item, "context_index": context_index, "counted": counted, "not_counted_because": because}


def _counted(item: EdgeEvidence, props: dict[str, Any], t: Thresholds, a: _Anchor,
             b: _Anchor) -> tuple[bool, str | None]:
    if item["kind"] not in t.sources:
        return False, f"{item['kind']} evidence is not counted (sources: {', '.join(t.sources)})"
    if item["polarity"] == "negative" and (a.steps or b.steps):
        return False, "evidence against a more general or more specific concept does not refute the claim"
    if item["kind"] == "literature":
        if int(props.get("pmid_count", 0)) < t.min_pmids:
            return False, f"{props.get('pmid_count')} distinct PMID(s), fewer than min_pmids={t.min_pmids}"
        if t.ignore_generic and (props.get("subject_generic") or props.get("object_generic")):
            return False, "a generic concept (GENERIC_CONCEPT) and ignore_generic is set"
    return True, None


def _context_evidence(e: dict[str, Any], a: _Anchor, b: _Anchor, t: Thresholds, index: int) -> Evidence | None:
    """Negative evidence between a context concept and the object: the published rule's background check."""
    props = e["props"]
    if not props.get("negated") or not e["forward"]:
        return None
    kind = "literature" if e["type"] == "PREDICATION" else "ontology"
    relation = props.get("predicate") or e["type"]
    return _judged(_evidence_item(kind, "context", "negative", relation, e, a, b), props, t, a, b, index)


def _resolution(ref: ClaimedConcept, anchors: list[_Anchor], by_name: dict[str, dict[str, Any]]) -> Resolution:
    direct = sorted((a for a in anchors if a.steps == 0), key=lambda a: (a.system, a.code))
    found = by_name.get(ref.name, {}) if ref.name is not None else {}
    if ref.name is not None:
        method = found.get("method", "not found")
    else:
        method = "code" if anchors else "code not in any current release"
    out: Resolution = {
        "input": {"name": ref.name} if ref.name is not None else {"system": ref.system, "code": ref.code},
        "resolved": bool(anchors),
        "concepts": [{**a.brief(), "release": a.release} for a in direct],
        "cuis": sorted({a.code for a in direct if a.system in ("UMLS", "SEMMEDDB")}),
        "method": method,
    }
    if ref.name is not None:
        out["name_matches"] = [{"system": h["system"], "code": h["code"], "display": h["display"], "score": h["score"]}
                               for h in found.get("hits", [])]
    return out

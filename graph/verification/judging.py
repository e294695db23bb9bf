"""Judging a claim from the edges found between its anchors: which edges are evidence for the predicate,
which count under the thresholds (and why not), and the verdict they give. Pure: no Neo4j.

Verdicts: ``supported`` (counted evidence for, none against), ``contradicted`` (against, none for),
``conflicting`` (both, or a context concept has negative evidence against the object), ``unsupported``
(nothing counted either way), ``unresolved`` (a concept could not be resolved).
"""

from __future__ import annotations

from typing import Any

from graph.verification.claims import Anchor, Claim, ClaimedConcept, Thresholds
from graph.verification.predicates import Interpretation
from graph.verification.results import EdgeEvidence, Evidence, Resolution, Verification


def judge(
    claim: Claim, interp: Interpretation, s_anchors: list[Anchor], o_anchors: list[Anchor],
    c_anchors: list[list[Anchor]], edges: dict[tuple[str, str], list[dict[str, Any]]],
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
                    item = claim_evidence(e, a, b, interp, t)
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
        "subject": resolution(claim.subject, s_anchors if not interp.reversed else o_anchors, by_name),
        "object": resolution(claim.object, o_anchors if not interp.reversed else s_anchors, by_name),
        "context": [resolution(c, a, by_name) for c, a in zip(claim.context, c_anchors, strict=True)],
        "predicate": {
            "requested": interp.requested, "group": interp.group.name, "reversed": interp.reversed,
            "semmeddb": sorted(interp.group.semmeddb), "semmeddb_reverse": sorted(interp.group.semmeddb_reverse),
            "ontology": [r.describe() for r in interp.group.ontology],
        },
        "thresholds": {"min_pmids": t.min_pmids, "ignore_generic": t.ignore_generic,
                       "hierarchy_steps": t.hierarchy_steps, "sources": list(t.sources)},
        "verdict": verdict, "keep": verdict == "supported", "evidence": evidence, "explanation": why,
    }

def claim_evidence(e: dict[str, Any], a: Anchor, b: Anchor, interp: Interpretation,
                   t: Thresholds) -> Evidence | None:
    """The evidence one edge between a subject and an object anchor gives the claim, if its type and
    direction are the predicate group's."""
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


def _support_path(a: Anchor, b: Anchor) -> tuple[str, int]:
    if a.steps == 0 and b.steps == 0:
        return "direct", 0
    if a.steps and b.steps:
        return "via a more general subject and a more specific object", abs(a.steps) + abs(b.steps)
    if a.steps:
        return "via a more general subject", a.steps
    return "via a more specific object", -b.steps


def _evidence_item(kind: str, role: str, polarity: str, relation: Any, e: dict[str, Any], a: Anchor,
                   b: Anchor) -> EdgeEvidence:
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


def _judged(item: EdgeEvidence, props: dict[str, Any], t: Thresholds, a: Anchor, b: Anchor,
            context_index: int | None = None) -> Evidence:
    """The evidence with whether it counts under ``t``, and why not."""
    counted, because = _counted(item, props, t, a, b)
    if context_index is None:
        return {**item, "counted": counted, "not_counted_because": because}
    return {**item, "context_index": context_index, "counted": counted, "not_counted_because": because}


def _counted(item: EdgeEvidence, props: dict[str, Any], t: Thresholds, a: Anchor,
             b: Anchor) -> tuple[bool, str | None]:
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


def _context_evidence(e: dict[str, Any], a: Anchor, b: Anchor, t: Thresholds, index: int) -> Evidence | None:
    """Negative evidence between a context concept and the object: the published rule's background check."""
    props = e["props"]
    if not props.get("negated") or not e["forward"]:
        return None
    kind = "literature" if e["type"] == "PREDICATION" else "ontology"
    relation = props.get("predicate") or e["type"]
    return _judged(_evidence_item(kind, "context", "negative", relation, e, a, b), props, t, a, b, index)


def resolution(ref: ClaimedConcept, anchors: list[Anchor], by_name: dict[str, dict[str, Any]]) -> Resolution:
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

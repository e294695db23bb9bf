"""The Cypher statements relation verification runs (graph/verification/verifier.py judges what they return).

A batch is answered with one statement (two when names must be resolved first):

* :data:`IDENTITY_QUERY` when no claim asks for hierarchy steps — the common case. Each concept
  reference arrives as codes to *walk* (the current concepts sharing a code's identity through at most
  five ``XREF``/``VERSION_OF`` hops: an HPO term → its UMLS Code → the UMLS concept → an ICD-10-CM Code →
  its concept; bounded where it passes Mondo or Disease Ontology terms, :mod:`graph.terminology.crosswalk`)
  and anchors already *known* from an earlier walk (:mod:`graph.verification.anchors`), as element ids;
* :data:`KNOWN_ANCHORS_QUERY` when every anchor of the batch is known: the edges only;
* :func:`hierarchy_query` when some claim allows hierarchy steps: the subject's more general and the
  object's more specific concepts over ``IS_A``, with their own equivalents, walked every time.

Each returns, per claim, every edge of the current releases between a subject (or context) anchor and an
object anchor, and the stamp of the current releases (:data:`graph.verification.anchors.STAMP_FIELD`).
"""

from __future__ import annotations

from functools import lru_cache

from graph.store.releases import SERVED_CURRENT
from graph.terminology.crosswalk import identity_walk
from graph.verification.anchors import STAMP_FIELD

_CURRENT = """
CALL () {
  MATCH (r:Release {""" + SERVED_CURRENT + """}) RETURN collect(r.id) AS current, """ + STAMP_FIELD + """
}"""

NAME_QUERY = """
CALL () {
  MATCH (r:Release {""" + SERVED_CURRENT + """}) RETURN collect(r.id) AS current
}
UNWIND $names AS nm
CALL (nm, current) {
  CALL db.index.fulltext.queryNodes('concept_names', nm.lucene, {limit: 50}) YIELD node, score
  WITH node, score WHERE node.release IN current
  WITH node, score, toLower(node.display) = nm.lower
       OR nm.lower IN [s IN coalesce(node.synonyms, []) | toLower(s)] AS exact
  RETURN node.system AS system, node.code AS code, node.display AS display, score, exact
  ORDER BY exact DESC, score DESC LIMIT 10
}
RETURN nm.name AS name, system, code, display, score, exact
"""

# Every edge between a subject (or context) anchor ``xn`` and an object anchor ``yn`` of the current releases.
_EDGES_BETWEEN = """
  CALL (xn, yn, current) {
    // Literature: an index seek on the CUI pair (schema 0011), whatever the two concepts' degrees.
    WITH xn, yn, current WHERE xn.system = 'SEMMEDDB' AND yn.system = 'SEMMEDDB'
    UNWIND [xn.code + '>' + yn.code, yn.code + '>' + xn.code] AS pair
    MATCH ()-[r:PREDICATION {pair: pair}]->()
    WHERE r.release IN current
    RETURN r
    UNION ALL
    MATCH (xn)-[r:HAS_ATTRIBUTE|CITES|HAS_PHENOTYPE]-(yn)
    WHERE r.release IN current
    RETURN r
  }
  RETURN collect({x: elementId(xn), y: elementId(yn), type: type(r), forward: startNode(r) = xn,
                  props: properties(r)}) AS evidence"""

# Per claim ``c``: ``c.walk`` the codes to walk, ``c.known`` the element ids of anchors known already, each
# with its ``side`` (0 the subject, 1 the object, 2 + i the i-th context concept). The walked anchors come back
# per code (so each code's can be remembered) with whether the shortest identity path crossed more than one
# hop; subject and context anchors are paired with the object's. One walk for all sides (not one subquery per
# side): 0.05 ms less per verification on the 10 M-row graph.
IDENTITY_QUERY = _CURRENT + """
UNWIND $claims AS c
CALL (c, current) {
  UNWIND c.walk AS w
  MATCH (k:Code {system: w.system, code: w.code})
  """ + identity_walk("k", "anchor") + """
  WITH w, anchor, min(length(p)) AS hops
  RETURN collect({side: w.side, system: w.system, code: w.code, anchor: {id: elementId(anchor),
                  system: anchor.system, code: anchor.code, display: anchor.display, release: anchor.release,
                  crosswalk: hops > 1}}) AS walked,
         collect([w.side, anchor]) AS walked_nodes
}
CALL (c) {
  UNWIND c.known AS kn
  MATCH (anchor) WHERE elementId(anchor) = kn.id
  RETURN collect([kn.side, anchor]) AS known_nodes
}
CALL (walked_nodes, known_nodes, current) {
  WITH walked_nodes + known_nodes AS nodes, current
  UNWIND [n IN nodes WHERE n[0] <> 1 | n[1]] AS xn
  UNWIND [n IN nodes WHERE n[0] = 1 | n[1]] AS yn
  WITH DISTINCT xn, yn, current
  WHERE xn <> yn""" + _EDGES_BETWEEN + """
}
RETURN c.i AS i, walked, evidence, stamp
"""

# Every anchor known: ``c.x`` the element ids of the subject and context anchors, ``c.y`` the object's.
KNOWN_ANCHORS_QUERY = _CURRENT + """
UNWIND $claims AS c
CALL (c, current) {
  UNWIND c.x AS xid
  UNWIND c.y AS yid
  WITH DISTINCT xid, yid, current WHERE xid <> yid
  MATCH (xn) WHERE elementId(xn) = xid
  MATCH (yn) WHERE elementId(yn) = yid""" + _EDGES_BETWEEN + """
}
RETURN c.i AS i, evidence, stamp
"""


# The anchors of one concept reference ``ref`` with hierarchy steps: its identity concepts, then — as
# ``up``/``down`` allow — the more general (up) or more specific (down) concepts over IS_A, with their own
# equivalents; per anchor the fewest steps it is reached by. ``keys`` are the variables carried through (the
# context index for context concepts).
def _hierarchy_anchors(keys: str) -> str:
    return f"""
    MATCH (k:Code {{system: ref.system, code: ref.code}})
    CALL (k, current) {{
      {identity_walk("k", "a")}
      RETURN a, min(length(p)) > 1 AS crossed
    }}
    CALL (a, crossed, up, down) {{
      RETURN a AS g, 0 AS steps, crossed AS g_crossed
      UNION
      WITH a, crossed WHERE up > 0
      MATCH p = (a)-[:IS_A*1..3]->(g:Concept) WHERE length(p) <= up
      RETURN g, length(p) AS steps, crossed AS g_crossed
      UNION
      WITH a, crossed WHERE down > 0
      MATCH p = (a)<-[:IS_A*1..3]-(g:Concept) WHERE length(p) <= down
      RETURN g, -length(p) AS steps, crossed AS g_crossed
    }}
    WITH DISTINCT {keys}g, steps, g_crossed, current
    CALL (g, steps, current) {{
      RETURN g AS anchor, false AS hop
      UNION
      WITH g WHERE steps <> 0
      MATCH (g)-[:VERSION_OF]->(gk:Code)
      {identity_walk("gk", "anchor")}
        AND anchor <> g
      RETURN DISTINCT anchor, true AS hop
    }}
    WITH {keys}anchor, g, steps, g_crossed OR hop AS crossed ORDER BY abs(steps), crossed
    WITH {keys}anchor, collect({{steps: steps, via: g.system + ':' + g.code, crossed: crossed}})[0] AS best
"""


_ANCHOR_FIELDS = ("id: elementId(anchor), system: anchor.system, code: anchor.code, "
                  "display: anchor.display, release: anchor.release, steps: best.steps, via: best.via, "
                  "crosswalk: best.crossed")


@lru_cache(maxsize=2)
def hierarchy_query(context: bool = True) -> str:
    """The statement for a batch in which some claim allows hierarchy steps (``c.up``/``c.down``); per claim
    the anchors of subject (``c.s``), object (``c.o``) and context concepts (``c.ctx``) and the edges between
    them. Without context concepts in the batch their part is left out (a smaller plan)."""
    if context:
        contexts = """
CALL (c, current) {
  UNWIND range(0, size(c.ctx) - 1) AS ci
  UNWIND c.ctx[ci] AS ref
  WITH ci, ref, current, 0 AS up, 0 AS down
""" + _hierarchy_anchors("ci, ") + """
  RETURN collect({ctx: ci, """ + _ANCHOR_FIELDS + """}) AS c_anchors, collect(anchor) AS c_nodes
}"""
    else:
        contexts = "\nWITH c, current, stamp, s_anchors, s_nodes, o_anchors, o_nodes, [] AS c_anchors, [] AS c_nodes"
    return _CURRENT + """
UNWIND $claims AS c
CALL (c, current) {
  UNWIND c.s AS ref
  WITH ref, current, c.up AS up, 0 AS down
""" + _hierarchy_anchors("") + """
  RETURN collect({""" + _ANCHOR_FIELDS + """}) AS s_anchors, collect(anchor) AS s_nodes
}
CALL (c, current) {
  UNWIND c.o AS ref
  WITH ref, current, 0 AS up, c.down AS down
""" + _hierarchy_anchors("") + """
  RETURN collect({""" + _ANCHOR_FIELDS + """}) AS o_anchors, collect(anchor) AS o_nodes
}""" + contexts + """
CALL (s_nodes, o_nodes, c_nodes, current) {
  UNWIND s_nodes + c_nodes AS xn
  UNWIND o_nodes AS yn
  WITH DISTINCT xn, yn, current
  WHERE xn <> yn""" + _EDGES_BETWEEN + """
}
RETURN c.i AS i, s_anchors, o_anchors, c_anchors, evidence, stamp
"""

"""The identity walk: how far a code's identity reaches across systems, written once for every query.

A concept's own ``Code`` (``VERSION_OF``) and the codes other releases cross-reference (``XREF``, UMLS
atoms, SNOMED CT maps) form one graph of identities; the concepts a few such hops away are the code's
equivalents (its verification *anchors*). The licensed crosswalk (UMLS) states synonymy; the open
ontologies do not quite: a Mondo or Disease Ontology term cross-references ICD-10-CM, SNOMED CT, UMLS,
OMIM, Orphanet and MeSH at once, often more than one code of a system, and the official files mark many of
those as merely related. Walking freely through them joined heart failure to kidney failure and essential
to secondary hypertension in five hops. So a walk is bounded by two rules on the terms of
:data:`HUB_SYSTEMS` it passes:

* at most one such term, except that a Mondo term and the Disease Ontology term it cross-references
  (through that term's own code) count as one: an ICD-10-CM code → DOID:9352 → MONDO:0005148 → OMIM:125853;
* a concept of the walk's own starting system is never reached through such a term: when DOID:10763
  cross-references both I10 and I15, the two ICD-10-CM codes stay apart (one-to-many, linked, not merged).

Pure text: the fragments are spliced into the statements that walk (``graph.verification.queries``,
``graph.terminology.concepts``).
"""

from __future__ import annotations

#: Ontologies whose terms cross-reference many systems at once (see the module's rules).
HUB_SYSTEMS = ("MONDO", "DOID")
#: At most this many identity hops from a code to an equivalent concept.
MAX_IDENTITY_HOPS = 5

_HUBS = "[" + ", ".join(f"'{s}'" for s in HUB_SYSTEMS) + "]"


def identity_walk(start: str, end: str, path: str = "p", hops: int = MAX_IDENTITY_HOPS, end_label: str = "Concept"
                  ) -> str:
    """``MATCH`` from the ``Code`` bound to ``start`` to concepts ``end`` of current releases (``current``
    must be in scope, a list of release ids), with the bounds above in its ``WHERE`` (to which a caller may
    add ``AND …``). ``end_label="Code"`` walks to identities instead (a CUI no loaded release defines)."""
    interior = f"nodes({path})[1..-1]"
    step = "((x)-[:XREF|VERSION_OF]-(n WHERE n:Code OR n.release IN current))"
    return f"""MATCH {path} = ({start}){step}{{1,{hops}}}({end}:{end_label})
      WHERE size([m IN nodes({path}) WHERE m:Concept AND m.system IN {_HUBS}])
              <= 1 + size([m IN {interior} WHERE m:Code AND m.system IN {_HUBS}])
        AND ({end}.system <> {start}.system OR none(m IN {interior} WHERE m:Concept AND m.system IN {_HUBS}))"""


"""Relation verification: is (subject, predicate, object) supported, contradicted, conflicting or
unsupported, with every piece of evidence (``verifier``, its Cypher in ``queries``).

Pure, no Neo4j: ``predicates`` (the predicate catalogue and how a phrasing maps to groups),
``anchors`` (the per-process cache of each code's crosswalk anchors, checked against the release set)
and ``results`` (the shapes of the answers).
"""

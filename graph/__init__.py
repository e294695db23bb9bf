"""The knowledge graph's services, in one package per capability; the API and the CLI call these.

Every package here but the pure modules named in its docstring talks to Neo4j; nothing outside
``graph`` opens a driver or sends Cypher (``loaders`` yields records, ``api`` calls services).

* :mod:`graph.store` — the local server, the connection, the schema, releases and their instances,
  derived layers, the two load paths (driver writer, full build) and per-release stats;
* :mod:`graph.terminology` — concepts, search, the FHIR-shaped operations, medications;
* :mod:`graph.verification` — is (subject, predicate, object) supported, with the evidence;
* :mod:`graph.extraction` — source material, the lexicon, mention finding, grounding, extraction runs;
* :mod:`graph.relevance` — home specialties, diagnosis–diagnosis links, specialty relevance;
* :mod:`graph.provenance` — any node or edge back to its source text and release;
* :mod:`graph.review` — reviewers' read-only Cypher and the saved queries of ``cypher/``;
* :mod:`graph.settings` — configuration, read from the environment, for all of them.
"""

"""The Cypher clinigraph ships as data, not code: a package only so that an installed wheel carries it.

* ``schema/`` — the numbered migrations ``clinigraph schema apply`` runs once each, in order
  (:mod:`graph.store.schema`);
* ``queries/`` and ``audit/`` — saved queries to paste into Neo4j Browser, also run by the tests
  and the API (:mod:`graph.review.saved_queries`);
* ``BROWSER.md`` — how to open them in Neo4j Browser.

Read them with ``importlib.resources.files("cypher")`` (:func:`loaders.package_resources.shipped_path`).
"""

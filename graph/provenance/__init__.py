"""Provenance chains: any concept, edge, mention, item or run back to its source text, file, record and
release, with stale flags where what it stood on was replaced (``chains``; their shapes in ``results``)."""

"""Parsers for clinical terminology release files.

Every parser here is a pure generator of typed records (see ``loaders.records``):
it reads files and yields values, and never touches Neo4j. Writing is the job of
``graph.store.writer``; that split keeps each parser testable on a file alone.
"""

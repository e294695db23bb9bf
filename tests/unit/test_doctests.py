"""Run the examples in docstrings, so documentation that lies fails a test."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "loaders.icd10cm",
    "loaders.icd10cm_citations",
    "loaders.hpoa",
    "loaders.sctid",
    "loaders.loinc",
    "graph.store.releases",
    "graph.store.schema",
    "graph.store.runs",
    "graph.terminology.systems",
    "graph.terminology.concepts",
    "graph.extraction.lexicon",
    "graph.extraction.grounding",
    "graph.extraction.axes",
    "graph.extraction.history",
    "graph.extraction.wordforms",
    "graph.extraction.context",
    "graph.extraction.measurements",
    "graph.extraction.sites",
    "graph.extraction.lay_phrasing",
    "graph.extraction.combinations",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0

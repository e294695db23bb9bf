"""OBO Graphs JSON (the OBO Foundry's ``mondo.json``, ``hp.json``) gives the graph its OBO twin gives (issue 20:
official releases load through the generic ontology loader, same graph shape)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from loaders.contract import LoadRequest
from loaders.errors import SourceFormatError
from loaders.obo import parse_obo
from loaders.obographs import parse_obographs
from loaders.records import LoadReport
from loaders.registry import get_loader, loaders_that_read

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ontologies"
GO_JSON = FIXTURES / "go_sample.json"


def unnamed(records) -> list:
    return [dataclasses.replace(r, source_file="") for r in records]


def test_the_json_twin_of_an_obo_file_gives_the_same_records():
    """Every concept, synonym by scope, xref, is_a, typed relation, obsolete term and replacement alike."""
    obo_report, json_report = LoadReport(), LoadReport()
    from_obo = unnamed(parse_obo(FIXTURES / "go_sample.obo", obo_report))
    from_json = unnamed(parse_obographs(GO_JSON, json_report))
    assert from_obo and from_json == from_obo
    assert json_report.counts == obo_report.counts  # the foreign BFO term, the text-only xrefs, counted alike


def test_the_generic_ontology_loader_reads_it_as_its_own_system_and_date():
    assert loaders_that_read(GO_JSON) == ["obo"]
    info = get_loader("obo").prepare(LoadRequest(path=GO_JSON)).info
    assert (info.release_id, info.loader) == ("GO@2099-01-01", "clinigraph.loaders.obographs")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "onto.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_cut_file_names_its_line(tmp_path):
    text = GO_JSON.read_text()
    path = write(tmp_path, text[: len(text) // 2])
    with pytest.raises(SourceFormatError) as caught:
        list(parse_obographs(path))
    assert caught.value.line is not None and caught.value.line > 1 and "not valid JSON" in str(caught.value)


def test_a_synonym_of_no_known_scope_is_refused_at_its_term(tmp_path):
    document = json.loads(GO_JSON.read_text())
    document["graphs"][0]["nodes"][1]["meta"]["synonyms"][0]["pred"] = "hasOddSynonym"
    path = write(tmp_path, json.dumps(document, indent=2))
    with pytest.raises(SourceFormatError) as caught:
        list(parse_obographs(path))
    assert caught.value.field == "synonyms" and "GO:0009987" in str(caught.value) and caught.value.line


def test_a_document_without_graphs_or_a_version_is_refused(tmp_path):
    with pytest.raises(SourceFormatError) as caught:
        list(parse_obographs(write(tmp_path, '{"graphs": []}')))
    assert caught.value.field == "graphs"
    document = json.loads(GO_JSON.read_text())
    del document["graphs"][0]["meta"]
    with pytest.raises(SourceFormatError) as caught:
        get_loader("obo").prepare(LoadRequest(path=write(tmp_path, json.dumps(document))))
    assert caught.value.field == "graphs[0].meta.version" and "--version" in str(caught.value)

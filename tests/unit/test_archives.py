"""Zipped releases: one extraction per process, removed at exit, files named by their place in the zip."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from loaders import archives
from loaders.errors import SourceFormatError
from loaders.records import LoadReport
from loaders.snomed import describe_release, parse_release

SNAPSHOT = Path(__file__).resolve().parent.parent / "fixtures" / "snomed" / "snapshot_release"
PACKAGE = "SnomedCT_FixtureUS_PRODUCTION_20250301T120000Z"


def extraction_folders() -> set[Path]:
    return set(Path(tempfile.gettempdir()).glob("clinigraph-release-*"))


@pytest.fixture
def zipped(tmp_path: Path) -> Path:
    archives.remove_extracted()
    return Path(shutil.make_archive(str(tmp_path / "SnomedCT_Test"), "zip", SNAPSHOT))


def test_a_zip_is_extracted_once_however_often_its_release_is_read(zipped: Path) -> None:
    before = extraction_folders()
    describe_release(zipped)
    list(parse_release(zipped, LoadReport()))
    describe_release(zipped)
    assert len(extraction_folders() - before) == 1
    archives.remove_extracted()
    assert extraction_folders() - before == set()


def test_a_changed_zip_is_extracted_again(zipped: Path) -> None:
    first = archives.extracted(zipped)
    assert archives.extracted(zipped) == first
    shutil.make_archive(str(zipped.with_suffix("")), "zip", SNAPSHOT / PACKAGE)  # other content, same name
    second = archives.extracted(zipped)
    assert second != first and (second / "Snapshot").is_dir() and (first / PACKAGE).is_dir()
    archives.remove_extracted()


def test_the_release_names_each_file_inside_its_zip(zipped: Path) -> None:
    info = describe_release(zipped)
    concept = next(f for f in info.files if f.name.startswith("sct2_Concept_"))
    assert concept.path == f"{zipped.resolve()}!/{PACKAGE}/Snapshot/Terminology/{concept.name}"
    folder_info = describe_release(SNAPSHOT)
    assert {f.sha256 for f in folder_info.files} == {f.sha256 for f in info.files}
    archives.remove_extracted()


def test_a_bad_file_in_a_zip_is_named_inside_the_zip(tmp_path: Path) -> None:
    archives.remove_extracted()
    copy = tmp_path / "release"
    shutil.copytree(SNAPSHOT, copy)
    concept = next(copy.rglob("sct2_Concept_*.txt"))
    concept.write_bytes(concept.read_bytes().replace(b"definitionStatusId", b"definitionStatus", 1))
    zipped = Path(shutil.make_archive(str(tmp_path / "Damaged"), "zip", copy))
    with pytest.raises(SourceFormatError) as caught:
        list(parse_release(zipped, LoadReport()))
    member = f"{zipped.resolve()}!/{concept.relative_to(copy).as_posix()}"
    assert caught.value.path == member
    assert str(caught.value).startswith(f"{member}, line 1, field header")
    archives.remove_extracted()

"""One contract suite every registered loader passes, against a real Neo4j (issue 17, build item 2).

Each loader's sample release (tests/contract_damage.py: the table of loader → sample, main file, format)
is copied, its main file damaged the way real files break, and loaded the way ``clinigraph load`` loads
it (``prepare``, then ``graph.store.loading.load_release``). A damaged release must end in ONE
:class:`SourceFormatError` naming the file, the line and the field — or, where the damage leaves the
release whole (no final newline; a latin-1 byte in SemMedDB), load with the intact sample's concepts.
Either way no release is left visible or half-done. A few cases also go through the ``clinigraph``
command, which must print exactly one ``error:`` line. The properties that need no database (can_read,
edges, codes, ids) are in tests/unit/test_loader_contract_unit.py.

    case               what the main file gets                                 outcome required
    -----------------  ------------------------------------------------------  ------------------------------
    cut_mid_row        cut inside a data row / XML element / OBO def string    error: last line, its field
    no_final_newline   complete last row, no final line end                    loads, same concepts as intact
    swapped_columns    two header names swapped (headerless: two values)       error: header or typed column
    bad_byte           0xFF in a text value of a known line                    error: that line, file offset
                                                                               (SemMedDB, latin-1: loads)
    empty_file         0 bytes                                                 error: the file, line 1
    no_concepts        header and no rows (or only rows not loaded)            refused, nothing visible
    wrong_loader       another loader's sample                                 error: the path, "content"
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from neo4j import Driver

from graph.store.loading import LoadResult, load_release
from graph.store.releases import list_releases
from loaders.contract import LoadRequest
from loaders.errors import EmptyReleaseError, SourceFormatError
from loaders.records import ConceptRecord, LoadReport
from loaders.registry import LOADERS, get_loader
from tests.conftest import cli_env
from tests.contract_damage import (
    DAMAGES,
    NOT_APPLICABLE,
    SAMPLES,
    TARGETS,
    Expect,
    Sample,
    copy_sample,
    no_concepts,
    wrong_sample_for,
)

from .helpers import DATABASE, count

pytestmark = pytest.mark.integration

CLINIGRAPH = Path(sys.executable).with_name("clinigraph")
DAMAGED = [pytest.param(name, case, id=f"{name}-{case}") for name in TARGETS for case in DAMAGES
           if (name, case) not in NOT_APPLICABLE]
#: One damaged case per loader through the CLI, so every error class is seen there once at least.
CLI_CASES = {"icd10cm": "cut_mid_row", "hpo": "empty_file", "obo": "wrong_loader", "loinc": "bad_byte",
             "rxnorm": "swapped_columns", "umls": "cut_mid_row", "semmeddb": "empty_file",
             "snomed": "swapped_columns"}


def load(driver: Driver, sample: Sample, path: Path | None = None) -> LoadResult:
    """The real load path: the loader prepares the request (a bad file fails before any write), the
    release lifecycle runs the parse."""
    extra = sample.request() if path is None else {}
    prepared = get_loader(sample.loader).prepare(LoadRequest(path=path or sample.release, **extra))  # type: ignore[arg-type]
    return load_release(driver, DATABASE, prepared.info, prepared.parse)


def intact_concepts(sample: Sample) -> set[tuple[str, str]]:
    prepared = get_loader(sample.loader).prepare(LoadRequest(path=sample.release, **sample.request()))  # type: ignore[arg-type]
    return {(r.system, r.code) for r in prepared.parse(LoadReport()) if isinstance(r, ConceptRecord)}


def graph_concepts(driver: Driver, release_id: str) -> set[tuple[str, str]]:
    records, _, _ = driver.execute_query("MATCH (c:Concept {release: $id}) RETURN c.system AS s, c.code AS c",
                                         id=release_id, database_=DATABASE)
    return {(r["s"], r["c"]) for r in records}


def assert_nothing_visible(driver: Driver) -> None:
    """No release visible, none left loading, and no concept or code identity left behind by the attempt."""
    assert list_releases(driver, DATABASE) == []
    assert {r["status"] for r in list_releases(driver, DATABASE, include_incomplete=True)} <= {"failed"}
    assert count(driver, "MATCH (c:Concept) RETURN count(c)") == 0
    assert count(driver, "MATCH (k:Code) RETURN count(k)") == 0


def field_matches(field: str | None, expect: Expect) -> bool:
    """A field is named, and it is one the damage touched (``desc`` matches ``chapter/desc``)."""
    if not field:
        return False
    return not expect.fields or any(field == f or field.endswith(f"/{f}") for f in expect.fields)


def assert_one_clear_error(error: BaseException, expect: Expect, named: Path) -> None:
    """One SourceFormatError, one line, naming ``named``, a line the damage put the fault on, and its field."""
    assert isinstance(error, SourceFormatError), f"{type(error).__name__}: {error}"
    text = str(error)
    assert "\n" not in text and not getattr(error, "__notes__", None), text
    assert Path(error.path).name == named.name, text
    if expect.lines:
        assert error.line in expect.lines, text
    assert field_matches(error.field, expect), text
    if expect.offset is not None:
        assert f"file offset {expect.offset}" in text, text


@pytest.mark.parametrize(("name", "case"), DAMAGED)
def test_a_damaged_main_file_ends_in_one_clear_error_or_loads_whole(clean_graph, tmp_path, name, case):
    sample = copy_sample(TARGETS[name], tmp_path)
    expect = DAMAGES[case](sample)
    if expect.loads:
        result = load(clean_graph, sample)
        assert [r["id"] for r in list_releases(clean_graph, DATABASE)] == [result.release_id]
        assert graph_concepts(clean_graph, result.release_id) == intact_concepts(SAMPLES[sample.loader])
        return
    with pytest.raises(Exception) as caught:  # noqa: B017 - the assertion below names the class it must be
        load(clean_graph, sample)
    assert_one_clear_error(caught.value, expect, sample.main_file)
    assert_nothing_visible(clean_graph)


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_a_release_without_concepts_is_refused_and_leaves_nothing_visible(clean_graph, tmp_path, name):
    sample = copy_sample(SAMPLES[name], tmp_path)
    no_concepts(sample)
    with pytest.raises((SourceFormatError, EmptyReleaseError)) as caught:
        load(clean_graph, sample)
    assert "\n" not in str(caught.value)
    assert_nothing_visible(clean_graph)


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_another_loaders_sample_is_refused_naming_it(clean_graph, name):
    other = wrong_sample_for(name)
    with pytest.raises(SourceFormatError) as caught:
        load(clean_graph, SAMPLES[name], path=other.release)
    lines = frozenset({1}) if other.release.is_file() else frozenset({None})
    assert_one_clear_error(caught.value, Expect(lines=lines, fields=frozenset({"content"})), other.release)
    assert_nothing_visible(clean_graph)


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_the_intact_sample_loads_visible_with_every_concept(clean_graph, name):
    result = load(clean_graph, SAMPLES[name])
    assert [r["id"] for r in list_releases(clean_graph, DATABASE)] == [result.release_id]
    assert graph_concepts(clean_graph, result.release_id) == intact_concepts(SAMPLES[name])


@pytest.mark.parametrize(("name", "case"), sorted(CLI_CASES.items()))
def test_the_cli_prints_one_error_line_naming_file_line_and_field(clean_graph, neo4j_settings, tmp_path, name,
                                                                  case):
    sample = copy_sample(SAMPLES[name], tmp_path)
    if case == "wrong_loader":
        given = wrong_sample_for(name).release
        expect = Expect(lines=frozenset({1} if given.is_file() else {None}), fields=frozenset({"content"}))
        named = given
    else:
        given, expect, named = sample.release, DAMAGES[case](sample), sample.main_file
    args = [str(CLINIGRAPH), "load", name, str(given)]
    if sample.annotations and case != "wrong_loader":
        args += ["--annotations", str(sample.annotations)]
    done = subprocess.run(args, capture_output=True, text=True, env=cli_env(neo4j_settings), timeout=120)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode != 0 and len(lines) == 1, done.stderr
    [line] = lines
    assert line.startswith("error: ") and "Traceback" not in done.stderr, line
    assert named.name in line, line
    if expect.lines - {None}:
        assert any(f"line {n}," in line or f"line {n}:" in line for n in expect.lines), line
    where = re.search(r", field ([^:]+): ", line)
    assert where and field_matches(where.group(1), expect), line
    assert_nothing_visible(clean_graph)


def test_the_cli_prints_a_value_that_looks_like_console_markup_as_it_is(clean_graph, neo4j_settings, tmp_path):
    """Error messages quote the file's values; a value such as ``[/b]`` is text, not console markup."""
    sample = copy_sample(SAMPLES["loinc"], tmp_path)
    table = sample.main_file
    table.write_bytes(table.read_bytes().replace(b'"2345-7"', b'"[/b]"', 1))
    done = subprocess.run([str(CLINIGRAPH), "load", "loinc", str(sample.release)], capture_output=True, text=True,
                          env=cli_env(neo4j_settings), timeout=120)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode != 0 and len(lines) == 1, done.stderr
    assert lines[0].startswith("error: ") and "Loinc.csv, line 2, field LOINC_NUM: LOINC_NUM '[/b]'" in lines[0]
    assert_nothing_visible(clean_graph)

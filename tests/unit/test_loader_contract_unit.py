"""The loader contract, the parts that need no database (issue 17, build item 2; style habit 9).

Every loader in ``loaders.registry.LOADERS`` is run through the same checks on its sample release
(tests/contract_damage.py holds the table): it recognises its own sample by content and no other
loader's; every edge it emits points at a concept it emitted (or, for a cross-reference, at a
``Code`` identity); every code is valid for its system; no id is empty. A loader registered without
a sample fails the first test, so no loader escapes the contract. The damaged-file cases run the real
load path against Neo4j in tests/integration/test_loader_contract.py; the damage functions themselves
are checked here, so a passing integration case means what its name says.
"""

from __future__ import annotations

import re

import pytest

from graph.store.writer import IDENTITY_RELATION_TYPES, RELATION_TYPES
from graph.terminology.concepts import CODE_SHAPES
from loaders.contract import LoadRequest
from loaders.errors import SourceFormatError
from loaders.loinc import is_valid_loinc
from loaders.obo import id_prefix
from loaders.records import ConceptRecord, LoadReport, RelationRecord, ReleaseInfo
from loaders.registry import LOADERS, get_loader
from loaders.sctid import is_valid_sctid
from tests.contract_damage import (
    DAMAGES,
    DESIGNED_OVERLAPS,
    NOT_APPLICABLE,
    SAMPLES,
    TARGETS,
    Sample,
    bad_byte,
    copy_sample,
    cut_mid_row,
    drop_final_newline,
    neutral_copy,
    no_concepts,
    swap_columns,
)

LOADER_NAMES = sorted(LOADERS)
TARGET_NAMES = list(TARGETS)
#: An ontology's term id: its id space, a colon, a local id (GO:0008150).
CURIE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*:[A-Za-z0-9_.-]+$")


def parsed(sample: Sample) -> tuple[ReleaseInfo, list[ConceptRecord], list[RelationRecord], LoadReport]:
    """The sample through its loader, as ``clinigraph load`` runs it (prepare, then parse)."""
    prepared = get_loader(sample.loader).prepare(LoadRequest(path=sample.release, **sample.request()))
    report = LoadReport()
    records = list(prepared.parse(report))
    return (prepared.info, [r for r in records if isinstance(r, ConceptRecord)],
            [r for r in records if isinstance(r, RelationRecord)], report)


def code_fault(system: str, code: str, kind: str) -> str | None:
    """Why ``code`` is not a valid code of ``system`` (None when it is): the system's shape where
    graph.terminology.concepts knows one, else an ontology CURIE in the system's id space; check digits too."""
    shape = CODE_SHAPES.get(system)
    if shape is not None and not shape.match(code):
        return f"{system} {code!r} does not have the shape {shape.pattern}"
    if shape is None and not (CURIE.match(code) and code.split(":", 1)[0] == id_prefix(system)):
        return f"{system} {code!r} is not a {id_prefix(system)}:local CURIE"
    if system == "SNOMEDCT" and not is_valid_sctid(code):
        return f"SNOMEDCT {code!r} fails its Verhoeff check digit"
    if system == "LOINC" and kind == "term" and not is_valid_loinc(code):
        return f"LOINC {code!r} fails its mod-10 check digit"
    return None


def test_the_sample_table_covers_exactly_the_registered_loaders():
    """A loader added to the registry without a sample here would escape the contract."""
    assert sorted(SAMPLES) == LOADER_NAMES
    assert all(sample.main_file.is_file() for sample in SAMPLES.values())


@pytest.mark.parametrize("name", LOADER_NAMES)
def test_can_read_its_own_sample(name):
    assert LOADERS[name].can_read(SAMPLES[name].release)


@pytest.mark.parametrize("name", LOADER_NAMES)
def test_can_read_no_other_loaders_sample(name):
    """Content sniffing tells the formats apart; only the designed overlaps (DESIGNED_OVERLAPS) read both."""
    read = {other for other, sample in SAMPLES.items() if other != name and LOADERS[name].can_read(sample.release)}
    assert read == {other for loader, other in DESIGNED_OVERLAPS if loader == name}


@pytest.mark.parametrize("name", LOADER_NAMES)
def test_can_read_judges_content_not_names(name, tmp_path):
    """The main file alone, renamed ``table.dat`` in a folder ``release`` (or ``release.dat`` for file
    loaders), is still recognised: no loader decides by a file's name."""
    assert LOADERS[name].can_read(neutral_copy(SAMPLES[name], tmp_path))


#: Loaders that find their tables by file name (and read the version from folder or file names): a renamed
#: release is recognised by content, but to load it must keep its names (or be given --version).
FINDS_FILES_BY_NAME = {"loinc": "LoincTable/Loinc.csv", "rxnorm": "RXNCONSO.RRF", "umls": "MRCONSO.RRF",
                       "semmeddb": "*PREDICATION*.csv in a folder", "snomed": "sct2_Concept_Snapshot_*.txt"}


@pytest.mark.parametrize("name", LOADER_NAMES)
def test_a_renamed_release_loads_or_says_which_file_it_needs(name, tmp_path):
    request = LoadRequest(path=neutral_copy(SAMPLES[name], tmp_path))
    if name not in FINDS_FILES_BY_NAME:
        prepared = get_loader(name).prepare(request)
        assert any(isinstance(r, ConceptRecord) for r in prepared.parse(LoadReport()))
        return
    with pytest.raises(SourceFormatError) as caught:
        get_loader(name).prepare(request)
    assert caught.value.field == "files" and caught.value.path == str(tmp_path / "release")


@pytest.mark.parametrize("name", LOADER_NAMES)
def test_release_ids_and_systems_are_named(name):
    info, concepts, _, _ = parsed(SAMPLES[name])
    assert info.system and info.version and info.loader and info.loader_version and info.files
    assert {c.system for c in concepts} <= set(info.systems), "a concept of a system the release does not define"


@pytest.mark.parametrize("name", LOADER_NAMES)
def test_ids_are_non_empty_and_unique(name):
    _, concepts, relations, _ = parsed(SAMPLES[name])
    assert concepts, "the sample emits no concept"
    assert all(c.system and c.code and c.display and c.kind for c in concepts)
    assert all(r.type and r.system and r.source_code and r.target_code for r in relations)
    keys = [(c.system, c.code) for c in concepts]
    assert len(keys) == len(set(keys)), "a concept emitted twice"


@pytest.mark.parametrize("name", LOADER_NAMES)
def test_every_concept_code_is_valid_for_its_system(name):
    _, concepts, _, _ = parsed(SAMPLES[name])
    faults = [fault for c in concepts if (fault := code_fault(c.system, c.code, c.kind))]
    assert faults == []


@pytest.mark.parametrize("name", LOADER_NAMES)
def test_every_edge_points_at_emitted_concepts(name):
    """Within the release an edge runs between concepts it emitted (same system, or its target system);
    only a cross-reference (``to_identity``) ends at another system's Code identity."""
    _, concepts, relations, _ = parsed(SAMPLES[name])
    emitted = {(c.system, c.code) for c in concepts}
    dangling = [f"{r.type} {r.system}:{r.source_code} → {r.target}:{r.target_code}" for r in relations
                if (r.system, r.source_code) not in emitted
                or not r.to_identity and (r.target, r.target_code) not in emitted]
    assert dangling == []


@pytest.mark.parametrize("name", LOADER_NAMES)
def test_edge_types_are_allowed_and_identity_targets_well_formed(name):
    _, _, relations, _ = parsed(SAMPLES[name])
    assert all(r.type in (IDENTITY_RELATION_TYPES if r.to_identity else RELATION_TYPES) for r in relations)
    malformed = [f"{r.target}:{r.target_code}" for r in relations if r.to_identity and r.target in CODE_SHAPES
                 and not CODE_SHAPES[r.target].match(r.target_code)]
    assert malformed == []


# --- the damage functions do what their names say -------------------------------------------------------


@pytest.mark.parametrize("name", TARGET_NAMES)
def test_cut_mid_row_ends_the_file_inside_a_row(name, tmp_path):
    sample = copy_sample(TARGETS[name], tmp_path)
    intact = sample.main_file.read_bytes()
    expect = cut_mid_row(sample)
    cut = sample.main_file.read_bytes()
    assert intact.startswith(cut) and not cut.endswith(b"\n")
    [line] = expect.lines
    assert line == cut.count(b"\n") + 1  # the error's line is the file's last, partial one
    last = cut.rsplit(b"\n", 1)[-1]
    whole = intact.splitlines()[line - 1]
    assert 0 < len(last) < len(whole.rstrip(b"\r"))


@pytest.mark.parametrize("name", TARGET_NAMES)
def test_bad_byte_sits_at_the_line_and_offset_it_claims(name, tmp_path):
    sample = copy_sample(TARGETS[name], tmp_path)
    expect = bad_byte(sample)
    data = sample.main_file.read_bytes()
    assert expect.offset is not None and data[expect.offset] == 0xFF and data.count(b"\xff") == 1
    assert expect.lines == {data[:expect.offset].count(b"\n") + 1}


@pytest.mark.parametrize("name", TARGET_NAMES)
def test_drop_final_newline_keeps_every_row(name, tmp_path):
    sample = copy_sample(TARGETS[name], tmp_path)
    intact = sample.main_file.read_bytes()
    assert drop_final_newline(sample).loads
    assert sample.main_file.read_bytes() == intact.rstrip(b"\r\n")


@pytest.mark.parametrize("name", [n for n in TARGET_NAMES if (n, "swapped_columns") not in NOT_APPLICABLE])
def test_swap_columns_changes_only_the_swapped_values(name, tmp_path):
    sample = copy_sample(TARGETS[name], tmp_path)
    intact = sample.main_file.read_bytes()
    swap_columns(sample)
    changed = sample.main_file.read_bytes()
    assert changed != intact and sorted(changed) == sorted(intact)


@pytest.mark.parametrize("name", LOADER_NAMES)
def test_no_concepts_keeps_the_file_non_empty(name, tmp_path):
    sample = copy_sample(SAMPLES[name], tmp_path)
    no_concepts(sample)
    assert sample.main_file.stat().st_size > 0


def test_every_case_has_a_damage_or_a_reason():
    assert set(NOT_APPLICABLE) <= {(n, c) for n in TARGET_NAMES for c in DAMAGES}


# --- SemMedDB keeps the two tiers of problems ------------------------------------------------------------


def test_semmeddb_counts_a_later_row_with_swapped_values_instead_of_refusing_the_file(tmp_path):
    """Real PREDICATION files hold a few corrupt rows among 100+ million (formats.md): past the first row
    such a row is counted in the report and skipped; the same damage in the first row refuses the file
    (tests/integration/test_loader_contract.py)."""
    sample = copy_sample(SAMPLES["semmeddb"], tmp_path)
    lines = sample.main_file.read_bytes().splitlines(keepends=True)
    values = lines[4].split(b",")
    values[2], values[3] = values[3], values[2]
    lines[4] = b",".join(values)
    sample.main_file.write_bytes(b"".join(lines))
    _, intact_concepts, _, intact_report = parsed(SAMPLES["semmeddb"])
    _, concepts, _, report = parsed(sample)
    assert report.counts["corrupt_row"] == intact_report.counts["corrupt_row"] + 1
    assert {c.code for c in concepts} == {c.code for c in intact_concepts}


def test_semmeddb_latin1_bytes_are_characters(tmp_path):
    """SemMedDB is latin-1 by design: 0xFF is ``ÿ``, read as such, not an encoding fault."""
    sample = copy_sample(SAMPLES["semmeddb"], tmp_path)
    bad_byte(sample)
    _, concepts, _, _ = parsed(sample)
    assert any(c.display.startswith("ÿ") for c in concepts)


def test_a_parse_error_is_one_line(tmp_path):
    """SourceFormatError renders as one line: the CLI prints it after ``error:`` as it is."""
    error = SourceFormatError(tmp_path / "x.csv", "bad", line=3, field="columns")
    assert str(error) == f"{tmp_path / 'x.csv'}, line 3, field columns: bad" and "\n" not in str(error)

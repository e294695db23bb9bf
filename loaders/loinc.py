"""LOINC release (``Loinc.csv`` and its companions) → concept and relation records.

Read from a LOINC release folder or zip:

* ``LoincTable/Loinc.csv``: one concept per LOINC term with its six axes
  (component, property, time, system, scale, method), class and class type,
  status, long common name (the display), short name and related names. The
  check digit of every LOINC_NUM is verified (mod 10).
* ``LoincTable/MapTo.csv``: ``REPLACED_BY`` from a deprecated code to its replacement.
* ``AccessoryFiles/PartFile/Part.csv`` and ``LoincPartLink_Primary.csv`` with
  ``LoincPartLink_Supplementary.csv`` (or, before 2.68, the single ``LoincPartLink.csv``):
  parts as concepts and ``HAS_PART`` edges with the part type (COMPONENT, SYSTEM, …)
  and the link type (Primary, DetailedModel, SyntaxEnhancement, Search, …).
* The hierarchy under either name — ``MultiAxialHierarchy.csv`` (to 2.73) or
  ``ComponentHierarchyBySystem.csv`` (from 2.74): ``IS_A`` to the immediate parent.

Values are trimmed (some published samples pad them with spaces). Quoted CSV,
UTF-8 (a BOM is accepted).
"""

from __future__ import annotations

import csv
import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from loaders.contract import LoadRequest, SourceLoader
from loaders.errors import SourceFormatError
from loaders.files import describe_file, not_encoded_as, unpacked_release
from loaders.padded_csv import unpadded_lines
from loaders.records import ConceptRecord, LoadReport, PropertyValue, RelationRecord, ReleaseInfo
from loaders.sniff import any_file, first_line

SYSTEM = "LOINC"
LOADER = "clinigraph.loaders.loinc"
LOADER_VERSION = "1.1.0"  # 1.1.0: supplementary part links read

LOINC_COLUMNS = ("LOINC_NUM", "COMPONENT", "PROPERTY", "TIME_ASPCT", "SYSTEM", "SCALE_TYP", "METHOD_TYP",
                 "CLASS", "CLASSTYPE", "STATUS", "LONG_COMMON_NAME")
MAPTO_COLUMNS = ("LOINC", "MAP_TO")
PART_COLUMNS = ("PartNumber", "PartTypeName", "PartName", "PartDisplayName", "Status")
PART_LINK_COLUMNS = ("LoincNumber", "PartNumber", "PartName", "PartCodeSystem", "PartTypeName", "LinkTypeName")
HIERARCHY_COLUMNS = ("PATH_TO_ROOT", "SEQUENCE", "IMMEDIATE_PARENT", "CODE", "CODE_TEXT")
HIERARCHY_FILES = ("ComponentHierarchyBySystem.csv", "MultiAxialHierarchy.csv")
CLASS_TYPES = {"1": "laboratory", "2": "clinical", "3": "claims_attachment", "4": "survey"}
STATUSES = {"ACTIVE", "TRIAL", "DISCOURAGED", "DEPRECATED"}

_LOINC_NUM = re.compile(r"^(\d{1,7})-(\d)$")
_PART_NUM = re.compile(r"^LP\d+-\d$")


def loinc_check_digit(number: str) -> str:
    """The mod-10 check digit of a LOINC number's digits (``2345`` → ``7``).

    >>> loinc_check_digit("2345"), loinc_check_digit("4548")
    ('7', '4')
    """
    total = 0
    for position, ch in enumerate(reversed(number), start=1):
        value = int(ch) * (2 if position % 2 == 1 else 1)
        total += value // 10 + value % 10
    return str((10 - total % 10) % 10)


def is_valid_loinc(code: str) -> bool:
    m = _LOINC_NUM.match(code)
    return m is not None and loinc_check_digit(m.group(1)) == m.group(2)


@dataclass(frozen=True)
class LoincFiles:
    root: Path
    loinc: Path
    map_to: Path | None
    parts: Path | None
    #: The primary links, and the supplementary ones since 2.68 (or the single file of older releases).
    part_links: tuple[Path, ...]
    hierarchy: Path | None
    #: From the distribution's folder name (``Loinc_2.78``); None when it does not say. Not guessed from
    #: ``VersionLastChanged``: that is only the newest version any term changed in (a 2.67 table says 2.63).
    version: str | None

    def name_of(self, path: Path) -> str:
        """A file's name as provenance gives it: its place in the distribution (``LoincTable/Loinc.csv``)."""
        return path.relative_to(self.root).as_posix()

    def all_files(self) -> list[Path]:
        return [p for p in (self.loinc, self.map_to, self.parts, *self.part_links, self.hierarchy) if p]


def _find(root: Path, name: str) -> Path | None:
    found = sorted((p for p in root.rglob("*") if p.name.lower() == name.lower()),
                   key=lambda p: (len(p.relative_to(root).parts), str(p)))
    return found[0] if found else None


def _find_loinc_table(root: Path) -> Path | None:
    """The main table: ``LoincTable/Loinc.csv`` (or a bare ``Loinc.csv`` at the top), never the panel
    table of the same name under ``AccessoryFiles/PanelsAndForms/``, which sorts first."""
    tables = [p for p in root.rglob("*") if p.name.lower() == "loinc.csv"
              and "accessoryfiles" not in (part.lower() for part in p.relative_to(root).parts)]
    in_table_folder = [p for p in tables if p.parent.name.lower() == "loinctable"]
    for candidates in (in_table_folder, tables):
        if candidates:
            return min(candidates, key=lambda p: (len(p.relative_to(root).parts), str(p)))
    return None


def find_release_files(path: str | Path) -> LoincFiles:
    root = unpacked_release(path, "LOINC release")
    loinc = _find_loinc_table(root)
    if loinc is None:
        raise SourceFormatError(root, "no LoincTable/Loinc.csv in the release", field="files")
    hierarchy = next((h for h in (_find(root, n) for n in HIERARCHY_FILES) if h), None)
    # Before 2.68 the part links were one file; since, a primary and a supplementary one (the detailed
    # model, syntax and semantic enhancements, search parts), both read.
    split = tuple(p for p in (_find(root, "LoincPartLink_Primary.csv"), _find(root, "LoincPartLink_Supplementary.csv"))
                  if p)
    single = _find(root, "LoincPartLink.csv")
    part_links = split or ((single,) if single else ())
    m = re.search(r"Loinc_(\d+\.\d+)", str(loinc)) or re.search(r"Loinc_(\d+\.\d+)", Path(path).name)
    return LoincFiles(
        root=root, loinc=loinc, map_to=_find(root, "MapTo.csv"), parts=_find(root, "Part.csv"),
        part_links=part_links, hierarchy=hierarchy, version=m.group(1) if m else None,
    )


def describe_release(path: str | Path, version: str | None = None) -> ReleaseInfo:
    files = find_release_files(path)
    version = version or files.version
    if not version:
        raise SourceFormatError(files.root, "the release does not say its LOINC version (no Loinc_X.YY folder "
                                "or zip name); give it with --version", field="version")
    return ReleaseInfo(
        system=SYSTEM, version=version,
        # Named by their place in the distribution: two files called Loinc.csv are two different tables.
        files=tuple(dataclasses.replace(describe_file(p), name=files.name_of(p))
                    for p in files.all_files()),
        loader=LOADER, loader_version=LOADER_VERSION, title="LOINC",
    )


def _csv_rows(path: Path, required: tuple[str, ...]) -> Iterator[tuple[int, dict[str, str]]]:
    """Rows as trimmed dicts; the header must hold every ``required`` column."""
    try:
        with path.open(encoding="utf-8-sig", newline="") as fh:
            # LOINC pads quoted fields after their closing quote; only that padding is taken away.
            reader = csv.reader(unpadded_lines(fh, path), strict=True)
            try:
                header = [h.strip() for h in next(reader)]
            except StopIteration:
                raise SourceFormatError(path, "empty file", line=1, field="header") from None
            missing = [c for c in required if c not in header]
            if missing:
                raise SourceFormatError(path, f"header lacks {', '.join(missing)}", line=1, field="header")
            for values in reader:
                number = reader.line_num
                if not values or values == [""]:
                    continue
                if len(values) != len(header):
                    raise SourceFormatError(path, f"{len(values)} columns, expected {len(header)}",
                                            line=number, field="columns")
                yield number, {h: v.strip() for h, v in zip(header, values, strict=True)}
    except csv.Error as exc:
        if "unexpected end of data" in str(exc):  # strict csv: the file ends inside a quoted field
            raise SourceFormatError(path, f"last line is truncated inside a quoted field ({exc})",
                                    line=reader.line_num or None, field="columns") from None
        raise SourceFormatError(path, f"not valid CSV ({exc})", line=reader.line_num or None,
                                field=_csv_fault(str(exc))) from None
    except UnicodeDecodeError:
        raise not_encoded_as(path, "utf-8-sig") from None


def _csv_fault(message: str) -> str:
    """What a strict csv reader's error is about, as the field of the refusal.

    >>> _csv_fault("',' expected after a quote"), _csv_fault("line contains NUL")
    ('quoting', 'content')
    """
    if "NUL" in message:
        return "content"
    if "field larger than field limit" in message:
        return "field size"
    return "quoting"  # a stray quote, or text glued to a closing one


def parse_release(path: str | Path, report: LoadReport | None = None) -> Iterator[ConceptRecord | RelationRecord]:
    """The records of one LOINC release: terms, then parts and hierarchy nodes, then the edges between them."""
    report = report if report is not None else LoadReport()
    files = find_release_files(path)
    terms: set[str] = set()
    yield from _terms(files, terms)
    parts: set[str] = set()
    yield from _parts(files, parts)
    hierarchy_rows: list[tuple[int, dict[str, str]]] = []
    yield from _hierarchy_nodes(files, terms, parts, hierarchy_rows, report)
    known = terms | parts
    yield from _replacements(files, terms, report)
    yield from _part_links(files, terms, known, report)
    yield from _hierarchy_edges(files, hierarchy_rows, known, report)


def _terms(files: LoincFiles, terms: set[str]) -> Iterator[ConceptRecord]:
    """The main table's terms, each checked (check digit, status, class type); their codes go into ``terms``."""
    for number, row in _csv_rows(files.loinc, LOINC_COLUMNS):
        code = row["LOINC_NUM"]
        if not is_valid_loinc(code):
            raise SourceFormatError(files.loinc, f"LOINC_NUM {code!r} fails its check digit", line=number,
                                    field="LOINC_NUM")
        status = row["STATUS"].upper()
        if status not in STATUSES:
            raise SourceFormatError(files.loinc, f"STATUS {row['STATUS']!r} is not one of {sorted(STATUSES)}",
                                    line=number, field="STATUS")
        if row["CLASSTYPE"] not in CLASS_TYPES:
            raise SourceFormatError(files.loinc, f"CLASSTYPE {row['CLASSTYPE']!r} is not 1-4", line=number,
                                    field="CLASSTYPE")
        related = tuple(r.strip() for r in row.get("RELATEDNAMES2", "").split(";") if r.strip())
        properties: list[tuple[str, PropertyValue]] = [
            ("component", row["COMPONENT"]), ("property", row["PROPERTY"]), ("time_aspect", row["TIME_ASPCT"]),
            ("specimen_system", row["SYSTEM"]), ("scale", row["SCALE_TYP"]), ("method", row["METHOD_TYP"] or None),
            ("loinc_class", row["CLASS"]), ("class_type", CLASS_TYPES[row["CLASSTYPE"]]),
            ("status", status), ("active", status != "DEPRECATED"),
            ("short_name", row.get("SHORTNAME") or None), ("related_names", related),
            ("example_ucum_units", row.get("EXAMPLE_UCUM_UNITS") or None),
            ("order_obs", row.get("ORDER_OBS") or None),
        ]
        terms.add(code)
        synonyms = tuple(s for s in (row.get("SHORTNAME", ""), row.get("DisplayName", "")) if s)
        yield ConceptRecord(
            system=SYSTEM, code=code, display=row["LONG_COMMON_NAME"] or code, kind="term",
            source_file=files.name_of(files.loinc), record=f"line {number}", synonyms=synonyms,
            properties=tuple(properties),
        )
    if not terms:
        # Parts and hierarchy nodes alone would publish a LOINC release without one LOINC code in it.
        raise SourceFormatError(files.loinc, "no LOINC term: the table has its header and no rows",
                                field="LOINC_NUM")


def _parts(files: LoincFiles, parts: set[str]) -> Iterator[ConceptRecord]:
    """The parts table (optional); the part numbers go into ``parts``."""
    if not files.parts:
        return
    for number, row in _csv_rows(files.parts, PART_COLUMNS):
        code = row["PartNumber"]
        if not _PART_NUM.match(code):
            raise SourceFormatError(files.parts, f"PartNumber {code!r} is not LPnnnn-n", line=number,
                                    field="PartNumber")
        parts.add(code)
        yield ConceptRecord(
            system=SYSTEM, code=code, display=row["PartDisplayName"] or row["PartName"], kind="part",
            source_file=files.name_of(files.parts), record=f"line {number}",
            properties=(("part_type", row["PartTypeName"]), ("part_name", row["PartName"]),
                        ("status", row["Status"]), ("active", row["Status"].upper() == "ACTIVE")),
        )


def _hierarchy_nodes(files: LoincFiles, terms: set[str], parts: set[str],
                     rows: list[tuple[int, dict[str, str]]], report: LoadReport) -> Iterator[ConceptRecord]:
    """The multiaxial hierarchy's nodes that are neither term nor part; its rows are kept in ``rows`` for
    the IS A edges, which come after every node."""
    if not files.hierarchy:
        return
    for number, row in _csv_rows(files.hierarchy, HIERARCHY_COLUMNS):
        rows.append((number, row))
        code = row["CODE"]
        if code not in terms and code not in parts:
            if _LOINC_NUM.match(code):  # a term the main table does not have: the two files disagree
                report.note("hierarchy_code_not_in_table", f"{code} at line {number}")
            parts.add(code)
            yield ConceptRecord(
                system=SYSTEM, code=code, display=row["CODE_TEXT"] or code, kind="hierarchy_node",
                source_file=files.name_of(files.hierarchy), record=f"line {number}", properties=(("active", True),),
            )


def _replacements(files: LoincFiles, terms: set[str], report: LoadReport) -> Iterator[RelationRecord]:
    """MapTo: a deprecated term REPLACED_BY its successor (both must be terms of the release)."""
    if not files.map_to:
        return
    for number, row in _csv_rows(files.map_to, MAPTO_COLUMNS):
        if row["LOINC"] not in terms or row["MAP_TO"] not in terms:
            report.note("map_to_unknown_code", f"{row['LOINC']} → {row['MAP_TO']} at line {number}")
            continue
        yield RelationRecord(
            type="REPLACED_BY", source_code=row["LOINC"], target_code=row["MAP_TO"], system=SYSTEM,
            source_file=files.name_of(files.map_to), record=f"line {number}", key=row["MAP_TO"],
            properties=(("association", "map_to"), ("comment", row.get("COMMENT") or None)),
        )


def _part_links(files: LoincFiles, terms: set[str], known: set[str],
                report: LoadReport) -> Iterator[RelationRecord]:
    """A term HAS_PART its parts, from the split part-link files (the single file of the same release is not
    read twice)."""
    single = _find(files.root, "LoincPartLink.csv")
    if single and single not in files.part_links:
        report.note("file_not_read", f"{files.name_of(single)}: the split LoincPartLink_Primary/_Supplementary "
                    "files of the same release are read instead")
    for links in files.part_links:
        for number, row in _csv_rows(links, PART_LINK_COLUMNS):
            if row["LoincNumber"] not in terms or row["PartNumber"] not in known:
                report.note("part_link_unknown_code", f"{files.name_of(links)} line {number}")
                continue
            yield RelationRecord(
                type="HAS_PART", source_code=row["LoincNumber"], target_code=row["PartNumber"], system=SYSTEM,
                source_file=files.name_of(links), record=f"line {number}",
                key=f"{row['PartTypeName']}|{row['LinkTypeName']}",
                properties=(("part_type", row["PartTypeName"]), ("link_type", row["LinkTypeName"]),
                            ("property", row.get("Property") or None)),
            )


def _hierarchy_edges(files: LoincFiles, rows: list[tuple[int, dict[str, str]]], known: set[str],
                     report: LoadReport) -> Iterator[RelationRecord]:
    """Each hierarchy row IS_A its immediate parent, keyed by its path to the root."""
    for number, row in rows:
        parent = row["IMMEDIATE_PARENT"]
        if not parent:
            continue
        if parent not in known:
            report.note("hierarchy_unknown_parent", f"{parent} at line {number}")
            continue
        assert files.hierarchy is not None
        yield RelationRecord(
            type="IS_A", source_code=row["CODE"], target_code=parent, system=SYSTEM,
            source_file=files.name_of(files.hierarchy), record=f"line {number}", key=row["PATH_TO_ROOT"],
            properties=(("hierarchy", files.hierarchy.stem),),
        )


def _is_loinc_table(data: bytes) -> bool:
    """A LOINC table or accessory file: its header names LOINC's own columns."""
    header = first_line(data).replace('"', "").replace(" ", "")
    names = set(header.split(","))
    return bool(names & {"LOINC_NUM", "LoincNumber", "PartNumber"}) or {"LOINC", "MAP_TO"} <= names


class LoincLoader(SourceLoader):
    """A LOINC distribution (licensed: the user's folder or zip)."""

    name = "loinc"
    description = "LOINC release folder or zip (Loinc.csv, MapTo, parts, hierarchy)"
    reads = "a LOINC release folder or zip"

    def can_read(self, path: Path) -> bool:
        return any_file(path, _is_loinc_table)

    def describe_release(self, request: LoadRequest) -> ReleaseInfo:
        return describe_release(self.path_of(request), request.version)

    def parse(self, request: LoadRequest, report: LoadReport) -> Iterator[ConceptRecord | RelationRecord]:
        return parse_release(self.path_of(request), report)

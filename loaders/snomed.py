"""SNOMED CT RF2 (International or US edition, Snapshot or Full) → concept and relation records.

Files are found by pattern, not by name (editions name them differently), in a
release folder or zip. Each table is staged in an on-disk SQLite file first:
that keeps Python memory flat on a full release, lets a Full release reduce to
the latest row per id (highest ``effectiveTime`` wins; two different rows of one id and
effectiveTime are refused), and lets concepts be
emitted in id order with their descriptions joined to the language refset.

Emitted:

* one concept per SNOMED concept (inactive ones too, flagged), its display the
  preferred synonym of the chosen language refset (US English by default), the
  FSN and the acceptable synonyms kept;
* ``IS_A`` for active inferred IS A relationships, ``HAS_ATTRIBUTE`` for the
  other active inferred relationships with the attribute's name, type id and
  role group (attributes in one group belong together);
* ``REPLACED_BY`` for historical associations of inactive concepts (REPLACED BY,
  SAME AS, POSSIBLY EQUIVALENT TO, …) with the association's name;
* ``MAPS_TO`` from each map refset whose target system clinigraph names
  (:data:`MAP_TARGET_SYSTEMS`: the US ICD-10-CM map, the International ICD-10
  map, the ICD-O map) to the ``Code`` identity of the target, with the refset id
  and, where the file has them, map group, priority, rule, advice, correlation
  and category. The direction is SNOMED → target; the reverse is not medically safe.

Terms without a language refset. A description is English (or whichever
``language`` is asked for) by its ``languageCode``, but only a language refset
says which term is preferred. When no active row of the chosen refset covers
any description of a concept (the release has no language refset, as test
samples often do, or the refset leaves the concept out), the terms are chosen
by ``languageCode`` instead, and counted (``terms_chosen_by_language_code``):

* the FSN is the first active FSN in the language, by term;
* the display is the first synonym in the language, by term (without a refset
  nothing says which is preferred, so the choice is only made deterministic),
  else that FSN without its semantic tag; the other synonyms in the language
  stay synonyms;
* terms in other languages are never the display: they are kept as
  ``other_language_terms`` (``"de: Term"``);
* a concept with no term in the language takes the first FSN of any language,
  by term, counted apart (``terms_chosen_from_another_language``).

A release with no active row of the chosen refset at all says so once
(``no_language_refset``, naming the rule).

Map refsets of other target systems (CTV3, SNOMED RT, GMDN, …) are not loaded,
and each is reported with its active row count (``map_refset_not_loaded``).
A Delta holds only the changes since the previous release, not a release: a
folder of Delta files alone is refused, and Delta files beside a Snapshot or
Full are reported (``delta_file_not_read``) and not listed among its files.

An ISA cycle, a wrong header, an empty file, a non-integer flag, an SCTID that
fails its Verhoeff check digit (unless ``check_digits=False``, for test data:
then counted as ``sctid_check_digit_failed``) or a truncated last line stops
the load; dangling ids are counted and stop it past a threshold.
"""

from __future__ import annotations

import re
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TextIO

from loaders.contract import LoadRequest, SourceLoader
from loaders.errors import SourceFormatError, TooManyProblemsError
from loaders.files import describe_file, not_encoded_as, unpacked_release
from loaders.records import ConceptRecord, LoadReport, PropertyValue, RelationRecord, ReleaseInfo
from loaders.sctid import has_sctid_shape, is_valid_sctid
from loaders.sniff import any_file, first_line

SYSTEM = "SNOMEDCT"
LOADER = "clinigraph.loaders.snomed"
LOADER_VERSION = "1.1.0"

FSN = "900000000000003001"
SYNONYM = "900000000000013009"
PREFERRED = "900000000000548007"
ACCEPTABLE = "900000000000549004"
US_ENGLISH = "900000000000509007"
GB_ENGLISH = "900000000000508004"
INFERRED = "900000000000011006"
IS_A = "116680003"
PRIMITIVE = "900000000000074008"
ICD10CM_MAP_REFSET = "6011000124106"
ICD10_MAP_REFSET = "447562003"
ICDO_MAP_REFSET = "446608001"

#: Map refsets whose target code system clinigraph can name: their rows become ``MAPS_TO`` edges to that
#: system's ``Code``. Rows of any other map refset are reported (``map_refset_not_loaded``), not guessed at.
MAP_TARGET_SYSTEMS = {
    ICD10CM_MAP_REFSET: "ICD10CM",  # US Edition: ICD-10-CM extended map
    ICD10_MAP_REFSET: "ICD10",  # International Edition: WHO ICD-10 extended (once complex) map
    ICDO_MAP_REFSET: "ICDO3",  # International Edition: ICD-O-3 simple map (topography and morphology)
}

#: Attribute names for the relationship types benchmarks care about; others take
#: their name from the type concept's FSN.
ATTRIBUTE_NAMES = {
    "363698007": "finding_site",
    "116676008": "associated_morphology",
    "42752001": "due_to",
    "47429007": "associated_with",
    "255234002": "after",
    "370135005": "pathological_process",
    "246075003": "causative_agent",
    "363714003": "interprets",
    "363713009": "has_interpretation",
    "246454002": "occurrence",
    "263502005": "clinical_course",
    "246112005": "severity",
    "127489000": "has_active_ingredient",
    "411116001": "has_manufactured_dose_form",
}

ASSOCIATIONS = {
    "900000000000526001": "replaced_by",
    "900000000000527005": "same_as",
    "900000000000523009": "possibly_equivalent_to",
    "900000000000528000": "was_a",
    "900000000000530003": "alternative",
    "900000000000531004": "refers_to",
    "900000000000524003": "moved_to",
    "1186921001": "possibly_replaced_by",
    "1186924009": "partially_equivalent_to",
}


@dataclass(frozen=True)
class TableSpec:
    """An RF2 table: file name pattern, header, and which columns are SCTIDs, integers or flags."""

    name: str
    pattern: re.Pattern[str]
    header: tuple[str, ...]
    sctid_columns: tuple[str, ...]
    integer_columns: tuple[str, ...] = ()
    mandatory: bool = True


def _pattern(prefix: str) -> re.Pattern[str]:
    return re.compile(rf"^{prefix}_?(Snapshot|Full|Delta)[-_].*\.txt$", re.IGNORECASE)


TABLES = {
    "concept": TableSpec(
        "concept", _pattern("sct2_Concept"),
        ("id", "effectiveTime", "active", "moduleId", "definitionStatusId"),
        ("id", "moduleId", "definitionStatusId"),
    ),
    "description": TableSpec(
        "description", _pattern("sct2_Description"),
        ("id", "effectiveTime", "active", "moduleId", "conceptId", "languageCode", "typeId", "term",
         "caseSignificanceId"),
        ("id", "moduleId", "conceptId", "typeId", "caseSignificanceId"),
    ),
    "relationship": TableSpec(
        "relationship", _pattern("sct2_Relationship"),
        ("id", "effectiveTime", "active", "moduleId", "sourceId", "destinationId", "relationshipGroup",
         "typeId", "characteristicTypeId", "modifierId"),
        ("id", "moduleId", "sourceId", "destinationId", "typeId", "characteristicTypeId", "modifierId"),
        ("relationshipGroup",),
    ),
    "concrete": TableSpec(
        "concrete", _pattern("sct2_RelationshipConcreteValues"),
        ("id", "effectiveTime", "active", "moduleId", "sourceId", "value", "relationshipGroup", "typeId",
         "characteristicTypeId", "modifierId"),
        ("id", "moduleId", "sourceId", "typeId", "characteristicTypeId", "modifierId"),
        ("relationshipGroup",),
        mandatory=False,
    ),
    "language": TableSpec(
        "language", _pattern("der2_cRefset_Language"),
        ("id", "effectiveTime", "active", "moduleId", "refsetId", "referencedComponentId", "acceptabilityId"),
        ("moduleId", "refsetId", "referencedComponentId", "acceptabilityId"),
        mandatory=False,
    ),
    "association": TableSpec(
        "association", _pattern("der2_cRefset_Association"),
        ("id", "effectiveTime", "active", "moduleId", "refsetId", "referencedComponentId", "targetComponentId"),
        ("moduleId", "refsetId", "referencedComponentId", "targetComponentId"),
        mandatory=False,
    ),
    "extended_map": TableSpec(
        "extended_map", _pattern("der2_iisssccRefset_ExtendedMap"),
        ("id", "effectiveTime", "active", "moduleId", "refsetId", "referencedComponentId", "mapGroup",
         "mapPriority", "mapRule", "mapAdvice", "mapTarget", "correlationId", "mapCategoryId"),
        ("moduleId", "refsetId", "referencedComponentId"),
        ("mapGroup", "mapPriority"),
        mandatory=False,
    ),
    "complex_map": TableSpec(
        "complex_map", _pattern("der2_iissscRefset_ComplexMap"),
        ("id", "effectiveTime", "active", "moduleId", "refsetId", "referencedComponentId", "mapGroup",
         "mapPriority", "mapRule", "mapAdvice", "mapTarget", "correlationId"),
        ("moduleId", "refsetId", "referencedComponentId"),
        ("mapGroup", "mapPriority"),
        mandatory=False,
    ),
    "simple_map": TableSpec(
        "simple_map", _pattern("der2_sRefset_SimpleMap"),
        ("id", "effectiveTime", "active", "moduleId", "refsetId", "referencedComponentId", "mapTarget"),
        ("moduleId", "refsetId", "referencedComponentId"),
        mandatory=False,
    ),
}


@dataclass(frozen=True)
class ReleaseFiles:
    """The RF2 files of one release and whether they are Snapshot or Full.

    ``deltas`` are the Delta files found beside it: not read (a Delta holds only the changes since the
    previous release), so not among :meth:`all_files`, but reported by :func:`parse_release`.
    """

    root: Path
    kind: str  # "Snapshot" | "Full"
    tables: dict[str, list[Path]]
    version: str
    deltas: tuple[Path, ...] = ()

    def all_files(self) -> list[Path]:
        """Exactly the files whose rows are read."""
        return [p for paths in self.tables.values() for p in paths]


def _table_of(file_name: str) -> tuple[str, str] | None:
    """The table and kind (Snapshot, Full, Delta) an RF2 file name belongs to, if it is one the loader reads.

    >>> _table_of("sct2_Concept_Delta_INT_20250301.txt"), _table_of("sct2_StatedRelationship_Full_INT_20250301.txt")
    (('concept', 'Delta'), None)
    """
    for name, spec in TABLES.items():
        m = spec.pattern.match(file_name)
        if m and not (name == "relationship" and "StatedRelationship" in file_name):
            return name, m.group(1).capitalize()
    return None


def find_release_files(path: str | Path, prefer: str = "Snapshot") -> ReleaseFiles:
    """Locate the tables of a release (Snapshot preferred unless ``prefer='Full'``)."""
    root = unpacked_release(path, "RF2 release")
    candidates: dict[str, dict[str, list[Path]]] = {"Snapshot": {}, "Full": {}, "Delta": {}}
    for file in sorted(root.rglob("*.txt")):
        found = _table_of(file.name)
        if found is not None:
            candidates[found[1]].setdefault(found[0], []).append(file)
    deltas = tuple(sorted(p for paths in candidates["Delta"].values() for p in paths))
    order = [prefer, "Full" if prefer == "Snapshot" else "Snapshot"]
    for kind in order:
        tables = candidates[kind]
        if "concept" in tables:
            missing = [n for n, spec in TABLES.items() if spec.mandatory and n not in tables]
            if missing:
                raise SourceFormatError(
                    root, f"{kind} release lacks its mandatory {', '.join(missing)} file(s)", field="files"
                )
            version = _release_date(tables["concept"][0])
            return ReleaseFiles(root=root, kind=kind, tables=tables, version=version, deltas=deltas)
    if deltas:
        raise SourceFormatError(
            root, f"only Delta files ({deltas[0].name}, {len(deltas)} in all): a Delta holds only the changes "
            "since the previous release, not a release; load the release package's Snapshot (or, with "
            "prefer='Full' / --full, its Full) files instead", field="files",
        )
    raise SourceFormatError(root, "no sct2_Concept_Snapshot/Full file found", field="files")


def _release_date(concept_file: Path) -> str:
    m = re.search(r"_(\d{8})\.txt$", concept_file.name)
    if not m:
        raise SourceFormatError(concept_file, "no release date (YYYYMMDD) in the file name", field="file name")
    return m.group(1)


def describe_release(
    path: str | Path, version: str | None = None, *, prefer: str = "Snapshot"
) -> ReleaseInfo:
    files = find_release_files(path, prefer)
    return ReleaseInfo(
        system=SYSTEM,
        version=version or files.version,
        files=tuple(describe_file(p) for p in files.all_files()),
        loader=LOADER,
        loader_version=LOADER_VERSION,
        title=f"SNOMED CT RF2 {files.kind}",
    )


# --- staging ---------------------------------------------------------------------------------

_SCHEMA = """
CREATE TABLE concept (id TEXT PRIMARY KEY, et INTEGER, active INTEGER, module TEXT, defstat TEXT,
                      file TEXT, line INTEGER, clash TEXT);
CREATE TABLE description (id TEXT PRIMARY KEY, et INTEGER, active INTEGER, concept TEXT, lang TEXT,
                          type TEXT, term TEXT, file TEXT, line INTEGER, clash TEXT);
CREATE TABLE relationship (id TEXT PRIMARY KEY, et INTEGER, active INTEGER, source TEXT, dest TEXT,
                           grp INTEGER, type TEXT, chartype TEXT, file TEXT, line INTEGER, clash TEXT);
CREATE TABLE concrete (id TEXT PRIMARY KEY, et INTEGER, active INTEGER, source TEXT, value TEXT, grp INTEGER,
                       type TEXT, chartype TEXT, file TEXT, line INTEGER, clash TEXT);
CREATE TABLE language (id TEXT PRIMARY KEY, et INTEGER, active INTEGER, refset TEXT, description TEXT,
                       acceptability TEXT, clash TEXT);
CREATE TABLE association (id TEXT PRIMARY KEY, et INTEGER, active INTEGER, refset TEXT, source TEXT,
                          target TEXT, file TEXT, line INTEGER, clash TEXT);
CREATE TABLE extended_map (id TEXT PRIMARY KEY, et INTEGER, active INTEGER, refset TEXT, source TEXT,
                           grp INTEGER, priority INTEGER, rule TEXT, advice TEXT, target TEXT,
                           correlation TEXT, category TEXT, file TEXT, line INTEGER, clash TEXT);
CREATE TABLE complex_map (id TEXT PRIMARY KEY, et INTEGER, active INTEGER, refset TEXT, source TEXT,
                          grp INTEGER, priority INTEGER, rule TEXT, advice TEXT, target TEXT,
                          correlation TEXT, file TEXT, line INTEGER, clash TEXT);
CREATE TABLE simple_map (id TEXT PRIMARY KEY, et INTEGER, active INTEGER, refset TEXT, source TEXT, target TEXT,
                         file TEXT, line INTEGER, clash TEXT);
-- The active rows of every map file, in one shape: what a map edge is made of.
CREATE VIEW map_row AS
    SELECT id, refset, source, grp, priority, rule, advice, target, correlation, category, file, line
    FROM extended_map WHERE active = 1
    UNION ALL
    SELECT id, refset, source, grp, priority, rule, advice, target, correlation, NULL, file, line
    FROM complex_map WHERE active = 1
    UNION ALL
    SELECT id, refset, source, NULL, NULL, NULL, NULL, target, NULL, NULL, file, line
    FROM simple_map WHERE active = 1;
"""

# Column order of each staging insert, taken from the RF2 row.
_STAGE = {
    "concept": ("id", "effectiveTime", "active", "moduleId", "definitionStatusId", "@file", "@line"),
    "description": ("id", "effectiveTime", "active", "conceptId", "languageCode", "typeId", "term",
                    "@file", "@line"),
    "relationship": ("id", "effectiveTime", "active", "sourceId", "destinationId", "relationshipGroup",
                     "typeId", "characteristicTypeId", "@file", "@line"),
    "concrete": ("id", "effectiveTime", "active", "sourceId", "value", "relationshipGroup", "typeId",
                 "characteristicTypeId", "@file", "@line"),
    "language": ("id", "effectiveTime", "active", "refsetId", "referencedComponentId", "acceptabilityId"),
    "association": ("id", "effectiveTime", "active", "refsetId", "referencedComponentId",
                    "targetComponentId", "@file", "@line"),
    "extended_map": ("id", "effectiveTime", "active", "refsetId", "referencedComponentId", "mapGroup",
                     "mapPriority", "mapRule", "mapAdvice", "mapTarget", "correlationId", "mapCategoryId",
                     "@file", "@line"),
    "complex_map": ("id", "effectiveTime", "active", "refsetId", "referencedComponentId", "mapGroup",
                    "mapPriority", "mapRule", "mapAdvice", "mapTarget", "correlationId", "@file", "@line"),
    "simple_map": ("id", "effectiveTime", "active", "refsetId", "referencedComponentId", "mapTarget",
                   "@file", "@line"),
}


#: Free-text columns: surrounding blanks are trimmed (identifier columns must be exact).
_TEXT_COLUMNS = frozenset({"term", "value", "mapRule", "mapAdvice", "mapTarget"})

#: Columns holding a few metadata ids repeated on millions of rows: their check
#: digits are verified once each (the Verhoeff check was a third of a full-size parse).
_REPEATED_COLUMNS = frozenset({"moduleId", "definitionStatusId", "typeId", "characteristicTypeId", "modifierId",
                               "caseSignificanceId", "refsetId", "acceptabilityId"})


@lru_cache(maxsize=65_536)
def _repeated_sctid_is_valid(value: str) -> bool:
    return is_valid_sctid(value)


def _read_header(fh: TextIO, path: Path, spec: TableSpec, report: LoadReport) -> int:
    """Read past comment lines and the header row; return the header's line number.

    One rule for comment lines ('#'), before the header as after it: skipped, and counted. An empty file
    is named as such: its "header" is no text at all, and a message quoting ``''`` helped nobody.
    """
    expected = f"the RF2 {spec.name} header {'/'.join(spec.header)!r}"
    header_number, header_line = 1, fh.readline()
    while header_line.startswith("#"):
        report.note("comment_line_skipped", f"{path.name} line {header_number}")
        header_number, header_line = header_number + 1, fh.readline()
    if not header_line:
        reason = "empty file (0 bytes)" if header_number == 1 else "the file ends after its comment lines"
        raise SourceFormatError(path, f"{reason}: expected {expected}", line=header_number, field="header")
    header = tuple(h.strip() for h in header_line.rstrip("\r\n").split("\t"))
    if tuple(h.lower() for h in header) != tuple(h.lower() for h in spec.header):
        raise SourceFormatError(path, f"header {'/'.join(header)!r} is not {expected}", line=header_number,
                                field="header")
    return header_number


def _sctid_fault(value: str) -> str:
    """Why ``value`` is refused as an SCTID (only called once it has failed)."""
    if has_sctid_shape(value):
        return (f"{value!r} is not a valid SCTID: its Verhoeff check digit is wrong (check_digits=False "
                "accepts test data with made-up ids)")
    return f"{value!r} is not a valid SCTID"


def _rows(
    path: Path, spec: TableSpec, report: LoadReport, valid_ids: set[str] | None = None, *, check_digits: bool = True
) -> Iterator[tuple[int, list[str]]]:
    """Validated rows of one RF2 file, as values in header order: header, flags, integers and SCTIDs checked.

    ``valid_ids`` holds concept and description ids already accepted (their
    files are read first and fill it), so a reference to one is not re-verified on
    each of the millions of rows that name it.

    With ``check_digits=False`` an id of the right shape whose Verhoeff check digit is wrong is accepted
    (test samples make ids up) and counted once, where it is first met (``sctid_check_digit_failed``).
    """
    width = len(spec.header)
    text = [i for i, name in enumerate(spec.header) if name in _TEXT_COLUMNS]
    integers = [(spec.header.index(c), c) for c in spec.integer_columns]
    sctids = [(spec.header.index(c), c, c in _REPEATED_COLUMNS) for c in spec.sctid_columns]
    fills = spec.name in ("concept", "description") and valid_ids is not None
    seen = valid_ids if valid_ids is not None else set()
    try:
        with path.open(encoding="utf-8", newline="") as fh:
            header_number = _read_header(fh, path, spec, report)
            for number, raw in enumerate(fh, start=header_number + 1):
                if raw.startswith("#"):
                    report.note("comment_line_skipped", f"{path.name} line {number}")
                    continue
                values = raw.rstrip("\r\n").split("\t")
                if not raw.endswith("\n"):
                    if not raw.strip():
                        continue
                    if len(values) != width:  # cut off mid-row
                        raise SourceFormatError(path, f"last line is truncated: {len(values)} of {width} columns "
                                                "and no line end", line=number, field="columns")
                    # A whole last row whose file just lacks the final line end: read, and said.
                    report.note("last_line_without_line_end", f"{path.name} line {number}")
                if len(values) != width:
                    if not raw.strip():
                        continue
                    raise SourceFormatError(path, f"{len(values)} columns, expected {width}", line=number,
                                            field="columns")
                for i in text:
                    values[i] = values[i].strip()
                if values[2] != "0" and values[2] != "1":
                    raise SourceFormatError(path, f"active is {values[2]!r}, expected 0 or 1", line=number,
                                            field="active")
                et = values[1]
                if len(et) != 8 or not et.isdigit():
                    raise SourceFormatError(path, f"effectiveTime {et!r} is not YYYYMMDD", line=number,
                                            field="effectiveTime")
                for i, column in integers:
                    if not values[i].lstrip("-").isdigit():
                        raise SourceFormatError(path, f"{values[i]!r} is not an integer", line=number, field=column)
                for i, column, repeated in sctids:
                    value = values[i]
                    if value in seen:
                        continue
                    if not (_repeated_sctid_is_valid(value) if repeated else is_valid_sctid(value)):
                        if check_digits or not has_sctid_shape(value):
                            raise SourceFormatError(path, _sctid_fault(value), line=number, field=column)
                        report.note("sctid_check_digit_failed", f"{path.name} line {number} field {column}: {value}")
                        seen.add(value)
                if fills:
                    seen.add(values[0])
                yield number, values
    except UnicodeDecodeError:
        raise not_encoded_as(path) from None


def _refuse_no_concepts(db: sqlite3.Connection, files: ReleaseFiles) -> None:
    """A concept table without a row is no release (its relationships would all dangle, hiding why)."""
    if db.execute("SELECT 1 FROM concept LIMIT 1").fetchone() is None:
        concept_files = files.tables["concept"]
        where = concept_files[0] if len(concept_files) == 1 else concept_files[0].parent
        raise SourceFormatError(where, "the concept table has no rows: a release has at least one concept",
                                line=2, field="id")


def _stage(db: sqlite3.Connection, files: ReleaseFiles, report: LoadReport, *, check_digits: bool = True) -> None:
    db.executescript(_SCHEMA)
    valid_ids: set[str] = set()
    for name in TABLES:  # concepts and descriptions first: they prove the ids the other tables name
        spec = TABLES[name]
        columns = _STAGE[name]
        placeholders = ", ".join("?" for _ in columns)
        sql = _upsert(name, placeholders)
        picks = [spec.header.index(c) for c in columns if not c.startswith("@")]
        with_place = "@file" in columns
        for path in files.tables.get(name, []):
            batch = []
            place = (path.name,)
            for number, values in _rows(path, spec, report, valid_ids, check_digits=check_digits):
                row = tuple([values[i] for i in picks])
                batch.append(row + (*place, number) if with_place else row)
                if len(batch) >= 10_000:
                    db.executemany(sql, batch)
                    batch = []
            if batch:
                db.executemany(sql, batch)
        _refuse_clashes(db, name, files.tables.get(name, []))
    db.execute("CREATE INDEX description_concept ON description (concept)")
    db.execute("CREATE INDEX language_description ON language (description, refset)")
    db.execute("CREATE INDEX relationship_source ON relationship (source)")
    db.commit()


def _upsert(table: str, placeholders: str) -> str:
    """The staging insert: the latest row per id wins, so a Full release reduces to its snapshot.

    Two *different* rows of one id with the same effectiveTime are no history but a fault of the file
    (one was seen to hide a real IS A cycle when the last row silently won): the first stays, and
    ``clash`` records where the other stands, for :func:`_refuse_clashes`. Identical repeats are harmless.
    """
    columns = _sqlite_columns(table)[1:]
    content = [c for c in columns if c not in ("et", "file", "line")]
    differs = " OR ".join(f"excluded.{c} IS NOT {table}.{c}" for c in content)
    where = (f"'lines ' || {table}.line || ' and ' || excluded.line || ' of ' || excluded.file"
             if "line" in columns else "'two rows'")
    sets = [f"{c} = CASE WHEN excluded.et > {table}.et THEN excluded.{c} ELSE {table}.{c} END" for c in columns]
    clash = (f"clash = CASE WHEN excluded.et > {table}.et THEN NULL WHEN ({differs}) "
             f"THEN coalesce({table}.clash, {where}) ELSE {table}.clash END")
    # Integer columns take the text as read: SQLite's INTEGER affinity stores it as a number.
    return (f"INSERT INTO {table} VALUES ({placeholders}, NULL) ON CONFLICT(id) DO UPDATE SET "
            + ", ".join([clash, *sets]) + f" WHERE excluded.et >= {table}.et")


def _refuse_clashes(db: sqlite3.Connection, table: str, paths: list[Path]) -> None:
    row = db.execute(f"SELECT id, et, clash FROM {table} WHERE clash IS NOT NULL LIMIT 1").fetchone()
    if row is None:
        return
    count = db.execute(f"SELECT count(*) FROM {table} WHERE clash IS NOT NULL").fetchone()[0]
    where = paths[0] if len(paths) == 1 else paths[0].parent
    raise SourceFormatError(where, f"id {row[0]} has two different {table} rows with effectiveTime {row[1]} "
                            f"({row[2]}; {count:,} such ids in all): a release holds one row per id and "
                            "effectiveTime", field="id")


def _sqlite_columns(table: str) -> list[str]:
    return {
        "concept": ["id", "et", "active", "module", "defstat", "file", "line"],
        "description": ["id", "et", "active", "concept", "lang", "type", "term", "file", "line"],
        "relationship": ["id", "et", "active", "source", "dest", "grp", "type", "chartype", "file", "line"],
        "concrete": ["id", "et", "active", "source", "value", "grp", "type", "chartype", "file", "line"],
        "language": ["id", "et", "active", "refset", "description", "acceptability"],
        "association": ["id", "et", "active", "refset", "source", "target", "file", "line"],
        "extended_map": ["id", "et", "active", "refset", "source", "grp", "priority", "rule", "advice", "target",
                         "correlation", "category", "file", "line"],
        "complex_map": ["id", "et", "active", "refset", "source", "grp", "priority", "rule", "advice", "target",
                        "correlation", "file", "line"],
        "simple_map": ["id", "et", "active", "refset", "source", "target", "file", "line"],
    }[table]


# --- emitting --------------------------------------------------------------------------------

def _concrete(value: str) -> str:
    """RF2 concrete values: ``#500`` is a number, ``"text"`` a string (quotes dropped).

    >>> _concrete("#500"), _concrete('"mg"')
    ('500', 'mg')
    """
    if value.startswith("#"):
        return value[1:]
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return value[1:-1]
    return value


def _semantic_tag(fsn: str) -> str | None:
    m = re.search(r"\(([^()]+)\)\s*$", fsn)
    return m.group(1) if m else None


def _attribute_name(type_id: str, fsn_by_id: dict[str, str]) -> str:
    if type_id in ATTRIBUTE_NAMES:
        return ATTRIBUTE_NAMES[type_id]
    fsn = fsn_by_id.get(type_id, type_id)
    base = re.sub(r"\s*\([^()]*\)\s*$", "", fsn)
    return re.sub(r"[^a-z0-9]+", "_", base.lower()).strip("_") or type_id


_SEMANTIC_TAG = re.compile(r"\s*\([^()]*\)\s*$")

#: The rule of :func:`_terms_by_language_code`, as the report states it.
LANGUAGE_CODE_RULE = (
    "FSN: the first in the language by term; display: the first synonym in the language by term, else that FSN "
    "without its semantic tag; the other synonyms in the language kept; terms in other languages kept apart as "
    "other_language_terms; a concept with no term in the language takes the first FSN of any language"
)

#: One active description as the term choice sees it: conceptId, typeId, term, its acceptability in the
#: chosen language refset (None if the refset has no active row for it), 1 if its languageCode is the chosen
#: language, and the languageCode. Rows of a concept come ordered by type, then term.
Description = tuple[str, str, str, str | None, int, str]


@dataclass(frozen=True, slots=True)
class ChosenTerms:
    """A concept's terms and the rule that chose them: ``refset``, ``language_code``, ``other_language`` or
    ``none`` (no active description)."""

    fsn: str
    display: str
    synonyms: tuple[str, ...]
    other_language_terms: tuple[str, ...]
    rule: str


def _without_semantic_tag(fsn: str) -> str:
    """An FSN as a display: the semantic tag is the hierarchy's name, not the concept's.

    >>> _without_semantic_tag("Diabetes mellitus type 2 (disorder)")
    'Diabetes mellitus type 2'
    """
    return _SEMANTIC_TAG.sub("", fsn)


def _choose_terms(rows: list[Description]) -> ChosenTerms:
    """The language refset decides wherever it covers any description of the concept; else the language code."""
    if any(row[3] is not None for row in rows):
        return _terms_from_refset(rows)
    return _terms_by_language_code(rows)


def _terms_from_refset(rows: list[Description]) -> ChosenTerms:
    """The refset's preferred synonym and FSN, its acceptable synonyms kept.

    A synonym the refset does not name is not of its dialect (a GB-only term in US English) and is dropped. An
    FSN the refset leaves out is still better than none: one in the language first, then any. Terms in other
    languages are kept apart, as where no refset speaks.
    """
    fsn, fsn_rank, preferred = "", 3, ""
    synonyms: list[str] = []
    others: list[str] = []
    for _, dtype, term, acceptability, in_language, language in rows:
        if not in_language:
            others.append(f"{language}: {term}")
        if dtype == FSN:
            rank = 0 if acceptability == PREFERRED else 1 if in_language else 2
            if rank < fsn_rank:
                fsn, fsn_rank = term, rank
        elif dtype == SYNONYM:
            if acceptability == PREFERRED:
                preferred = term
            elif acceptability == ACCEPTABLE:
                synonyms.append(term)
    return ChosenTerms(fsn, preferred or _without_semantic_tag(fsn), tuple(synonyms), tuple(others), "refset")


def _terms_by_language_code(rows: list[Description]) -> ChosenTerms:
    """Terms chosen by ``languageCode`` where no language refset row speaks for the concept (the module docstring
    states the rule). Nothing says which synonym is preferred, so the first by term (code-point order, as
    SQLite sorts) is taken: a choice made deterministic, not a judgement."""
    fsns = [row[2] for row in rows if row[4] and row[1] == FSN]
    synonyms = [row[2] for row in rows if row[4] and row[1] == SYNONYM]
    if fsns or synonyms:
        fsn = fsns[0] if fsns else ""
        others = tuple(f"{row[5]}: {row[2]}" for row in rows if not row[4])
        display = synonyms[0] if synonyms else _without_semantic_tag(fsn)
        return ChosenTerms(fsn, display, tuple(synonyms[1:]), others, "language_code")
    chosen = next((row for row in rows if row[1] == FSN), None) or next(
        (row for row in rows if row[1] == SYNONYM), None)
    if chosen is None:
        return ChosenTerms("", "", (), (), "none")
    fsn = chosen[2] if chosen[1] == FSN else ""
    others = tuple(f"{row[5]}: {row[2]}" for row in rows if row is not chosen)
    return ChosenTerms(fsn, _without_semantic_tag(fsn) if fsn else chosen[2], (), others, "other_language")


def _note_missing_language_refset(
    db: sqlite3.Connection, files: ReleaseFiles, report: LoadReport, language_refset: str, language: str
) -> None:
    """Say once when the chosen language refset is absent altogether: every term is then chosen by language code."""
    if db.execute("SELECT 1 FROM language WHERE refset = ? AND active = 1 LIMIT 1", (language_refset,)).fetchone():
        return
    where = ("the release has no der2_cRefset_Language file" if not files.tables.get("language")
             else f"its language refset files hold no active row of refset {language_refset}")
    report.note("no_language_refset", f"{where}: terms chosen by languageCode {language!r} ({LANGUAGE_CODE_RULE})")


def _note_terms_rule(report: LoadReport, cid: str, terms: ChosenTerms) -> None:
    if terms.rule == "language_code":
        report.note("terms_chosen_by_language_code", cid)
    elif terms.rule == "other_language":
        report.note("terms_chosen_from_another_language", f"{cid}: {terms.fsn or terms.display!r}")


def _concept_records(
    db: sqlite3.Connection, report: LoadReport, language_refset: str, language: str
) -> Iterator[ConceptRecord]:
    descriptions = db.execute(
        """
        SELECT d.concept, d.type, d.term, l.acceptability, d.lang LIKE :language OR d.lang LIKE :dialect, d.lang
        FROM description d
        LEFT JOIN language l ON l.description = d.id AND l.refset = :refset AND l.active = 1
        WHERE d.active = 1
        ORDER BY d.concept, d.type, d.term
        """,
        {"language": language, "dialect": f"{language}-%", "refset": language_refset},
    )
    pending = next(descriptions, None)
    type_fsn = dict(db.execute(
        "SELECT d.concept, d.term FROM description d JOIN (SELECT DISTINCT type FROM concrete) t "
        "ON t.type = d.concept WHERE d.active = 1 AND d.type = ?", (FSN,)
    ))
    concrete = db.execute(
        "SELECT source, type, grp, value FROM concrete WHERE active = 1 AND chartype = ? ORDER BY source, grp, type",
        (INFERRED,),
    )
    pending_value = next(concrete, None)
    for cid, active, module, defstat, file, line in db.execute(
        "SELECT id, active, module, defstat, file, line FROM concept ORDER BY id"
    ):
        rows: list[Description] = []
        while pending is not None and pending[0] < cid:
            pending = next(descriptions, None)
        while pending is not None and pending[0] == cid:
            rows.append(pending)
            pending = next(descriptions, None)
        terms = _choose_terms(rows)
        _note_terms_rule(report, cid, terms)
        values: list[str] = []
        while pending_value is not None and pending_value[0] < cid:
            pending_value = next(concrete, None)
        while pending_value is not None and pending_value[0] == cid:
            _, vtype, group, value = pending_value
            values.append(f"{_attribute_name(vtype, type_fsn)}={_concrete(value)} (group {group})")
            pending_value = next(concrete, None)
        fsn = terms.fsn
        properties: list[tuple[str, PropertyValue]] = [
            ("active", bool(active)),
            ("fsn", fsn or None),
            ("semantic_tag", _semantic_tag(fsn) if fsn else None),
            ("definition_status", "primitive" if defstat == PRIMITIVE else "defined"),
            ("module", module),
            ("concrete_values", tuple(values)),
            ("other_language_terms", terms.other_language_terms),
        ]
        yield ConceptRecord(
            system=SYSTEM, code=cid, display=terms.display or cid, kind=_semantic_tag(fsn) or "concept",
            source_file=file, record=f"line {line}",
            synonyms=terms.synonyms, properties=tuple(properties),
        )


def _check_isa_cycles(db: sqlite3.Connection) -> None:
    """Refuse a release whose active inferred IS A graph has a cycle; name one cycle."""
    parents: dict[str, list[str]] = {}
    where: dict[tuple[str, str], tuple[str, int]] = {}
    for source, dest, file, line in db.execute(
        "SELECT source, dest, file, line FROM relationship WHERE active = 1 AND type = ? AND chartype = ?",
        (IS_A, INFERRED),
    ):
        parents.setdefault(source, []).append(dest)
        where[(source, dest)] = (file, line)
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    for start in parents:
        if state.get(start):
            continue
        stack: list[tuple[str, int]] = [(start, 0)]
        path: list[str] = []
        while stack:
            node, index = stack.pop()
            if index == 0:
                state[node] = 1
                path.append(node)
            children = parents.get(node, [])
            if index < len(children):
                stack.append((node, index + 1))
                nxt = children[index]
                if state.get(nxt) == 1:
                    cycle = path[path.index(nxt):] + [nxt]
                    file, line = where[(node, nxt)]
                    raise SourceFormatError(
                        file, "IS A cycle: " + " → ".join(cycle), line=line, field="destinationId"
                    )
                if not state.get(nxt):
                    stack.append((nxt, 0))
            else:
                state[node] = 2
                path.pop()


def _relation_records(
    db: sqlite3.Connection, report: LoadReport, max_dangling_fraction: float
) -> Iterator[RelationRecord]:
    fsn_by_id = dict(db.execute("SELECT concept, term FROM description WHERE active = 1 AND type = ?", (FSN,)))
    known = "SELECT 1 FROM concept WHERE id = ?"
    total = dangling = 0
    for rid, source, dest, grp, rtype, file, line, has_source, has_dest, has_type in db.execute(
        """
        SELECT r.id, r.source, r.dest, r.grp, r.type, r.file, r.line,
               s.id IS NOT NULL, d.id IS NOT NULL, t.id IS NOT NULL
        FROM relationship r
        LEFT JOIN concept s ON s.id = r.source
        LEFT JOIN concept d ON d.id = r.dest
        LEFT JOIN concept t ON t.id = r.type
        WHERE r.active = 1 AND r.chartype = ?
        ORDER BY r.source, r.id
        """,
        (INFERRED,),
    ):
        total += 1
        missing = [c for c, present in ((source, has_source), (dest, has_dest), (rtype, has_type)) if not present]
        if missing:
            dangling += 1
            report.note("dangling_relationship", f"{file} line {line}: {', '.join(missing)} not a concept")
            continue
        if rtype == IS_A:
            yield RelationRecord(type="IS_A", source_code=source, target_code=dest, system=SYSTEM,
                                 source_file=file, record=f"line {line}", key=rid)
        else:
            yield RelationRecord(
                type="HAS_ATTRIBUTE", source_code=source, target_code=dest, system=SYSTEM,
                source_file=file, record=f"line {line}", key=rid,
                properties=(("attribute", _attribute_name(rtype, fsn_by_id)), ("type_id", rtype),
                            ("role_group", grp), ("relationship_id", rid)),
            )
    if total and dangling > max_dangling_fraction * total:
        raise TooManyProblemsError(
            f"{dangling} of {total} active inferred relationships name ids that are not concepts "
            f"(limit {max_dangling_fraction:.2%})"
        )
    for source, target, refset, file, line in db.execute(
        "SELECT source, target, refset, file, line FROM association WHERE active = 1 ORDER BY source, target"
    ):
        if db.execute(known, (source,)).fetchone() is None or db.execute(known, (target,)).fetchone() is None:
            report.note("dangling_association", f"{file} line {line}")
            continue
        name = ASSOCIATIONS.get(refset, _attribute_name(refset, fsn_by_id))
        yield RelationRecord(
            type="REPLACED_BY", source_code=source, target_code=target, system=SYSTEM,
            source_file=file, record=f"line {line}", key=f"{refset}|{target}",
            properties=(("association", name), ("refset_id", refset)),
        )
    yield from _map_records(db, report)


#: One SQL parameter mark per map refset of :data:`MAP_TARGET_SYSTEMS`.
_MAP_REFSET_MARKS = ", ".join("?" for _ in MAP_TARGET_SYSTEMS)


def _map_records(db: sqlite3.Connection, report: LoadReport) -> Iterator[RelationRecord]:
    """``MAPS_TO`` edges from every map refset whose target system clinigraph names, to that system's ``Code``.

    The key is the refset row's id: unique per row, so two rows mapping one concept to one target (other
    groups, rules or refsets) stay two edges.
    """
    for mid, refset, source, grp, priority, rule, advice, target, correlation, category, file, line, has_source in (
        db.execute(
            "SELECT m.id, m.refset, m.source, m.grp, m.priority, m.rule, m.advice, m.target, m.correlation, "
            "m.category, m.file, m.line, c.id IS NOT NULL FROM map_row m LEFT JOIN concept c ON c.id = m.source "
            f"WHERE m.refset IN ({_MAP_REFSET_MARKS}) ORDER BY m.source, m.refset, m.grp, m.priority, m.id",
            tuple(MAP_TARGET_SYSTEMS),
        )
    ):
        if not has_source:
            report.note("dangling_map_source", f"{file} line {line}")
            continue
        if not target:
            report.note("map_without_target", f"{source} in refset {refset} ({file} line {line}): {advice or ''}")
            continue
        system = MAP_TARGET_SYSTEMS[refset]
        yield RelationRecord(
            type="MAPS_TO", source_code=source, target_code=target, system=SYSTEM,
            target_system=system, to_identity=True, source_file=file, record=f"line {line}", key=mid,
            properties=(("map_group", grp), ("map_priority", priority), ("map_rule", rule),
                        ("map_advice", advice), ("correlation_id", correlation), ("map_category_id", category),
                        ("refset_id", refset), ("direction", f"{SYSTEM}→{system}")),
        )
    _note_unloaded_map_refsets(db, report)


def _note_unloaded_map_refsets(db: sqlite3.Connection, report: LoadReport) -> None:
    """Name each map refset whose target system clinigraph cannot name, with its active rows: not loaded, but said.

    An edge to a ``Code`` of an unnamed system would be a guess; dropping the rows in silence hid them.
    """
    for refset, rows, file in db.execute(
        f"SELECT refset, count(*), min(file) FROM map_row WHERE refset NOT IN ({_MAP_REFSET_MARKS}) "
        "GROUP BY refset ORDER BY refset", tuple(MAP_TARGET_SYSTEMS),
    ):
        report.note("map_refset_not_loaded", f"refset {refset} in {file}: {rows:,} active row(s) not loaded, "
                    "target system not known to clinigraph")


def parse_release(
    path: str | Path,
    report: LoadReport | None = None,
    *,
    prefer: str = "Snapshot",
    language_refset: str = US_ENGLISH,
    language: str = "en",
    max_dangling_fraction: float = 0.001,
    check_digits: bool = True,
) -> Iterator[ConceptRecord | RelationRecord]:
    """Yield a release's concepts (with terms), hierarchy, attributes, associations and maps.

    ``language`` is the ``languageCode`` of ``language_refset`` ("en" for US and GB English): it chooses the
    terms of concepts the refset does not cover. ``check_digits=False`` accepts SCTIDs whose Verhoeff check
    digit is wrong (test samples make ids up), counting them; by default such an id stops the load.
    """
    report = report if report is not None else LoadReport()
    files = find_release_files(path, prefer)
    for delta in files.deltas:
        report.note("delta_file_not_read", f"{delta.name}: a Delta holds only the changes since the previous "
                    f"release; the {files.kind} files were read")
    with tempfile.TemporaryDirectory(prefix="clinigraph-snomed-") as work:
        db = sqlite3.connect(Path(work) / "stage.sqlite")
        try:
            db.execute("PRAGMA journal_mode = OFF")
            db.execute("PRAGMA synchronous = OFF")
            _stage(db, files, report, check_digits=check_digits)
            _refuse_no_concepts(db, files)
            _check_isa_cycles(db)
            _note_missing_language_refset(db, files, report, language_refset, language)
            yield from _concept_records(db, report, language_refset, language)
            yield from _relation_records(db, report, max_dangling_fraction)
        finally:
            db.close()


def is_rf2_table(data: bytes) -> bool:
    """An RF2 table: a tab-separated header naming the columns every RF2 file starts with (in any order, so
    a file whose columns are swapped is still recognised, and refused by the parser naming the header).

    >>> is_rf2_table(b"id\\teffectiveTime\\tactive\\tmoduleId\\tdefinitionStatusId\\r\\n")
    True
    """
    columns = {c.strip().lower() for c in first_line(data).split("\t")}
    return len(columns) >= 5 and {"effectivetime", "active", "moduleid"} <= columns


class SnomedLoader(SourceLoader):
    """SNOMED CT RF2 (licensed: the user's release folder or zip), Snapshot or, with ``full``, Full."""

    name = "snomed"
    description = "SNOMED CT RF2 release folder or zip (Snapshot, or Full with --full)"
    reads = "a SNOMED CT RF2 release folder or zip"

    def can_read(self, path: Path) -> bool:
        return any_file(path, is_rf2_table)

    def describe_release(self, request: LoadRequest) -> ReleaseInfo:
        return describe_release(self.path_of(request), request.version, prefer=_kind(request))

    def parse(self, request: LoadRequest, report: LoadReport) -> Iterator[ConceptRecord | RelationRecord]:
        return parse_release(self.path_of(request), report, prefer=_kind(request), check_digits=request.check_digits)


def _kind(request: LoadRequest) -> str:
    return "Full" if request.full else "Snapshot"

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
* ``MAPS_TO`` from the ICD-10-CM extended map to the ``Code`` identity of the
  ICD-10-CM target, with map group, priority, rule, advice and category (map
  direction SNOMED → ICD-10-CM; the reverse is not medically safe).

An ISA cycle, a wrong header, a non-integer flag or a truncated last line stops
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

from loaders.errors import SourceFormatError, TooManyProblemsError
from loaders.files import describe_file, not_encoded_as, unpacked_release
from loaders.records import ConceptRecord, LoadReport, PropertyValue, RelationRecord, ReleaseInfo
from loaders.sctid import is_valid_sctid

SYSTEM = "SNOMEDCT"
LOADER = "clinigraph.loaders.snomed"
LOADER_VERSION = "1.0.0"

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
}


@dataclass(frozen=True)
class ReleaseFiles:
    """The RF2 files of one release and whether they are Snapshot or Full."""

    root: Path
    kind: str  # "Snapshot" | "Full"
    tables: dict[str, list[Path]]
    version: str

    def all_files(self) -> list[Path]:
        return [p for paths in self.tables.values() for p in paths]


def find_release_files(path: str | Path, prefer: str = "Snapshot") -> ReleaseFiles:
    """Locate the tables of a release (Snapshot preferred unless ``prefer='Full'``)."""
    root = unpacked_release(path, "RF2 release")
    candidates: dict[str, dict[str, list[Path]]] = {"Snapshot": {}, "Full": {}}
    for file in sorted(root.rglob("*.txt")):
        for name, spec in TABLES.items():
            m = spec.pattern.match(file.name)
            if not m:
                continue
            if name == "relationship" and "StatedRelationship" in file.name:
                continue
            kind = m.group(1).capitalize()
            if kind in candidates:
                candidates[kind].setdefault(name, []).append(file)
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
            return ReleaseFiles(root=root, kind=kind, tables=tables, version=version)
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


def _rows(
    path: Path, spec: TableSpec, report: LoadReport, valid_ids: set[str] | None = None
) -> Iterator[tuple[int, list[str]]]:
    """Validated rows of one RF2 file, as values in header order: header, flags, integers and SCTIDs checked.

    ``valid_ids`` holds concept and description ids already proven valid (their
    files are read first and fill it), so a reference to one is not re-verified on
    each of the millions of rows that name it.
    """
    width = len(spec.header)
    text = [i for i, name in enumerate(spec.header) if name in _TEXT_COLUMNS]
    integers = [(spec.header.index(c), c) for c in spec.integer_columns]
    sctids = [(spec.header.index(c), c, c in _REPEATED_COLUMNS) for c in spec.sctid_columns]
    fills = spec.name in ("concept", "description") and valid_ids is not None
    seen = valid_ids if valid_ids is not None else set()
    try:
        with path.open(encoding="utf-8", newline="") as fh:
            # One rule for comment lines ('#'), before the header as after it: skipped, and counted.
            header_number, header_line = 1, fh.readline()
            while header_line.startswith("#"):
                report.note("comment_line_skipped", f"{path.name} line {header_number}")
                header_number, header_line = header_number + 1, fh.readline()
            header = tuple(h.strip() for h in header_line.rstrip("\r\n").split("\t"))
            if tuple(h.lower() for h in header) != tuple(h.lower() for h in spec.header):
                raise SourceFormatError(
                    path, f"header {'/'.join(header)!r} is not the RF2 {spec.name} header "
                    f"{'/'.join(spec.header)!r}", line=header_number, field="header",
                )
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
                        raise SourceFormatError(path, f"{value!r} is not a valid SCTID", line=number, field=column)
                if fills:
                    seen.add(values[0])
                yield number, values
    except UnicodeDecodeError:
        raise not_encoded_as(path) from None


def _stage(db: sqlite3.Connection, files: ReleaseFiles, report: LoadReport) -> None:
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
            for number, values in _rows(path, spec, report, valid_ids):
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


def _concept_records(
    db: sqlite3.Connection, files: ReleaseFiles, language_refset: str
) -> Iterator[ConceptRecord]:
    descriptions = db.execute(
        """
        SELECT d.concept, d.type, d.term, l.acceptability
        FROM description d
        LEFT JOIN language l ON l.description = d.id AND l.refset = ? AND l.active = 1
        WHERE d.active = 1
        ORDER BY d.concept, d.type, d.term
        """,
        (language_refset,),
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
        fsn = ""
        preferred = ""
        synonyms: list[str] = []
        while pending is not None and pending[0] < cid:
            pending = next(descriptions, None)
        while pending is not None and pending[0] == cid:
            _, dtype, term, acceptability = pending
            if dtype == FSN:
                if acceptability == PREFERRED or not fsn:
                    fsn = term
            elif dtype == SYNONYM and acceptability in (PREFERRED, ACCEPTABLE):
                if acceptability == PREFERRED:
                    preferred = term
                else:
                    synonyms.append(term)
            pending = next(descriptions, None)
        values: list[str] = []
        while pending_value is not None and pending_value[0] < cid:
            pending_value = next(concrete, None)
        while pending_value is not None and pending_value[0] == cid:
            _, vtype, group, value = pending_value
            values.append(f"{_attribute_name(vtype, type_fsn)}={_concrete(value)} (group {group})")
            pending_value = next(concrete, None)
        display = preferred or re.sub(r"\s*\([^()]*\)\s*$", "", fsn) or cid
        properties: list[tuple[str, PropertyValue]] = [
            ("active", bool(active)),
            ("fsn", fsn or None),
            ("semantic_tag", _semantic_tag(fsn) if fsn else None),
            ("definition_status", "primitive" if defstat == PRIMITIVE else "defined"),
            ("module", module),
            ("concrete_values", tuple(values)),
        ]
        yield ConceptRecord(
            system=SYSTEM, code=cid, display=display, kind=_semantic_tag(fsn) or "concept",
            source_file=file, record=f"line {line}",
            synonyms=tuple(synonyms), properties=tuple(properties),
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
    for mid, source, grp, priority, rule, advice, target, correlation, category, file, line in db.execute(
        "SELECT id, source, grp, priority, rule, advice, target, correlation, category, file, line "
        "FROM extended_map WHERE active = 1 AND refset = ? ORDER BY source, grp, priority",
        (ICD10CM_MAP_REFSET,),
    ):
        if db.execute(known, (source,)).fetchone() is None:
            report.note("dangling_map_source", f"{file} line {line}")
            continue
        if not target:
            report.note("map_without_target", f"{source} group {grp} priority {priority}: {advice}")
            continue
        yield RelationRecord(
            type="MAPS_TO", source_code=source, target_code=target, system=SYSTEM,
            target_system="ICD10CM", to_identity=True, source_file=file, record=f"line {line}", key=mid,
            properties=(("map_group", grp), ("map_priority", priority), ("map_rule", rule),
                        ("map_advice", advice), ("correlation_id", correlation), ("map_category_id", category),
                        ("direction", "SNOMEDCT→ICD10CM")),
        )


def parse_release(
    path: str | Path,
    report: LoadReport | None = None,
    *,
    prefer: str = "Snapshot",
    language_refset: str = US_ENGLISH,
    max_dangling_fraction: float = 0.001,
) -> Iterator[ConceptRecord | RelationRecord]:
    """Yield a release's concepts (with terms), hierarchy, attributes, associations and ICD-10-CM map."""
    report = report if report is not None else LoadReport()
    files = find_release_files(path, prefer)
    with tempfile.TemporaryDirectory(prefix="clinigraph-snomed-") as work:
        db = sqlite3.connect(Path(work) / "stage.sqlite")
        try:
            db.execute("PRAGMA journal_mode = OFF")
            db.execute("PRAGMA synchronous = OFF")
            _stage(db, files, report)
            _check_isa_cycles(db)
            yield from _concept_records(db, files, language_refset)
            yield from _relation_records(db, report, max_dangling_fraction)
        finally:
            db.close()

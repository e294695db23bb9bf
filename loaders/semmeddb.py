"""SemMedDB-style literature relations → one aggregated edge per (subject CUI, predicate, object CUI).

SemMedDB ships ``PREDICATION`` as a headerless CSV (MySQL dump style: backslash
escapes, ``\\N`` for NULL, latin-1), optionally gzipped, with ``SENTENCE``,
``CITATIONS`` and ``GENERIC_CONCEPT`` beside it. The release holds:

* one ``SEMMEDDB`` concept per CUI the predications name (name and semantic
  types as SemMedDB gives them, ``generic`` when GENERIC_CONCEPT lists it), with
  an ``XREF`` to the ``UMLS`` Code identity of the CUI — where literature meets
  ICD-10-CM, SNOMED CT, LOINC, RxNorm and HPO through the UMLS crosswalk;
* one ``PREDICATION`` edge per (subject, predicate, object): predication count,
  distinct PMID count, the first PMIDs and sentences (capped), first and last
  publication year (with CITATIONS), semantic types, novelty and generic flags
  of both ends, and ``negated`` for ``NEG_`` predicates — evidence *against* a
  relation is kept, never dropped (filtering belongs to query time).

Streaming: rows are hash-partitioned into temporary files on the first pass and
each partition is aggregated on its own, so memory follows the largest
partition, not the file. Pipe-joined CUI fields (``C1414968|2597``: a CUI then
gene ids) and corrupt rows are counted in the load report; a file whose first
row is not a predication, or with too many corrupt rows, stops the load.
"""

from __future__ import annotations

import csv
import gzip
import io
import pickle
import re
import sqlite3
import tempfile
import zlib
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from loaders.contract import LoadRequest, SourceLoader
from loaders.errors import SourceFormatError, TooManyProblemsError
from loaders.files import describe_file, refuse_empty
from loaders.records import ConceptRecord, LoadReport, PropertyValue, RelationRecord, ReleaseInfo
from loaders.sniff import any_file, first_line

SYSTEM = "SEMMEDDB"
LOADER = "clinigraph.loaders.semmeddb"
LOADER_VERSION = "1.1.0"  # 1.1.0: PREDICATION edges carry ``pair``

PREDICATION_COLUMNS = (
    "PREDICATION_ID", "SENTENCE_ID", "PMID", "PREDICATE", "SUBJECT_CUI", "SUBJECT_NAME", "SUBJECT_SEMTYPE",
    "SUBJECT_NOVELTY", "OBJECT_CUI", "OBJECT_NAME", "OBJECT_SEMTYPE", "OBJECT_NOVELTY", "FACT_VALUE",
    "MOD_SCALE", "MOD_VALUE",
)
#: SENTENCE as distributed in CSV: id first, sentence text last.
SENTENCE_COLUMNS = (
    "SENTENCE_ID", "PMID", "TYPE", "NUMBER", "SENT_START_INDEX", "SENT_END_INDEX", "SECTION_HEADER",
    "NORMALIZED_SECTION_HEADER", "SENTENCE",
)
CITATION_COLUMNS = ("PMID", "ISSN", "DP", "EDAT", "PYEAR")
GENERIC_COLUMNS = ("CONCEPT_ID", "CUI", "PREFERRED_NAME")

#: Corrupt rows are counted and skipped up to this many, or a fraction of the file
#: (a real PREDICATION file has a few among 100+ million rows; a small file is not
#: refused for one or two).
CORRUPT_ROWS_ALWAYS_ALLOWED = 10
MAX_PMIDS = 20
MAX_SENTENCES = 3
PARTITIONS = 64
_CUI = re.compile(r"^C\d{7}$")
_PREDICATE = re.compile(r"^[A-Za-z_]+$")
_NULL = "\x1a"  # stands in for a bare \N field before the csv module sees it (it would unescape it to "N")


def _mark_nulls(line: str) -> str:
    r"""Bare ``\N`` fields → the NULL marker (str.replace: a regex was a tenth of the parse).

    >>> _mark_nulls('"1",\\N,\\N,"x",\\N\n') == '"1",\x1a,\x1a,"x",\x1a\n'
    True
    """
    if line.startswith("\\N,"):
        line = _NULL + line[2:]
    line = line.replace(",\\N,", "," + _NULL + ",").replace(",\\N,", "," + _NULL + ",")
    if line.endswith(",\\N\n"):
        line = line[:-3] + _NULL + "\n"
    elif line.endswith(",\\N\r\n"):
        line = line[:-4] + _NULL + "\r\n"
    elif line.endswith(",\\N"):
        line = line[:-2] + _NULL
    return line


@dataclass(frozen=True)
class SemMedFiles:
    predication: Path
    sentence: Path | None = None
    citations: Path | None = None
    generic: Path | None = None

    def all_files(self) -> list[Path]:
        return [p for p in (self.predication, self.sentence, self.citations, self.generic) if p]


def _table_of(name: str) -> str | None:
    upper = name.upper()
    if not re.search(r"\.(CSV|TXT)(\.GZ)?$", upper):
        return None
    for table in ("PREDICATION_AUX", "GENERIC_CONCEPT", "PREDICATION", "SENTENCE", "CITATIONS"):
        if table in upper:
            return table
    return None


def find_files(path: str | Path) -> SemMedFiles:
    """A PREDICATION file, or a folder holding one and optionally SENTENCE, CITATIONS, GENERIC_CONCEPT."""
    root = Path(path)
    if root.is_file():
        return SemMedFiles(predication=root)
    if not root.is_dir():
        raise SourceFormatError(root, "SemMedDB PREDICATION file or folder not found")
    found: dict[str, Path] = {}
    for file in sorted(root.iterdir()):
        table = _table_of(file.name)
        if table and table != "PREDICATION_AUX":
            if table in found:
                raise SourceFormatError(file, f"a second {table} file (first: {found[table].name})", field="files")
            found[table] = file
    if "PREDICATION" not in found:
        raise SourceFormatError(root, "no *PREDICATION*.csv[.gz] file in the folder", field="files")
    refuse_empty(found["PREDICATION"], "SemMedDB PREDICATION rows")
    return SemMedFiles(found["PREDICATION"], found.get("SENTENCE"), found.get("CITATIONS"),
                       found.get("GENERIC_CONCEPT"))


def describe_release(path: str | Path, version: str | None = None) -> ReleaseInfo:
    files = find_files(path)
    m = re.search(r"VER(\d+[A-Z]?)(?:_(\d{4}))?", files.predication.name, re.IGNORECASE)
    chosen = version or (f"{m.group(1)}_{m.group(2)}" if m and m.group(2) else m.group(1) if m else None)
    if not chosen:
        raise SourceFormatError(files.predication, "no SemMedDB version (e.g. semmedVER43_2024) in the file "
                                "name; give --version", field="version")
    return ReleaseInfo(system=SYSTEM, version=chosen, files=tuple(describe_file(p) for p in files.all_files()),
                       loader=LOADER, loader_version=LOADER_VERSION, title="SemMedDB literature predications")


def _open_text(path: Path) -> IO[str]:
    """The file as latin-1 text, gunzipped on the fly when it ends in .gz (the caller closes it)."""
    if path.suffix.lower() == ".gz":
        return io.TextIOWrapper(gzip.GzipFile(path, "rb"), encoding="latin-1", newline="")  # noqa: SIM115
    return path.open(encoding="latin-1", newline="")


def csv_rows(path: Path, width: int, report: LoadReport, table: str) -> Iterator[tuple[int, list[str | None]]]:
    """(line, fields) of a SemMedDB CSV; ``None`` for ``\\N``. Rows of the wrong width are counted, not yielded.

    The first row must have the table's width: a file that does not is the wrong
    file, not a corrupt row. A last line without its line end is read when it has
    the table's width (the file only lacks its final newline; counted in ``report``),
    and refused as a truncated file when it does not, or ends inside a quoted field.
    """
    with _open_text(path) as fh:
        last = [""]

        def lines() -> Iterator[str]:
            for line in fh:
                last[0] = line
                yield _mark_nulls(line) if "\\N" in line else line

        reader = csv.reader(lines(), escapechar="\\", doublequote=False, strict=True)
        first = True
        try:
            for fields in reader:
                number = reader.line_num
                if not fields:
                    continue
                unended = not last[0].endswith("\n")  # only the file's last line lacks its line end
                if len(fields) != width:
                    if first or unended:
                        what = "last line is truncated: " if unended else ""
                        raise SourceFormatError(path, f"{what}{len(fields)} columns, expected the {width} of {table}",
                                                line=number, field="columns")
                    report.note("corrupt_row", f"{path.name} line {number}: {len(fields)} columns, expected {width}")
                    continue
                if unended:
                    report.note("last_line_without_line_end", f"{path.name} line {number}")
                first = False
                yield number, [None if f == _NULL else f for f in fields]
        except csv.Error as exc:
            if last[0] and not last[0].endswith("\n"):
                raise SourceFormatError(path, f"last line is truncated ({exc})", line=reader.line_num,
                                        field="columns") from None
            raise SourceFormatError(path, f"unreadable CSV ({exc})", line=reader.line_num, field="quoting") from None
        except (EOFError, OSError, zlib.error) as exc:
            raise SourceFormatError(path, f"unreadable or truncated file ({exc})", line=reader.line_num,
                                    field="content") from None


def _cuis(field_value: str | None) -> list[str]:
    """The CUIs of a possibly pipe-joined field (``C1414968|2597`` → ``['C1414968']``)."""
    if not field_value:
        return []
    return [part for part in field_value.split("|") if _CUI.match(part)]


def _name_at(names: str | None, index: int) -> str:
    parts = (names or "").split("|")
    return parts[index] if index < len(parts) else parts[0]


@dataclass
class _CuiInfo:
    name: str
    line: int
    semtypes: set[str] = field(default_factory=set)
    novel: bool = False


class _Triple:
    """Running aggregate of one (subject, predicate, object): a plain slotted class, made millions of times."""

    __slots__ = ("predications", "pmids", "sentence_ids", "subject_semtypes", "object_semtypes", "subject_novel",
                 "object_novel", "first")

    def __init__(self, first: tuple[int, str]) -> None:
        self.predications = 0
        self.pmids: set[int] = set()
        self.sentence_ids: list[str] = []
        self.subject_semtypes: set[str] = set()
        self.object_semtypes: set[str] = set()
        self.subject_novel = False
        self.object_novel = False
        self.first = first  # (line, predication id) of the first row

    @classmethod
    def of(cls, row: tuple) -> _Triple:
        t = cls((row[9], row[10] or ""))
        t.add(row)
        return t

    def add(self, row: tuple) -> None:
        _, _, _, pmid, sentence_id, s_type, o_type, s_novel, o_novel, _, _ = row
        self.predications += 1
        self.pmids.add(pmid)
        if sentence_id and len(self.sentence_ids) < MAX_SENTENCES and sentence_id not in self.sentence_ids:
            self.sentence_ids.append(sentence_id)
        if s_type:
            self.subject_semtypes.add(s_type)
        if o_type:
            self.object_semtypes.add(o_type)
        self.subject_novel = self.subject_novel or s_novel
        self.object_novel = self.object_novel or o_novel


def _int(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() else None


def parse_release(
    path: str | Path,
    report: LoadReport | None = None,
    *,
    max_corrupt_fraction: float = 0.01,
    partitions: int = PARTITIONS,
) -> Iterator[ConceptRecord | RelationRecord]:
    """Yield the CUIs as concepts, then the aggregated predications (see the module docstring)."""
    report = report if report is not None else LoadReport()
    files = find_files(path)
    generic = _generic_cuis(files.generic, report) if files.generic else set()
    years = _publication_years(files.citations, report) if files.citations else None
    with tempfile.TemporaryDirectory(prefix="clinigraph-semmeddb-") as work:
        cuis: dict[str, _CuiInfo] = {}
        spools = _partition(files.predication, Path(work), partitions, cuis, report, max_corrupt_fraction)
        sentences = _stage_sentences(files.sentence, Path(work), report) if files.sentence else None
        try:
            name = files.predication.name
            for cui in sorted(cuis):
                info = cuis[cui]
                yield ConceptRecord(
                    system=SYSTEM, code=cui, display=info.name or cui, kind="literature concept",
                    source_file=name, record=f"line {info.line}",
                    properties=(("semantic_types", tuple(sorted(info.semtypes))), ("novel", info.novel),
                                ("generic", cui in generic)),
                )
                yield RelationRecord(type="XREF", source_code=cui, target_code=cui, system=SYSTEM,
                                     target_system="UMLS", to_identity=True, source_file=name,
                                     record=f"line {info.line}", key="UMLS", properties=(("xref", f"UMLS:{cui}"),))
            cuis.clear()  # not needed for the edges: free it before the aggregation's peak
            for spool in spools:
                yield from _aggregate(spool, name, generic, years, sentences)
        finally:
            if sentences is not None:
                sentences.close()


def _partition(
    path: Path, work: Path, partitions: int, cuis: dict[str, _CuiInfo], report: LoadReport,
    max_corrupt_fraction: float,
) -> list[Path]:
    """First pass: validate rows, note CUIs, and spread rows over partition files by triple."""
    handles: dict[int, IO[bytes]] = {}
    rows = 0
    corrupt_before = report.counts["corrupt_row"]
    try:
        for number, f in csv_rows(path, len(PREDICATION_COLUMNS), report, "PREDICATION"):
            pmid = _int(f[2])
            predicate = f[3] or ""
            subjects, objects = _cuis(f[4]), _cuis(f[8])
            rows += 1
            problem = ("PMID" if pmid is None else "PREDICATE" if not _PREDICATE.match(predicate)
                       else "SUBJECT_CUI" if not subjects else "OBJECT_CUI" if not objects
                       else "SUBJECT_NOVELTY" if _flag(f[7]) is None else "OBJECT_NOVELTY" if _flag(f[11]) is None
                       else None)
            if problem:
                if rows == 1:
                    raise SourceFormatError(path, f"{problem} {f[PREDICATION_COLUMNS.index(problem)]!r} is not "
                                            "valid: not a SemMedDB PREDICATION file?", line=number, field=problem)
                report.note("corrupt_row", f"{path.name} line {number}: bad {problem}")
                continue
            if "|" in (f[4] or "") or "|" in (f[8] or ""):
                report.note("pipe_joined_cui", f"{path.name} line {number}: {f[4]} / {f[8]}")
            s_novel, o_novel = _flag(f[7]) is True, _flag(f[11]) is True  # both checked above
            for i, cui in enumerate(subjects):
                _note_cui(cuis, cui, _name_at(f[5], i), f[6], s_novel, number)
            for i, cui in enumerate(objects):
                _note_cui(cuis, cui, _name_at(f[9], i), f[10], o_novel, number)
            for s in subjects:
                for o in objects:
                    bucket = zlib.crc32(f"{s}|{predicate}|{o}".encode()) % partitions
                    handle = handles.get(bucket)
                    if handle is None:
                        handle = handles[bucket] = (work / f"part-{bucket:03d}.pickle").open("wb")
                    pickle.dump((s, predicate, o, pmid, f[1], f[6], f[10], s_novel, o_novel, number, f[0]),
                                handle, protocol=pickle.HIGHEST_PROTOCOL)
    finally:
        for handle in handles.values():
            handle.close()
    corrupt = report.counts["corrupt_row"] - corrupt_before
    if corrupt > max(CORRUPT_ROWS_ALWAYS_ALLOWED, max_corrupt_fraction * rows):
        raise TooManyProblemsError(f"{path}: {corrupt} of {rows} predication rows are corrupt "
                                   f"(limit {max_corrupt_fraction:.1%}, or {CORRUPT_ROWS_ALWAYS_ALLOWED} rows)")
    return [work / f"part-{b:03d}.pickle" for b in sorted(handles)]


def _note_cui(cuis: dict[str, _CuiInfo], cui: str, name: str, semtype: str | None, novel: bool, line: int) -> None:
    info = cuis.get(cui)
    if info is None:
        info = cuis[cui] = _CuiInfo(name=name, line=line)
    if semtype:
        info.semtypes.add(semtype)
    info.novel = info.novel or novel


_Row = tuple[str, str, str, int, "str | None", "str | None", "str | None", bool, bool, int, "str | None"]


def _aggregate(
    spool: Path, file_name: str, generic: set[str], years: array | None, sentences: sqlite3.Connection | None,
) -> Iterator[RelationRecord]:
    # Most triples occur once: their first row is kept as it is and becomes a _Triple
    # only when a second row arrives (building the sets for every triple doubled the time).
    triples: dict[tuple[str, str, str], _Triple | _Row] = {}
    with spool.open("rb") as fh:
        while True:
            try:
                row: _Row = pickle.load(fh)
            except EOFError:
                break
            key = (row[0], row[1], row[2])
            seen = triples.get(key)
            if seen is None:
                triples[key] = row
                continue
            if not isinstance(seen, _Triple):
                seen = triples[key] = _Triple.of(seen)
            seen.add(row)
    for key in sorted(triples):
        entry = triples.pop(key)
        yield _edge(key, entry if isinstance(entry, _Triple) else _Triple.of(entry), file_name, generic, years,
                    sentences)


def _edge(key: tuple[str, str, str], t: _Triple, file_name: str, generic: set[str], years: array | None,
          sentences: sqlite3.Connection | None) -> RelationRecord:
    s, predicate, o = key
    pmids = sorted(t.pmids)
    negated = predicate.upper().startswith("NEG_")
    props: list[tuple[str, PropertyValue]] = [
        # ``pair`` is what verification looks literature edges up by (schema 0011): an index seek
        # instead of expanding between two hub concepts.
        ("pair", f"{s}>{o}"),
        ("predicate", predicate), ("base_predicate", predicate[4:] if negated else predicate),
        ("negated", negated), ("predications", t.predications), ("pmid_count", len(pmids)),
        ("pmids", tuple(str(p) for p in pmids[:MAX_PMIDS])),
        ("subject_semtypes", tuple(sorted(t.subject_semtypes))),
        ("object_semtypes", tuple(sorted(t.object_semtypes))),
        ("subject_novel", t.subject_novel), ("object_novel", t.object_novel),
        ("subject_generic", s in generic), ("object_generic", o in generic),
    ]
    if t.sentence_ids:
        props.append(("sentence_ids", tuple(t.sentence_ids)))
    if years is not None:
        known = [years[p] for p in pmids if p < len(years) and years[p]]
        if known:
            props += [("first_year", min(known)), ("last_year", max(known))]
    if sentences is not None and t.sentence_ids:
        texts = []
        for sid in t.sentence_ids:
            found = sentences.execute("SELECT text FROM sentence WHERE id = ?", (sid,)).fetchone()
            if found:
                texts.append(found[0])
        if texts:
            props.append(("sentences", tuple(texts)))
    line, pid = t.first
    return RelationRecord(
        type="PREDICATION", source_code=s, target_code=o, system=SYSTEM, source_file=file_name,
        record=f"line {line} (PREDICATION_ID {pid})" if pid else f"line {line}", key=predicate,
        properties=tuple(props),
    )


#: How a novelty flag is spelled: MySQL dumps and the CSV exports write 1/0, PostgreSQL exports t/f.
_TRUE, _FALSE = frozenset({"1", "t", "true"}), frozenset({"0", "f", "false", ""})


def _flag(value: str | None) -> bool | None:
    """A SemMedDB boolean column, or None for a value that is none of the spellings above (a corrupt row).

    >>> _flag("t"), _flag("0"), _flag(None), _flag("yes") is None
    (True, False, False, True)
    """
    text = (value or "").strip().lower()
    return True if text in _TRUE else False if text in _FALSE else None


def _generic_cuis(path: Path, report: LoadReport) -> set[str]:
    found = set()
    for number, f in csv_rows(path, len(GENERIC_COLUMNS), report, "GENERIC_CONCEPT"):
        if not f[1] or not _CUI.match(f[1]):
            raise SourceFormatError(path, f"CUI {f[1]!r} is not C + 7 digits", line=number, field="CUI")
        found.add(f[1])
    return found


def _publication_years(path: Path, report: LoadReport) -> array:
    """PMID → publication year, as a compact array indexed by PMID (0 = unknown)."""
    years = array("H")
    for number, f in csv_rows(path, len(CITATION_COLUMNS), report, "CITATIONS"):
        pmid, year = _int(f[0]), _int(f[4])
        if pmid is None:
            raise SourceFormatError(path, f"PMID {f[0]!r} is not an integer", line=number, field="PMID")
        if year is None:
            report.note("citation_without_year", f"{path.name} line {number}")
            continue
        if pmid >= len(years):
            years.frombytes(bytes(2 * (pmid + 1 - len(years) + 1_000_000)))
        years[pmid] = year
    return years


def _stage_sentences(path: Path, work: Path, report: LoadReport) -> sqlite3.Connection:
    """SENTENCE rows in an on-disk table: only the few sentences kept per edge are looked up."""
    db = sqlite3.connect(work / "sentences.sqlite")
    db.execute("PRAGMA journal_mode = OFF")
    db.execute("PRAGMA synchronous = OFF")
    db.execute("CREATE TABLE sentence (id TEXT PRIMARY KEY, text TEXT) WITHOUT ROWID")
    batch: list[tuple[str, str]] = []
    for number, f in csv_rows(path, len(SENTENCE_COLUMNS), report, "SENTENCE"):
        if not f[0] or not f[0].isdigit():
            raise SourceFormatError(path, f"SENTENCE_ID {f[0]!r} is not an integer", line=number,
                                    field="SENTENCE_ID")
        batch.append((f[0], f[-1] or ""))
        if len(batch) >= 10_000:
            db.executemany("INSERT OR REPLACE INTO sentence VALUES (?, ?)", batch)
            batch = []
    db.executemany("INSERT OR REPLACE INTO sentence VALUES (?, ?)", batch)
    db.commit()
    return db


#: A subject or object: CUIs or Entrez gene ids, ``|``-joined.
_ARGUMENT_FIELD = re.compile(r"^(C\d{7}|\d+)(\|(C\d{7}|\d+))*$")


def _is_predication(data: bytes) -> bool:
    """A PREDICATION row (ids, then a predicate in capitals between subject and object), or its header."""
    fields = [f.strip().strip('"') for f in first_line(data).split(",")]
    if len(fields) < 11:
        return False
    if fields[0].upper() == "PREDICATION_ID":
        return True
    return (fields[0].isdigit() and fields[3].replace("_", "").isalpha() and fields[3].isupper()
            and bool(_ARGUMENT_FIELD.match(fields[4])) and bool(_ARGUMENT_FIELD.match(fields[8])))


def _is_semmed_table(data: bytes) -> bool:
    """A PREDICATION row, or a row of SENTENCE (ids, then ti/ab), CITATIONS (PMID … EDAT, PYEAR) or
    GENERIC_CONCEPT (id, CUI, name).

    >>> _is_semmed_table(b'"1","C0030705","Patients"\\n'), _is_semmed_table(b'"1","x"\\n')
    (True, False)
    """
    if _is_predication(data):
        return True
    try:
        fields = next(csv.reader([first_line(data)], escapechar="\\", doublequote=False))
    except (csv.Error, StopIteration):
        return False
    if not fields or not fields[0].isdigit():
        return False
    return (len(fields) == len(GENERIC_COLUMNS) and bool(_CUI.match(fields[1]))
            or len(fields) == len(CITATION_COLUMNS) and len(fields[3]) == 8 and fields[3].isdigit()
            and len(fields[4]) == 4 and fields[4].isdigit()
            or len(fields) == len(SENTENCE_COLUMNS) and fields[1].isdigit() and fields[2] in ("ti", "ab"))


class SemMedDbLoader(SourceLoader):
    """SemMedDB predications (the user's CSV dump, plain or gzipped)."""

    name = "semmeddb"
    description = ("SemMedDB PREDICATION CSV (plain or .gz), or a folder with it and SENTENCE, CITATIONS, "
                   "GENERIC_CONCEPT")
    reads = "a SemMedDB PREDICATION file or folder"

    def can_read(self, path: Path) -> bool:
        # A folder is also known by its companion tables, so a damaged PREDICATION file in it gets the
        # parser's error (file, line, field) rather than "no loader recognises the folder".
        return any_file(path, _is_predication if not path.is_dir() else _is_semmed_table)

    def describe_release(self, request: LoadRequest) -> ReleaseInfo:
        return describe_release(self.path_of(request), request.version)

    def parse(self, request: LoadRequest, report: LoadReport) -> Iterator[ConceptRecord | RelationRecord]:
        return parse_release(self.path_of(request), report)

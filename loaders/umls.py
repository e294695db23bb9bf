"""UMLS Metathesaurus crosswalk (MRCONSO, MRSTY) → UMLS concepts linked to source codes.

Each CUI becomes a ``UMLS`` concept (display: its preferred English string) with
its semantic types from MRSTY, and one ``XREF`` edge per source code it contains,
to that source's ``Code`` identity: ICD10CM, SNOMEDCT_US, LNC, RXNORM, HPO,
OMIM. Literature relations speak CUIs; through these edges they meet the
ontology codes, whichever releases of those are loaded.

Only English (LAT=ENG), non-suppressed atoms (SUPPRESS N) of the mapped sources
are read. MRCONSO and MRSTY are streamed in CUI order (as NLM ships them), so a
full Metathesaurus never sits in memory; an unsorted file is refused.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from loaders.contract import LoadRequest, SourceLoader
from loaders.errors import SourceFormatError
from loaders.files import describe_file, refuse_empty
from loaders.records import ConceptRecord, LoadReport, RelationRecord, ReleaseInfo
from loaders.rrf import MRCONSO, MRSTY, find_file, rrf_rows
from loaders.sniff import any_file, rrf_fields

SYSTEM = "UMLS"
LOADER = "clinigraph.loaders.umls"
LOADER_VERSION = "1.0.0"

#: UMLS source abbreviation → clinigraph system.
SOURCES = {"ICD10CM": "ICD10CM", "SNOMEDCT_US": "SNOMEDCT", "LNC": "LOINC", "RXNORM": "RXNORM", "HPO": "HPO",
           "OMIM": "OMIM"}
_CUI = re.compile(r"^C\d{7}$")


def _code_in_system(sab: str, code: str) -> str:
    """UMLS spells some codes differently from the source's own release files."""
    if sab == "OMIM":
        return code if code.startswith("OMIM:") else f"OMIM:{code.split('.')[0]}"
    return code


@dataclass
class _Group:
    cui: str
    line: int
    preferred: str = ""
    names: list[str] = field(default_factory=list)
    codes: dict[tuple[str, str], tuple[str, str, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class UmlsFiles:
    root: Path
    mrconso: Path
    mrsty: Path | None
    version: str | None

    def all_files(self) -> list[Path]:
        return [p for p in (self.mrconso, self.mrsty) if p]


def find_release_files(path: str | Path) -> UmlsFiles:
    root = Path(path)
    if not root.is_dir():
        raise SourceFormatError(root, "UMLS release folder (with META/) not found")
    mrconso = find_file(root, "MRCONSO.RRF")
    if mrconso is None:
        raise SourceFormatError(root, "no MRCONSO.RRF in the release", field="files")
    refuse_empty(mrconso, "MRCONSO rows (18 |-separated fields)")
    m = re.search(r"(\d{4}A[AB])", str(mrconso))
    return UmlsFiles(root, mrconso, find_file(root, "MRSTY.RRF"), m.group(1) if m else None)


def describe_release(path: str | Path, version: str | None = None) -> ReleaseInfo:
    files = find_release_files(path)
    chosen = version or files.version
    if not chosen:
        raise SourceFormatError(files.root, "no UMLS version (e.g. 2025AA) in the path; give --version",
                                field="version")
    return ReleaseInfo(system=SYSTEM, version=chosen, files=tuple(describe_file(p) for p in files.all_files()),
                       loader=LOADER, loader_version=LOADER_VERSION, title="UMLS Metathesaurus crosswalk")


def _groups(files: UmlsFiles, report: LoadReport) -> Iterator[_Group]:
    current: _Group | None = None
    previous = ""
    for number, row in rrf_rows(files.mrconso, MRCONSO, report=report):
        cui = row["CUI"]
        if not _CUI.match(cui):
            raise SourceFormatError(files.mrconso, f"CUI {cui!r} is not C + 7 digits", line=number, field="CUI")
        if cui < previous:
            raise SourceFormatError(files.mrconso, f"not sorted by CUI ({cui} after {previous})", line=number,
                                    field="CUI")
        previous = cui
        if current is None or current.cui != cui:
            if current is not None:
                yield current
            current = _Group(cui, number)
        if row["LAT"] != "ENG":
            continue
        if row["SUPPRESS"] != "N":
            report.note("suppressed_atom", f"{cui} {row['SAB']} at line {number}")
            continue
        if row["TS"] == "P" and row["STT"] == "PF" and row["ISPREF"] == "Y" and not current.preferred:
            current.preferred = row["STR"]
        if row["STR"] not in current.names:
            current.names.append(row["STR"])
        system = SOURCES.get(row["SAB"])
        if system and row["CODE"]:
            key = (system, _code_in_system(row["SAB"], row["CODE"]))
            current.codes.setdefault(key, (row["SAB"], row["TTY"], number))
    if current is not None:
        yield current


def parse_release(path: str | Path, report: LoadReport | None = None) -> Iterator[ConceptRecord | RelationRecord]:
    report = report if report is not None else LoadReport()
    files = find_release_files(path)
    semantic = rrf_rows(files.mrsty, MRSTY, report=report) if files.mrsty else iter(())
    pending = next(semantic, None)
    edges: list[RelationRecord] = []
    for group in _groups(files, report):
        types: list[tuple[str, str]] = []
        while pending is not None and pending[1]["CUI"] < group.cui:
            pending = next(semantic, None)
        while pending is not None and pending[1]["CUI"] == group.cui:
            types.append((pending[1]["TUI"], pending[1]["STY"]))
            pending = next(semantic, None)
        if not group.names:
            report.note("cui_without_english_atoms", group.cui)
            continue
        display = group.preferred or group.names[0]
        yield ConceptRecord(
            system=SYSTEM, code=group.cui, display=display, kind="concept", source_file=files.mrconso.name,
            record=f"line {group.line}", synonyms=tuple(n for n in group.names[:50] if n != display),
            properties=(("semantic_types", tuple(sty for _, sty in types)), ("tuis", tuple(t for t, _ in types)),
                        ("active", True)),
        )
        for (system, code), (sab, tty, line) in sorted(group.codes.items()):
            edges.append(RelationRecord(
                type="XREF", source_code=group.cui, target_code=code, system=SYSTEM, target_system=system,
                to_identity=True, source_file=files.mrconso.name, record=f"line {line}", key=f"{sab}:{code}",
                properties=(("xref", f"{sab}:{code}"), ("sab", sab), ("tty", tty)),
            ))
        if len(edges) >= 10_000:
            yield from edges
            edges = []
    yield from edges


def _is_umls_rrf(data: bytes) -> bool:
    """An MRCONSO row (18 fields and the trailing empty one, a CUI first) or an MRSTY row (a CUI, a TUI)."""
    fields = rrf_fields(data)
    if not _CUI.match(fields[0]):
        return False
    return len(fields) == 19 or len(fields) == 7 and fields[1][:1] == "T" and fields[1][1:].isdigit()


class UmlsLoader(SourceLoader):
    """The UMLS Metathesaurus crosswalk (the user's release folder with META/)."""

    name = "umls"
    description = "UMLS MRCONSO + MRSTY: CUIs linked to ICD10CM, SNOMEDCT_US, LNC, RXNORM, HPO, OMIM"
    reads = "a UMLS release folder with META/"

    def can_read(self, path: Path) -> bool:
        return path.is_dir() and any_file(path, _is_umls_rrf)

    def describe_release(self, request: LoadRequest) -> ReleaseInfo:
        return describe_release(self.path_of(request), request.version)

    def parse(self, request: LoadRequest, report: LoadReport) -> Iterator[ConceptRecord | RelationRecord]:
        return parse_release(self.path_of(request), report)

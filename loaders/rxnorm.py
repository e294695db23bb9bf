"""RxNorm RRF release → concept and relation records.

* ``RXNCONSO.RRF``: one concept per RXCUI of the chosen sources (SAB=RXNORM by
  default; other SABs carry their own licences and are opt-in). The display is
  the name of the concept's RxNorm term type (IN, PIN, MIN, SCD, SBD, SCDC, SBDC,
  SCDF, SBDF, BN, DF, GPCK, BPCK …; the TTY is the concept's ``kind``); synonyms
  (SY, TMSY, PSN) are kept. Suppressed rows (SUPPRESS O, E, Y) are left out by default.
* ``RXNREL.RRF``: ``RELATED`` edges with the RxNorm relationship attribute
  (``rela``: has_ingredient, tradename_of, consists_of, has_dose_form, isa …).
  RRF states the relationship of the *second* concept to the *first*, so the
  edge runs RXCUI2 → RXCUI1: "SCDC has_ingredient IN". The loader checks that
  reading on the release itself: most has_ingredient edges must start at a drug
  and end at an ingredient, or the load stops.
* ``RXNSAT.RRF``: selected attributes (strengths, human/vet drug, NDCs).
* ``RXNCUI.RRF``: a retired RXCUI becomes an inactive concept ``REPLACED_BY`` its
  current one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from loaders.contract import LoadRequest, SourceLoader
from loaders.errors import SourceFormatError
from loaders.files import describe_file, refuse_empty
from loaders.records import ConceptRecord, LoadReport, PropertyValue, RelationRecord, ReleaseInfo
from loaders.rrf import RXNCONSO, RXNCUI, RXNREL, RXNSAT, find_file, rrf_rows
from loaders.sniff import any_file, rrf_fields

SYSTEM = "RXNORM"
LOADER = "clinigraph.loaders.rxnorm"
LOADER_VERSION = "1.0.0"

#: Term types that name an RxNorm concept, in the order one is chosen as its display.
PRIMARY_TTYS = ("IN", "PIN", "MIN", "SCD", "SBD", "GPCK", "BPCK", "SCDC", "SBDC", "SCDF", "SBDF", "SCDG", "SBDG",
                "SCDFP", "SBDFP", "SCDGP", "BN", "DF", "DFG", "ET")
SYNONYM_TTYS = ("SY", "TMSY", "PSN")
INGREDIENT_TTYS = ("IN", "PIN", "MIN")
DRUG_TTYS = ("SCD", "SBD", "SCDC", "SBDC", "SCDF", "SBDF", "SCDG", "SBDG", "GPCK", "BPCK", "SCDFP", "SBDFP",
             "SCDGP")
SUPPRESSED = ("O", "E", "Y")
SELECTED_ATTRIBUTES = {
    "RXN_STRENGTH": "strength",
    "RXN_AVAILABLE_STRENGTH": "available_strength",
    "RXN_HUMAN_DRUG": "human_drug",
    "RXN_VET_DRUG": "vet_drug",
    "RXN_QUANTITY": "quantity",
    "RXN_BN_CARDINALITY": "brand_cardinality",
    "RXTERM_FORM": "rxterm_form",
    "NDC": "ndc",
}


@dataclass
class _Concept:
    tty: str = ""
    name: str = ""
    synonyms: list[str] = field(default_factory=list)
    line: int = 0


@dataclass(frozen=True)
class RxNormFiles:
    root: Path
    conso: Path
    rel: Path | None
    sat: Path | None
    cui: Path | None
    version: str | None

    def all_files(self) -> list[Path]:
        return [p for p in (self.conso, self.rel, self.sat, self.cui) if p]


def find_release_files(path: str | Path) -> RxNormFiles:
    root = Path(path)
    if not root.exists():
        raise SourceFormatError(root, "RxNorm release folder not found")
    conso = find_file(root, "RXNCONSO.RRF") if root.is_dir() else None
    if conso is None:
        raise SourceFormatError(root, "no RXNCONSO.RRF in the release", field="files")
    refuse_empty(conso, "RXNCONSO rows (18 |-separated fields)")
    m = re.search(r"RxNorm_[a-z]+_(\d{2})(\d{2})(\d{4})", str(conso))
    version = f"{m.group(3)}-{m.group(1)}-{m.group(2)}" if m else None
    return RxNormFiles(root, conso, find_file(root, "RXNREL.RRF"), find_file(root, "RXNSAT.RRF"),
                       find_file(root, "RXNCUI.RRF"), version)


def describe_release(path: str | Path, version: str | None = None) -> ReleaseInfo:
    files = find_release_files(path)
    chosen = version or files.version
    if not chosen:
        raise SourceFormatError(files.root, "no release date in the folder name (RxNorm_full_MMDDYYYY); "
                                "give --version", field="version")
    return ReleaseInfo(system=SYSTEM, version=chosen, files=tuple(describe_file(p) for p in files.all_files()),
                       loader=LOADER, loader_version=LOADER_VERSION, title="RxNorm")


def parse_release(
    path: str | Path,
    report: LoadReport | None = None,
    *,
    sources: tuple[str, ...] = ("RXNORM",),
    include_suppressed: bool = False,
) -> Iterator[ConceptRecord | RelationRecord]:
    report = report if report is not None else LoadReport()
    files = find_release_files(path)
    concepts: dict[str, _Concept] = {}
    for number, row in rrf_rows(files.conso, RXNCONSO, report=report):
        if row["SAB"] not in sources:
            continue
        if row["SUPPRESS"] in SUPPRESSED and not include_suppressed:
            report.note("suppressed_atom", f"{row['RXCUI']} {row['TTY']} at line {number}")
            continue
        if not row["RXCUI"].isdigit():
            raise SourceFormatError(files.conso, f"RXCUI {row['RXCUI']!r} is not a number", line=number,
                                    field="RXCUI")
        concept = concepts.setdefault(row["RXCUI"], _Concept(line=number))
        tty, name = row["TTY"], row["STR"]
        if tty in PRIMARY_TTYS and (not concept.tty or PRIMARY_TTYS.index(tty) < PRIMARY_TTYS.index(concept.tty)):
            if concept.name:
                concept.synonyms.append(concept.name)
            concept.tty, concept.name, concept.line = tty, name, number
        elif name not in concept.synonyms:
            concept.synonyms.append(name)
    attributes: dict[str, dict[str, list[str]]] = {}
    if files.sat:
        for _, row in rrf_rows(files.sat, RXNSAT, report=report):
            attribute = SELECTED_ATTRIBUTES.get(row["ATN"])
            if attribute and row["RXCUI"] in concepts and row["SAB"] in sources and (
                include_suppressed or row["SUPPRESS"] not in SUPPRESSED
            ):
                attributes.setdefault(row["RXCUI"], {}).setdefault(attribute, []).append(row["ATV"])
    for rxcui in sorted(concepts, key=int):
        c = concepts[rxcui]
        if not c.tty:
            report.note("concept_without_primary_term_type", rxcui)
        display = c.name or (c.synonyms[0] if c.synonyms else rxcui)
        props: list[tuple[str, PropertyValue]] = [("tty", c.tty or None), ("active", True)]
        for name, values in sorted(attributes.get(rxcui, {}).items()):
            props.append((name, tuple(sorted(set(values)))))
        yield ConceptRecord(
            system=SYSTEM, code=rxcui, display=display, kind=c.tty or "other", source_file=files.conso.name,
            record=f"line {c.line}", synonyms=tuple(s for s in dict.fromkeys(c.synonyms) if s != display),
            properties=tuple(props),
        )
    retired: dict[str, tuple[str, int]] = {}
    if files.cui:
        for number, row in rrf_rows(files.cui, RXNCUI, report=report):
            old, new = row["CUI1"], row["CUI2"]
            if old != new and old not in concepts and new in concepts:
                retired[old] = (new, number)
        for old, (_new, number) in sorted(retired.items()):
            assert files.cui is not None
            yield ConceptRecord(
                system=SYSTEM, code=old, display=f"retired RXCUI {old}", kind="retired",
                source_file=files.cui.name, record=f"line {number}", properties=(("active", False),),
            )
    if files.rel:
        yield from _relations(files, concepts, sources, include_suppressed, report)
    for old, (new, number) in sorted(retired.items()):
        assert files.cui is not None
        yield RelationRecord(type="REPLACED_BY", source_code=old, target_code=new, system=SYSTEM,
                             source_file=files.cui.name, record=f"line {number}", key=new,
                             properties=(("association", "remapped"),))


def _relations(
    files: RxNormFiles, concepts: dict[str, _Concept], sources: tuple[str, ...], include_suppressed: bool,
    report: LoadReport,
) -> Iterator[RelationRecord]:
    assert files.rel is not None
    sane = insane = 0
    for number, row in rrf_rows(files.rel, RXNREL, report=report):
        if row["SAB"] not in sources or row["STYPE1"] != "CUI" or row["STYPE2"] != "CUI":
            continue
        if row["SUPPRESS"] in SUPPRESSED and not include_suppressed:
            continue
        first, second, rela = row["RXCUI1"], row["RXCUI2"], row["RELA"]
        if first not in concepts or second not in concepts:
            report.note("relation_to_unloaded_concept", f"line {number}")
            continue
        if rela == "has_ingredient":
            # "drug has_ingredient ingredient (or brand name)"; the reverse reading is a swapped file.
            if concepts[second].tty in INGREDIENT_TTYS and concepts[first].tty in DRUG_TTYS:
                insane += 1
            else:
                sane += 1
        yield RelationRecord(
            type="RELATED", source_code=second, target_code=first, system=SYSTEM, source_file=files.rel.name,
            record=f"line {number}", key=row["RUI"] or f"{rela}|{number}",
            properties=(("rela", rela or row["REL"].lower()), ("rel", row["REL"]), ("rui", row["RUI"] or None)),
        )
    if insane > sane:
        raise SourceFormatError(
            files.rel, f"{insane} of {sane + insane} has_ingredient rows run from an ingredient to a drug: "
            "RXCUI1/RXCUI2 look swapped for this file", field="RXCUI1/RXCUI2",
        )


def _is_rxnorm_rrf(data: bytes) -> bool:
    """An RXNCONSO row (18 fields and the trailing empty one, an RXCUI first) or an RXNREL row (16)."""
    fields = rrf_fields(data)
    return fields[0].isdigit() and (len(fields) == 19 and fields[11] != "" or len(fields) == 17)


class RxNormLoader(SourceLoader):
    """An RxNorm full release (the user's RRF folder)."""

    name = "rxnorm"
    description = "RxNorm RRF release folder (SAB=RXNORM; suppressed rows left out)"
    reads = "an RxNorm RRF release folder"

    def can_read(self, path: Path) -> bool:
        return path.is_dir() and any_file(path, _is_rxnorm_rrf)

    def describe_release(self, request: LoadRequest) -> ReleaseInfo:
        return describe_release(self.path_of(request), request.version)

    def parse(self, request: LoadRequest, report: LoadReport) -> Iterator[ConceptRecord | RelationRecord]:
        return parse_release(self.path_of(request), report, sources=request.sabs)

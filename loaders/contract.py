"""The one contract every source loader keeps, and the request a user makes of it.

A loader is an object with a source name that answers three questions, none
of which touches the database:

* :meth:`SourceLoader.can_read` — is this path (file, folder or zip) a release
  of my format? Decided from the first bytes of the files, not their names, so
  ``clinigraph load loinc`` pointed at a SNOMED CT folder says what the folder
  is instead of failing somewhere inside the parser.
* :meth:`SourceLoader.describe_release` — which system and version, from which
  files (with their checksums): enough to decide whether the release is already
  loaded before a single record is read.
* :meth:`SourceLoader.parse` — the typed records of the release, oddities
  counted in the :class:`~loaders.records.LoadReport`.

:meth:`SourceLoader.prepare` puts the three together for the load lifecycle
(``graph.store.loading``) and the full build (``graph.store.bulk``), which therefore never
need to know which loader they run.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

from loaders.errors import ClinigraphError, SourceFormatError
from loaders.records import LoadReport, Record, ReleaseInfo


@dataclass(frozen=True)
class LoadRequest:
    """What the user named: a main file, optionally an annotations file, a version and loader options."""

    path: Path | None = None
    annotations: Path | None = None
    version: str | None = None
    no_annotations: bool = False
    full: bool = False
    #: RxNorm: the RXNCONSO/RXNREL sources (SAB) to read; other SABs carry their own licences.
    sabs: tuple[str, ...] = ("RXNORM",)
    #: SNOMED CT: refuse SCTIDs whose Verhoeff check digit fails (turned off only for test data).
    check_digits: bool = True


@dataclass(frozen=True)
class PreparedLoad:
    """A release described and ready to parse: what the load lifecycle runs."""

    info: ReleaseInfo
    parse: Callable[[LoadReport], Iterable[Record]]


class SourceLoader(ABC):
    """One source format. Subclasses set the class attributes and implement the three methods."""

    #: The source name users type (``clinigraph load NAME``).
    name: ClassVar[str]
    #: One line for ``--help`` and error messages: what the loader reads.
    description: ClassVar[str]
    #: What a user gives, in words (``a SNOMED CT RF2 release folder or zip``).
    reads: ClassVar[str]

    @abstractmethod
    def can_read(self, path: Path) -> bool:
        """Whether ``path`` holds this loader's format, judged from the files' first bytes."""

    @abstractmethod
    def describe_release(self, request: LoadRequest) -> ReleaseInfo:
        """System, version and source files of the release the request names."""

    @abstractmethod
    def parse(self, request: LoadRequest, report: LoadReport) -> Iterator[Record]:
        """The release's records; structural faults raise :class:`SourceFormatError`."""

    def default_path(self) -> Path | None:
        """The bundled release read when the user names none; licensed sources have none."""
        return None

    def resolved(self, request: LoadRequest) -> LoadRequest:
        """The request with its path filled in (the bundled default) and checked to be this format."""
        path = request.path or self.default_path()
        if path is None:
            raise ClinigraphError(f"give your {self.reads} (clinigraph load {self.name} PATH)")
        refuse_unreadable(self, path)
        return request if path is request.path else replace(request, path=path)

    @staticmethod
    def path_of(request: LoadRequest) -> Path:
        """The release path of a resolved request."""
        if request.path is None:
            raise ClinigraphError("the load request names no release path (prepare() fills it in)")
        return request.path

    def prepare(self, request: LoadRequest) -> PreparedLoad:
        """Describe the release now (so a bad file fails before any write) and defer the parse."""
        request = self.resolved(request)
        info = self.describe_release(request)
        return PreparedLoad(info, lambda report: self.parse(request, report))


#: Every loader clinigraph has, set by :mod:`loaders.registry` (kept here so a refusal can say which
#: other loader reads a path without importing the registry, which imports every loader).
_OTHER_LOADERS: list[SourceLoader] = []


def register_all(loaders: Iterable[SourceLoader]) -> None:
    _OTHER_LOADERS[:] = list(loaders)


def refuse_unreadable(loader: SourceLoader, path: Path) -> None:
    """One clear error when ``path`` is an empty file or another loader's format (naming that loader).

    A path no loader recognises is left to the parser: a damaged file of this format (cut off, a wrong
    root, swapped columns) is best refused by the parser, which names the line and field; and a missing
    path by the loader, which knows what it expected there.
    """
    if not path.exists() or loader.can_read(path):
        return
    if path.is_file() and path.stat().st_size == 0:
        raise SourceFormatError(path, f"empty file (0 bytes); expected {loader.reads}", line=1, field="content")
    others = [other.name for other in _OTHER_LOADERS if other.name != loader.name and _reads(other, path)]
    if others:
        raise SourceFormatError(path, f"not {loader.reads}: it reads as {' or '.join(others)} "
                                f"(clinigraph load {others[0]} {path.name})", line=1 if path.is_file() else None,
                                field="content")


def _reads(loader: SourceLoader, path: Path) -> bool:
    try:
        return loader.can_read(path)
    except OSError:
        return False

"""Loaders by source name: how each finds its default files, describes its release and parses."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from loaders import icd10cm
from loaders.errors import ClinigraphError
from loaders.records import LoadReport, Record, ReleaseInfo


@dataclass(frozen=True)
class SourceLoader:
    """One source's entry points; parsing stays a pure function of the files."""

    name: str
    description: str
    default_path: Callable[[], Path] | None
    describe: Callable[[Path, str | None], ReleaseInfo]
    parse: Callable[[Path, LoadReport], Iterable[Record]]


LOADERS: dict[str, SourceLoader] = {
    "icd10cm": SourceLoader(
        name="icd10cm",
        description="ICD-10-CM tabular XML (default: the April 2026 file in simple-icd-10-cm)",
        default_path=icd10cm.bundled_tabular_path,
        describe=icd10cm.describe_release,
        parse=icd10cm.parse_tabular,
    ),
}


def get_loader(name: str) -> SourceLoader:
    try:
        return LOADERS[name.lower()]
    except KeyError:
        raise ClinigraphError(f"no loader named {name!r}; available: {', '.join(sorted(LOADERS))}") from None

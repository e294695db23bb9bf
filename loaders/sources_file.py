"""The sources file of a full build: which releases, from which files.

TOML, one ``[[release]]`` table per release::

    [[release]]
    source = "icd10cm"            # bundled default file

    [[release]]
    source = "snomed"
    path = "/data/SnomedCT_USEditionRF2_PRODUCTION_20250301T120000Z"
    full = false                  # Snapshot (default) or Full files

Keys: ``source`` (required), ``path``, ``annotations``, ``no_annotations``,
``version``, ``full``, ``sabs`` (RxNorm sources, default ``["RXNORM"]``), ``check_digits`` (SNOMED CT:
``false`` accepts test data whose SCTIDs fail the Verhoeff check; default ``true``).
Relative paths are read from the file's folder.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from loaders.errors import SourceFormatError
from loaders.registry import LOADERS, LoadRequest

_KEYS = {"source", "path", "annotations", "no_annotations", "version", "full", "sabs", "check_digits"}


def _resolve(sources_file: Path, value: object, field: str) -> Path | None:
    """A path from the sources file; relative ones are read from the file's folder."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise SourceFormatError(sources_file, "must be a string", field=field)
    candidate = Path(value).expanduser()
    return candidate if candidate.is_absolute() else (sources_file.parent / candidate).resolve()


def read_sources_file(path: str | Path) -> list[tuple[str, LoadRequest]]:
    p = Path(path)
    if not p.is_file():
        raise SourceFormatError(p, "file not found")
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise SourceFormatError(p, f"not valid TOML ({exc})") from None
    entries = data.get("release")
    if not isinstance(entries, list) or not entries:
        raise SourceFormatError(p, "no [[release]] tables", field="release")
    out = []
    for index, entry in enumerate(entries, start=1):
        where = f"release[{index}]"
        unknown = set(entry) - _KEYS
        if unknown:
            raise SourceFormatError(p, f"unknown keys {sorted(unknown)}", field=where)
        source = entry.get("source")
        if source not in LOADERS:
            raise SourceFormatError(p, f"source {source!r} is not one of {sorted(LOADERS)}", field=f"{where}.source")

        out.append((source, LoadRequest(
            path=_resolve(p, entry.get("path"), f"{where}.path"),
            annotations=_resolve(p, entry.get("annotations"), f"{where}.annotations"),
            version=str(entry["version"]) if "version" in entry else None,
            no_annotations=bool(entry.get("no_annotations", False)),
            full=bool(entry.get("full", False)),
            sabs=tuple(entry.get("sabs", ["RXNORM"])),
            check_digits=bool(entry.get("check_digits", True)),
        )))
    return out

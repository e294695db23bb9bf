"""Identify source files by content, so a release knows exactly what it was built from."""

from __future__ import annotations

import hashlib
import tempfile
import zipfile
from pathlib import Path

from loaders.errors import SourceFormatError
from loaders.records import SourceFile


def describe_file(path: str | Path) -> SourceFile:
    """Return name, size and sha256 of ``path``; a missing file is a clear error."""
    p = Path(path)
    if not p.is_file():
        raise SourceFormatError(p, "file not found" if not p.exists() else "not a regular file")
    digest = hashlib.sha256()
    with p.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return SourceFile(path=str(p.resolve()), name=p.name, size=p.stat().st_size, sha256=digest.hexdigest())


def read_utf8(path: str | Path) -> tuple[str, bytes]:
    """A small data file's text and bytes (for its checksum); missing or not UTF-8 is a clear error."""
    p = Path(path)
    try:
        raw = p.read_bytes()
        return raw.decode("utf-8"), raw
    except (FileNotFoundError, IsADirectoryError):
        raise SourceFormatError(p, "file not found") from None
    except UnicodeDecodeError as exc:
        raise SourceFormatError(p, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def unpacked_release(path: str | Path, what: str) -> Path:
    """A release folder as it is, or a zip extracted once into a temporary folder."""
    p = Path(path)
    if p.is_dir():
        return p
    if p.is_file() and zipfile.is_zipfile(p):
        target = Path(tempfile.mkdtemp(prefix="clinigraph-release-"))
        with zipfile.ZipFile(p) as archive:
            archive.extractall(target)
        return target
    raise SourceFormatError(p, f"{what} folder or zip not found" if not p.exists() else f"not a {what} folder or zip")

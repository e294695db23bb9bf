"""Identify source files by content, so a release knows exactly what it was built from."""

from __future__ import annotations

import hashlib
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

"""Zipped releases: extracted once per process, removed when it ends, and named by their place in the zip.

SNOMED CT, LOINC and others ship as zips. Describing a release and parsing it each locate its files, and a
full SNOMED CT release unpacks to gigabytes, so a zip is extracted once per process (again only if the zip
itself changed) and the folder is removed when the process exits; every extraction used to stay in the
temporary folder. What a person reads — a file's path in the release's provenance, a format error — names
the member inside the zip (``…/release.zip!/Snapshot/Terminology/sct2_Concept_….txt``, the convention of
JAR URLs), not a temporary folder that is gone by the time anyone looks.

This module imports nothing of the project, so :mod:`loaders.errors` can use it.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
import threading
import zipfile
from pathlib import Path

#: The separator between a zip and a member's path inside it.
MEMBER_SEPARATOR = "!/"

_lock = threading.Lock()
#: (the zip's resolved path, size, modification time in ns) → the folder it was extracted into.
_extracted: dict[tuple[str, int, int], Path] = {}
#: An extraction folder → the zip it came from.
_origin: dict[Path, Path] = {}


def extracted(archive: str | Path) -> Path:
    """The folder holding ``archive``'s members: extracted on first use in this process, reused after."""
    zip_path = Path(archive).resolve()
    stat = zip_path.stat()
    key = (str(zip_path), stat.st_size, stat.st_mtime_ns)
    with _lock:
        folder = _extracted.get(key)
        if folder is not None and folder.is_dir():
            return folder
        folder = Path(tempfile.mkdtemp(prefix="clinigraph-release-"))
        try:
            with zipfile.ZipFile(zip_path) as members:
                members.extractall(folder)
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        _extracted[key] = folder
        _origin[folder] = zip_path
        return folder


def shown_path(path: str | Path) -> str:
    """``path`` as a person should read it: a file of an extracted zip as ``<zip>!/<member>``."""
    p = Path(path)
    with _lock:
        origins = list(_origin.items())
    for folder, zip_path in origins:
        if p.is_relative_to(folder):
            return f"{zip_path}{MEMBER_SEPARATOR}{p.relative_to(folder).as_posix()}"
    return str(path)


def remove_extracted() -> None:
    """Remove every folder this process extracted (at exit; a test may call it sooner)."""
    with _lock:
        folders = list(_origin)
        _extracted.clear()
        _origin.clear()
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)


atexit.register(remove_extracted)

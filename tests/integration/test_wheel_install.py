"""clinigraph as a user installs it: a wheel built from this checkout, in a clean venv, run away from it.

Everything the program reads besides code — the schema migrations, the saved queries, the data tables of
``graph/resources`` and the bundled decks — must travel in the wheel and be found through the installed
packages; a path relative to the checkout works in the checkout and nowhere else. So the wheel is built,
installed with its dependencies into a venv under a temporary folder, and the installed ``clinigraph``
is run from that folder against the test server: ``neo4j start``, ``schema apply``, ``load icd10cm``,
``ingest`` and ``serve``, each checked on its output.

The wheel is built from a copy of the checkout: building in place leaves ``build/`` and an egg-info in
the work tree, and setuptools packs whatever a previous build left in ``build/lib``, so a file deleted
from the checkout could still ship and pass here.

Cost on the 2-CPU machine: 1.5 to 2.5 minutes besides the test server's start — the wheel 5 s, the venv
and its dependencies 25 s from pip's cache (pip still asks the package index; with no cache, minutes),
the full ICD-10-CM 2026 load 30 s idle and 95 s with the machine busy (bench/RESULTS.md), the other
steps 1 to 4 s each.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import httpx
import pytest

from graph.store.runtime import free_port
from tests.conftest import cli_env, wipe

from .helpers import count

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
#: Not source: local environments, caches and earlier build output.
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache",
                                    ".hypothesis", ".schemathesis", ".clinigraph", "out")


def build_wheel(out: Path) -> Path:
    source = out / "source"
    shutil.copytree(REPO, source, ignore=NOT_SOURCE)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(source)],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stdout + built.stderr
    [wheel] = out.glob("clinigraph-*.whl")
    return wheel


def install(wheel: Path, venv: Path) -> Path:
    """A clean venv (no system site-packages, nothing of this checkout) holding the wheel and its dependencies."""
    made = subprocess.run([sys.executable, "-m", "venv", str(venv)], capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    installed = subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)],
                               capture_output=True, text=True, timeout=900)
    assert installed.returncode == 0, installed.stdout[-3000:] + installed.stderr[-3000:]
    return python


def installed_env(settings, keys_file: Path) -> dict[str, str]:
    """The test server's environment, without anything that would import this checkout instead of the wheel."""
    env = cli_env(settings)
    for variable in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"):
        env.pop(variable, None)
    env["CLINIGRAPH_API_KEYS_FILE"] = str(keys_file)
    return env


def test_the_wheel_installed_in_a_clean_venv_runs_from_anywhere(driver, neo4j_settings, tmp_path):
    assert not tmp_path.resolve().is_relative_to(REPO)
    wheel = build_wheel(tmp_path / "dist")

    names = zipfile.ZipFile(wheel).namelist()
    assert {n.split("/")[0] for n in names if ".dist-info/" not in n} == {"api", "cypher", "graph", "loaders"}
    for folder in ("cypher/schema", "cypher/queries", "cypher/audit", "graph/resources", "loaders/resources/material"):
        shipped = sorted(n.removeprefix(folder + "/") for n in names if n.startswith(folder + "/"))
        in_checkout = sorted(p.name for p in (REPO / folder).iterdir() if p.is_file())
        assert shipped == in_checkout, folder
    assert "cypher/BROWSER.md" in names and "cypher/__init__.py" in names
    entry_points = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "clinigraph = api.cli:main" in entry_points

    python = install(wheel, tmp_path / "venv")
    clinigraph = tmp_path / "venv" / "bin" / "clinigraph"
    elsewhere = tmp_path / "work"
    elsewhere.mkdir()
    env = installed_env(neo4j_settings, tmp_path / "api-keys.json")

    def run(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(clinigraph), *args], capture_output=True, text=True, env=env, cwd=elsewhere,
                              timeout=timeout)

    where = subprocess.run([str(python), "-c", "import api, cypher, graph, loaders; print(cypher.__file__)"],
                           capture_output=True, text=True, env=env, cwd=elsewhere)
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).is_relative_to(tmp_path / "venv"), where.stdout

    # An empty graph whose schema ledger is empty too: `schema apply` must find and apply every file.
    wipe(driver, neo4j_settings.database)
    driver.execute_query("MATCH (m:SchemaMigration) DELETE m", database_=neo4j_settings.database)

    started = run("neo4j", "start")
    assert started.returncode == 0, started.stderr
    assert " is up." in started.stdout or "nothing to start" in started.stdout, started.stdout

    schema = run("schema", "apply")
    assert schema.returncode == 0, schema.stderr
    migrations = sorted(p.stem for p in (REPO / "cypher" / "schema").glob("*.cypher"))
    assert schema.stdout.split() == ["Applied:", *(f"{m}," for m in migrations[:-1]), migrations[-1]], schema.stdout
    assert count(driver, "MATCH (m:SchemaMigration) RETURN count(m)") == len(migrations)

    loaded = run("load", "icd10cm")
    assert loaded.returncode == 0, loaded.stderr
    assert "Loaded ICD10CM@2026:" in loaded.stdout, loaded.stdout

    ingested = run("ingest")
    assert ingested.returncode == 0, ingested.stderr
    decks = sorted(p.name for p in (REPO / "loaders" / "resources" / "material").glob("*.jsonl"))
    assert [line.split(":")[0] for line in ingested.stdout.splitlines() if ": document " in line] == decks
    assert count(driver, "MATCH (d:Document) RETURN count(d)") == len(decks)

    made_key = run("keys", "add", "wheel-test", "--role", "reviewer")
    assert made_key.returncode == 0, made_key.stderr
    key = made_key.stdout.strip()
    assert key.startswith("cg_")

    port = free_port()
    server = subprocess.Popen([str(clinigraph), "serve", "--port", str(port)], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, env=env, cwd=elsewhere)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, server.communicate()[0]
            try:
                health = httpx.get(f"{base}/health", timeout=5)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "clinigraph serve did not answer within 60 s"
                time.sleep(0.3)
        assert health.status_code == 200 and health.json()["neo4j"] == "ok", health.text
        assert health.json()["releases"] >= 1

        assert httpx.get(f"{base}/v1/concepts/ICD10CM/E11.22", timeout=30).status_code == 401
        concept = httpx.get(f"{base}/v1/concepts/ICD10CM/E11.22", headers={"Authorization": f"Bearer {key}"},
                            timeout=30)
        assert concept.status_code == 200, concept.text
        assert concept.json()["display"] == "Type 2 diabetes mellitus with diabetic chronic kidney disease"
    finally:
        server.terminate()
        try:
            output, _ = server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            raise
    # uvicorn ends on SIGTERM by re-raising it once it has shut down cleanly.
    assert server.returncode in (0, -signal.SIGTERM) and "Application shutdown complete." in output, output
    assert os.listdir(elsewhere) == [], "the installed program wrote into its working folder"

"""ruff and mypy stay clean: style and type faults fail the suite like any other bug."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_is_clean():
    done = run("ruff", "check", "graph", "loaders", "api", "tests", "bench")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_is_clean():
    done = run("mypy")
    assert done.returncode == 0, done.stdout + done.stderr

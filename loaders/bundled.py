"""Locate data files that PyPI packages ship, without importing those packages.

Importing ``simple_icd_10_cm`` parses its whole XML at import time (minutes of
CPU); we only want the file. ``find_spec`` on a top-level package finds its
folder without executing it.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from loaders.errors import ClinigraphError


def package_data_file(package: str, relative: str) -> Path:
    """Path of ``relative`` inside installed ``package``; a clear error if it is missing."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ClinigraphError(f"the package {package!r} is not installed (pip install {package.replace('_', '-')})")
    for folder in spec.submodule_search_locations:
        candidate = Path(folder) / relative
        if candidate.exists():
            return candidate
    raise ClinigraphError(f"{relative} not found in the installed package {package!r}")

"""What every curated data file's tests check the same way: a bad entry is one error naming the file, the line
and the field (graph/resources/*.toml, read through loaders.toml_tables)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from loaders.errors import SourceFormatError


def assert_one_error(load: Callable[[Path], Any], path: Path, text: str, line: int, field: str,
                     problem: str) -> SourceFormatError:
    """Write ``text`` to ``path``, load it, and check the one error names the file, ``line`` and ``field`` and
    says ``problem``; the error, for what a caller checks beside."""
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceFormatError) as caught:
        load(path)
    error = caught.value
    assert (error.line, error.field) == (line, field) and problem in str(error)
    assert str(path) in str(error)
    return error

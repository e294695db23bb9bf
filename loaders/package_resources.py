"""Files clinigraph ships inside its own packages (schema, saved queries, data tables, bundled decks).

They are reached through :mod:`importlib.resources` from the package that holds them, never by a
path relative to this checkout: an installed wheel has no checkout, and ``cypher/`` or
``graph/resources/`` sit wherever the wheel put them. Callers glob folders and name files in
messages, so a :class:`~pathlib.Path` is returned; wheels install unzipped, where
``importlib.resources.files`` already answers with real paths.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def shipped_path(package: str, *parts: str) -> Path:
    """The file or folder ``parts`` inside the installed ``package`` (``shipped_path("cypher", "schema")``)."""
    resource = files(package)
    for part in parts:
        resource = resource / part
    return Path(str(resource))

"""Where clinigraph keeps what it fetched once for every instance on the machine.

The Neo4j jars (``graph.store.distribution``) and the PyPI wheels whose data files the open-ontology
loaders read (:mod:`loaders.wheels`) live here. ``graph.settings.Settings.cache`` takes its default from
:data:`DEFAULT_CACHE`, and passes ``CLINIGRAPH_CACHE`` on to every subprocess it starts, so a loader (which
must not import ``graph``) finds the same folder by :func:`cache_folder`.
"""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_CACHE = Path.home() / ".cache" / "clinigraph"
CACHE_VARIABLE = "CLINIGRAPH_CACHE"


def cache_folder() -> Path:
    """The cache folder ``CLINIGRAPH_CACHE`` names, else :data:`DEFAULT_CACHE`."""
    named = os.environ.get(CACHE_VARIABLE)
    return Path(named).expanduser() if named else DEFAULT_CACHE

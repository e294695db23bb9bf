"""The ``clinigraph`` command: run Neo4j, apply the schema, load releases, build the derived layers, serve.

One module per command group, imported here in the order ``clinigraph --help`` lists them: loads
(``store``), ``verify``, ``extraction``, ``relevance``, ``serving``, then the groups ``neo4j``,
``schema``, ``evaluate`` and ``keys``. :mod:`api.cli.base` holds the app and the entry point.
"""

# Imported to register their commands, in the order of --help (registration order): keep it.
# isort: off
from api.cli import store  # noqa: F401
from api.cli import verify  # noqa: F401
from api.cli import extraction  # noqa: F401
from api.cli import relevance  # noqa: F401
from api.cli import serving  # noqa: F401
from api.cli import neo4j_server  # noqa: F401
from api.cli import schema  # noqa: F401
from api.cli import evaluate  # noqa: F401
from api.cli import keys  # noqa: F401
# isort: on
from api.cli.base import app, main

__all__ = ["app", "main"]

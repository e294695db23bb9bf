"""What every command module shares: the ``clinigraph`` app, its consoles, the entry point and the
server handles; the commands live in one module per group (``api/cli/__init__.py`` lists them).

Every failure clinigraph anticipates ends as one line on stderr (``error: …``) and exit code 1;
nothing prints a traceback at a user for a bad file.
"""

from __future__ import annotations

import typer
from rich.console import Console
from rich.markup import escape

from graph.settings import get_settings
from loaders.errors import ClinigraphError

app = typer.Typer(
    add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
    help="clinigraph: an open clinical knowledge graph on Neo4j.",
)

out = Console(soft_wrap=True)
err = Console(stderr=True)


def _runtime():  # noqa: ANN202 - small factory
    from graph.store.runtime import Neo4jRuntime

    return Neo4jRuntime(get_settings())


def _driver():  # noqa: ANN202
    """A driver that has reached the server once: a stopped server fails at once, not after retries."""
    from graph.store.connection import open_driver

    driver = open_driver(get_settings())
    try:
        driver.verify_connectivity()
    except Exception:
        driver.close()
        raise
    return driver



def main() -> None:
    """Console entry point: anticipated errors become one line and exit code 1."""
    from neo4j.exceptions import AuthError, ServiceUnavailable, SessionExpired

    try:
        app()
    except ClinigraphError as exc:
        # A file's content can look like Rich markup ("[/b]"): printed as text, never interpreted.
        err.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False, soft_wrap=True)
        raise SystemExit(1) from None
    except (ServiceUnavailable, SessionExpired) as exc:
        err.print(
            f"[red]error:[/red] Neo4j cannot be reached ({type(exc).__name__}); "
            "start it with `clinigraph neo4j start`, or check NEO4J_URI",
            highlight=False, soft_wrap=True,
        )
        raise SystemExit(1) from None
    except AuthError:
        err.print("[red]error:[/red] Neo4j refused the credentials (NEO4J_USER / NEO4J_PASSWORD, "
                  "or the local state.json)", highlight=False, soft_wrap=True)
        raise SystemExit(1) from None



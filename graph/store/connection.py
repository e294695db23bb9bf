"""The one way to get a Neo4j driver: an external server if ``NEO4J_URI`` is set, else the local one."""

from __future__ import annotations

from typing import Any

from neo4j import AsyncDriver, AsyncGraphDatabase, Driver, GraphDatabase, Query, Session

from graph.settings import Settings
from graph.store.runtime import Neo4jRuntime, RuntimeProblem


def connection_target(settings: Settings) -> tuple[str, tuple[str, str]]:
    """The Bolt URI and credentials clinigraph should use, without connecting."""
    if settings.uses_external_server:
        if not settings.external_password:
            raise RuntimeProblem("NEO4J_URI is set but NEO4J_PASSWORD is not")
        return str(settings.external_uri), (settings.external_user, settings.external_password)
    state = Neo4jRuntime(settings).read_state()
    if state is None:
        raise RuntimeProblem(
            f"no local Neo4j in {settings.home}: run `clinigraph neo4j start` or set NEO4J_URI"
        )
    return state.bolt_uri, (state.user, state.password)


def _driver_options(settings: Settings, serving: bool) -> dict[str, Any]:
    return {
        "max_transaction_retry_time": settings.api_retry_seconds if serving else 30.0,
        "max_connection_pool_size": 64,
        "connection_acquisition_timeout": 30.0,
        "connection_timeout": 10.0,
        # Server notifications (e.g. "property key does not exist" on an empty
        # graph) are advice for people typing Cypher, not for a service's logs.
        "notifications_min_severity": "OFF",
    }


def maintenance(statement: str) -> Query:
    """A batched maintenance statement (``CALL … IN TRANSACTIONS`` purges and migrations) with no time limit.

    The generated ``neo4j.conf`` stops any transaction that names no timeout after
    ``db.transaction.timeout`` (15 min); a purge of a SemMedDB-scale release legitimately runs longer,
    and stopping it halfway would leave half a release behind. Only statements that commit in batches of
    their own may ask for this.
    """
    return Query(statement, timeout=0)


def open_driver(settings: Settings, *, serving: bool = False) -> Driver:
    """A driver for the configured server. One per process; close it when done.

    ``serving`` is for the API: transactions are retried for a few seconds only,
    so a request answers 503 quickly while Neo4j is away instead of hanging for
    the driver's default 30 s of retries; loads keep the patient default.
    """
    uri, auth = connection_target(settings)
    return GraphDatabase.driver(uri, auth=auth, **_driver_options(settings, serving))


def open_async_driver(settings: Settings) -> AsyncDriver:
    """The async driver the API answers its hottest calls (verification) with, on its event loop."""
    uri, auth = connection_target(settings)
    return AsyncGraphDatabase.driver(uri, auth=auth, **_driver_options(settings, True))


def open_reviewer_driver(settings: Settings) -> AsyncDriver:
    """An async driver of its own for reviewers' free Cypher (:mod:`graph.review.free_cypher`): a small pool apart
    from the service's, so queries that wait on a slow or silent server cannot take the connections every
    other route needs, and no retries (a reviewer's query is not worth replaying)."""
    uri, auth = connection_target(settings)
    options = {**_driver_options(settings, True), "max_connection_pool_size": 8, "max_transaction_retry_time": 0.0}
    return AsyncGraphDatabase.driver(uri, auth=auth, **options)


def round_trip(driver: Driver, database: str) -> None:
    """One bare ``RETURN 1`` in a read transaction: the cheapest proof that Neo4j answers."""
    driver.execute_query("RETURN 1", database_=database, routing_="r")


async def around_trip(driver: AsyncDriver, database: str) -> None:
    """:func:`round_trip` on the async driver."""
    async with driver.session(database=database, default_access_mode="READ") as session:
        await (await session.run("RETURN 1")).consume()


#: Rows per list in :func:`read_rows`: one Bolt message each.
ROWS_PER_MESSAGE = 5000


def packed(query: str) -> str:
    """``query`` (whose one column is ``row``, a list of values) returning its rows in lists of many.

    The Python driver spends about 40 µs handling each RECORD message, whatever it holds: the lexicon's
    230,000 rows cost more there than the server took to find them. Lists of thousands of rows move the same
    values in a few dozen messages (the real ICD-10-CM's concepts read in 1.2 s instead of 2.8 s).
    """
    return (
        f"CALL () {{ {query} }}\n"
        "WITH collect(row) AS rows\n"
        "UNWIND range(0, size(rows) - 1, $rows_per_message) AS at\n"
        "RETURN rows[at..at + $rows_per_message] AS rows"
    )


def read_rows(session: Session, query: str, **params: Any) -> list[list[Any]]:
    """Every row of ``query`` (one column ``row``, a list of values) as value lists, read as :func:`packed`."""
    chunks = session.execute_read(
        lambda tx: tx.run(packed(query), rows_per_message=ROWS_PER_MESSAGE, **params).value("rows")
    )
    return [row for chunk in chunks for row in chunk]

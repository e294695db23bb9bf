"""Typed dependencies shared by the routers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from neo4j import AsyncDriver, Driver
from starlette.datastructures import State

from graph.verification.anchors import AnchorCache


@dataclass(frozen=True)
class Graph:
    driver: Driver
    database: str
    async_driver: AsyncDriver | None = None
    anchors: AnchorCache | None = None
    reviewer_driver: AsyncDriver | None = None


def graph_of(state: State) -> Graph:
    """The app's driver(s) and database, as its lifespan left them in ``app.state``."""
    return Graph(driver=state.driver, database=state.database, async_driver=getattr(state, "async_driver", None),
                 anchors=getattr(state, "anchors", None), reviewer_driver=getattr(state, "reviewer_driver", None))


async def get_graph(request: Request) -> Graph:
    # async: FastAPI runs a sync dependency in its thread pool, a hop that cost ~0.8 ms per request here.
    return graph_of(request.app.state)


GraphDep = Annotated[Graph, Depends(get_graph)]

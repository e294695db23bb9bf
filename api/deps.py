"""Typed dependencies shared by the routers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from neo4j import Driver


@dataclass(frozen=True)
class Graph:
    driver: Driver
    database: str


def get_graph(request: Request) -> Graph:
    return Graph(driver=request.app.state.driver, database=request.app.state.database)


GraphDep = Annotated[Graph, Depends(get_graph)]

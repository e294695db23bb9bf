"""Provenance chains for reviewers: an edge, a mention, an item, a run or a concept back to its sources.

Every route answers JSON by default and W3C PROV-O JSON-LD with ``format=prov``
(edges and mentions). The work is in :mod:`graph.provenance.chains`; each call is one
read transaction.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse

from api.deps import GraphDep
from api.models import Problem
from graph.provenance.chains import ProvenanceChains, to_prov
from graph.provenance.results import EdgeChain, MentionChain

router = APIRouter(prefix="/provenance", tags=["provenance"])
FormatQ = Annotated[Literal["json", "prov"], Query(description="json (default) or prov: W3C PROV-O JSON-LD")]
_404: dict[int | str, dict[str, Any]] = {404: {"model": Problem}}


def _answer(chain: MentionChain | EdgeChain, fmt: str) -> JSONResponse:
    if fmt == "prov":
        return JSONResponse(to_prov(chain), media_type="application/ld+json")
    return JSONResponse(chain)


@router.get("/edge", responses=_404)
def edge(graph: GraphDep, key: Annotated[str, Query(min_length=3, max_length=300)],
         format: FormatQ = "json") -> JSONResponse:  # noqa: A002 - the query parameter's public name
    """A diagnosis–finding edge: its concepts and releases, the mentions and spans, items, documents and run."""
    return _answer(ProvenanceChains(graph.driver, graph.database).edge(key), format)


@router.get("/mention/{mention_id}", responses=_404)
def mention(graph: GraphDep, mention_id: str,
            format: FormatQ = "json") -> JSONResponse:  # noqa: A002
    """A grounded mention: span, item, document, run, every grounding step and the concept's release."""
    return _answer(ProvenanceChains(graph.driver, graph.database).mention(mention_id), format)


@router.get("/item/{item_id}", responses=_404)
def item(graph: GraphDep, item_id: str,
         version: Annotated[str | None, Query(max_length=64, description="a version hash; default current")] = None
         ) -> JSONResponse:
    """An item version with its documents, all its versions, and the mentions extracted from it."""
    return JSONResponse(ProvenanceChains(graph.driver, graph.database).item(item_id, version))


@router.get("/run/{run_id}", responses=_404)
def run(graph: GraphDep, run_id: str) -> JSONResponse:
    """An extraction run: job, version, parameters, input, times, counts, status."""
    return JSONResponse(ProvenanceChains(graph.driver, graph.database).run(run_id))


@router.get("/concept/{system}/{code}", responses=_404)
def concept(graph: GraphDep, system: str, code: str,
            version: Annotated[str | None, Query(max_length=64)] = None) -> JSONResponse:
    """A concept's release (version, files, checksums), record, and what extraction grounded to it."""
    return JSONResponse(ProvenanceChains(graph.driver, graph.database).concept(system, code, version))

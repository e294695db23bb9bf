from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from api.deps import GraphDep
from api.models import IngredientsOut, Problem
from graph.terminology.medications import ingredients
from graph.terminology.results import IngredientNormalisation

router = APIRouter(tags=["medications"])


@router.get("/rxnorm/{rxcui}/ingredients", response_model=IngredientsOut,
            responses={404: {"model": Problem}, 422: {"model": Problem}})
def rxnorm_ingredients(graph: GraphDep, rxcui: Annotated[str, Path(pattern=r"^\d{1,10}$")]
                        ) -> IngredientNormalisation:
    """Normalise any RxNorm concept (SBD, SCD, pack, PIN …) to its ingredients (TTY IN), with the path taken."""
    return ingredients(graph.driver, graph.database, rxcui)

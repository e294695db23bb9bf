"""Ingredient-level normalisation of RxNorm concepts: the level medication benchmarks score on.

Any RxNorm concept (branded or clinical drug, component, pack, precise
ingredient) is walked along RxNorm's own relationships — tradename_of,
consists_of, contains, has_ingredient, has_precise_ingredient, form_of, has_part —
to the ingredients (TTY IN) it contains. An ingredient normalises to itself.
"""

from __future__ import annotations

from typing import Any

from neo4j import Driver, ManagedTransaction

from graph.store.releases import resolve_release
from graph.terminology.concepts import ConceptNotFoundError, NotLoadedError
from graph.terminology.results import IngredientNormalisation

#: Relationship attributes that lead from a drug towards its ingredients.
TOWARDS_INGREDIENT = ["tradename_of", "consists_of", "contains", "has_ingredient", "has_precise_ingredient",
                      "form_of", "has_part", "has_ingredients"]

_INGREDIENTS = """
MATCH (d:Concept {system: 'RXNORM', code: $rxcui, release: $release})
OPTIONAL MATCH path = (d)-[:RELATED*0..5]->(i:Concept {release: $release, kind: 'IN'})
WHERE all(r IN relationships(path) WHERE r.rela IN $relas)
WITH d, i, min(length(path)) AS steps,
     head(collect([r IN relationships(path) | r.rela])) AS via
RETURN d {.code, .display, .kind} AS drug,
       collect(CASE WHEN i IS NULL THEN null ELSE
         {rxcui: i.code, name: i.display, tty: i.kind, steps: steps, via: via} END) AS ingredients
"""


def ingredients(driver: Driver, database: str, rxcui: str, version: str | None = None) -> IngredientNormalisation:
    """The IN-level ingredients of an RxNorm concept, each with the path that reached it."""
    release = resolve_release(driver, database, "RXNORM", version)
    if release is None:
        raise NotLoadedError("no complete release of RXNORM is loaded")

    def work(tx: ManagedTransaction) -> Any:
        return tx.run(_INGREDIENTS, rxcui=rxcui.strip(), release=release["id"], relas=TOWARDS_INGREDIENT).single()

    with driver.session(database=database, default_access_mode="READ") as session:
        row = session.execute_read(work)
    if row is None:
        raise ConceptNotFoundError(f"{rxcui} is not an RXCUI in release {release['id']}")
    found = sorted(row["ingredients"], key=lambda i: i["name"])
    return {"rxcui": row["drug"]["code"], "display": row["drug"]["display"], "tty": row["drug"]["kind"],
            "ingredients": found, "release": release["id"]}

"""Derived layers and the release instances they stand on: one rule for every job.

Extraction runs, specialty maps and link runs are built from concepts of exact
release instances (``ICD10CM@2026``, or a reload's ``ICD10CM@2026+2``) and
record their ids in ``releases``. When the load lifecycle replaces an instance
(:func:`graph.store.releases.complete_release`), the same transaction marks every
derived layer built on it ``stale``, with the reason: its edges hung on the
replaced instance's concepts, which are purged next. A stale layer answers
nothing in silence — relevance refuses it (:class:`StaleLayerError`, naming the
job to rerun) — and rerunning its job builds a new one on the new instance (the
run's identity includes the instances it read, so the old run is never taken for
it).
"""

from __future__ import annotations

from neo4j import Driver, ManagedTransaction

from graph.store.results import DerivedLayer
from loaders.errors import ConflictError

#: Each derived layer's label, the command that rebuilds it, and whether it is the layer in use.
DERIVED_LAYERS = {
    "ExtractionRun": ("clinigraph extract", "run.status = 'completed'"),
    "SpecialtyMap": ("clinigraph specialties", "run.status = 'completed' AND run.current"),
    "LinkRun": ("clinigraph links", "run.status = 'completed' AND run.current"),
}

_MARK_STALE = {
    label: f"""
    MATCH (run:{label})
    WHERE $replaced IN coalesce(run.releases, CASE WHEN run.icd_release IS NULL THEN [] ELSE [run.icd_release] END)
      AND run.stale IS NULL
    SET run.stale = true, run.stale_since = datetime(),
        run.stale_because = $replaced + ' was replaced by ' + $by
    RETURN run.id AS id
    """
    for label in DERIVED_LAYERS
}

_STALE_IN_USE = {
    label: f"MATCH (run:{label}) WHERE {in_use} AND run.stale RETURN run.id AS id, run.stale_because AS why"
    for label, (_, in_use) in DERIVED_LAYERS.items()
}

_ALL = {
    label: f"""
    MATCH (run:{label})
    RETURN run.id AS id, run.status AS status, coalesce(run.current, run.status = 'completed') AS in_use,
           coalesce(run.releases, CASE WHEN run.icd_release IS NULL THEN [] ELSE [run.icd_release] END) AS releases,
           coalesce(run.stale, false) AS stale,
           run.stale_because AS stale_because, toString(run.finished_at) AS finished_at
    ORDER BY id
    """
    for label in DERIVED_LAYERS
}


class StaleLayerError(ConflictError):
    """A derived layer in use was built on a release instance that has since been replaced."""


def mark_stale(tx: ManagedTransaction, replaced: str, by: str) -> list[str]:
    """Mark every derived layer built on ``replaced`` stale (inside the transaction that replaces it)."""
    marked: list[str] = []
    for query in _MARK_STALE.values():
        marked.extend(r["id"] for r in tx.run(query, replaced=replaced, by=by))
    return marked


def refuse_stale(tx: ManagedTransaction, *labels: str) -> None:
    """Raise :class:`StaleLayerError` if a layer in use of ``labels`` is stale, naming what to rerun."""
    for label in labels:
        row = tx.run(_STALE_IN_USE[label]).single()
        if row is not None:
            raise StaleLayerError(f"the {label} {row['id']} is stale ({row['why']}): its edges are gone with the "
                                  f"replaced release; rerun `{DERIVED_LAYERS[label][0]}`")


def derived_layers(driver: Driver, database: str) -> list[DerivedLayer]:
    """Every derived layer with the instances it stands on and whether it is stale (for stats and releases)."""
    out: list[DerivedLayer] = []
    for label, query in _ALL.items():
        records, _, _ = driver.execute_query(query, database_=database, routing_="r")
        out.extend(DerivedLayer(kind=label, rebuild=DERIVED_LAYERS[label][0], id=r["id"], status=r["status"],
                                in_use=r["in_use"], releases=r["releases"], stale=r["stale"],
                                stale_because=r["stale_because"], finished_at=r["finished_at"])
                   for r in records)
    return out

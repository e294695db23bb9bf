"""Per-release counts, computed from the graph itself so anyone can check a load."""

from __future__ import annotations

from neo4j import Driver

from graph.store.releases import list_releases, stored_counts
from graph.store.results import PhenotypePolarity, ReleaseStats

_CONCEPT_COUNTS = """
MATCH (c:Concept {release: $release})
RETURN c.kind AS kind, count(*) AS n, sum(CASE WHEN c.billable THEN 1 ELSE 0 END) AS billable
"""

_CITES_BY_NOTE = (
    "MATCH ()-[r:CITES]->() WHERE r.release = $release "
    "RETURN r.note_type AS note_type, count(r) AS n ORDER BY note_type"
)
_PHENOTYPES_BY_POLARITY = (
    "MATCH ()-[r:HAS_PHENOTYPE]->() WHERE r.release = $release "
    "RETURN sum(CASE WHEN r.negated THEN 0 ELSE 1 END) AS positive, "
    "sum(CASE WHEN r.negated THEN 1 ELSE 0 END) AS negated"
)
_CONCEPTS_BY_SYSTEM = (
    "MATCH (c:Concept {release: $release}) RETURN c.system AS system, count(*) AS n ORDER BY system"
)


def release_stats(driver: Driver, database: str, *, include_incomplete: bool = False) -> list[ReleaseStats]:
    """Every release with concept counts by kind, billable codes and edges by type."""
    out = []
    for release in list_releases(driver, database, include_incomplete=include_incomplete):
        rid = release["id"]
        rows, _, _ = driver.execute_query(_CONCEPT_COUNTS, release=rid, database_=database)
        by_kind = {r["kind"]: r["n"] for r in rows}
        # Edges of each allowed type, one query per type on its (type, release) index, as a reload counts them.
        edges = {t: n for t, n in stored_counts(driver, database, rid).items() if t != "concepts"}
        cites, _, _ = driver.execute_query(_CITES_BY_NOTE, release=rid, database_=database)
        systems, _, _ = driver.execute_query(_CONCEPTS_BY_SYSTEM, release=rid, database_=database)
        stats = ReleaseStats(
            release=rid,
            system=release["system"],
            version=release["version"],
            status=release["status"],
            current=release["current"],
            files=release["files"],
            concepts=sum(by_kind.values()),
            concepts_by_system={r["system"]: r["n"] for r in systems},
            concepts_by_kind=dict(sorted(by_kind.items())),
            billable_codes=sum(r["billable"] for r in rows),
            edges_by_type=edges,
            citations_by_note_type={r["note_type"]: r["n"] for r in cites},
            report=release["report"] or [],
        )
        if "HAS_PHENOTYPE" in edges:
            recs, _, _ = driver.execute_query(_PHENOTYPES_BY_POLARITY, release=rid, database_=database)
            stats["phenotype_annotations"] = PhenotypePolarity(positive=recs[0]["positive"],
                                                               negated=recs[0]["negated"])
        out.append(stats)
    return out

"""Store source material: a document per file content, an item node per item version.

Re-ingesting the same file writes nothing (every node is keyed by content). An
item whose content changed becomes a new ``Item`` version; the version it
replaces stays, marked ``superseded`` with a ``SUPERSEDES`` edge from the new
one, so the edges extracted from it can be flagged stale rather than lost.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from neo4j import Driver, ManagedTransaction

from loaders.files import describe_file
from loaders.material import Candidate, Item, LineProblem, read_material


@dataclass
class IngestResult:
    document_sha256: str
    document_id: str
    items_read: int = 0
    created: int = 0
    unchanged: int = 0
    superseded: int = 0
    problems: list[LineProblem] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "document": {"id": self.document_id, "sha256": self.document_sha256},
            "items_read": self.items_read, "created": self.created, "unchanged": self.unchanged,
            "superseded": self.superseded, "rejected_lines": [str(p) for p in self.problems],
        }


_DOCUMENT = """
MERGE (d:Document {sha256: $sha256})
ON CREATE SET d.id = $id, d.title = $title, d.name = $name, d.path = $path, d.size = $size,
              d.metadata = $metadata, d.ingested_at = datetime(), d.rejected_lines = $rejected,
              d.items = $items
"""

_ITEMS = """
UNWIND $rows AS row
MATCH (d:Document {sha256: $sha256})
OPTIONAL MATCH (existing:Item {uid: row.uid})
WITH d, row, existing
CALL (d, row, existing) {
  WITH d, row, existing WHERE existing IS NULL
  OPTIONAL MATCH (old:Item {item_id: row.item_id, status: 'current'})
  CREATE (i:Item {uid: row.uid})
  SET i += row.props, i.status = 'current', i.ingested_at = datetime()
  CREATE (i)-[:FROM_DOCUMENT {line: row.line}]->(d)
  FOREACH (o IN CASE WHEN old IS NULL THEN [] ELSE [old] END |
    SET o.status = 'superseded', o.superseded_at = datetime(), o.superseded_by = row.uid
    CREATE (i)-[:SUPERSEDES]->(o))
  RETURN CASE WHEN old IS NULL THEN 'created' ELSE 'superseded' END AS outcome
UNION
  WITH d, row, existing WHERE existing IS NOT NULL
  MERGE (existing)-[f:FROM_DOCUMENT]->(d) ON CREATE SET f.line = row.line
  RETURN 'unchanged' AS outcome
}
RETURN outcome, count(*) AS n
"""


def _item_row(item: Item) -> dict[str, Any]:
    return {
        "uid": item.uid, "item_id": item.id, "line": item.line,
        "props": {
            "item_id": item.id, "version": item.version, "kind": item.kind, "text": item.text,
            "sections": json.dumps({name: list(values) for name, values in item.sections}, ensure_ascii=False),
            "section_names": [name for name, _ in item.sections],
            "metadata": item.metadata_json,
            "candidates": json.dumps([_candidate_dict(c) for c in item.candidates], ensure_ascii=False),
        },
    }


def _candidate_dict(c: Any) -> dict[str, Any]:
    return {k: getattr(c, k) for k in c.__slots__ if getattr(c, k) is not None}


def ingest(driver: Driver, database: str, path: str | Path, *, batch_size: int = 500) -> IngestResult:
    """Store ``path``'s document and items; bad lines are reported, the rest stored."""
    described = describe_file(path)
    document, items, problems = read_material(path)
    result = IngestResult(document_sha256=described.sha256, document_id=document.id, items_read=len(items),
                          problems=problems)

    def work(tx: ManagedTransaction) -> None:
        tx.run(_DOCUMENT, sha256=described.sha256, id=document.id, title=document.title, name=described.name,
               path=described.path, size=described.size, metadata=document.metadata_json,
               rejected=[str(p) for p in problems], items=len(items)).consume()
        for start in range(0, len(items), batch_size):
            rows = [_item_row(i) for i in items[start:start + batch_size]]
            for rec in tx.run(_ITEMS, rows=rows, sha256=described.sha256):
                setattr(result, rec["outcome"], getattr(result, rec["outcome"]) + rec["n"])

    # One transaction: a document is stored with all its items or not at all.
    with driver.session(database=database) as session:
        session.execute_write(work)
    return result


def current_items(driver: Driver, database: str, item_ids: list[str] | None = None,
                  document_sha256: str | None = None) -> list[Item]:
    """The current version of the items asked for (all current items by default), as ``Item`` records."""
    records, _, _ = driver.execute_query(
        """
        MATCH (i:Item {status: 'current'})
        WHERE ($ids IS NULL OR i.item_id IN $ids)
          AND ($sha IS NULL OR EXISTS { (i)-[:FROM_DOCUMENT]->(:Document {sha256: $sha}) })
        RETURN i {.*} AS i ORDER BY i.item_id
        """,
        ids=item_ids, sha=document_sha256, database_=database, routing_="r",
    )
    return [item_from_node(r["i"]) for r in records]


def item_from_node(props: dict[str, Any]) -> Item:
    """Rebuild the typed item from its stored node (the inverse of ``_item_row``)."""
    sections = json.loads(props["sections"])
    return Item(
        id=props["item_id"], kind=props["kind"], text=props["text"],
        sections=tuple((name, tuple(values)) for name, values in sections.items()),
        metadata_json=props["metadata"],
        candidates=tuple(Candidate(**c) for c in json.loads(props["candidates"])),
        line=0, version=props["version"],
    )

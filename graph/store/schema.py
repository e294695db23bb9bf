"""Apply the numbered Cypher files under ``cypher/schema/`` once each, in order.

Most files are constraints and indexes; a file may also hold a batched data
migration (``CALL … IN TRANSACTIONS``), run in an auto-commit transaction.

A ``SchemaMigration`` node per file records its name and checksum, so applying
is idempotent and an edited, already-applied file is reported instead of being
silently re-run or ignored.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from neo4j import Driver

from graph.store.connection import maintenance
from loaders.errors import UnavailableError
from loaders.package_resources import shipped_path

SCHEMA_DIR = shipped_path("cypher", "schema")

_LEDGER_CONSTRAINT = (
    "CREATE CONSTRAINT schema_migration_id IF NOT EXISTS "
    "FOR (m:SchemaMigration) REQUIRE m.id IS UNIQUE"
)


_IN_TRANSACTIONS = re.compile(r"\bIN\s+TRANSACTIONS\b", re.IGNORECASE)


class SchemaDriftError(UnavailableError):
    """An applied schema file was changed afterwards; add a new numbered file instead."""


@dataclass(frozen=True)
class Migration:
    id: str
    path: Path
    checksum: str
    statements: tuple[str, ...]


def split_statements(text: str) -> list[str]:
    """Statements of a schema file: ``//`` comments dropped, split on ``;`` at line ends.

    >>> split_statements("// c\\nCREATE INDEX a IF NOT EXISTS FOR (n:X) ON (n.y);\\n")
    ['CREATE INDEX a IF NOT EXISTS FOR (n:X) ON (n.y)']
    """
    lines = [ln for ln in text.splitlines() if not ln.strip().startswith("//")]
    parts = re.split(r";\s*$", "\n".join(lines), flags=re.MULTILINE)
    return [" ".join(p.split()) for p in parts if p.strip()]


def migrations(directory: Path = SCHEMA_DIR) -> list[Migration]:
    found = []
    for path in sorted(directory.glob("[0-9][0-9][0-9][0-9]_*.cypher")):
        text = path.read_text()
        found.append(
            Migration(
                id=path.stem,
                path=path,
                checksum=hashlib.sha256(text.encode()).hexdigest(),
                statements=tuple(split_statements(text)),
            )
        )
    return found


def apply_schema(driver: Driver, database: str, directory: Path = SCHEMA_DIR) -> list[str]:
    """Apply pending migrations and wait for indexes; return the ids applied now."""
    driver.execute_query(_LEDGER_CONSTRAINT, database_=database)
    records, _, _ = driver.execute_query(
        "MATCH (m:SchemaMigration) RETURN m.id AS id, m.checksum AS checksum", database_=database
    )
    applied = {r["id"]: r["checksum"] for r in records}
    done = []
    for migration in migrations(directory):
        if migration.id in applied:
            if applied[migration.id] != migration.checksum:
                raise SchemaDriftError(
                    f"{migration.path.name} changed after it was applied; "
                    "schema changes go in a new numbered file"
                )
            continue
        for statement in migration.statements:
            if _IN_TRANSACTIONS.search(statement):
                # A batched data migration must run in an auto-commit transaction of its own.
                with driver.session(database=database) as session:
                    session.run(maintenance(statement)).consume()
            else:
                driver.execute_query(statement, database_=database)
        driver.execute_query(
            "MERGE (m:SchemaMigration {id: $id}) SET m.checksum = $checksum, m.applied_at = datetime()",
            id=migration.id, checksum=migration.checksum, database_=database,
        )
        done.append(migration.id)
    driver.execute_query("CALL db.awaitIndexes(300)", database_=database)
    return done

"""Relation records parked in a temporary file while a release's concepts stream in.

Both sinks write every concept before the edges between them, so the edges wait on disk (Python memory
stays flat however large the release). They are pickled a chunk at a time, each record as the plain tuple
of its fields: one ``pickle.dump`` per record cost 10 s of the 313,572 HPO edges' load, one per thousand
about a third of that, and a thousand tuples instead of a thousand frozen dataclasses (whose pickling goes
through ``dataclasses.fields`` for every record) half of that again (bench/RESULTS.md).
"""

from __future__ import annotations

import operator
import pickle
import tempfile
from collections.abc import Iterator
from dataclasses import fields
from types import TracebackType

from loaders.records import RelationRecord

#: A record's fields in declaration order: ``RelationRecord(*_as_tuple(r)) == r``.
_as_tuple = operator.attrgetter(*(f.name for f in fields(RelationRecord)))


class EdgeSpool:
    """Add records, then read them back once, in the order they came."""

    def __init__(self, chunk: int = 1000) -> None:
        self._file = tempfile.TemporaryFile()  # noqa: SIM115 - closed by __exit__
        self._chunk_size = chunk
        self._chunk: list[tuple[object, ...]] = []

    def add(self, record: RelationRecord) -> None:
        self._chunk.append(_as_tuple(record))
        if len(self._chunk) >= self._chunk_size:
            self._flush()

    def _flush(self) -> None:
        if self._chunk:
            pickle.dump(self._chunk, self._file, protocol=pickle.HIGHEST_PROTOCOL)
            self._chunk = []

    def drain(self) -> Iterator[RelationRecord]:
        """Every record added, in order (read from the start of the file)."""
        self._flush()
        self._file.seek(0)
        while True:
            try:
                chunk: list[tuple[object, ...]] = pickle.load(self._file)
            except EOFError:
                return
            for values in chunk:
                yield RelationRecord(*values)  # type: ignore[arg-type]

    def __enter__(self) -> EdgeSpool:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._file.close()

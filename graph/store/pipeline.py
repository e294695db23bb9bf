"""The writer's transactions on a thread of their own, so parsing the next batch overlaps the server's work.

A load through the driver alternates two kinds of work: Python parses records and builds a batch, then
waits while the server writes it. Done one after the other, the release takes the sum of both; with the
batches handed to one sender thread (the driver releases the GIL while it waits on the socket), it takes
little more than the larger. The batches still run one at a time and in order, so nothing about a load's
transactions changes: the same statements, the same commit order, the same retries.

At most ``depth`` batches wait to be sent, so memory stays bounded. The first failure stops the sender: the
batches after it are dropped, and the error is raised in the loading thread at its next hand-over (or when
it drains the pipeline). :meth:`BatchSender.close` waits for the batch on the wire to finish, so when a load
fails and its instance is purged, no write of it is still in flight.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from types import TracebackType

Job = Callable[[], None]


class BatchSender:
    """Run jobs in order on one thread; raise the first job's error in the thread that hands them over."""

    def __init__(self, depth: int = 1) -> None:
        self._jobs: queue.Queue[Job | None] = queue.Queue(maxsize=depth)
        self._error: BaseException | None = None
        self._cancelled = False
        self._thread = threading.Thread(target=self._run, name="clinigraph-writer", daemon=True)
        self._thread.start()

    def submit(self, job: Job) -> None:
        """Hand ``job`` over; blocks while ``depth`` jobs wait. Raises an earlier job's error instead."""
        self._raise_failure()
        self._jobs.put(job)

    def drain(self) -> None:
        """Wait until every job handed over has run; raise the first error among them."""
        self._jobs.join()
        self._raise_failure()

    def close(self, *, cancel: bool = False) -> None:
        """Stop the thread once the jobs handed over have run (``cancel``: once the running one has)."""
        self._cancelled = self._cancelled or cancel
        self._jobs.put(None)
        self._thread.join()

    def _raise_failure(self) -> None:
        if self._error is not None:
            error, self._error = self._error, None
            self._cancelled = True
            raise error

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            try:
                if job is None:
                    return
                if not self._cancelled and self._error is None:
                    job()
            except BaseException as exc:  # handed to the loading thread, which decides
                self._error = exc
            finally:
                self._jobs.task_done()

    def __enter__(self) -> BatchSender:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close(cancel=error is not None)
        if error is None:
            self._raise_failure()

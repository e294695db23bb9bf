"""The writer's sender thread: jobs run one at a time and in order; the first failure stops it and reaches
the loading thread; nothing is still running once it is closed."""

from __future__ import annotations

import threading
import time

import pytest

from graph.store.pipeline import BatchSender


def test_jobs_run_in_order_on_another_thread():
    ran: list[tuple[int, str]] = []
    with BatchSender(depth=2) as sender:
        for i in range(20):
            sender.submit(lambda i=i: ran.append((i, threading.current_thread().name)))
        sender.drain()
        assert [i for i, _ in ran] == list(range(20))
    assert {name for _, name in ran} == {"clinigraph-writer"}


def test_the_first_failure_drops_the_later_jobs_and_is_raised_at_the_next_hand_over():
    ran: list[int] = []

    def fail() -> None:
        raise ValueError("batch 2 refused")

    sender = BatchSender(depth=1)
    sender.submit(lambda: ran.append(1))
    sender.submit(fail)
    sender.submit(lambda: ran.append(3))  # may be queued before the failure is seen: it must not run
    with pytest.raises(ValueError, match="batch 2 refused"):
        for i in range(4, 100):
            sender.submit(lambda i=i: ran.append(i))
            time.sleep(0.01)
        sender.drain()
    sender.close()
    assert ran == [1]


def test_a_failure_in_the_loading_thread_waits_for_the_batch_on_the_wire_and_drops_the_rest():
    started, release = threading.Event(), threading.Event()
    done: list[str] = []

    def slow() -> None:
        started.set()
        release.wait(5)
        done.append("slow")

    with pytest.raises(KeyError), BatchSender(depth=2) as sender:
        sender.submit(slow)
        sender.submit(lambda: done.append("queued"))
        started.wait(5)
        threading.Timer(0.2, release.set).start()
        raise KeyError("a bad line in the file")
    assert done == ["slow"]  # the running batch finished before the error went on; the queued one never ran


def test_an_error_of_the_last_job_is_raised_on_leaving():
    def fail() -> None:
        raise RuntimeError("last batch lost")

    with pytest.raises(RuntimeError, match="last batch lost"), BatchSender() as sender:
        sender.submit(fail)

"""The outage memory behind the API's immediate 503s (api/outage.py), on a clock the test moves."""

from __future__ import annotations

from api.outage import Outage


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_requests_are_held_after_a_failure_then_one_probe_at_a_time():
    clock = Clock()
    outage = Outage(hold_seconds=2.0, clock=clock)
    first = outage.admit()
    assert first is not None
    outage.unreachable()
    outage.answered(first, 503)
    clock.now += 1.0
    assert outage.admit() is None and outage.held_for() == 1.0  # within the hold
    clock.now += 1.5
    probe = outage.admit()
    assert probe is not None
    assert outage.admit() is None, "a second request waits while the probe is out"
    outage.unreachable()  # the probe failed too: a new hold
    outage.answered(probe, 503)
    clock.now += 2.5
    probe = outage.admit()
    assert probe is not None
    outage.answered(probe, 200)  # Neo4j answered
    assert outage.since is None and outage.admit() is not None and outage.admit() is not None


def test_an_answer_from_before_the_outage_does_not_end_it():
    clock = Clock()
    outage = Outage(hold_seconds=2.0, clock=clock)
    slow = outage.admit()
    assert slow is not None
    clock.now += 0.5
    outage.unreachable()  # another request found Neo4j gone meanwhile
    outage.answered(slow, 200)  # the slow one had reached Neo4j before it went
    assert outage.since is not None and outage.admit() is None


def test_a_probe_that_ends_without_a_verdict_on_neo4j_frees_the_next_probe():
    clock = Clock()
    outage = Outage(hold_seconds=0.0, clock=clock)
    outage.unreachable()
    clock.now += 0.1
    probe = outage.admit()
    assert probe is not None
    outage.answered(probe, 503)  # e.g. a misconfiguration 503: Neo4j's state is still unknown
    assert outage.since is not None
    assert outage.admit() is not None, "the next request may probe"


def test_a_probe_cut_off_without_an_answer_does_not_end_the_outage():
    clock = Clock()
    outage = Outage(hold_seconds=0.0, clock=clock)
    outage.unreachable()
    clock.now += 0.1
    probe = outage.admit()
    assert probe is not None
    outage.answered(probe, 0)  # cancelled by the request time limit before any answer
    assert outage.since is not None
    probe = outage.admit()
    assert probe is not None
    outage.answered(probe, 500)  # an unforeseen error: Neo4j's state still unknown
    assert outage.since is not None
    probe = outage.admit()
    assert probe is not None
    outage.answered(probe, 404)
    assert outage.since is None

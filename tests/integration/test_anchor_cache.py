"""Remembered crosswalk anchors (graph/verification/anchors.py): the same answers as the walk, and never stale.

A verifier remembers each code's anchors for the current releases; these tests ask the same claims of a
fresh verifier (the walk) and of a warmed one (remembered anchors), then change the current releases —
a newer UMLS release that drops a mapping, and a forced reload of that release id — and check that the
warmed verifier notices on its next call.
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from graph.settings import Settings
from graph.store.connection import open_async_driver
from graph.store.loading import load_release
from graph.verification.verifier import Claim, ClaimedConcept, Thresholds, Verifier
from loaders.registry import LoadRequest, get_loader

from .helpers import DATABASE, load_connected_fixtures

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
BOTH = Thresholds(sources=("literature", "ontology"))
I10 = ClaimedConcept("ICD10CM", "I10")  # reaches the SemMedDB concept C0020538 only through the UMLS crosswalk
STROKE = ClaimedConcept("UMLS", "C0038454")


def cui(value: str) -> ClaimedConcept:
    return ClaimedConcept("UMLS", value)


CLAIMS = [
    Claim(cui("C0020538"), "cause", STROKE),  # supported
    Claim(I10, "cause", STROKE),  # supported through the crosswalk
    Claim(cui("C0000970"), "cause", cui("C0004238")),  # contradicted
    Claim(cui("C0020456"), "cause", cui("C1561643")),  # conflicting
    Claim(cui("C0907402"), "treat", cui("C0020456"), (cui("C0037369"),)),  # conflicting through context
    Claim(cui("C0020456"), "TREATED_BY", cui("C0907402")),  # an inverse phrasing
    Claim(ClaimedConcept("HPO", "HP:0001635"), "associate", cui("C0004238"), thresholds=BOTH),
    Claim(ClaimedConcept("SNOMEDCT", "42343007"), "has_finding", ClaimedConcept("HPO", "HP:0001635"), thresholds=BOTH),
    Claim(ClaimedConcept(name="Hypertension"), "cause", ClaimedConcept(name="Cerebrovascular accident")),  # names
    Claim(cui("C0020538"), "cause", cui("C9999999")),  # unresolved
    Claim(I10, "cause", STROKE, thresholds=Thresholds(hierarchy_steps=1)),  # hierarchy: always walked
]


@pytest.fixture
def graph(driver):
    return load_connected_fixtures(driver)


def test_remembered_anchors_give_the_answers_of_the_walk(graph):
    expected = [Verifier(graph, DATABASE).verify_many([c])[0] for c in CLAIMS]  # a fresh cache per claim
    assert {a["verdict"] for a in expected} >= {"supported", "contradicted", "conflicting", "unresolved"}
    warm = Verifier(graph, DATABASE)
    assert warm.verify_many(CLAIMS) == expected  # with hierarchy steps in it, the batch learns nothing
    assert len(warm.anchors) == 0
    assert warm.verify_many(CLAIMS[:-1]) == expected[:-1]  # through the walk, which fills the cache
    assert len(warm.anchors) >= 12
    for claim, answer in zip(CLAIMS, expected, strict=True):
        assert warm.verify_many([claim]) == [answer], claim
    # A batch from remembered anchors only (a name's codes too, once resolved).
    misses = warm.anchors.misses
    assert warm.verify_many(CLAIMS[:-1]) == expected[:-1]
    assert warm.anchors.misses == misses, "every code was remembered"
    assert warm.anchors.hits >= 2 * len(CLAIMS)


def test_a_claim_with_one_side_remembered_walks_only_the_other(graph):
    warm = Verifier(graph, DATABASE)
    warm.verify(Claim(I10, "cause", cui("C0004238")))
    misses = warm.anchors.misses
    claim = Claim(I10, "cause", STROKE)
    assert warm.verify(claim) == Verifier(graph, DATABASE).verify(claim)
    assert warm.anchors.misses == misses + 1  # the stroke CUI only


def test_the_async_driver_reads_remembered_anchors_too(graph, neo4j_settings: Settings):
    warm = Verifier(graph, DATABASE)
    expected = warm.verify_many(CLAIMS)

    async def ask() -> list[dict]:
        driver = open_async_driver(neo4j_settings)
        try:
            return [(await warm.averify_many(driver, [c]))[0] for c in CLAIMS]
        finally:
            await driver.close()

    hits = warm.anchors.hits
    assert asyncio.run(ask()) == expected
    assert warm.anchors.hits > hits


def _umls_release(tmp_path: Path, version: str, drop: str | None) -> Path:
    """A copy of the UMLS fixture as release ``version``, without the MRCONSO rows of the code ``drop``."""
    meta = tmp_path / version / "META"
    meta.mkdir(parents=True)
    source = FIXTURES / "umls" / "2025AA" / "META"
    shutil.copy(source / "MRSTY.RRF", meta / "MRSTY.RRF")
    lines = (source / "MRCONSO.RRF").read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if drop is None or line.split("|")[13] != drop]
    assert drop is None or len(kept) < len(lines)
    (meta / "MRCONSO.RRF").write_text("".join(kept), encoding="utf-8")
    return tmp_path / version


def _load_umls(driver, path: Path, *, force: bool = False) -> None:
    prepared = get_loader("umls").prepare(LoadRequest(path=path))
    load_release(driver, DATABASE, prepared.info, prepared.parse, force=force)


def test_a_new_release_set_is_noticed_on_the_next_call(graph, tmp_path: Path):
    warm = Verifier(graph, DATABASE)
    before = warm.verify(Claim(I10, "cause", STROKE))
    assert before["verdict"] == "supported" and warm.verify(Claim(I10, "cause", STROKE)) == before
    resets = warm.anchors.resets
    # A newer UMLS release without I10: the ICD-10-CM code no longer reaches the literature's concept.
    _load_umls(graph, _umls_release(tmp_path / "a", "2025AB", drop="I10"))
    after = warm.verify(Claim(I10, "cause", STROKE))
    assert after == Verifier(graph, DATABASE).verify(Claim(I10, "cause", STROKE))
    assert after["verdict"] == "unsupported" and warm.anchors.resets == resets + 1
    # A claim with one code remembered (I10, under the new releases now) and one to walk.
    partly = Claim(I10, "associate", cui("C0004238"))
    assert warm.verify(partly) == Verifier(graph, DATABASE).verify(partly)
    # The same release id reloaded (--force) from files with I10 again: the same ids of current releases,
    # but a new completion time, so the remembered anchors are not trusted.
    assert warm.verify(Claim(I10, "cause", STROKE))["verdict"] == "unsupported"
    _load_umls(graph, _umls_release(tmp_path / "b", "2025AB", drop=None), force=True)
    # Remembered I10 and a new code in one claim: the stale anchors are noticed and the claim walked whole.
    mixed = Claim(I10, "cause", cui("C0018802"))
    assert warm.verify(mixed) == Verifier(graph, DATABASE).verify(mixed)
    again = warm.verify(Claim(I10, "cause", STROKE))
    assert again["verdict"] == "supported" and again == Verifier(graph, DATABASE).verify(Claim(I10, "cause", STROKE))

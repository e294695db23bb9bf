"""Nothing already loaded disappears because a file held nothing of the release's system (issue 17, class
10): `clinigraph load obo` of the Gene Ontology used to publish an empty HPO release that, being newer,
became the current HPO and hid every HPO term."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.store.loading import load_release
from graph.store.releases import list_releases
from loaders.errors import EmptyReleaseError, SourceFormatError
from loaders.records import ReleaseInfo, SourceFile

from .helpers import DATABASE, count, load_hpo, load_source

pytestmark = pytest.mark.integration

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "hpo"


@pytest.fixture
def hpo_loaded(clean_graph):
    load_hpo(clean_graph, FIXTURES / "hp.obo", None)
    return clean_graph


def current(driver) -> list[str]:
    return sorted(r["id"] for r in list_releases(driver, DATABASE))


def test_another_ontology_given_as_hpo_is_refused_and_the_current_hpo_untouched(hpo_loaded):
    """`load obo` of GO now makes a GO release (test_ontology_release.py); given to the HPO loader it is
    refused before anything is written."""
    before = current(hpo_loaded), count(hpo_loaded, "MATCH (c:Concept {system: 'HPO'}) RETURN count(c)")
    with pytest.raises(SourceFormatError, match="not the HPO ontology as OBO"):
        load_source(hpo_loaded, "hpo", FIXTURES / "go_sample.obo", version="2099-01-01")
    assert (current(hpo_loaded), count(hpo_loaded, "MATCH (c:Concept {system: 'HPO'}) RETURN count(c)")) == before
    assert count(hpo_loaded, "MATCH (r:Release {version: '2099-01-01'}) RETURN count(r)") == 0


def test_a_release_without_any_concept_is_refused_and_leaves_nothing_visible(hpo_loaded):
    before = current(hpo_loaded)
    info = ReleaseInfo(system="HPO", version="2099-02-02", files=(
        SourceFile(path=str(FIXTURES / "go_sample.obo"), name="go_sample.obo", size=1, sha256="0" * 64),),
        loader="test", loader_version="0", title="nothing")
    with pytest.raises(EmptyReleaseError, match="HPO@2099-02-02: the source files hold no concept of HPO"):
        load_release(hpo_loaded, DATABASE, info, lambda report: iter(()))
    assert current(hpo_loaded) == before

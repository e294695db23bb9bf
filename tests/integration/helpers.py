"""Small helpers the integration tests share: load a fixture, count what is in the graph."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

from fastapi.testclient import TestClient
from neo4j import Driver

from api.app import create_app
from api.auth import KeyStore
from graph.settings import Settings
from graph.store.loading import LoadResult, load_release
from loaders import icd10cm

DATABASE = "neo4j"


def load_icd(driver: Driver, path: Path, *, version: str | None = None, force: bool = False) -> LoadResult:
    info = icd10cm.describe_release(path, version)
    return load_release(driver, DATABASE, info, lambda report: icd10cm.parse_tabular(path, report), force=force)


def count(driver: Driver, query: str, **params: object) -> int:
    records, _, _ = driver.execute_query(query, database_=DATABASE, **params)
    return int(records[0][0])


def graph_fingerprint(driver: Driver) -> dict[str, int]:
    """Counts of every label and relationship type: equal fingerprints, same graph shape."""
    labels, _, _ = driver.execute_query(
        "MATCH (n) UNWIND labels(n) AS l RETURN l, count(*) AS n ORDER BY l", database_=DATABASE
    )
    rels, _, _ = driver.execute_query(
        "MATCH ()-[r]->() RETURN type(r) AS t, count(*) AS n ORDER BY t", database_=DATABASE
    )
    return {**{f":{r['l']}": r["n"] for r in labels}, **{f"-{r['t']}-": r["n"] for r in rels}}


def load_hpo(driver: Driver, obo: Path, annotations: Path | None, *, version: str | None = None) -> LoadResult:
    from loaders import hpo

    info = hpo.describe_release(obo, annotations, version)
    return load_release(driver, DATABASE, info, lambda report: hpo.parse_release(obo, annotations, report))


def load_source(driver: Driver, source: str, path: Path, **request: object) -> LoadResult:
    """Load a release the way ``clinigraph load SOURCE PATH`` does (registry, release model, writer)."""
    from loaders.registry import LoadRequest, get_loader

    prepared = get_loader(source).prepare(LoadRequest(path=path, **request))  # type: ignore[arg-type]
    return load_release(driver, DATABASE, prepared.info, prepared.parse)


def load_connected_fixtures(driver: Driver) -> Driver:
    """An empty graph, then the fixture releases verification is tested on: ICD-10-CM, HPO, SNOMED CT,
    UMLS and SemMedDB, connected through the crosswalk."""
    from tests.conftest import wipe

    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    wipe(driver, DATABASE)
    load_icd(driver, fixtures / "icd10cm" / "tabular_2026.xml")
    load_hpo(driver, fixtures / "hpo" / "hp.obo", fixtures / "hpo" / "phenotype.hpoa")
    load_source(driver, "snomed", fixtures / "snomed" / "snapshot_release")
    load_source(driver, "umls", fixtures / "umls" / "2025AA")
    load_source(driver, "semmeddb", fixtures / "semmeddb" / "semmedVER43_2024")
    return driver


def api_client(settings: Settings, driver: Driver | None = None, role: str = "admin") -> TestClient:
    """A test client of the API holding a fresh key of ``role`` (keys file in a temporary folder, removed when
    the test process ends: a run asks for about thirty)."""
    folder = Path(tempfile.mkdtemp(prefix="clinigraph-keys-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    store = KeyStore(folder / "api-keys.json")
    key = store.add(f"test-{role}", role)
    return TestClient(create_app(settings, driver=driver, keys=store), headers={"Authorization": f"Bearer {key}"})

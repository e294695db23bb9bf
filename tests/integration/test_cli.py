"""The ``clinigraph`` command as a user runs it, against the test server."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import cli_env

from .helpers import DATABASE

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

pytestmark = pytest.mark.integration


def run(settings, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "api.cli", *args], capture_output=True, text=True,
        env=cli_env(settings), timeout=300,
    )


def test_load_then_stats_json(clean_graph, neo4j_settings, icd_fixtures):
    done = run(neo4j_settings, "load", "icd10cm", "--path", str(icd_fixtures / "tabular_2026.xml"))
    assert done.returncode == 0, done.stderr
    assert "Loaded ICD10CM@2026: 61 concepts, 64 edges" in done.stdout
    again = run(neo4j_settings, "load", "icd10cm", "--path", str(icd_fixtures / "tabular_2026.xml"))
    assert "already loaded from the same files: nothing to do" in again.stdout
    forced = run(neo4j_settings, "load", "icd10cm", "--path", str(icd_fixtures / "tabular_2026.xml"), "--force")
    assert forced.returncode == 0, forced.stderr
    assert "yield exactly what ICD10CM@2026 holds, so it keeps serving" in " ".join(forced.stdout.split())

    stats = json.loads(run(neo4j_settings, "stats", "--json").stdout)
    [release] = stats["releases"]
    assert release["release"] == "ICD10CM@2026" and release["status"] == "complete"
    assert release["concepts_by_kind"]["chapter"] == 6
    assert release["billable_codes"] == 29


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("not_xml.xml", "not_xml.xml, line 1, field document: not well-formed XML"),
        ("wrong_root.xml", "wrong_root.xml, line 2, field root: root element is <ICD9CM.tabular>"),
        ("truncated.xml", "truncated.xml, line 121, field diag/diag: not well-formed XML"),
        ("does_not_exist.xml", "does_not_exist.xml: file not found"),
    ],
)
def test_bad_input_is_one_clear_line_and_no_release(clean_graph, neo4j_settings, icd_fixtures, name, expected):
    done = run(neo4j_settings, "load", "icd10cm", "--path", str(icd_fixtures / name))
    assert done.returncode == 1
    lines = [ln for ln in done.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: ") and expected in lines[0]
    assert "Traceback" not in done.stderr
    records, _, _ = clean_graph.execute_query(
        "MATCH (r:Release {status: 'complete'}) RETURN count(r) AS n", database_=DATABASE
    )
    assert records[0]["n"] == 0
    stats = json.loads(run(neo4j_settings, "stats", "--json").stdout)
    assert stats["releases"] == []


def test_unknown_source(neo4j_settings):
    done = run(neo4j_settings, "load", "icd9")
    assert done.returncode == 1
    assert re.search(r"no loader named 'icd9'; available: .*icd10cm", done.stderr)


def test_a_stopped_server_is_one_clear_line(tmp_path):
    """A state file whose server is gone: the command says so at once, no traceback."""
    from graph.store.runtime import free_port

    home = tmp_path / "gone"
    home.mkdir()
    (home / "state.json").write_text(json.dumps({
        "bolt_uri": f"bolt://127.0.0.1:{free_port()}", "browser_url": "http://127.0.0.1:1/browser/",
        "user": "neo4j", "password": "unused", "pid": None, "neo4j_version": "5.26.30",
    }))
    env = {k: v for k, v in __import__("os").environ.items() if not k.startswith(("CLINIGRAPH_", "NEO4J_"))}
    env["CLINIGRAPH_HOME"] = str(home)
    done = subprocess.run([sys.executable, "-m", "api.cli", "stats"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "error: Neo4j cannot be reached (ServiceUnavailable); start it with `clinigraph neo4j start`, "
        "or check NEO4J_URI"
    ]


def test_rxnorm_other_sources_are_opt_in(clean_graph, neo4j_settings):
    release = FIXTURES / "rxnorm"
    done = run(neo4j_settings, "load", "rxnorm", str(release), "--sab", "RXNORM", "--sab", "MTHSPL")
    assert done.returncode == 0, done.stderr
    records, _, _ = clean_graph.execute_query(
        "MATCH (c:Concept {system: 'RXNORM', code: '198440'}) RETURN c.synonyms AS synonyms", database_=DATABASE
    )
    assert "ACETAMINOPHEN 500 MG ORAL TABLET (from SPL)" in records[0]["synonyms"]


def test_load_semmeddb_and_verify_from_the_command_line(clean_graph, neo4j_settings, tmp_path):
    semmed = FIXTURES / "semmeddb" / "semmedVER43_2024"
    done = run(neo4j_settings, "load", "semmeddb", str(semmed))
    assert done.returncode == 0, done.stderr
    assert "Loaded SEMMEDDB@43_2024" in done.stdout and "corrupt_row: 2" in done.stdout

    answer = json.loads(run(neo4j_settings, "verify", "UMLS:C0020456", "cause", "UMLS:C1561643").stdout)
    assert answer["verdict"] == "conflicting"
    context = run(neo4j_settings, "verify", "UMLS:C0907402", "treat", "Hyperglycemia", "--context", "UMLS:C0037369")
    assert json.loads(context.stdout)["verdict"] == "conflicting"

    claims = tmp_path / "claims.jsonl"
    claims.write_text(
        json.dumps({"subject": {"system": "UMLS", "code": "C0020538"}, "predicate": "cause",
                    "object": {"system": "UMLS", "code": "C0038454"}}) + "\n"
        + json.dumps({"subject": {"system": "UMLS", "code": "C0000970"}, "predicate": "cause",
                      "object": {"system": "UMLS", "code": "C0004238"}}) + "\n")
    batch = run(neo4j_settings, "verify", "--batch", str(claims))
    assert [json.loads(line)["verdict"] for line in batch.stdout.splitlines()] == ["supported", "contradicted"]

    bad = run(neo4j_settings, "verify", "UMLS:C0020538", "teleports", "UMLS:C0038454")
    assert bad.returncode == 1 and bad.stderr.startswith("error: ") and "unknown predicate" in bad.stderr

    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "semmedVER43_PREDICATION.csv").write_text('"1","2"\n', encoding="latin-1")
    refused = run(neo4j_settings, "load", "semmeddb", str(broken))
    assert refused.returncode == 1
    assert "semmedVER43_PREDICATION.csv, line 1, field columns: 2 columns, expected the 15 of PREDICATION" \
        in refused.stderr
    releases = json.loads(run(neo4j_settings, "stats", "--json").stdout)["releases"]
    assert [r["release"] for r in releases] == ["SEMMEDDB@43_2024"]

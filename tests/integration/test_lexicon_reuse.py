"""The lexicon a process built last is reused only while the same release instances serve."""

from __future__ import annotations

from graph.extraction.lexicon import load_lexicon, tokens
from tests.conftest import wipe
from tests.integration.helpers import load_icd

DATABASE = "neo4j"
TITLE = "End stage renal disease"


def _edited(path, folder, title):
    text = path.read_text(encoding="utf-8")
    assert text.count(f"<desc>{TITLE}</desc>") == 1
    folder.mkdir(parents=True, exist_ok=True)
    (folder / path.name).write_text(text.replace(f"<desc>{TITLE}</desc>", f"<desc>{title}</desc>"), encoding="utf-8")
    return folder / path.name


def _codes_named(lexicon, name):
    return sorted(code for _, code in lexicon.by_name.get(tokens(name), []))


def test_the_same_instances_give_the_same_lexicon_and_a_switch_or_a_reload_reads_afresh(clean_graph, icd_fixtures,
                                                                                       tmp_path):
    path = icd_fixtures / "tabular_2026.xml"
    load_icd(clean_graph, path)
    first = load_lexicon(clean_graph, DATABASE)
    assert _codes_named(first, TITLE) == ["N18.6"]
    assert load_lexicon(clean_graph, DATABASE) is first  # nothing changed: not read again

    # Identical content forced again: the serving instance stays, so does the lexicon.
    load_icd(clean_graph, path, force=True)
    assert load_lexicon(clean_graph, DATABASE) is first

    # Changed content switches instances: the new title is read, the old one is gone.
    switched = load_icd(clean_graph, _edited(path, tmp_path / "b", "Kidney failure, terminal stage"), force=True)
    assert switched.instance == "ICD10CM@2026+2"
    second = load_lexicon(clean_graph, DATABASE)
    assert second is not first
    assert _codes_named(second, "Kidney failure, terminal stage") == ["N18.6"]
    assert _codes_named(second, TITLE) == []

    # A wiped database loaded again under the very same instance id, from other content: read afresh.
    wipe(clean_graph, DATABASE)
    again = load_icd(clean_graph, _edited(path, tmp_path / "c", "Renal disease, end stage"))
    assert again.instance == "ICD10CM@2026"
    third = load_lexicon(clean_graph, DATABASE)
    assert third is not second
    assert _codes_named(third, "Renal disease, end stage") == ["N18.6"]


def test_rows_read_in_lists_of_many_come_back_whole_and_in_order(driver):
    """The packed read the lexicon uses: no row lost or repeated at the edges of its lists."""
    from graph.store.connection import ROWS_PER_MESSAGE, read_rows

    with driver.session(database=DATABASE) as session:
        for n in (0, 1, ROWS_PER_MESSAGE - 1, ROWS_PER_MESSAGE, 2 * ROWS_PER_MESSAGE + 1):
            rows = read_rows(session, "UNWIND range(1, $n) AS i RETURN [i, toString(i)] AS row", n=n)
            assert rows == [[i, str(i)] for i in range(1, n + 1)]

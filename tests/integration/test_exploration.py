"""The graph as people explore it, on the real default data (ICD-10-CM 2026, HPO, the bundled decks
extracted) loaded through the command line as `clinigraph demo` does:

* every notebook in ``notebooks/`` runs end to end against the test Neo4j (they assert what they show);
* headless Chromium (Debian's ``chromium`` and ``chromium-driver``) logs in to the local Neo4j Browser,
  runs a saved query from ``cypher/queries`` and the result table holds the releases.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from graph.review.saved_queries import CYPHER_DIR, read_saved_query
from graph.store.runtime import Neo4jRuntime

pytestmark = [pytest.mark.integration, pytest.mark.realdata]

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.fixture(scope="module")
def demo_data(real_base, neo4j_settings):
    # On the shared real load the two `load` commands find their releases complete and write nothing.
    env = neo4j_settings.subprocess_environment()
    for args in (["load", "icd10cm"], ["load", "hpo"], ["ingest"], ["extract"]):
        done = subprocess.run([sys.executable, "-m", "api.cli", *args], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=900)
        assert done.returncode == 0, f"clinigraph {' '.join(args)}: {done.stderr[-2000:]}"
    return env


def test_there_are_the_three_notebooks():
    assert [p.stem for p in NOTEBOOKS] == ["01_explore_the_graph", "02_verification_analysis",
                                           "03_provenance_audit"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs_end_to_end(demo_data, path, monkeypatch):
    import nbformat
    from nbclient import NotebookClient

    for key in [k for k in os.environ if k.startswith(("CLINIGRAPH_", "NEO4J_"))]:
        monkeypatch.delenv(key)
    for key, value in demo_data.items():  # the kernel inherits this process's environment
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("CLINIGRAPH_NOTEBOOK_SAMPLE", "150")
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    if path.stem in ("01_explore_the_graph", "02_verification_analysis"):  # the pictures were drawn
        assert any("image/png" in o.get("data", {}) for o in outputs)


def _chromium() -> tuple[str, str]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or "/usr/lib/chromium/chromedriver"
    if not browser or not Path(driver).exists():
        pytest.fail("headless Chromium is missing: `apt-get install chromium chromium-driver` "
                    "(bin/clinigraph test installs them when it runs as root)")
    return browser, driver


def _one_line(statement: str) -> str:
    """A saved statement as one line without comments (Browser runs a line on Enter)."""
    lines = [line.split("//", 1)[0].strip() for line in statement.splitlines()]
    return " ".join(line for line in lines if line)


def test_neo4j_browser_runs_a_saved_query_and_shows_the_table(demo_data, neo4j_settings):
    if neo4j_settings.uses_external_server:
        pytest.skip("the Browser test drives the local server's Browser")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    browser_binary, driver_binary = _chromium()
    state = Neo4jRuntime(neo4j_settings).read_state()
    assert state is not None
    options = webdriver.ChromeOptions()
    options.binary_location = browser_binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1400,1000"):
        options.add_argument(flag)
    chrome = webdriver.Chrome(service=Service(driver_binary), options=options)
    try:
        wait = WebDriverWait(chrome, 90)
        chrome.get(state.browser_url)
        address = wait.until(ec.element_to_be_clickable((By.CSS_SELECTOR, 'input[data-testid="boltaddress"]')))
        address.send_keys(Keys.CONTROL, "a")
        address.send_keys(state.bolt_uri)
        user = chrome.find_element(By.CSS_SELECTOR, 'input[data-testid="username"]')
        user.send_keys(Keys.CONTROL, "a")
        user.send_keys(state.user)
        chrome.find_element(By.CSS_SELECTOR, 'input[data-testid="password"]').send_keys(state.password)
        chrome.find_element(By.CSS_SELECTOR, 'button[data-testid="connect"]').click()

        wait.until(lambda d: "You are connected as user" in d.find_element(By.TAG_NAME, "body").text)
        _, statements = read_saved_query(CYPHER_DIR / "queries" / "01_releases.cypher")
        wait.until(ec.element_to_be_clickable((By.CSS_SELECTOR, "#monaco-main-editor"))).click()
        editor = chrome.find_element(By.CSS_SELECTOR, '[data-testid="activeEditor"] textarea')
        editor.send_keys(_one_line(statements[0]))
        chrome.find_element(By.CSS_SELECTOR, '[data-testid="editor-Run"]').click()

        def result_table(driver):  # the newest frame, once its table has rows
            for frame in driver.find_elements(By.CSS_SELECTOR, '[data-testid="frame"]'):
                if "CodeSystem" not in frame.text:
                    continue
                cells = [c.text for c in frame.find_elements(By.CSS_SELECTOR, "td, [role='cell']")]
                if any("ICD10CM" in c for c in cells):
                    return frame
            return False

        frame = wait.until(result_table)
        text = frame.text
        for expected in ("system", "version", "status", "files", "ICD10CM", "HPO", "2026", "complete",
                         "icd10c-tabular-April-1-2026.xml sha256:"):
            assert expected in text, f"{expected!r} not in the result table:\n{text[:2000]}"
    except Exception:
        chrome.save_screenshot(str(ROOT / "tests" / "browser-failure.png"))
        raise
    finally:
        chrome.quit()

"""The HAPI FHIR test-utilities samples through the real loaders into a real Neo4j (issue 17).

These are real-format files nobody on this team wrote (see :mod:`tests.hapi_samples`): an ICD-10-CM
tabular file, five LOINC distributions and a SNOMED CT RF2 Full sample with genuine faults. Each
either loads faithfully — checked against the file itself, read here independently with ``csv`` and
``xml.etree`` — or is refused with its true reason, naming the file and field, while no release
becomes visible and a release loaded before it stays current and intact.
"""

from __future__ import annotations

import csv
import hashlib
import re
import shutil
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from neo4j import Driver

from graph.store.releases import list_releases, resolve_release
from loaders.errors import SourceFormatError
from loaders.sctid import is_valid_sctid, make_sctid
from tests.hapi_samples import hapi_samples

from .helpers import DATABASE, count, load_source

pytestmark = pytest.mark.integration

ICD_SAMPLE = "icd/icd10cm_tabular_2021.xml"
ICD_RELEASE = "ICD10CM@2021"

LOINC_SAMPLES = ("loinc", "loinc-ver/v267", "loinc-ver/v268", "loinc-ver/v269", "loinc-ver/v-no-version")
#: The version a user states for each. HAPI's ``*.properties`` name 2.67 and 2.68 for ``loinc/``, but they
#: are HAPI's upload settings, not part of LOINC's distribution; the loader rightly ignores them.
STATED_VERSIONS = {"loinc": "2.68", "loinc-ver/v267": "2.67", "loinc-ver/v268": "2.68",
                   "loinc-ver/v269": "2.69", "loinc-ver/v-no-version": "2.70"}
MAIN_TABLE = "LoincTable/Loinc.csv"
#: The panel table of the same name, which sorts before the main one.
PANEL_TABLE = "AccessoryFiles/PanelsAndForms/Loinc.csv"
PART_TABLE = "AccessoryFiles/PartFile/Part.csv"
PART_LINKS = "AccessoryFiles/PartFile/LoincPartLink_Primary.csv"
SUPPLEMENTARY_LINKS = "AccessoryFiles/PartFile/LoincPartLink_Supplementary.csv"
#: The single part-link file of releases before 2.68, which these samples carry beside the split ones.
SINGLE_LINKS = "AccessoryFiles/PartFile/LoincPartLink.csv"
HIERARCHY = "AccessoryFiles/MultiAxialHierarchy/MultiAxialHierarchy.csv"

SNOMED_RELEASE = "SNOMEDCT@20160131"
EMPTY_CONCEPT_FILE = "sct2_Concept_Full-en_INT_20160131.txt"
CONCEPT_FILE = "sct2_Concept_Full_INT_20160131.txt"
RELATIONSHIP_FILE = "sct2_Relationship_Full_INT_20160131.txt"


@pytest.fixture(scope="session")
def samples() -> Path:
    """The extracted samples, resolved with Maven on the first run; a failure errors the tests, never skips."""
    return hapi_samples()


# --- the files, read independently of the loaders ------------------------------------------------------


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_loinc_csv(path: Path) -> list[tuple[int, dict[str, str]]]:
    """Rows of a LOINC CSV with their line numbers. LOINC pads quoted fields with spaces after the closing
    quote, which ``csv`` keeps in the value: every value is stripped."""
    with path.open(encoding="utf-8-sig", newline="") as fh:
        reader = csv.reader(fh)
        header = [name.strip() for name in next(reader)]
        return [(reader.line_num, dict(zip(header, (v.strip() for v in values), strict=True)))
                for values in reader if any(v.strip() for v in values)]


@dataclass(frozen=True)
class Tabular:
    """What an ICD-10-CM tabular file states, read with ``xml.etree``."""

    version: str
    chapters: int
    sections: int
    diag_elements: int
    #: Every ``<diag>``: name → desc.
    titles: dict[str, str]
    #: Code → its parent code: a ``<diag>`` inside another, and each 7th-character code below its leaf.
    parents: dict[str, str]
    #: The ``<diag>`` elements placed directly in a ``<section>`` (their parent is the block).
    top_level: frozenset[str]

    @property
    def seventh_character_codes(self) -> set[str]:
        return set(self.parents) - set(self.titles)


def with_seventh(code: str, char: str) -> str:
    """``S12.8`` + ``A`` → ``S12.8XXA``: the placeholder X pads the code to six characters first.

    >>> with_seventh("S12.8", "A"), with_seventh("T07", "D"), with_seventh("R40.211", "0")
    ('S12.8XXA', 'T07.XXXD', 'R40.2110')
    """
    bare = code.replace(".", "").ljust(6, "X") + char
    return f"{bare[:3]}.{bare[3:]}"


#: (code, title or None for a 7th-character code, parent or None at the top of a section)
DiagEntry = tuple[str, str | None, str | None]


def _diag_tree(diag: ElementTree.Element, parent: str | None, seventh: tuple[str, ...]) -> Iterator[DiagEntry]:
    """(code, title, parent) for a ``<diag>``, its descendants and the 7th-character codes of its leaves
    (a ``sevenChrDef`` applies to every leaf below the element that carries it)."""
    name = (diag.findtext("name") or "").strip()
    yield name, (diag.findtext("desc") or "").strip(), parent
    definition = diag.find("sevenChrDef")
    if definition is not None:
        seventh = tuple(ext.get("char", "") for ext in definition.findall("extension"))
    children = diag.findall("diag")
    for child in children:
        yield from _diag_tree(child, name, seventh)
    if not children:
        for char in seventh:
            yield with_seventh(name, char), None, name


def read_tabular(path: Path) -> Tabular:
    root = ElementTree.parse(path).getroot()
    titles: dict[str, str] = {}
    parents: dict[str, str] = {}
    top_level = set()
    for section in root.iter("section"):
        for diag in section.findall("diag"):
            top_level.add((diag.findtext("name") or "").strip())
            for code, title, parent in _diag_tree(diag, None, ()):
                if title is not None:
                    titles[code] = title
                if parent is not None:
                    parents[code] = parent
    return Tabular(
        version=(root.findtext("version") or "").strip(), chapters=len(root.findall("chapter")),
        sections=len(list(root.iter("section"))), diag_elements=len(list(root.iter("diag"))),
        titles=titles, parents=parents, top_level=frozenset(top_level),
    )


def rf2_rows(path: Path) -> list[tuple[int, dict[str, str]]]:
    """Rows of an RF2 file (tab-separated, header first) with their line numbers."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    return [(number, dict(zip(header, line.split("\t"), strict=True)))
            for number, line in enumerate(lines[1:], start=2) if line]


def first_bad_check_digit(path: Path) -> tuple[int, str]:
    """Line and id of the first concept whose SCTID fails the Verhoeff check."""
    return next((number, row["id"]) for number, row in rf2_rows(path) if not is_valid_sctid(row["id"]))


def clashing_rows(path: Path) -> tuple[tuple[int, dict[str, str]], tuple[int, dict[str, str]]]:
    """The first two rows sharing id and effectiveTime with different content (RF2 allows one)."""
    seen: dict[tuple[str, str], tuple[int, dict[str, str]]] = {}
    for number, row in rf2_rows(path):
        key = (row["id"], row["effectiveTime"])
        if key in seen and seen[key][1] != row:
            return seen[key], (number, row)
        seen.setdefault(key, (number, row))
    raise AssertionError(f"{path.name} has no two different rows of one id and effectiveTime")


# --- the graph ----------------------------------------------------------------------------------------


def concepts(driver: Driver, release: str) -> dict[str, dict[str, Any]]:
    records, _, _ = driver.execute_query(
        "MATCH (c:Concept {release: $release}) RETURN c.code AS code, properties(c) AS props",
        release=release, database_=DATABASE,
    )
    return {r["code"]: r["props"] for r in records}


def edges(driver: Driver, release: str, rel_type: str) -> list[tuple[str, str, dict[str, Any]]]:
    records, _, _ = driver.execute_query(
        "MATCH (a:Concept {release: $release})-[r]->(b:Concept {release: $release}) WHERE type(r) = $type "
        "RETURN a.code AS source, b.code AS target, properties(r) AS props",
        release=release, type=rel_type, database_=DATABASE,
    )
    return [(r["source"], r["target"], r["props"]) for r in records]


def release_files(driver: Driver, release: str) -> dict[str, str]:
    """The release's source files as provenance names them (relative path) → SHA-256."""
    records, _, _ = driver.execute_query(
        "MATCH (:Release {id: $release})-[h:HAS_FILE]->(f:SourceFile) RETURN h.name AS name, f.sha256 AS sha256",
        release=release, database_=DATABASE,
    )
    return {r["name"]: r["sha256"] for r in records}


def visible_releases(driver: Driver) -> dict[str, bool]:
    """What ``clinigraph releases`` lists (complete releases only): id → current."""
    return {r["id"]: r["current"] for r in list_releases(driver, DATABASE)}


def release_nodes(driver: Driver) -> dict[str, str]:
    """Every ``Release`` node, visible or not: id → status."""
    records, _, _ = driver.execute_query("MATCH (r:Release) RETURN r.id AS id, r.status AS status",
                                         database_=DATABASE)
    return {r["id"]: r["status"] for r in records}


def release_shape(driver: Driver, release: str) -> dict[str, int]:
    """Concepts and edges by type of one release: equal shapes, nothing of it was touched."""
    records, _, _ = driver.execute_query(
        "MATCH ()-[r {release: $release}]->() RETURN type(r) AS type, count(r) AS n", release=release,
        database_=DATABASE,
    )
    concept_count = count(driver, "MATCH (c:Concept {release: $release}) RETURN count(c)", release=release)
    return {"concepts": concept_count, **{r["type"]: r["n"] for r in records}}


# --- ICD-10-CM ----------------------------------------------------------------------------------------


def test_icd10cm_2021_sample_loads_faithfully(clean_graph, samples):
    path = samples / ICD_SAMPLE
    tabular = read_tabular(path)
    result = load_source(clean_graph, "icd10cm", path)
    assert (tabular.version, result.release_id, result.action) == ("2021", ICD_RELEASE, "loaded")
    assert visible_releases(clean_graph) == {ICD_RELEASE: True}
    assert release_files(clean_graph, ICD_RELEASE) == {path.name: sha256(path)}

    nodes = concepts(clean_graph, ICD_RELEASE)
    kinds = Counter(node["kind"] for node in nodes.values())
    assert (kinds["chapter"], kinds["block"]) == (tabular.chapters, tabular.sections) == (8, 11)
    assert len(tabular.titles) == tabular.diag_elements == 50
    diag_codes = {code for code, node in nodes.items() if node["kind"] in ("category", "code")}
    assert diag_codes == set(tabular.titles) | tabular.seventh_character_codes
    for code, title in tabular.titles.items():
        assert (nodes[code]["display"], nodes[code]["kind"]) == (title, "code" if "." in code else "category")

    parents: dict[str, set[str]] = {}
    for child, parent, _ in edges(clean_graph, ICD_RELEASE, "IS_A"):
        parents.setdefault(child, set()).add(parent)
    assert {code: parents.get(code) for code in tabular.parents} == {c: {p} for c, p in tabular.parents.items()}
    for code in tabular.top_level:
        [block] = parents[code]
        assert nodes[block]["kind"] == "block", code


# --- LOINC --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("sample", LOINC_SAMPLES)
def test_a_loinc_sample_that_does_not_state_its_version_is_refused(clean_graph, samples, sample):
    folder = samples / sample
    assert not [p for p in folder.rglob("*") if re.search(r"Loinc_\d+\.\d+", p.name)]
    with pytest.raises(SourceFormatError) as caught:
        load_source(clean_graph, "loinc", folder)
    error = caught.value
    assert (Path(error.path).resolve(), error.field) == (folder.resolve(), "version")
    assert "does not say its LOINC version" in error.reason and "Loinc_X.YY" in error.reason
    assert release_nodes(clean_graph) == {}


@pytest.mark.parametrize("sample", LOINC_SAMPLES)
def test_a_loinc_sample_loads_faithfully_with_a_stated_version(clean_graph, samples, sample):
    folder, release = samples / sample, f"LOINC@{STATED_VERSIONS[sample]}"
    result = load_source(clean_graph, "loinc", folder, version=STATED_VERSIONS[sample])
    assert (result.release_id, result.action) == (release, "loaded")
    assert visible_releases(clean_graph) == {release: True}
    files = release_files(clean_graph, release)
    # The main table by its place in the distribution, never the panel table; HAPI's properties not read.
    assert files == {name: sha256(folder / name)
                     for name in (MAIN_TABLE, PART_TABLE, PART_LINKS, SUPPLEMENTARY_LINKS, HIERARCHY)}
    assert any(SINGLE_LINKS in line and line.startswith("file_not_read") for line in result.report)
    nodes = concepts(clean_graph, release)
    assert_terms_are_the_main_table(nodes, folder)
    assert_parts_are_the_part_table(nodes, folder)
    assert_part_links_are_edges(clean_graph, release, folder)
    assert_hierarchy_is_edges(clean_graph, release, nodes, folder)


def assert_terms_are_the_main_table(nodes: dict[str, dict[str, Any]], folder: Path) -> None:
    """Every row of ``LoincTable/Loinc.csv`` is one term with its long common name, component and status.

    In ``loinc-ver/v26x`` the panel table differs (its components lack the ``v2.6x`` prefix), so these
    values also tell which table was read; in ``loinc/`` the two are identical and provenance tells it.
    """
    rows = read_loinc_csv(folder / MAIN_TABLE)
    terms = {code: node for code, node in nodes.items() if node["kind"] == "term"}
    assert len(terms) == len(rows) == 15
    for line, row in rows:
        node = terms[row["LOINC_NUM"]]
        assert (node["display"], node["component"], node["status"]) == (
            row["LONG_COMMON_NAME"], row["COMPONENT"], row["STATUS"])
        assert (node["source_file"], node["record"]) == (MAIN_TABLE, f"line {line}")


def assert_parts_are_the_part_table(nodes: dict[str, dict[str, Any]], folder: Path) -> None:
    rows = read_loinc_csv(folder / PART_TABLE)
    parts = {code: node for code, node in nodes.items() if node["kind"] == "part"}
    assert len(parts) == len(rows)
    for _, row in rows:
        node = parts[row["PartNumber"]]
        assert (node["display"], node["part_type"]) == (row["PartDisplayName"] or row["PartName"],
                                                        row["PartTypeName"])


def assert_part_links_are_edges(driver: Driver, release: str, folder: Path) -> None:
    """Each primary and supplementary part link (term, part, part type, link type) whose part is in
    ``Part.csv`` is one ``HAS_PART`` edge, from the file it is in."""
    parts = {row["PartNumber"] for _, row in read_loinc_csv(folder / PART_TABLE)}
    expected = {(r["LoincNumber"], r["PartNumber"], r["PartTypeName"], r["LinkTypeName"], name)
                for name in (PART_LINKS, SUPPLEMENTARY_LINKS) for _, r in read_loinc_csv(folder / name)
                if r["PartNumber"] in parts}
    found = edges(driver, release, "HAS_PART")
    assert len(found) == len(expected) and len({e[4] for e in expected}) == 2
    assert {(a, b, p["part_type"], p["link_type"], p["source_file"]) for a, b, p in found} == expected


def assert_hierarchy_is_edges(driver: Driver, release: str, nodes: dict[str, dict[str, Any]], folder: Path) -> None:
    """Every hierarchy code is a concept, and each row with a parent is one ``IS_A`` to it."""
    rows = [row for _, row in read_loinc_csv(folder / HIERARCHY)]
    assert {row["CODE"] for row in rows} <= set(nodes)
    expected = {(row["CODE"], row["IMMEDIATE_PARENT"]) for row in rows if row["IMMEDIATE_PARENT"]}
    assert {(a, b) for a, b, _ in edges(driver, release, "IS_A")} == expected


# --- SNOMED CT ----------------------------------------------------------------------------------------


@pytest.fixture
def icd_2021(clean_graph, samples) -> dict[str, int]:
    """ICD-10-CM 2021 loaded first: the release every refused SNOMED CT load must leave current and intact."""
    assert load_source(clean_graph, "icd10cm", samples / ICD_SAMPLE).action == "loaded"
    return release_shape(clean_graph, ICD_RELEASE)


def sct_copy(samples: Path, tmp_path: Path) -> Path:
    """The SNOMED CT sample without its 0-byte concept file, so the faults behind that one are reached."""
    target = tmp_path / "sct"
    shutil.copytree(samples / "sct", target, ignore=shutil.ignore_patterns(EMPTY_CONCEPT_FILE))
    return target


def refused_snomed(driver: Driver, folder: Path, **request: object) -> SourceFormatError:
    with pytest.raises(SourceFormatError) as caught:
        load_source(driver, "snomed", folder, full=True, **request)
    return caught.value


def assert_nothing_published(driver: Driver, icd_shape: dict[str, int]) -> None:
    """No SNOMED CT release visible or left with data; ICD-10-CM 2021 still current, every concept and edge."""
    assert visible_releases(driver) == {ICD_RELEASE: True}
    assert (resolve_release(driver, DATABASE, "ICD10CM") or {}).get("id") == ICD_RELEASE
    assert release_shape(driver, ICD_RELEASE) == icd_shape
    assert release_nodes(driver).get(SNOMED_RELEASE) in (None, "failed")
    assert count(driver, "MATCH (c:Concept {system: 'SNOMEDCT'}) RETURN count(c)") == 0


def test_the_sct_sample_as_shipped_is_refused_for_its_empty_concept_file(icd_2021, clean_graph, samples):
    assert (samples / "sct" / EMPTY_CONCEPT_FILE).stat().st_size == 0
    error = refused_snomed(clean_graph, samples / "sct")
    assert Path(error.path).name == EMPTY_CONCEPT_FILE
    assert re.search(r"\bempty\b", error.reason), error
    assert_nothing_published(clean_graph, icd_2021)


def test_an_sctid_failing_its_check_digit_is_refused_naming_file_line_and_field(
        icd_2021, clean_graph, samples, tmp_path):
    folder = sct_copy(samples, tmp_path)
    line, sctid = first_bad_check_digit(folder / CONCEPT_FILE)
    assert (line, sctid) == (14, "126813006")
    error = refused_snomed(clean_graph, folder)
    assert (Path(error.path).name, error.line, error.field) == (CONCEPT_FILE, line, "id")
    assert sctid in error.reason and "check digit" in error.reason, error
    assert_nothing_published(clean_graph, icd_2021)


def test_with_check_digits_off_the_circular_is_a_rows_are_refused(icd_2021, clean_graph, samples, tmp_path):
    """The sample's circular IS A chain is two rows of one relationship id and effectiveTime
    (126817006 → 126815003 and back). RF2 holds one row per id and effectiveTime, so the loader refuses
    the pair, naming both lines, before any hierarchy is built from either."""
    folder = sct_copy(samples, tmp_path)
    (first, row), (second, _) = clashing_rows(folder / RELATIONSHIP_FILE)
    error = refused_snomed(clean_graph, folder, check_digits=False)
    assert (Path(error.path).name, error.field) == (RELATIONSHIP_FILE, "id")
    assert (f"id {row['id']} has two different relationship rows with effectiveTime {row['effectiveTime']} "
            f"(lines {first} and {second} of {RELATIONSHIP_FILE}") in error.reason, error
    assert_nothing_published(clean_graph, icd_2021)


def test_with_the_two_rows_as_two_relationships_the_is_a_cycle_is_refused_naming_it(
        icd_2021, clean_graph, samples, tmp_path):
    """Read as two relationships (as the sample's authors meant: a cycle), the chain is refused as a cycle."""
    folder = sct_copy(samples, tmp_path)
    path = folder / RELATIONSHIP_FILE
    (first, row), (second, other) = clashing_rows(path)
    lines = path.read_bytes().split(b"\n")
    fresh = make_sctid(9_990_001, "02")
    lines[second - 1] = lines[second - 1].replace(other["id"].encode(), fresh.encode(), 1)
    path.write_bytes(b"\n".join(lines))
    error = refused_snomed(clean_graph, folder, check_digits=False)
    assert (Path(error.path).name, error.field) == (RELATIONSHIP_FILE, "destinationId")
    assert error.line in (first, second) and error.reason.startswith("IS A cycle: "), error
    cycle = error.reason.removeprefix("IS A cycle: ").split(" → ")
    assert cycle[0] == cycle[-1] and set(cycle) == {row["sourceId"], row["destinationId"]}
    assert (other["sourceId"], other["destinationId"]) == (row["destinationId"], row["sourceId"])
    assert_nothing_published(clean_graph, icd_2021)

"""Classic presentations (graph/resources/presentations.toml): a diagnosis a case describes by its findings
without naming it; each finding undenied in its clause, no finding of ``unless`` said, the side said choosing
among sided codes; read only where the cascade found nothing; a bad entry is one error naming the file, the
line and the field (issue 21, vignette phrasing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.extraction.grounding import Grounder
from graph.extraction.lexicon import Entry, Lexicon
from graph.extraction.presentations import (
    PRESENTATIONS_FILE,
    Finding,
    described,
    load_presentations,
    side_said,
)
from tests.unit.data_files import assert_one_error

SIDED = """
[presentations.tunnel]
condition = "carpal tunnel syndrome"
code = {unspecified = "G56.00", right = "G56.01", left = "G56.02"}
all = [["phalen*", "tinel*"], ["numb*", "tingl*"]]
criteria = "test criteria"
"""

TWO_OF_THREE = """
[presentations.torsion]
condition = "torsion of testis"
code = "N44.00"
all = [["testicular pain", "scrotal pain"]]
some = 2
of = [["high riding"], ["absent cremasteric"], ["no blood flow"]]
unless = ["epididym*", "trauma"]
criteria = "test criteria"
"""


def _loaded(tmp_path: Path, text: str) -> list:
    path = tmp_path / "presentations.toml"
    path.write_text(text, encoding="utf-8")
    return load_presentations(path)


def test_a_finding_is_its_words_in_order_within_a_clause_undenied(tmp_path):
    finding = Finding.of("grouped vesicles erythematous base")
    assert finding.words == ("grouped", "vesicle", "erythematous", "base")
    assert finding.found_in(("painful", "grouped", "vesicle", "erythematous", "base"))
    assert finding.found_in(("grouped", "small", "vesicle", "an", "erythematous", "base"))  # words between
    assert not finding.found_in(("grouped", "a", "b", "c", "vesicle", "erythematous", "base"))  # too far apart
    assert not finding.found_in(("erythematous", "base", "grouped", "vesicle"))  # out of order
    assert not finding.found_in(("no", "grouped", "vesicle", "erythematous", "base"))  # denied before
    assert Finding.of("hallucinat*").found_in(("visual", "hallucination"))  # a word's beginning
    assert Finding.of("vomit* after cough*").found_in(("vomiting", "after", "coughing"))  # anywhere in it
    assert not Finding.of("csf protein").found_in(("csf", "protein", "normal"))  # the test was normal
    # a finding whose own words deny ("no blood flow") is read as written
    assert Finding.of("no blood flow").found_in(("doppler", "no", "blood", "flow"))


def test_every_required_group_some_supporting_groups_and_no_unless_finding(tmp_path):
    torsion = _loaded(tmp_path, TWO_OF_THREE)

    def codes(text: str) -> list[str]:
        return [d.code for d in described(text, torsion)]

    assert codes("sudden testicular pain, high-riding testis, absent cremasteric reflex") == ["N44.00"]
    assert codes("sudden testicular pain, high-riding testis") == []  # one of the three, two needed
    assert codes("high-riding testis, absent cremasteric reflex, no blood flow") == []  # no pain said
    assert codes("testicular pain, high riding testis, absent cremasteric reflex; epididymitis suspected") == []
    # a finding of unless denied is none said; a denial reaches only to the end of its clause
    assert codes("testicular pain, no trauma, high riding testis, absent cremasteric reflex") == ["N44.00"]
    assert codes("testicular pain without high riding testis, absent cremasteric reflex") == []
    found = described("testicular pain, high-riding testis, absent cremasteric reflex", torsion)[0]
    assert found.findings == ("testicular pain", "high riding", "absent cremasteric")
    assert "torsion of testis by 'testicular pain', 'high riding', 'absent cremasteric' (test criteria)" in \
        found.explain()


def test_the_side_said_chooses_the_code_and_two_sides_choose_none(tmp_path):
    tunnel = _loaded(tmp_path, SIDED)
    assert [d.code for d in described("numbness of the right hand at night, positive Phalen", tunnel)] == ["G56.01"]
    assert [d.code for d in described("L hand tingling, Tinel positive", tunnel)] == ["G56.02"]
    assert [d.code for d in described("tingling, positive Tinel", tunnel)] == ["G56.00"]
    assert described("right hand numb, left wrist Tinel positive", tunnel) == []  # which? no guess
    assert described("tingling fingers both hands, positive Phalen", tunnel) == []  # no bilateral code here
    # the side said where the findings are, before one said elsewhere in the text
    assert [d.code for d in described("numbness at night; Tinel positive at the right wrist, left knee pain",
                                      tunnel)] == ["G56.01"]
    assert side_said("2 L O2 via nasal cannula") == "unspecified" and side_said("APD OD") == "right"


H = "ICD10CM@2026"
ENTRIES = [Entry("ICD10CM", "N44", "Torsion of testis", H, "category", billable=False),
           Entry("ICD10CM", "N44.00", "Torsion of testis, unspecified", H, "code", billable=True, parents=["N44"]),
           Entry("ICD10CM", "N45.1", "Epididymitis", H, "code", billable=True),
           Entry("ICD10CM", "N50.819", "Testicular pain, unspecified", H, "code", billable=True),
           Entry("ICD10CM", "R11.10", "Vomiting, unspecified", H, "code", billable=True)]


def _grounder(tmp_path: Path, text: str = TWO_OF_THREE) -> Grounder:
    return Grounder(Lexicon(ENTRIES, {"ICD10CM": H}, {}, index_terms=[]), phrasings=[],
                    presentations=_loaded(tmp_path, text))


def test_a_presentation_keeps_a_proposal_replaces_another_and_gives_its_code_where_none(tmp_path):
    grounder = _grounder(tmp_path)
    case = "14-year-old, sudden severe scrotal pain, high-riding testis, absent cremasteric reflex, vomiting"
    kept = grounder.ground(case, "diagnosis", system="ICD10CM", code="N44.00")
    assert (kept.outcome, kept.code) == ("accept", "N44.00")
    assert "the text describes torsion of testis" in kept.reason
    replaced = grounder.ground(case, "diagnosis", system="ICD10CM", code="N45.1")
    assert (replaced.outcome, replaced.method, replaced.code) == ("replace", "presentation", "N44.00")
    assert "proposed ICD10CM N45.1 is not N44.00" in replaced.reason
    given = grounder.ground(case, "diagnosis")
    assert (given.outcome, given.method, given.code) == ("accept", "presentation", "N44.00")
    assert given.steps[-1].startswith("presentation: the text describes torsion of testis")
    # a symptom's code found in the case is part of the diagnosis it describes (guidelines I.B.4-5)
    assert grounder.ground("vomiting", "diagnosis").code == "R11.10"
    led = grounder.ground("vomiting, scrotal pain, high riding testis, absent cremasteric reflex", "diagnosis")
    assert (led.outcome, led.code) == ("accept", "N44.00")
    assert "presentation: R11.10 'Vomiting, unspecified', found in the text, is a sign of the diagnosis the case " \
        "describes" in led.steps
    # a finding's mention is no diagnosis a case describes; a text that names a code keeps it
    assert grounder.ground(case, "finding").outcome == "reject"
    assert grounder.ground("epididymitis", "diagnosis", system="ICD10CM", code="N45.1").code == "N45.1"


def test_presentations_that_disagree_decide_nothing_and_a_code_not_billable_is_never_given(tmp_path):
    other = TWO_OF_THREE + TWO_OF_THREE.replace("torsion]", "other]").replace('"N44.00"', '"N45.1"')
    grounder = _grounder(tmp_path, other)
    decided = grounder.ground("scrotal pain, high riding testis, absent cremasteric reflex", "diagnosis")
    assert decided.outcome == "reject"
    assert any("no one of them is taken" in s for s in decided.steps)
    header = _grounder(tmp_path, TWO_OF_THREE.replace('"N44.00"', '"N44"'))
    assert header.ground("scrotal pain, high riding testis, absent cremasteric reflex", "diagnosis").outcome == \
        "reject"


def test_the_shipped_file_reads_and_describes_classic_cases():
    shipped = load_presentations()
    assert PRESENTATIONS_FILE.name == "presentations.toml" and len(shipped) >= 60
    assert all(p.criteria and p.codes["unspecified"] for p in shipped)

    def codes(text: str) -> list[str]:
        return sorted({d.code for d in described(text, shipped)})

    assert codes("Fever for 5 days, bilateral conjunctival injection, cracked red lips, swollen hands and "
                 "a rash in a 3-year-old") == ["M30.3"]
    assert codes("Fever for 5 days, rash and cracked lips") == []  # two of the five features
    assert codes("painless monocular vision loss OD, cherry-red spot") == ["H34.11"]
    assert codes("vesicles in a dermatomal band on the left forehead with eye involvement") == []
    assert codes("gallstones with a positive Murphy sign, CBD dilated to 12 mm") == []
    # a species the film shows is the species's code; a withdrawal from company is no drug's
    assert codes("fever after a trip to Ghana; thin film: ring forms, banana-shaped gametocytes") == ["B50.9"]
    assert codes("fever after a trip to Ghana; thin film: ring forms") == ["B54"]
    assert codes("a year of hearing voices, flat affect and social withdrawal") == ["F20.9"]
    assert codes("a year of hearing voices and flat affect since alcohol withdrawal") == []


@pytest.mark.parametrize(("text", "line", "field", "problem"), [
    ('[presentations.a]\ncondition = "c"\ncode = "N44"\nall = [["x"]]\n', 1, "presentations.a.criteria",
     "missing or empty"),
    ('[presentations.a]\ncondition = "c"\ncode = "n44.x"\nall = [["x"]]\ncriteria = "s"\n', 1,
     "presentations.a.code", "an ICD-10-CM code"),
    ('[presentations.a]\ncondition = "c"\ncode = {right = "N44.01"}\nall = [["x"]]\ncriteria = "s"\n', 1,
     "presentations.a.code", "holding unspecified"),
    ('[presentations.ok]\ncondition = "c"\ncode = "N44"\nall = [["x"]]\ncriteria = "s"\n\n'
     '[presentations.b]\ncondition = "c"\ncode = "N44"\nall = [["x"]]\nsome = 2\nof = [["y"]]\ncriteria = "s"\n',
     7, "presentations.b.some", "a count from 0"),
    ('[presentations.a]\ncondition = "c"\ncode = "N44"\nall = ["x"]\ncriteria = "s"\n', 1, "presentations.a.all",
     "a list of findings"),
    ('[presentations.a]\ncondition = "c"\ncode = "N44"\ncriteria = "s"\n', 1, "presentations.a.all",
     "needs findings"),
    ('[presentations.a]\ncondition = "c"\ncode = "N44"\nall = [["ab* pain"]]\ncriteria = "s"\n', 1,
     "presentations.a.all", "three letters"),
    ('[presentations.a]\ncondition = "c"\ncode = "N44"\nall = [["x"]]\ncriteria = "s"\nsource = "t"\n', 1,
     "presentations.a.source", "unknown field"),
])
def test_a_bad_entry_is_one_error_naming_file_line_and_field(tmp_path, text, line, field, problem):
    assert_one_error(load_presentations, tmp_path / "presentations.toml", text, line, field, problem)

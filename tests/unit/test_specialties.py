"""The home-specialty rules: ranges, prefixes and exceptions, and a bad file refused with its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from loaders.errors import SourceFormatError
from loaders.specialties import CodeRange, read_ownership

#: The 20 specialties of the benchmark the map serves (domain reference).
BENCHMARK_SPECIALTIES = {
    "Cardiology", "Pulmonology", "Gastroenterology", "Nephrology", "Urology", "Endocrinology", "Neurology",
    "Psychiatry", "Dermatology", "Rheumatology", "Hematology_Oncology", "Ophthalmology", "Otolaryngology",
    "Obstetrics_Gynecology", "Neonatology", "Infectious_Disease", "Emergency_Medicine", "Orthopedics",
    "General_Surgery", "Medical_Genetics",
}


@pytest.mark.parametrize("rng, inside, outside", [
    (CodeRange("I00", "I52"), ["I00", "I10", "I50.9", "I52"], ["I53", "I60.9", "H99"]),
    (CodeRange("E11.2", "E11.2"), ["E11.2", "E11.22", "E11.29"], ["E11.3", "E11.9", "E10.22"]),
    (CodeRange("O00", "O9A"), ["O24.419", "O9A.1"], ["P00"]),
    (CodeRange("E83.0", "E83.1"), ["E83.01", "E83.119"], ["E83.2"]),
])
def test_ranges_are_inclusive_and_prefixes_cover_their_codes(rng, inside, outside):
    assert all(code in rng for code in inside) and not any(code in rng for code in outside)


def test_the_bundled_map_covers_the_benchmark_specialties_with_a_rationale_per_rule():
    ownership = read_ownership()
    assert set(ownership.specialties) == BENCHMARK_SPECIALTIES
    assert {r.specialty for r in ownership.rules} == BENCHMARK_SPECIALTIES  # every specialty owns something
    assert all(r.rationale and r.line > 0 for r in ownership.rules)


@pytest.mark.parametrize("code, expected", [
    ("E11.22", {"Endocrinology", "Nephrology"}),
    ("E11.319", {"Endocrinology", "Ophthalmology"}),
    ("I11.0", {"Cardiology"}),
    ("I63.9", {"Neurology"}),  # the cerebrovascular block is carved out of cardiology's chapter
    ("G47.33", {"Pulmonology"}),  # sleep apnea: an exception to neurology's chapter
    ("J18.9", {"Pulmonology", "Infectious_Disease"}),
    ("K35.80", {"Gastroenterology", "General_Surgery"}),
    ("K02.9", {"Otolaryngology"}),
    ("R55", set()),  # symptoms have no home
])
def test_homes_of_real_codes(code, expected):
    assert {r.specialty for r in read_ownership().homes(code)} == expected


def test_a_code_owned_twice_by_one_specialty_gets_one_edge():
    ownership = read_ownership()
    assert [(c, r.specialty) for c, r in ownership.assign(["O24.419"])] == [
        ("O24.419", "Endocrinology"), ("O24.419", "Obstetrics_Gynecology")]


HEAD = 'version = "1"\n[[specialty]]\nid = "Cardiology"\n\n'


@pytest.mark.parametrize("rule, field, message", [
    ('specialty = "Cardiology"\ncodes = ["I00-X"]\nrationale = "r"\n', "rule[1].codes[0]", "not an ICD-10-CM"),
    ('specialty = "Cardiology"\ncodes = ["I52-I00"]\nrationale = "r"\n', "rule[1].codes[0]", "runs backwards"),
    ('specialty = "Cardiology"\ncodes = []\nrationale = "r"\n', "rule[1].codes", "must be a list"),
    ('specialty = "Cardiologie"\ncodes = ["I50"]\nrationale = "r"\n', "rule[1].specialty", "not a declared"),
    ('specialty = "Cardiology"\ncodes = ["I50"]\n', "rule[1].rationale", "one-line rationale"),
    ('specialty = "Cardiology"\ncodes = ["I50"]\nrationale = "r"\nowner = "x"\n', "rule[1].owner", "unknown"),
])
def test_a_bad_rule_is_refused_with_its_line_and_field(tmp_path: Path, rule, field, message):
    path = tmp_path / "specialties.toml"
    path.write_text(HEAD + "[[rule]]\n" + rule)
    with pytest.raises(SourceFormatError) as caught:
        read_ownership(path)
    assert (caught.value.line, caught.value.field) == (5, field) and message in str(caught.value)

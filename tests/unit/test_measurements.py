"""Measured values read against reference ranges (graph.extraction.measurements): pure, no graph."""

from __future__ import annotations

import pytest

from graph.extraction.measurements import ANALYTES, BLOOD_PRESSURE, read_measurement


@pytest.mark.parametrize(("mention", "direction", "first_name"), [
    ("K 2.8", "low", "hypokalemia"),
    ("serum sodium of 152", "high", "hypernatremia"),
    ("Mg 1.1", "low", "hypomagnesemia"),
    ("blood sugar of 45", "low", "hypoglycemia"),
    ("glucose 22 mmol/L", "high", "hyperglycemia"),  # 396 mg/dL once the stated unit is read
    ("Hgb 7.9 g/dL", "low", "low hemoglobin"),
    ("WBC 2.1", "low", "leukopenia"),  # thousands: 2,100 cells/µL
    ("white count of 18,500", "high", "leukocytosis"),
    ("platelet count of 620,000", "high", "thrombocytosis"),
    ("ANC 0.9", "low", "neutropenia"),  # 900 cells/µL
    ("pulse 44", "low", "bradycardia"),
    ("RR 32", "high", "tachypnea"),
    ("O2 sat 88% on 2 L", "low", "hypoxemia"),
    ("temperature of 94.1 F", "low", "hypothermia"),  # 34.5 °C
    ("Tmax 38.4", "high", "fever"),
    ("tachypneic to 30", "high", "tachypnea"),
    ("hypotensive to 78/40", "low", "hypotension"),
    ("BP 150/85", "high", "hypertension"),  # systolic alone
    ("BP 130/95", "high", "hypertension"),  # diastolic alone
    ("low albumin", "low", "hypoalbuminemia"),
    ("raised bilirubin", "high", "hyperbilirubinemia"),
])
def test_an_abnormal_value_names_its_finding(mention, direction, first_name):
    reading = read_measurement(mention)
    assert reading is not None, mention
    assert (reading.direction, reading.names[0]) == (direction, first_name), reading


@pytest.mark.parametrize("mention", ["Na 140", "K 4.4", "HR 72", "BP 118/76", "SpO2 97% on room air",
                                     "temp 98.6 F", "temperature of 95.0 F", "platelets 250",
                                     "potassium level of 4.1", "HbA1c 5.2%", "creatinine of 0.9"])
def test_a_value_inside_its_range_is_no_finding(mention):
    reading = read_measurement(mention)
    assert reading is not None and reading.direction == "normal" and reading.names == (), reading


@pytest.mark.parametrize("mention", ["type 2 diabetes", "CKD stage 3", "CIN 2", "C5 fracture", "G2P1",
                                     "trisomy 21", "BP", "BP 140", "HR 80/60", "fever", "chest pain for 3 days",
                                     "high arched palate", "low back pain", "elevated mood"])
def test_anything_but_an_analyte_and_a_value_is_not_read(mention):
    assert read_measurement(mention) is None


def test_the_description_states_the_value_its_unit_and_the_range():
    assert read_measurement("temp 102.4 F").describe() == \
        "temperature 102.4 f (39.1 °C) is above the reference range (35–37.9 °C)"
    assert read_measurement("WBC 25").describe() == \
        "white cells 25 (25,000 cells/µL) is above the reference range (4,000–11,000 cells/µL)"
    assert read_measurement("high K").describe() == "potassium said to be high"


def test_every_analyte_has_a_range_and_a_name_for_each_side_it_bounds():
    for analyte in (*ANALYTES, BLOOD_PRESSURE):
        assert analyte.low is not None or analyte.high is not None, analyte.name
        assert (analyte.low is None) == (not analyte.below), analyte.name
        assert (analyte.high is None) == (not analyte.above), analyte.name
        if analyte.low is not None and analyte.high is not None:
            assert analyte.low < analyte.high, analyte.name
    aliases = [alias for analyte in (*ANALYTES, BLOOD_PRESSURE) for alias in analyte.aliases]
    assert len(aliases) == len(set(aliases))  # one analyte per alias

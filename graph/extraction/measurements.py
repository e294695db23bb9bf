"""A measured value read against its reference range: "Na 121" is hyponatremia, "HR 130" tachycardia,
"WBC of 25,000" leukocytosis, "febrile to 39.2" a fever — and "K 4.1" no finding at all.

Vignettes state results as numbers. No code is named by "glucose of 540"; the finding is the direction of
the value against the analyte's reference range, and that finding has a name ("hyperglycemia"). So a mention
that is an analyte (or a vital sign's adjective) and a value is read here before the name search: an
abnormal value gives the names of its finding, likeliest first, for the exact-name lookup; a value inside
the range gives none, and the mention is no finding (issue 21, vignette and lab phrasing).

The ranges are typical adult reference intervals of general medicine (a laboratory's own may differ a
little; a value near a limit is the clinician's call, and such values are rare in teaching vignettes).
Values are read in the units US vignettes use: mg/dL for chemistry (mmol/L for glucose only when said),
g/dL for hemoglobin, cells/µL for counts (a count too small to be cells is read as thousands: "WBC 25" is
25,000, "platelets 45" 45,000), °C or °F for temperature (above 50 it is °F), mmHg.

Pure: text in, a reading out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graph.extraction.lexicon import folded


@dataclass(frozen=True)
class Analyte:
    """One measured quantity: what it is called, its reference range and the names of its abnormal findings."""

    name: str
    aliases: tuple[str, ...]
    low: float | None  # below this the value is low (None: no low finding)
    high: float | None  # above this it is high
    unit: str
    below: tuple[str, ...] = ()  # names of the low finding, likeliest first
    above: tuple[str, ...] = ()
    thousands_below: float = 0  # a count under this is said in thousands ("WBC 25" is 25,000 cells/µL)
    unit_said: bool = False  # read only with its unit said ("UOP 30" is as often an hourly rate)

    def scaled(self, value: float, unit: str) -> float:
        """``value`` in this analyte's unit."""
        if value < self.thousands_below:
            return value * 1000
        if self.name == "temperature" and (unit in ("f", "°f") or value > 50):
            return round((value - 32) * 5 / 9, 1)
        if self.name == "glucose" and unit == "mmol/l":
            return value * 18
        return value


def _a(name: str, aliases: str, low: float | None, high: float | None, unit: str, below: str = "",
       above: str = "", thousands_below: float = 0, unit_said: bool = False) -> Analyte:
    split = lambda names: tuple(n.strip() for n in names.split(";") if n.strip())  # noqa: E731
    return Analyte(name, split(aliases), low, high, unit, split(below), split(above), thousands_below, unit_said)


#: Typical adult reference intervals; the finding names are the ones clinicians and HPO use.
ANALYTES: tuple[Analyte, ...] = (
    _a("sodium", "sodium; na; serum sodium; na+", 135, 145, "mmol/L", "hyponatremia", "hypernatremia"),
    _a("potassium", "potassium; k; serum potassium; k+", 3.5, 5.0, "mmol/L", "hypokalemia", "hyperkalemia"),
    _a("chloride", "chloride; cl", 98, 107, "mmol/L", "hypochloremia", "hyperchloremia"),
    _a("bicarbonate", "bicarbonate; bicarb; hco3; serum bicarbonate", 22, 29, "mmol/L",
       "low bicarbonate; decreased serum bicarbonate concentration", "elevated bicarbonate"),
    _a("calcium", "calcium; ca; serum calcium", 8.5, 10.5, "mg/dL", "hypocalcemia", "hypercalcemia"),
    _a("magnesium", "magnesium; mg; serum magnesium", 1.7, 2.2, "mg/dL", "hypomagnesemia", "hypermagnesemia"),
    _a("phosphorus", "phosphorus; phosphate; phos; serum phosphorus; serum phosphate", 2.5, 4.5, "mg/dL",
       "hypophosphatemia", "hyperphosphatemia"),
    _a("glucose", "glucose; blood glucose; serum glucose; blood sugar; sugar; fingerstick glucose; bg; "
       "fingerstick; fsbg; fingerstick blood glucose; cbg; capillary blood glucose; poc glucose", 70, 140, "mg/dL",
       "hypoglycemia", "hyperglycemia"),
    _a("creatinine", "creatinine; cr; creat; serum creatinine", None, 1.3, "mg/dL", "",
       "elevated creatinine; elevated circulating creatinine concentration"),
    _a("urea nitrogen", "bun; blood urea nitrogen; urea nitrogen", None, 20, "mg/dL", "",
       "elevated blood urea nitrogen; azotemia"),
    _a("hemoglobin", "hemoglobin; hgb; hb; haemoglobin", 12.0, 17.5, "g/dL", "low hemoglobin; anemia",
       "elevated hemoglobin; polycythemia"),
    _a("hematocrit", "hematocrit; hct", 36, 50, "%", "decreased hematocrit; anemia",
       "elevated hematocrit; polycythemia"),
    _a("white cells", "wbc; white count; white blood cell count; white cell count; leukocyte count; wbc count",
       4000, 11000, "cells/µL", "leukopenia", "leukocytosis", thousands_below=200),
    _a("neutrophils", "anc; absolute neutrophil count; neutrophil count", 1500, 7700, "cells/µL",
       "neutropenia", "neutrophilia", thousands_below=50),
    _a("platelets", "platelets; platelet count; plt; plts", 150_000, 450_000, "/µL", "thrombocytopenia",
       "thrombocytosis", thousands_below=1000),
    _a("thyrotropin", "tsh; thyroid stimulating hormone", 0.4, 4.0, "mIU/L", "low tsh", "elevated tsh"),
    _a("hemoglobin A1c", "hba1c; a1c; hemoglobin a1c; glycated hemoglobin; glycosylated hemoglobin", None, 5.6,
       "%", "", "elevated hemoglobin a1c"),
    _a("lactate", "lactate; lactic acid; serum lactate", None, 2.2, "mmol/L", "", "elevated lactate"),
    _a("bilirubin", "bilirubin; total bilirubin; bili; t bili", None, 1.2, "mg/dL", "", "hyperbilirubinemia"),
    _a("albumin", "albumin; serum albumin", 3.5, None, "g/dL", "hypoalbuminemia", ""),
    # each transaminase by its own name where HPO names it, the two together where the text does not say which
    _a("alanine aminotransferase", "alt; sgpt; alanine aminotransferase; alanine transaminase", None, 40, "U/L", "",
       "elevated circulating alanine aminotransferase concentration; elevated transaminases"),
    _a("aspartate aminotransferase", "ast; sgot; aspartate aminotransferase; aspartate transaminase", None, 40,
       "U/L", "", "elevated circulating aspartate aminotransferase concentration; elevated transaminases"),
    _a("transaminases", "lfts; lft; liver function tests; liver enzymes; transaminases", None, 40,
       "U/L", "", "elevated transaminases"),
    _a("uric acid", "uric acid; urate; serum urate", None, 7.2, "mg/dL", "", "hyperuricemia"),
    _a("triglycerides", "triglycerides; tg; triglyceride", None, 150, "mg/dL", "", "hypertriglyceridemia"),
    _a("oxygen saturation", "spo2; sao2; o2 sat; o2 sats; sat; sats; oxygen saturation; pulse ox; "
       "pulse oximetry; o2 saturation; hypoxic; desaturating; desatting", 94, None, "%", "hypoxemia", ""),
    _a("heart rate", "hr; heart rate; pulse; p; bradycardic; tachycardic", 60, 100, "/min", "bradycardia",
       "tachycardia"),
    _a("respiratory rate", "rr; respiratory rate; resp rate; respirations; tachypneic; bradypneic", 12, 20,
       "/min", "bradypnea", "tachypnea"),
    _a("temperature", "temperature; temp; t; tmax; febrile; afebrile; hypothermic; fever", 35.0, 37.9, "°C",
       "hypothermia", "fever"),
    _a("free thyroxine", "free t4; ft4; free thyroxine", 0.8, 1.8, "ng/dL", "low free t4",
       "increased circulating t4 concentration"),
    _a("international normalized ratio", "inr", None, 1.2, "", "", "elevated inr"),
    _a("troponin", "troponin; trop; troponin i; troponin t; tni; tnt; hs troponin; high sensitivity troponin",
       None, 0.04, "ng/mL", "", "increased circulating troponin i concentration"),
    _a("natriuretic peptide", "bnp; brain natriuretic peptide; nt probnp; probnp; nt pro bnp", None, 100,
       "pg/mL", "", "elevated bnp"),
    _a("lipase", "lipase; serum lipase", None, 60, "U/L", "",
       "increased circulating pancreatic triacylglycerol lipase level"),
    _a("ferritin", "ferritin; serum ferritin", 15, 300, "ng/mL", "low ferritin", "hyperferritinemia"),
    _a("LDL cholesterol", "ldl; ldl cholesterol; ldl c", None, 160, "mg/dL", "", "elevated ldl"),
    _a("sedimentation rate", "esr; sed rate; erythrocyte sedimentation rate", None, 30, "mm/h", "",
       "elevated erythrocyte sedimentation rate"),
    _a("C-reactive protein", "crp; c reactive protein; c-reactive protein", None, 10, "mg/L", "",
       "elevated c reactive protein level"),
    _a("prostate-specific antigen", "psa; prostate specific antigen", None, 4, "ng/mL", "",
       "elevated prostate specific antigen level"),
    _a("anion gap", "anion gap; serum anion gap", None, 12, "mmol/L", "", "elevated serum anion gap"),
    _a("arterial pH", "ph; arterial ph; blood ph", 7.35, 7.45, "", "acidosis", "alkalosis"),
    _a("arterial oxygen", "pao2; po2", 80, None, "mmHg", "hypoxemia", ""),
    # 25-hydroxyvitamin D: deficiency below 20 ng/mL (Endocrine Society 2011); said "25-OH vit D" and the like
    _a("25-hydroxyvitamin D", "vitamin d; vit d; 25 hydroxyvitamin d; 25 hydroxy vitamin d; calcidiol; "
       "calcifediol", 20, None, "ng/mL", "vitamin d deficiency", ""),
    # urine output over a day: oliguria below 400 mL (an hourly rate needs the weight, and is not read)
    _a("urine output", "uop; urine output; u/o; urine out", 400, None, "mL/24h", "oliguria", "", unit_said=True),
)

#: Blood pressure is two values; high is either above its limit, low a systolic under 90.
BLOOD_PRESSURE = _a("blood pressure", "bp; blood pressure; hypotensive; hypertensive", 90, 140, "mmHg",
                    "hypotension", "hypertension")
_DIASTOLIC_HIGH = 90

_BY_ALIAS = {alias: a for a in (*ANALYTES, BLOOD_PRESSURE) for alias in a.aliases}

_VALUE = re.compile(
    r"^(?:(?:a|an|the)\s+)?(?P<analyte>[a-z][a-z0-9+ ]*?)\b\+?\s*"
    r"(?:(?:of|to|at|is|was|=|:|up to|down to|rising to|fell to|dropped to|measured at|now)\s*)?"
    r"(?:[<>]=?|[≤≥])?\s*(?P<value>\d[\d,]*(?:\.\d+)?)(?:\s*/\s*(?P<second>\d+))?\s*"
    r"(?P<unit>%|mg/dl|mmol/l|meq/l|g/dl|ng/ml|ng/dl|pg/ml|miu/l|iu/l|u/l|µiu/ml|uiu/ml|mg/l|µmol/l|umol/l|"
    r"bpm|mmhg|°c|°f|c|f|k|/ul|/min|x ?10\^?9/l|ml/24 ?h(?:rs?|ours)?|ml/day|ml/d|ml in 24 ?h(?:rs?|ours)?)?"
    r"(?P<rest>(?:\s+(?:on|from|at|in|after|despite|with|while|during|since|over)\b.*)?)$"
)


#: Units read only where they are the analyte's own (no conversion is known): "PSA 12 ng/mL", "lipase 600 U/L".
_ONLY_AS_ITS_OWN = frozenset({"ng/ml", "ng/dl", "pg/ml", "u/l", "iu/l", "miu/l", "µiu/ml", "uiu/ml", "mg/l",
                              "µmol/l", "umol/l", "ml/24h", "ml/24hr", "ml/24hrs", "ml/24hours", "ml/day", "ml/d",
                              "mlin24h", "mlin24hr", "mlin24hrs", "mlin24hours"})
#: Two spellings of one unit.
_SAME_UNIT = {"iu/l": "u/l", "µiu/ml": "miu/l", "uiu/ml": "miu/l", "umol/l": "µmol/l", "ml/24hr": "ml/24h",
              "ml/24hrs": "ml/24h", "ml/24hours": "ml/24h", "ml/day": "ml/24h", "ml/d": "ml/24h",
              "mlin24h": "ml/24h", "mlin24hr": "ml/24h", "mlin24hrs": "ml/24h", "mlin24hours": "ml/24h"}
#: How a 25-hydroxyvitamin D level is written before its name: "25-OH", "25(OH)", "25-hydroxy".
_HYDROXY_FIRST = re.compile(r"^25\s*[- ]?\s*\(?oh\)?\s*[- ]?\s*(?=vit|d\b)|^25[- ]hydroxy[- ]?(?=vit)")

#: A value said as a multiple of the upper limit of normal: "ALT 3x ULN", "lipase 5 times the upper limit".
_TIMES_NORMAL = re.compile(r"^(?P<analyte>[a-z][a-z0-9+ ]*?)\s+(?:(?:of|at|is|was)\s+)?(?P<times>\d+(?:\.\d+)?)\s*"
                           r"(?:x|×|times)\s*(?:the\s+)?(?:uln|upper limit(?: of normal)?)$")
#: A direction said in words instead of a value: "high K", "low platelets", "elevated LFTs".
_SAID_DIRECTION = re.compile(r"^(?P<direction>high|elevated|raised|increased|low|decreased|reduced|depressed|"
                             r"suppressed)\s+"
                             r"(?P<analyte>[a-z][a-z0-9+ ]*)$")
#: The same said after the analyte: "troponin elevated", "free T4 low", "potassium is low".
_SAID_DIRECTION_AFTER = re.compile(r"^(?P<analyte>[a-z][a-z0-9+ ]*?)\s+(?:is\s+|was\s+)?(?P<direction>high|elevated|"
                                   r"raised|increased|low|decreased|reduced|depressed|suppressed)$")
_DIRECTION_WORDS = {"high": "high", "elevated": "high", "raised": "high", "increased": "high", "low": "low",
                    "decreased": "low", "reduced": "low", "depressed": "low", "suppressed": "low"}


@dataclass(frozen=True)
class Reading:
    """What a measured value says: the analyte, the value in its unit, and the finding's names (none: normal)."""

    analyte: Analyte
    value: str
    direction: str  # "low", "high" or "normal"
    names: tuple[str, ...]

    def describe(self) -> str:
        a = self.analyte
        if not self.value:
            return f"{a.name} said to be {self.direction}"
        limits = (f"{a.low:,g}–{a.high:,g}" if a.low is not None and a.high is not None
                  else f"≥ {a.low:,g}" if a.low is not None else f"≤ {a.high:,g}")
        where = {"low": "below", "high": "above", "normal": "within"}[self.direction]
        return f"{a.name} {self.value} is {where} the reference range ({limits} {a.unit})"


def _analyte(said: str) -> Analyte | None:
    """The analyte ``said`` names, with or without a last "level", "levels", "count" or "reading"."""
    said = re.sub(r"\s+", " ", said).strip()
    return _BY_ALIAS.get(said) or _BY_ALIAS.get(re.sub(r" (?:level|levels|count|reading)$", "", said))


def read_measurement(mention: str) -> Reading | None:
    """The reading of ``mention`` if it is an analyte and a value; ``None`` if it is anything else.

    >>> read_measurement("Na 121").names, read_measurement("WBC of 25,000").names
    (('hyponatremia',), ('leukocytosis',))
    >>> read_measurement("SpO2 84% on room air").direction, read_measurement("BP 190/110").names
    ('low', ('hypertension',))
    >>> read_measurement("febrile to 102.5 F").names, read_measurement("K 4.1").direction
    (('fever',), 'normal')
    >>> read_measurement("platelets 45").names, read_measurement("ANC 400").names
    (('thrombocytopenia',), ('neutropenia',))
    >>> read_measurement("FSBG 38").names, read_measurement("CBG 450").names  # fingerstick, capillary glucose
    (('hypoglycemia',), ('hyperglycemia',))
    >>> read_measurement("high K").names, read_measurement("elevated LFTs").describe()
    (('hyperkalemia',), 'transaminases said to be high')
    >>> read_measurement("troponin elevated").names, read_measurement("free T4 low").direction
    (('increased circulating troponin i concentration',), 'low')
    >>> read_measurement("chest pain for 3 days") is None, read_measurement("type 2 diabetes") is None
    (True, True)
    >>> read_measurement("25-OH vit D 9 ng/mL").names, read_measurement("UOP 150 mL/24h despite fluids").names
    (('vitamin d deficiency',), ('oliguria',))
    >>> read_measurement("urine output 1800 mL/day").direction, read_measurement("UOP 20 mL/hr") is None
    ('normal', True)
    >>> read_measurement("UOP 150") is None  # an hour's or a day's: unread
    True
    >>> read_measurement("TSH <0.01").direction, read_measurement("ALT 3x ULN").describe()
    ('low', 'alanine aminotransferase 3× the upper limit of normal is above the reference range (≤ 40 U/L)')
    """
    text = _HYDROXY_FIRST.sub("", folded(mention).lower().strip().rstrip("."))
    said_so = _SAID_DIRECTION.match(text) or _SAID_DIRECTION_AFTER.match(text)
    if said_so is not None:
        analyte = _analyte(said_so["analyte"])
        if analyte is None:
            return None
        direction = _DIRECTION_WORDS[said_so["direction"]]
        return Reading(analyte, "", direction, analyte.below if direction == "low" else analyte.above)
    times = _TIMES_NORMAL.match(text)
    if times is not None and (analyte := _analyte(times["analyte"])) is not None and float(times["times"]) > 1:
        return Reading(analyte, f"{times['times']}× the upper limit of normal", "high", analyte.above)
    match = _VALUE.match(text)
    if match is None:
        return None
    analyte = _analyte(match["analyte"])
    if analyte is None:
        return None
    unit = (match["unit"] or "").replace(" ", "")
    if analyte.unit_said and not unit:
        return None
    if unit in _ONLY_AS_ITS_OWN and _SAME_UNIT.get(unit, unit) != _SAME_UNIT.get(analyte.unit.lower(),
                                                                                 analyte.unit.lower()):
        return None  # "creatinine 80 µmol/L" is no value in mg/dL: unread rather than misread
    value = float(match["value"].replace(",", ""))
    said = match["value"] + (f"/{match['second']}" if match["second"] else "") + \
        (f" {match['unit']}" if match["unit"] else "")
    if analyte is BLOOD_PRESSURE:
        if match["second"] is None:
            return None
        diastolic = float(match["second"])
        direction = ("high" if value >= BLOOD_PRESSURE.high or diastolic >= _DIASTOLIC_HIGH  # type: ignore[operator]
                     else "low" if value < BLOOD_PRESSURE.low else "normal")  # type: ignore[operator]
    else:
        if match["second"] is not None:
            return None
        scaled = analyte.scaled(value, unit)
        if scaled != value:  # "platelets 45 (45,000 /µL)", "temp 102.4 F (39.1 °C)"
            said += f" ({scaled:,g} {analyte.unit})"
        value = scaled
        direction = ("low" if analyte.low is not None and value < analyte.low
                     else "high" if analyte.high is not None and value > analyte.high else "normal")
    names = {"low": analyte.below, "high": analyte.above, "normal": ()}[direction]
    return Reading(analyte, said, direction, names)

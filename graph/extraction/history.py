"""History and status shorthand: "h/o TIA", "hx of breast cancer", "family history of colon cancer",
"s/p CABG" name a Z code, never the condition itself (issue 21, pattern 1).

A history of a condition is coded with ICD-10-CM's "Personal history of …" codes (Z85–Z87, Z91): by their
titles and inclusion terms ("Personal history of suicide attempt"), by the "Conditions classifiable to …"
notes that tie them to the codes of the condition (Z85.3 "Personal history of malignant neoplasm of
breast": conditions classifiable to C50.-), or by the title ICD-10-CM gives the healed form ("Old
myocardial infarction"). A family history is coded the same ways with the "Family history of …" codes (Z80
"Family history of malignant neoplasm of digestive organs": conditions classifiable to C15-C26). A status
after a procedure is a "Presence of …" code ("Presence of coronary artery
bypass graft"). A proposal of the condition's own code for such a mention is wrong, whatever its name.

Pure: it reads the mention and the names and notes of the lexicon's codes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: "h/o X", "hx of X", "history of X", "past history of X", "PMH of X" → a history; "family history of X",
#: "FHx of X", "FHx X", "FH: X" (never a bare "FH X": FH is also familial hypercholesterolemia) → a family
#: history (ICD-10-CM's "Family history of …" codes, not the patient's own); "s/p X",
#: "status post X" → a status; "on X", "dependent on X" → a treatment the patient is on (a "Dependence on …"
#: or "Long term (current) use of …" code).
_FORMS = re.compile(r"^\s*(?:(?P<family>(?:family\s+(?:history|hx|h/o)|fam\s+hx|fhx)(?:\s+of|\s*:)?|"
                    r"fh(?:\s+of|\s*:))|"
                    r"(?P<history>h/o|hx\.?(?:\s+of)?|pmh\s+of|(?:(?:past|personal|remote|distant|prior)\s+)?history\s+of|"
                    r"prior|previous|remote)|"
                    r"(?P<status>s/p|status\s+post)|"
                    r"(?P<treatment>(?:(?:has|have|had)\s+been\s+|(?:is|are)\s+)?(?:on|dependent\s+on|takes|taking)"
                    r"(?:\s+(?:home|chronic|long[- ]term|supplemental|daily|lifelong|regular|maintenance))*))"
                    r"\s+(?P<rest>\S.*)$", re.IGNORECASE)
#: How long a treatment has gone on, or will ("has been on insulin for years", "on apixaban indefinitely"): no
#: word of the code.
_FOR_HOW_LONG = re.compile(r"\s+(?:for\s+(?:(?:many|several|a\s+few|\d+|two|three|five|ten)\s+)?"
                           r"(?:years?|yrs?|months?|mos?|weeks?|wks?|decades?)|indefinitely|lifelong|for\s+life|"
                           r"long[- ]term)\s*$", re.IGNORECASE)
#: How much of a treatment, before it ("2L home O2", "3 L/min of oxygen"): no word of the code.
_HOW_MUCH = re.compile(r"^\d+(?:\.\d+)?\s*(?:l|lpm|liters?|litres?)(?:\s*/\s*min|\s+per\s+minute)?"
                       r"(?:\s+(?:nc|of))?\s+(?:(?:home|supplemental)\s+)*", re.IGNORECASE)
#: How much of a treatment, after it ("O2, 2 L NC at night"): no word of the code either.
_HOW_MUCH_AFTER = re.compile(r"\s*,?\s*\d+(?:\.\d+)?\s*(?:l|lpm|liters?|litres?)(?:\s*/\s*min|\s+per\s+minute)?"
                             r"(?:\s+(?:(?:by|via)\s+)?(?:nc|nasal\s+cannula|mask|bipap|cpap))?\s*$", re.IGNORECASE)
#: Who gave the organ ("s/p deceased-donor kidney transplant"): ICD-10-CM's transplant status is one whoever did.
_DONOR = re.compile(r"\b(?:(?:deceased|living|cadaveric)(?:[- ](?:related|unrelated))?[- ]donor|cadaveric)\s+",
                    re.IGNORECASE)
#: "long-term steroid use", "chronic opioid use": a treatment the patient is on.
_LONG_TERM_USE = re.compile(r"^\s*(?:long[- ]term|chronic|daily)\s+(?P<rest>\S.*?)\s+(?:use|user|therapy)\s*$",
                            re.IGNORECASE)
#: How many vessels a bypass grafted ("s/p three-vessel CABG"): ICD-10-CM's status is one however many.
_VESSELS = re.compile(r"\b(?:single|double|triple|quadruple|one|two|three|four|five|[1-6])[- ]vessel\s+",
                      re.IGNORECASE)
#: A spaced dash, after which a note comments on what it has said ("s/p CABG - on aspirin").
_COMMENT_AFTER_DASH = re.compile(r"\s+[-–—]{1,2}\s+")
#: The patient named before what is said of them ("patient is O2-dependent", "pt on maintenance HD"): no word
#: of the code.
_THE_PATIENT = re.compile(r"^\s*(?:the\s+)?(?:patient|pt)(?:\s+(?:is|has\s+been))?\s+(?=\S)", re.IGNORECASE)
#: "HD dependent", "dialysis-dependent", "oxygen dependent": a treatment the patient depends on.
_DEPENDENT = re.compile(r"^\s*(?:(?:home|chronic)\s+)?(?P<rest>\S.*?)[- ]dependent\s*$", re.IGNORECASE)
#: "PPM placed 2018 for CHB", "ICD implanted in 2020": a device in place, the status it leaves (the reason it
#: was placed is a code of its own, or history).
_PLACED = re.compile(r"^\s*(?:(?:i|she|he|they|we)\s+(?:got|had|have|has)\s+(?:a|an|my|her|his|their)\s+)?"
                     r"(?P<rest>\S.*?)\s+(?:placed|implanted|inserted|put\s+in|in\s+place|in\s+situ|present)\b"
                     r"(?:\s+(?:in\s+)?(?:\d{4}|\d+\s*(?:y(?:ea)?rs?|mo(?:nth)?s?)\s+ago|last\s+(?:year|month|week)|"
                     r"(?:a|one|two|three|four|five|several)\s+(?:years?|months?)\s+ago))?"
                     r"(?:\s+(?:for|due\s+to|2/2|since|after|following)\s+\S.*)?\s*$", re.IGNORECASE)
#: Relatives who had it ("mother and sister both had breast cancer"): a family history.
_KIN = r"(?:(?:his|her|my|their|the\s+patient['’]s)\s+)?(?:mother|father|mom|dad|sister|brother|sibling|son|" \
       r"daughter|grandmother|grandfather|aunt|uncle|parents?|siblings|sisters|brothers)"
_RELATIVES_HAD = re.compile(rf"^\s*{_KIN}(?:\s*(?:,|and)\s*{_KIN})*\s+(?:both\s+|all\s+)?(?:had|has|have|with|"
                            r"died\s+(?:of|from))\s+(?P<rest>\S.*)$", re.IGNORECASE)
#: A condition said to be over: removed or treated some time ago, or gone since ("colonic polyps removed at
#: colonoscopy three years ago", "TIA two years ago, fully recovered"): a personal history.
_WHEN_AGO = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|several|a\s+few)\s+(?:years?|yrs?|months?|mos?)" \
            r"\s+ago"
_OVER = re.compile(rf"^\s*(?P<rest>\S.*?)\s+(?:(?:removed|resected|excised|treated|repaired)\b.*?\b{_WHEN_AGO}|"
                   rf"{_WHEN_AGO}\s*,\s*(?:fully\s+recovered|recovered|resolved|no\s+residual\s+\w+|no\s+recurrence|"
                   r"no\s+deficits?))\s*$", re.IGNORECASE)
#: What was done for a past condition, or the age it came at: no word of its history code ("prostate cancer
#: treated with radiation", "a heart attack at 50").
_SINCE_DONE = re.compile(r"\s*,?\s+(?:(?:treated|managed|resected|excised|removed|cured)\b.*|at\s+(?:age\s+)?\d{1,3}"
                         r"|in\s+(?:his|her|their)\s+\d0s)$", re.IGNORECASE)
#: How a treatment reaches the patient, after it: "on HD via L arm AVF", "on TPN through a PICC", "O2 by NC".
_THROUGH = re.compile(r"\s+(?:via|through|by)\s+\S.*$", re.IGNORECASE)
#: How often a treatment is taken ("insulin daily", "hemodialysis three times a week", "HD MWF": the days of
#: a dialysis schedule).
_HOW_OFTEN_TAKEN = re.compile(r"\s+(?:daily|nightly|weekly|continuously|continuous|round\s+the\s+clock|24/7|"
                              r"mwf|tts|tths|m/w/f|t/th/s|tu/th/sa|mon/wed/fri|tue/thu/sat|thrice\s+weekly|"
                              r"\d\s*x\s*/\s*w(?:ee)?k|"
                              r"at\s+night|with\s+exertion|(?:once|twice|\d+|one|two|three|four)\s+(?:times\s+)?"
                              r"(?:a|per|each)\s+(?:day|week|night))\s*$", re.IGNORECASE)
#: What a treatment is taken for, after it: "on warfarin for afib", "on insulin for T1DM".
_TAKEN_FOR = re.compile(r"\s+for\s+(?!(?:years?|months?|weeks?|days?|life|a\s+while|the\s+past|the\s+last|\d)\b)"
                        r"\S.*$", re.IGNORECASE)
#: Which relative had it, after it: "… colon cancer in mother", "… breast cancer (maternal aunt)".
_IN_KIN = re.compile(rf"\s*(?:,\s*|\s+(?:in|of)\s+(?:a\s+)?|\s*\(\s*)(?:(?:maternal|paternal)\s+)?{_KIN}"
                     rf"(?:\s*(?:,|and|&)\s*(?:(?:maternal|paternal)\s+)?{_KIN})*\s*\)?\s*$", re.IGNORECASE)
_CODE = r"[A-Z][0-9][0-9A-Z](?:\.[0-9A-Z]+)?"
_SPAN = re.compile(rf"({_CODE})(?:\.-)?(?:\s*-\s*({_CODE}))?")
_CLASSIFIABLE = re.compile(r"classifiable to\s+(.*)$", re.IGNORECASE)


@dataclass(frozen=True)
class Shorthand:
    """A mention in history or status form: which, and the condition or procedure it is of."""

    kind: str  # history | family | status
    of: str


def read_shorthand(mention: str) -> Shorthand | None:
    """The history or status form of ``mention``, if it has one.

    >>> read_shorthand("h/o TIA"), read_shorthand("Hx of breast cancer")
    (Shorthand(kind='history', of='TIA'), Shorthand(kind='history', of='breast cancer'))
    >>> read_shorthand("s/p CABG")
    Shorthand(kind='status', of='CABG')
    >>> read_shorthand("family history of colon cancer"), read_shorthand("history") is None
    (Shorthand(kind='family', of='colon cancer'), True)
    >>> read_shorthand("family hx of colon cancer in father")
    Shorthand(kind='family', of='colon cancer')
    >>> read_shorthand("on home O2"), read_shorthand("HD dependent")
    (Shorthand(kind='treatment', of='O2'), Shorthand(kind='treatment', of='HD'))
    >>> read_shorthand("on 2L home O2"), read_shorthand("on 3 L/min of oxygen")
    (Shorthand(kind='treatment', of='O2'), Shorthand(kind='treatment', of='oxygen'))
    >>> read_shorthand("prior stroke"), read_shorthand("long-term steroid use")
    (Shorthand(kind='history', of='stroke'), Shorthand(kind='treatment', of='steroid'))
    >>> read_shorthand("PPM placed 2018 for CHB"), read_shorthand("stent placed")
    (Shorthand(kind='status', of='PPM'), Shorthand(kind='status', of='stent'))
    >>> read_shorthand("permanent pacemaker present")
    Shorthand(kind='status', of='permanent pacemaker')
    >>> read_shorthand("family history of colon cancer in mother"), read_shorthand("FHx breast cancer (maternal aunt)")
    (Shorthand(kind='family', of='colon cancer'), Shorthand(kind='family', of='breast cancer'))
    >>> read_shorthand("on warfarin for afib"), read_shorthand("on insulin for T1DM")
    (Shorthand(kind='treatment', of='warfarin'), Shorthand(kind='treatment', of='insulin'))
    >>> read_shorthand("has been on insulin for years"), read_shorthand("s/p deceased-donor kidney transplant")
    (Shorthand(kind='treatment', of='insulin'), Shorthand(kind='status', of='kidney transplant'))
    >>> read_shorthand("on apixaban indefinitely")
    Shorthand(kind='treatment', of='apixaban')
    >>> read_shorthand("mother and sister both had breast cancer"), read_shorthand("father died of an MI")
    (Shorthand(kind='family', of='breast cancer'), Shorthand(kind='family', of='an MI'))
    >>> read_shorthand("colonic polyps removed at colonoscopy three years ago")
    Shorthand(kind='history', of='colonic polyps')
    >>> read_shorthand("history of prostate cancer treated with radiation"), read_shorthand("takes insulin daily")
    (Shorthand(kind='history', of='prostate cancer'), Shorthand(kind='treatment', of='insulin'))
    >>> read_shorthand("father had a heart attack at 50"), read_shorthand("remote history of breast cancer")
    (Shorthand(kind='family', of='a heart attack'), Shorthand(kind='history', of='breast cancer'))
    >>> read_shorthand("TIA two years ago, fully recovered"), read_shorthand("chest pain two hours ago") is None
    (Shorthand(kind='history', of='TIA'), True)
    >>> read_shorthand("Dependent on supplemental O2, 2 L NC at night")
    Shorthand(kind='treatment', of='O2')
    >>> read_shorthand("On HD MWF via L arm AVF"), read_shorthand("on TPN through a PICC line")
    (Shorthand(kind='treatment', of='HD'), Shorthand(kind='treatment', of='TPN'))
    >>> read_shorthand("Colostomy in place since Hartmann procedure for perforated diverticulitis (2023)")
    Shorthand(kind='status', of='Colostomy')
    >>> read_shorthand("patient is O2-dependent"), read_shorthand("long-term insulin user")
    (Shorthand(kind='treatment', of='O2'), Shorthand(kind='treatment', of='insulin'))
    >>> read_shorthand("pt on maintenance hemodialysis MWF")
    Shorthand(kind='treatment', of='hemodialysis')
    >>> read_shorthand("I got a pacemaker put in last year")
    Shorthand(kind='status', of='pacemaker')
    >>> read_shorthand("History of falls - bed alarm and hip protectors ordered"), read_shorthand("s/p 3-vessel CABG")
    (Shorthand(kind='history', of='falls'), Shorthand(kind='status', of='CABG'))
    """
    mention = _THE_PATIENT.sub("", mention)
    found = _FORMS.match(mention)
    if found is None:
        if (relatives := _RELATIVES_HAD.match(mention)) is not None:
            rest = relatives.group("rest").strip()
            return Shorthand("family", _SINCE_DONE.sub("", rest) or rest)
        if (over := _OVER.match(mention)) is not None:
            return Shorthand("history", over.group("rest").strip())
        if (used := _LONG_TERM_USE.match(mention)) is not None:
            return Shorthand("treatment", used.group("rest").strip())
        if (dependent := _DEPENDENT.match(mention)) is not None:
            return Shorthand("treatment", dependent.group("rest").strip())
        placed = _PLACED.match(mention)
        return Shorthand("status", placed.group("rest").strip()) if placed else None
    kind = next(k for k in ("family", "history", "status", "treatment") if found.group(k))
    # what follows a spaced dash is the note's comment on it ("History of falls - bed alarm ordered")
    rest = _COMMENT_AFTER_DASH.split(found.group("rest"), maxsplit=1)[0].strip()
    if kind in ("history", "family"):  # "prostate cancer treated with radiation", "a heart attack at 50"
        rest = _SINCE_DONE.sub("", rest) or rest
    if kind == "family":  # "family history of colon cancer in mother": the relative is no word of the code
        rest = _IN_KIN.sub("", rest) or rest
    if kind == "treatment":
        rest = _TAKEN_FOR.sub("", rest) or rest  # "on warfarin for afib": the warfarin, the afib a code of its own
        rest = _THROUGH.sub("", rest) or rest  # "on HD via L arm AVF": the dialysis, whatever the access
        rest = _HOW_OFTEN_TAKEN.sub("", rest) or rest
        rest = _FOR_HOW_LONG.sub("", rest) or rest
        rest = _HOW_MUCH.sub("", rest) or rest  # "on 2L home O2": oxygen, however much
        rest = _HOW_MUCH_AFTER.sub("", rest) or rest  # "dependent on O2, 2 L NC at night"
    return Shorthand(kind, _VESSELS.sub("", _DONOR.sub("", rest)) if kind == "status" else rest)


def classifiable_spans(note: str) -> list[tuple[str, str]]:
    """The code spans a "Conditions classifiable to …" note names, each as (first, last).

    >>> classifiable_spans("Conditions classifiable to C50.-")
    [('C50', 'C50')]
    >>> classifiable_spans("Conditions classifiable to C40-C41; C45-C49")
    [('C40', 'C41'), ('C45', 'C49')]
    >>> classifiable_spans("Malignant neoplasm of breast")
    []
    """
    found = _CLASSIFIABLE.search(note)
    if found is None or note.lower().startswith(("newborn", "infestation")) or " not classifiable" in note:
        return []
    return [(m.group(1), m.group(2) or m.group(1)) for m in _SPAN.finditer(found.group(1))]


def span_width(span: tuple[str, str]) -> int:
    """How many three-character categories ``span`` runs over, less one: the narrower of two notes holding a
    code is the one it belongs to (C73 is in Z85.8's C69–C75 and in Z85.85's C73–C75, which is the thyroid's).

    >>> span_width(("C73", "C75")), span_width(("C69", "C75")), span_width(("C50", "C50")), span_width(("C7A", "C7A"))
    (2, 6, 0, 0)
    """
    first, last = span[0][:3], span[1][:3]
    if first == last:
        return 0
    if not (first[1:].isdigit() and last[1:].isdigit()):
        return 10_000  # "C7A" and the like: no count, taken last
    return (ord(last[0]) - ord(first[0])) * 100 + int(last[1:]) - int(first[1:])


def in_span(code: str, span: tuple[str, str]) -> bool:
    """``code`` falls in ``span``, compared at the length of each end ("C50.919" is in C50–C50).

    >>> in_span("C50.919", ("C50", "C50")), in_span("C46.1", ("C45", "C49")), in_span("C50.1", ("C45", "C49"))
    (True, True, False)
    """
    first, last = span
    return code[:len(first)] >= first and code[:len(last)] <= last

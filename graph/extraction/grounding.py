"""The grounding cascade: a mention (and any code proposed for it) → accept, replace or reject, with why.

The same deterministic steps for mentions clinigraph extracts and for mentions
proposed from outside (an LLM's code is a candidate, never a fact):

a. **proposed code** — it must exist in the system's current release, be active
   (an inactive code with a ``REPLACED_BY`` successor is replaced by it), be of
   the right kind for the mention (see :func:`kind_allows`) and its name must
   match the mention's words (:func:`similarity` ≥ :data:`PROPOSED_MATCH_THRESHOLD`);
   then it is accepted.
b. **exact name** — the mention's normalised words equal a preferred name or a
   synonym (ICD-10-CM titles and inclusion terms, HPO names and exact synonyms,
   SNOMED CT descriptions, LOINC and RxNorm names) of a concept of the right kind.
b'. **ontology synonym** — the words equal a name Mondo, DOID or MeSH gives a concept
   they cross-reference (:class:`~graph.extraction.lexicon.Loan`: "NIDDM" of E11, "pink eye" of
   H10); the system order decides before the kind of name, so a diagnosis named so by Mondo
   goes to ICD-10-CM before Orphanet's own term of that name.
c. **crosswalk** — an exact name in another system, followed through the
   SNOMED CT → ICD-10-CM map, HPO xrefs or UMLS CUIs to a concept of a preferred
   system.
d. **fuzzy** — the best name with :func:`similarity` ≥ :data:`FUZZY_THRESHOLD`
   (0.90: the low end of the 0.90–0.95 range the published pipeline used).

A proposed code that passes (a) still gives way to a preferred system's concept named exactly
so (:data:`YIELDS_TO_PREFERRED`: a finding's ICD-10-CM R-code to HPO), and one that fails (a) by
its name is accepted after all when (b)–(d) reach that very code.

When a proposed code fails (a), the outcome of (b)–(d) is a *replace* with the
reason it failed, or a *reject* when nothing qualifies; a code that failed is
kept only as the proposal, never as a grounding. Ties prefer the system order of
the mention's category, then billable codes, then the shorter code.
"""

from __future__ import annotations

import itertools
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from difflib import SequenceMatcher, get_close_matches
from functools import lru_cache
from typing import Any

from graph.extraction.axes import (
    SIDES,
    Axes,
    differs_by_side,
    names_no_agent,
    one_side_said,
    read_axes,
    side_of,
    sides_said,
    without_agent,
    without_course,
)
from graph.extraction.combinations import hypertensive_combination
from graph.extraction.context import (
    DRUG_INDUCED_FORMS,
    POSTPROCEDURAL_FORMS,
    a_newborns_case,
    after_a_procedure,
    after_a_stroke,
    anaphylaxis_to_a_food,
    arising_on,
    as_allergy_status,
    as_cerebral_infarction,
    as_drug_induced,
    as_foreign_body,
    as_gestational_age,
    as_malignant_neoplasm,
    as_poisoning,
    as_rib_fractures,
    as_secondary_neoplasm,
    as_vein_thrombosis,
    at_body_sites,
    caused_as_titles_say,
    control_said,
    dash_parts,
    denied_clause,
    diagnosis_stated,
    due_to,
    encounter_said_first,
    exertional,
    features_stage_apart,
    fhir_text,
    first_clause,
    found_by_a_test,
    in_a_newborn,
    kind_first,
    last_clause_apart,
    milk_or_egg_allergy,
    modifier_first,
    over_a_site,
    pregnancy_said,
    said_after_trauma,
    site_first,
    trimester_said,
    with_clause_apart,
    with_its_cause,
    with_its_complication,
    with_laceration_depth,
    with_trimester,
    without_circumstance,
    without_dose,
    without_frame,
    without_infection_word,
    without_note_asides,
    without_place,
    without_pregnancy_clause,
    without_semantic_tag,
    without_weeks_along,
    without_what_comes_with_it,
)
from graph.extraction.history import Shorthand, classifiable_spans, in_span, read_shorthand, span_width
from graph.extraction.index_terms import IndexTerm
from graph.extraction.lay_phrasing import Phrasing, denies_or_doubts, lay_readings, load_lay_phrasing
from graph.extraction.lexicon import STATE_WORDS, Entry, Lexicon, Loan, comparable, folded, name_variants, tokens
from graph.extraction.measurements import Reading, read_measurement
from graph.extraction.presentations import Presentation, described, load_presentations
from graph.extraction.sites import BODY_PARTS, as_organs, names_a_site, site_readings, without_surface_site
from graph.extraction.wordforms import INJURIES, finding_heads, injury_nouns, noun_readings, result_readings

FUZZY_THRESHOLD = 0.90
PROPOSED_MATCH_THRESHOLD = 0.70
#: How step (a) says a proposal failed by its name's wording alone (not by what it is, or says beyond the text).
_WORDING_FAILURE = re.compile(r"^proposed: its name .* (?:does not match|leaves out words of) ")
#: "due to" and "secondary to": titles say a cause either way, so a mention saying it one way is read the other.
_CAUSE_EITHER_WAY = re.compile(r"\b(?:due to|secondary to)\b|(?<!\S)(?:2/2|d/t)(?!\S)", re.IGNORECASE)
_OTHER_WAY = {"due to": "secondary to", "secondary to": "due to", "2/2": "secondary to", "d/t": "secondary to"}
#: The most words of a note's line whose semicolons set its sentences apart (:func:`dash_parts`): a longer
#: text is a case's narrative, whose sentences tell one story rather than list the note's points.
NOTE_LINE_MOST_WORDS = 20
#: The least match of a note's part to the proposal's name for the part to name it (:meth:`Grounder.
#: _proposal_said_in_a_part`): a part of two or three words that a longer name only holds loosely names no
#: code; a whole mention so close still passes the proposal check, where every word of the note is weighed.
PART_MATCH_FLOOR = 0.80
#: The least score at which the search's closest name, being the proposal's own, corroborates the proposal.
CORROBORATED_FLOOR = 0.60
#: The most words a mention may have for its closest name to corroborate a proposal: a note's phrase ("AFib
#: w/ RVR"), not a case's narrative, whose closest name says more of its many words than of its diagnosis.
CORROBORATED_MOST_WORDS = 10
_SOFT_TOKEN = 0.85

#: Systems tried for each category, most preferred first.
SYSTEM_ORDER = {
    "diagnosis": ("ICD10CM", "SNOMEDCT", "ORPHA", "OMIM"),
    "finding": ("HPO", "SNOMEDCT", "LOINC", "RXNORM", "ICD10CM"),
}
#: Systems whose right code for a mention still gives way to a preferred system's concept named so exactly:
#: a finding's ICD-10-CM R-code to HPO, a diagnosis's OMIM or Orphanet entry to ICD-10-CM (issue 21). A SNOMED
#: CT, LOINC or RxNorm code proposed is a deliberate choice of terminology and stays.
YIELDS_TO_PREFERRED = {"finding": frozenset({"ICD10CM"}), "diagnosis": frozenset({"OMIM", "ORPHA", "DECIPHER"})}
#: Words that group codes ("other specified", "not elsewhere classified") or mark a default ("without"), not
#: what a code names beyond its unspecified sibling.
_GROUPING = frozenset({"other", "specified", "not", "elsewhere", "classified", "without", "with"})
#: The age a form of a condition is named by, or comes at ("Infantile idiopathic scoliosis", "Juvenile rheumatoid
#: arthritis", "Senile cataract", "Premature menopause"): a look-alike that adds one is another form than the
#: text says.
_AGE_FORMS = frozenset({"infantile", "juvenile", "adolescent", "senile", "presenile", "childhood", "adult",
                        "premature", "fetal", "neonatal", "congenital"})  # "Asymptomatic premature menopause"
# is no menopause, nor "Fetal neck mass" a neck mass
#: The course of a condition, which a catalogue of rare diseases names as entries of their own.
_COURSES = frozenset({"acute", "subacute", "chronic"})
#: Parts of a long bone a fracture is said at, as chapter 19 titles some of them ("Fracture of shaft of
#: humerus", "… neck of femur", "… base of neck"); a category naming none leaves them to the record.
_PARTS_OF_A_BONE = frozenset({"shaft", "midshaft", "base", "head", "neck"})
#: Methods that name a concept as it is, not by likeness: what a reading the text only implies must reach.
_EXACT_METHODS = frozenset({"exact_name", "index_term", "ontology_synonym", "proposed_code", "replaced_by"})
#: Who names a concept exactly, in the order a system's names are taken: its own, the ICD-10-CM Index's, an
#: open ontology's.
_NAMED_BY: tuple[type, ...] = (type(None), IndexTerm, Loan)
#: A word of letters, as :meth:`Grounder._respelled` looks at them (the lexicon says which it mends).
_LETTERS = re.compile(r"[^\W\d_]+")
#: Finding types that look in one system first.
FINDING_SYSTEM_FIRST = {"lab_value": "LOINC", "medication": "RXNORM"}

_SNOMED_DIAGNOSIS_TAGS = {"disorder", "finding"}
_SNOMED_FINDING_TAGS = {"finding", "disorder", "observable entity", "clinical finding"}
_UMLS_DIAGNOSIS_TYPES = {"T047", "T046", "T191", "T019", "T020", "T037", "T048", "T190"}
_UMLS_FINDING_TYPES = {"T184", "T033", "T034", "T047", "T046", "T059", "T060", "T201", "T121", "T109", "T200"}


#: Title words of another matter than the condition itself: a title adding one the mention lacks is not its code.
_OTHER_MATTER = frozenset({"carrier", "history", "status", "screening", "contact", "exposure", "encounter",
                           "examination", "sequela", "personal", "family", "presence", "absence", "observation",
                           "complication", "complicating", "affecting", "maternal", "newborn", "fetu",
                           "specified"})
#: The structures under the skin an injury's title names ("Laceration of ulnar artery at forearm level"): a
#: wound said of a region alone is the wound of that region ("forearm laceration" is S51.81-, as the Index
#: sends "Laceration, forearm"), never of a vessel or nerve there the text does not name; nor of a muscle or
#: tendon, where the wound is an open one (a strain is of its muscle and tendon, whether said or not).
_STRUCTURES = frozenset({"artery", "vein", "vessel", "nerve"})
_SOFT_TISSUES = frozenset({"muscle", "tendon", "fascia", "ligament"})
_OPEN_WOUNDS = frozenset({"laceration", "wound", "puncture", "bite"})
#: Title words a covering title may not add: another matter, a structure, the upper part of a site ("arm" read
#: for a forearm is no leave to take "… of right upper arm"), or another age ("juvenile").
#: What a title adds that is an event of its own, never a grouping of what the mention says: "IUP, first
#: trimester" is no O31.21 "Continuing pregnancy after intrauterine death of one fetus …".
_EVENTS = frozenset({"death", "continuing", "retained", "failed"})
_NARROWER = _OTHER_MATTER | _STRUCTURES | _EVENTS | {"upper", "juvenile"}
_CLAUSE = re.compile(r"\s(?:in|due to|following|complicating|affecting|associated with)\s", re.IGNORECASE)


def _adds_with(words: tuple[str, ...], title: str) -> bool:
    """Whether ``title`` has a "with …" clause the mention does not state ("Laceration with foreign body of
    scalp" for a scalp laceration), or one the mention denies ("… with damage to nail" for a laceration
    "without damage to nail").

    >>> _adds_with(tokens("finger laceration without damage to nail"), "Laceration of finger with damage to nail")
    True
    >>> _adds_with(tokens("finger laceration with damage to nail"), "Laceration of finger with damage to nail")
    False
    """
    said = set(words)
    denied: set[str] = set()
    for at, word in enumerate(words):
        if word == "without":  # what follows, up to a "with", is said not to be there
            denied.update(itertools.takewhile(lambda w: w != "with", words[at + 1:]))
    return any(not (clause := set(tokens(m.group(1)))) <= said or clause & denied
               for m in _WITH_PART.finditer(title))


#: Where a title's noun phrases end: each part's last word is a head ("Gallstone ileus" is an ileus).
_PARTS = re.compile(r",|\(|\)|\b(?:and|or|of|with|without|in|due to)\b", re.IGNORECASE)


def _first_part(title: str) -> tuple[str, ...]:
    """The words of a title before its first comma, "and" or "or": what the title is about first.

    >>> _first_part("Dizziness and giddiness"), _first_part("Intra-abdominal and pelvic swelling, mass and lump")
    (('dizziness',), ('intra', 'abdominal'))
    """
    return tokens(re.split(r",|\band\b|\bor\b", title, maxsplit=1)[0])


def _leads_with(words: tuple[str, ...], title: str) -> bool:
    """Whether ``title`` is about the mention before any "in …", "due to …" clause, with the mention's last word
    the head of one of its noun phrases: "Meconium ileus in cystic fibrosis" is a meconium ileus, not cystic
    fibrosis, and "Gallstone ileus" no gallstones.

    >>> _leads_with(tokens("cystic fibrosis"), "Meconium ileus in cystic fibrosis")
    False
    >>> _leads_with(tokens("phenylketonuria"), "Classical phenylketonuria")
    True
    >>> _leads_with(tokens("gallstones"), "Gallstone ileus")
    False
    """
    head = set(tokens(_CLAUSE.split(title, maxsplit=1)[0]))
    heads = {said[-1] for part in _PARTS.split(title) if (said := tokens(part))}
    return any(w in head for w in words) and words[-1] in heads


#: What a person's name alone stands for, the likeliest first: "Parkinson's" is Parkinson's disease.
_EPONYM_KINDS = ("disease", "syndrome", "phenomenon")
_POSSESSIVE_SAID = re.compile(r"[a-z](?:['’]s|s['’])(?:\s|$)", re.IGNORECASE)


def _possessive_in(word: str, display: str) -> bool:
    """Whether ``display`` writes ``word`` (a compared word) as a person's name in the possessive.

    >>> _possessive_in("alzheimer", "Alzheimer's disease, unspecified"), _possessive_in("heart", "Heart disease")
    (True, False)
    """
    return re.search(rf"\b{re.escape(word)}(?:['’]s|s['’]|['’])", folded(display), re.IGNORECASE) is not None


@dataclass
class Decision:
    """What the cascade concluded for one mention, and every step it took."""

    outcome: str  # accept | replace | reject
    #: proposed_code | replaced_by | exact_name | ontology_synonym | crosswalk | fuzzy | personal_history |
    #: family_history | measurement | covering_title | treatment_status | presentation
    method: str | None = None
    system: str | None = None
    code: str | None = None
    display: str | None = None
    release: str | None = None
    score: float | None = None
    reason: str = ""
    steps: list[str] = field(default_factory=list)


def _aside(mention: str, form: str) -> str:
    """The step that says a note's mention was read without its asides (:func:`without_note_asides`)."""
    return f"aside: {mention!r} is {form!r}, without what the note adds"


def kind_allows(lexicon: Lexicon, entry: Entry, category: str) -> str | None:
    """``None`` when ``entry`` may ground a ``category`` mention, else the reason it may not."""
    s, kind = entry.system, entry.kind
    if s == "ICD10CM":
        if kind in ("chapter", "block"):
            return f"an ICD-10-CM {kind} heading, not a code"
        return None
    if s == "HPO":
        if category == "diagnosis":
            return "an HPO phenotype term, not a diagnosis"
        if not lexicon.is_hpo_phenotype(entry.code):
            return "an HPO term outside Phenotypic abnormality (HP:0000118)"
        return None
    if s in ("OMIM", "ORPHA", "DECIPHER"):
        return None if category == "diagnosis" else "a disease, not a finding"
    if s == "SNOMEDCT":
        tags = _SNOMED_DIAGNOSIS_TAGS if category == "diagnosis" else _SNOMED_FINDING_TAGS
        return None if kind in tags else f"a SNOMED CT {kind or 'concept'}, not a {category}"
    if s in ("LOINC", "RXNORM"):
        what = "laboratory test or observation" if s == "LOINC" else "medication"
        return None if category == "finding" else f"a {what} code, not a diagnosis"
    if s == "UMLS":
        types = set(entry.semantic_types)
        wanted = _UMLS_DIAGNOSIS_TYPES if category == "diagnosis" else _UMLS_FINDING_TYPES
        return None if not types or types & wanted else f"a UMLS concept of semantic types {sorted(types)}"
    return f"{s} codes do not ground {category} mentions"


#: A history's note that it left nothing behind, which the history code itself states ("Z86.73 … without
#: residual deficits").
_NO_RESIDUAL = re.compile(r",?\s*(?:with\s+)?(?:no|without)\s+(?:residual|remaining|lasting)\s+"
                          r"(?:neurologic(?:al)?\s+)?(?:deficits?|sequelae|weakness)\s*$", re.IGNORECASE)

#: What an implant is made of, which no status title of ICD-10-CM names ("s/p mechanical MVR" is Z95.2).
_KINDS_OF_IMPLANT = frozenset({"mechanical", "bioprosthetic", "tissue", "porcine", "bovine", "metallic", "deceased",
                               "living", "donor", "cadaveric", "related", "unrelated",
                               # the brands and kinds of an intrauterine device: Z97.5 whichever
                               "mirena", "kyleena", "liletta", "skyla", "paragard", "copper", "hormonal",
                               "levonorgestrel"})
#: What was done to put it there, and how many times, which status titles do not say either.
_PROCEDURE_WORDS = frozenset({"placement", "insertion", "implantation", "procedure", "surgery", "with", "stent",
                              "stenting",
                              # how it was done, and "total", what a removal is where nothing else is said
                              # (never "subtotal" or "partial", which leave a part the status names)
                              "total", "laparoscopic", "robotic", "open", "abdominal"})
_TIMES = re.compile(r"x\d+|(?:19|20)\d\d")
#: A procedure's reason and the parts it took, said after it: "(uterus and cervix)", "for fibroids".
_WHY_OR_WHICH_PARTS = re.compile(r"\s*\([^()]*\)|\s+(?:for|due\s+to|because\s+of)\s+[^,;]*$", re.IGNORECASE)

#: Words of a name that deny what follows them ("Non-pitting edema", "Absent …"): a look-alike holding one the
#: mention does not is its opposite.
_DENYING = frozenset({"non", "no", "absent", "absence"})
#: Severity words: a look-alike that grades what the mention does not ("Major depressive disorder, recurrent
#: severe …" for "major depression, recurrent") is more specific than the text.
_DENYING_OR_GRADING = _DENYING | {"severe", "mild", "moderate", "profound", "critical", "massive",
                                   # a tissue the mention does not name ("Laceration of blood vessel of right
                                   # index finger" for a laceration of the finger)
                                   "vessel", "nerve", "tendon", "muscle", "fascia", "ligament", "artery", "vein",
                                   # a symptom of it ("Foreign body sensation, right eye")
                                   "sensation",
                                   # another matter than the condition now ("Personal history of diabetic foot
                                   # ulcer" for a diabetic foot ulcer), or another age ("Unspecified juvenile
                                   # rheumatoid arthritis" for rheumatoid arthritis)
                                   "history", "personal", "family", "screening", "carrier", "contact", "exposure",
                                   "juvenile", "pubertal", "prepubertal", "postmenopausal", "premenopausal"}

#: ICD-10-CM chapters of injuries, external causes and statuses, whose one-word names ("injury", "pregnancy")
#: are no disease a look-alike adds.
_NOT_A_DISEASE_CHAPTER = frozenset("STVWXYZ")

#: Prefixes of opposite meaning: "hypokalemia" is one letter pair from "hyperkalemia" and means the opposite,
#: so a typo-tolerant match never crosses between them.
_OPPOSITES = (("hypo", "hyper"), ("brady", "tachy"), ("micro", "macro"), ("oligo", "poly"), ("pre", "post"),
              ("intra", "extra"))


#: Prefixes that negate a word: "asymptomatic" is one letter from "symptomatic" and says the opposite, as do
#: afebrile, nontender, unresponsive, incontinent — never a misspelling of the word they negate. "eu-" says
#: normal: "euthyroid" is no thyroid disorder.
_NEGATING_PREFIXES = ("a", "an", "non", "un", "in", "dis", "eu")


def _opposed(a: str, b: str) -> bool:
    """Words of opposite meaning that look alike: opposite prefixes, or one the other with a negating prefix.

    >>> _opposed("hypokalemia", "hyperkalemia"), _opposed("asymptomatic", "symptomatic")
    (True, True)
    >>> _opposed("nontender", "tender"), _opposed("afebrile", "febrile")
    (True, True)
    >>> _opposed("fibrilation", "fibrillation")
    False
    """
    if any((a.startswith(x) and b.startswith(y)) or (a.startswith(y) and b.startswith(x)) for x, y in _OPPOSITES):
        return True
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return any(longer == prefix + shorter for prefix in _NEGATING_PREFIXES)


#: Endings of English inflection: two words that share one are compared on their stems.
_INFLECTIONS = ("ing", "ed")


@lru_cache(maxsize=1 << 20)
def _soft_equal(a: str, b: str) -> bool:
    """``a`` is a misspelling of ``b`` (or the reverse): character ratio ≥ 0.85, never across opposites, on the
    stems where both end in one inflection.

    >>> _soft_equal("fibrilation", "fibrillation"), _soft_equal("vomitting", "vomiting")
    (True, True)
    >>> _soft_equal("limping", "lisping"), _soft_equal("hypokalemia", "hyperkalemia")
    (False, False)

    Memoised, with the cheap upper bounds first: a fuzzy search compares a mention's words with the words
    of thousands of names, and the full ratio was nearly all of grounding's time."""
    if _opposed(a, b) or 2 * min(len(a), len(b)) / (len(a) + len(b)) < _SOFT_TOKEN:
        return False
    ending = next((e for e in _INFLECTIONS if a.endswith(e) and b.endswith(e)), "")
    if ending and min(len(a), len(b)) - len(ending) >= 3:  # "limping" is no misspelling of "lisping": compare
        a, b = a[:-len(ending)], b[:-len(ending)]          # the stems an ending they share would hide
    matcher = SequenceMatcher(None, a, b)
    return matcher.quick_ratio() >= _SOFT_TOKEN and matcher.ratio() >= _SOFT_TOKEN


def _token_match(word: str, names: tuple[str, ...], exact: frozenset[str] = frozenset()) -> bool:
    """``word`` is in ``names``, or a misspelling of one of them unless it is one of the ``exact`` words."""
    if word in names:
        return True
    if len(word) < 5 or word.isdigit() or word in exact:
        return False
    return any(len(n) >= 5 and _soft_equal(word, n) for n in names)


#: Words before a condition's name that say it is not the patient's, not now, or not certain ("family history
#: of", "no", "suspected"): a proposal is never kept on a name said after one.
_NOT_THE_PATIENTS_NOW = frozenset({"without", "no", "not", "denies", "denied", "negative", "family", "history", "hx",
                                   "fhx", "mother", "father", "sibling", "suspected", "possible", "probable",
                                   "likely", "rule", "ruled", "screening", "risk", "resolved", "previous", "prior",
                                   "excluded", "versus", "vs", "deny"})
#: How many names may hold the one word of a name said within a longer mention.
_FEW_NAMES = 30
#: Words of a code's title that group codes rather than tell them apart.
_GROUPING_WORDS = frozenset({"other", "specified", "unspecified", "due", "with", "without", "not", "elsewhere",
                             "classified", "condition", "associated", "type", "site"})
#: Words that deny the words after them.
_DENIAL_WORDS = frozenset({"without", "no", "not", "deny", "negative"})
#: Words after a condition's name that take it back ("…: calcium 11.2, ruled out").
_TAKEN_BACK_AFTER = frozenset({"negative", "neg", "excluded", "unlikely", "absent", "ruled", "resolved"})
#: An inclusion term ICD-10-CM marks as the code's where nothing more is said.
_NOS = re.compile(r"\bNOS\b")
#: A condition said as a question or one to rule out ("?PE", "r/o sepsis").
_HEDGED = re.compile(r"\?|\br/o\b|\brule\s+out\b", re.IGNORECASE)


def _span_of(name: tuple[str, ...], words: tuple[str, ...]) -> tuple[int, int] | None:
    """Where every word of ``name`` is said in ``words`` close together (in any order, at most two other words
    among them): the first position and one past the last; None where it is not.

    >>> _span_of(("third", "stage", "hemorrhage"), tokens("hemorrhage in the third stage of labor"))
    (0, 3)
    >>> _span_of(("sepsis", "aureus"), tokens("sepsis after a fall, wound grew S. aureus")) is None
    True
    """
    where = [[i for i, w in enumerate(words) if w == n] for n in name]
    if not all(where):
        return None
    best = None
    for first in sorted({i for places in where for i in places}):
        ends = [min((i for i in places if i >= first), default=None) for places in where]
        if None in ends:
            continue
        last = max(e for e in ends if e is not None)
        if last - first + 1 <= len(name) + 2 and (best is None or last - first < best[1] - best[0]):
            best = (first, last + 1)
    return best


def covers(mention: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """Every word of the mention is in the name (typo-tolerant): the name leaves nothing the mention says out.

    >>> covers(tokens("paroxysmal atrial fibrillation"), tokens("Unspecified atrial fibrillation"))
    False
    >>> covers(tokens("atrial fibrilation"), tokens("Unspecified atrial fibrillation"))
    True
    """
    return bool(mention) and all(_token_match(w, name) for w in mention)


def similarity(mention: tuple[str, ...], name: tuple[str, ...], exact: frozenset[str] = frozenset()) -> float:
    """How well a name covers a mention: mean of containment and Dice over (typo-tolerant) tokens; a word in
    ``exact`` (one that names things itself) counts only where the name has it as it is.

    Numbers must agree: "type 2 diabetes" against "type 1 diabetes mellitus" scores 0.

    >>> similarity(tokens("type 2 diabetes"), tokens("Type 2 diabetes mellitus"))
    0.929
    >>> similarity(tokens("type 2 diabetes"), tokens("Type 1 diabetes mellitus"))
    0.0
    >>> similarity(tokens("hypertenson"), tokens("Hypertension"))
    1.0
    """
    if not mention or not name:
        return 0.0
    numbers_m = {w for w in mention if w.isdigit()}
    numbers_n = {w for w in name if w.isdigit()}
    if numbers_m and numbers_n and not numbers_m & numbers_n:
        return 0.0
    if numbers_m - numbers_n and numbers_n:
        return 0.0
    matched = sum(1 for w in mention if _token_match(w, name, exact))
    containment = matched / len(mention)
    dice = 2 * matched / (len(mention) + len(name))
    return round(0.5 * containment + 0.5 * dice, 3)


#: A code with an encounter 7th character (S02.2XXA, S52.501D): a letter after six characters. A 7th
#: character that is a digit is an axis of its own (E11.3219: unspecified eye), chosen by the marks.
_SEVENTH = re.compile(r"[A-Z][0-9][0-9A-Z]\.[0-9A-Z]{3}[A-Z]")
#: Any 7th character, a letter (the encounter) or a digit (a stage: H35.3220 "…, left eye, stage unspecified"):
#: the side is chosen on the six characters before it.
_ANY_SEVENTH = re.compile(r"[A-Z][0-9][0-9A-Z]\.[0-9A-Z]{3}[0-9A-Z]")
#: "with" that adds a form; never in "unspecified whether with hypoxia or hypercapnia" (J96.10), which says none.
_WITH = re.compile(r"(?<!whether )\bwith\b(?!\s+unspecified)", re.IGNORECASE)
_UNSPECIFIED_MARK = re.compile(r"\bunspecified\b", re.IGNORECASE)
#: Words of a child title that say it is the form a coder takes when the text states nothing more: "without …",
#: "uncomplicated", "not specified as recurrent", "not having achieved remission" (ICD-10-CM's default for a
#: leukaemia whose remission the record does not state), "not intractable" (a headache or migraine the record
#: does not call intractable: G44.209, G43.909).
_ABSENT_MARK = re.compile(r"\bwithout\b|\buncomplicated\b|\bnot specified as\b|\bnot having achieved remission\b|"
                          r"\bnot intractable\b",
                          re.IGNORECASE)


def _default_child(parent: Entry, children: list[Entry]) -> Entry | None:
    """The child that only adds "unspecified", "without …" or "uncomplicated" to its parent's title, the one
    child titled as its parent is, or the one child holding the parent's condition "NOS" (not otherwise
    specified) among its inclusion terms.

    Marks are counted beyond the parent's own ("Peptic ulcer, site unspecified" → its child adding
    "unspecified as acute or chronic, without …"); a child adding a "with …" is a specific form, never
    the default. Most marks wins, then more "without" marks, then a title that extends the parent's, then
    the shortest title (E11.9 "… without complications" before E11.A "… without complications in
    remission"); a remaining tie is no answer.
    """
    seventh = [c for c in children if c.active and _SEVENTH.fullmatch(c.code)]
    if seventh and len(seventh) == len(children):
        # A 7th character the text does not state: A, the initial encounter (active treatment), and for a
        # fracture the closed one ("a fracture not indicated as open or closed should be coded to closed",
        # ICD-10-CM guideline I.C.19.c.1).
        return next((c for c in seventh if c.code.endswith("A")), None)

    same = [c for c in children if c.active and tokens(c.display, keep_qualifiers=True)
            == tokens(parent.display, keep_qualifiers=True)]
    if len(same) == 1:  # J03.90 "Acute tonsillitis, unspecified" under J03.9 of that very title
        return same[0]

    # S12.10 "Unspecified fracture of second cervical vertebra": S12.100 "… displaced …" beside S12.101
    # "… nondisplaced …"; a fracture not said to be either is displaced (guideline I.C.19.c.1)
    said = set(tokens(parent.display))
    displaced = [c for c in children if c.active and set(tokens(c.display)) - said - {"unspecified"} == {"displaced"}]
    if len(displaced) == 1 and any(set(tokens(c.display)) - said - {"unspecified"} == {"nondisplaced"}
                                   for c in children):
        return displaced[0]  # S42.41 → S42.413 "Displaced simple supracondylar … of unspecified humerus"
    # I26.99 "Other pulmonary embolism …" holds "Pulmonary embolism NOS": the condition not otherwise specified
    nos = [c for c in children if c.active and any(
        n.endswith(" NOS") and set(tokens(n[:-4])) <= said for n in c.names)]
    if len(nos) == 1:
        return nos[0]

    def count(pattern: re.Pattern[str], e: Entry) -> int:
        return len(pattern.findall(e.display)) - len(pattern.findall(parent.display))

    ranked = sorted(
        ((count(_UNSPECIFIED_MARK, c) + count(_ABSENT_MARK, c), count(_ABSENT_MARK, c),
          c.display.lower().startswith(parent.display.lower()), -len(c.display), c)
         for c in children if c.active and count(_WITH, c) <= 0 and not _grades(parent, c)
         and not _adds_beside_its_marks(parent, c)
         and not (_adds_before_its_marks(parent, c) and any(c2.active and _UNSPECIFIED_MARK.search(c2.display)
                                                            and not _adds_before_its_marks(parent, c2)
                                                            for c2 in children))),
        key=lambda r: r[:4], reverse=True)
    if not ranked or ranked[0][0] <= 0 or (len(ranked) > 1 and ranked[1][:4] == ranked[0][:4]):
        return None
    if len(ranked) > 1 and ranked[1][:3] == ranked[0][:3] and _forms_side_by_side(parent, ranked[0][4],
                                                                                    ranked[1][4]):
        return None
    return ranked[0][4]


def _adds_before_its_marks(parent: Entry, child: Entry) -> bool:
    """``child``'s title, before its first mark ("unspecified", "without …"), holds a word its parent's title
    lacks: a kind of its own that happens to carry a mark. S72.45 "Supracondylar fracture without intracondylar
    extension of lower end of femur" is a supracondylar fracture, not the default of S72.4 "Fracture of lower
    end of femur" (S72.40 "Unspecified fracture of lower end of femur" is). Counted only where a sibling says
    "unspecified" and adds nothing before it: K80.2 "Calculus of gallbladder without cholecystitis" is the
    default of K80 "Cholelithiasis", whose every code says its condition so."""
    first = min((m.start() for pattern in (_UNSPECIFIED_MARK, _ABSENT_MARK)
                 if (m := pattern.search(child.display)) is not None), default=len(child.display))
    return not set(tokens(child.display[:first])) <= set(tokens(parent.display))


def _adds_beside_its_marks(parent: Entry, child: Entry) -> bool:
    """``child``'s title holds, in a clause after its first, outside those that say "unspecified" and before
    any mark of absence ("without …", "not intractable"), a word its parent's title lacks: a form of its own,
    however many marks it also carries. H35.3193 "…, unspecified eye, advanced atrophic without subfoveal
    involvement" is a stage, not the default of H35.319 (its sibling H35.3190 "…, stage unspecified" is);
    F31.1 "Bipolar disorder, current episode manic without psychotic features" is an episode, not F31's.

    >>> parent = Entry("ICD10CM", "H35.319", "Nonexudative age-related macular degeneration, unspecified eye", "R",
    ...                "category", billable=False)
    >>> staged = Entry("ICD10CM", "H35.3193", parent.display + ", advanced atrophic without subfoveal involvement",
    ...                "R", "code", billable=True)
    >>> unstaged = Entry("ICD10CM", "H35.3190", parent.display + ", stage unspecified", "R", "code", billable=True)
    >>> _adds_beside_its_marks(parent, staged), _adds_beside_its_marks(parent, unstaged)
    (True, False)
    """
    said = set(tokens(parent.display, keep_qualifiers=True))
    for clause in child.display.split(",")[1:]:  # the first restates the condition, maybe in words of its own
        if _UNSPECIFIED_MARK.search(clause):
            continue
        before = _ABSENT_MARK.split(clause, maxsplit=1)[0]
        if set(tokens(before, keep_qualifiers=True)) - said - {"uncomplicated", "not", "specified", "as"}:
            return True
    return False


#: Words of a form the Alphabetic Index takes where the text names none (its nonessential modifiers: "Fracture,
#: humerus, supracondylar (simple) S42.41-"; "Fracture, vertebra, burst (stable)").
#: (Not "displaced": two titles apart only by it are one category's codes, and the default code chooses there.)
_DEFAULT_FORMS = frozenset({"simple", "stable", "unspecified", "primary"})

#: Words that place a site on a limb ("great toe", "plantar forefoot"): with the site, no word of a condition.
_SITE_MODIFIERS = frozenset({"great", "big", "little", "first", "second", "third", "fourth", "fifth", "plantar",
                             "dorsal", "lateral", "medial", "ball"})

#: A course word and the one that says the opposite.
_OPPOSITE_COURSE = {"acute": "chronic", "chronic": "acute", "generalized": "localized", "generalised": "localized",
                    "recurrent": "single"}  # "recurrent" left out is no leave to take "…, single episode, …"
_GRADES = frozenset({"mild", "moderate", "severe", "profound"})


def _grades(parent: Entry, child: Entry) -> bool:
    """``child`` grades what its parent does not: never the default ("Major depressive disorder, recurrent
    severe without psychotic features" is no default of F33, whatever its "without" says)."""
    return bool(_GRADES & (set(tokens(child.display)) - set(tokens(parent.display))))


#: Forms a title names where the text does not say, and the guideline gives the default: a fracture not said
#: to be displaced is coded displaced (ICD-10-CM guideline I.C.19.c.1).
_DOCUMENTED_DEFAULTS = frozenset({frozenset({"displaced", "nondisplaced"})})


def _forms_side_by_side(parent: Entry, first: Entry, second: Entry) -> bool:
    """Two titles that differ in one word only, at one place ("Complete placenta previa NOS …" and "Partial
    placenta previa NOS …", "Burn …" and "Corrosion …"): two forms of the condition, neither the default,
    unless the parent's title says one of the two words or a guideline says which."""
    a, b = first.display.lower().split(), second.display.lower().split()
    if len(a) != len(b):
        return False
    differ = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    if len(differ) != 1 or frozenset(differ[0]) in _DOCUMENTED_DEFAULTS:
        return False
    said = tokens(parent.display, keep_qualifiers=True)
    return not any(_same_word(w, p) for word in differ[0] for w in tokens(word, keep_qualifiers=True) for p in said)


def _same_word(a: str, b: str) -> bool:
    """One word in two numbers or forms ("deformity", "deformities")."""
    shorter = min(len(a), len(b))
    return a == b or (shorter >= 5 and len(os.path.commonprefix([a, b])) >= shorter - 2)


#: Words of a title that state a cause, a state or a complication: a proposed code whose title has one the
#: mention does not state says more than the text (issue 21, pattern 4).
#: The kind a title names of a condition whose kin name others: an inflammation's ("Acute suppurative otitis
#: media …" for "AOM"), a heart failure's ("Acute on chronic systolic …" for "acute on chronic HF").
_KINDS = r"suppurative|nonsuppurative|systolic|diastolic"
_QUALIFYING = re.compile(r"\b(in remission|in relapse|recurrent|rheumatic|alcoholic|traumatic|secondary|due to|"
                         r"induced|congenital|postprocedural|localized|circumscribed|(?<!not )intractable|"
                         rf"{_KINDS}|"
                         # a direction that names the type or part ("Lateral dislocation of right patella")
                         r"anterior|posterior|lateral|medial|superior|inferior)\b", re.IGNORECASE)
#: Where an infection was caught, which no title of its codes says ("community-acquired pneumonia").
_WHERE_ACQUIRED = re.compile(r"\b(?:community|hospital|healthcare|health[- ]care|ventilator|nosocomially)"
                             r"[- ](?:acquired|associated)\b|\bnosocomial\b", re.IGNORECASE)
#: One of :data:`_KINDS` in a title: a likeness that adds one says more than the text.
_KIND_OF = re.compile(rf"\b({_KINDS})\b", re.IGNORECASE)
#: A title that leaves a state unsaid in so many words ("…, not specified as traumatic"): no code of a mention
#: that says it.
_NOT_SPECIFIED_AS = re.compile(r"\bnot specified as (\w+)", re.IGNORECASE)
#: A "with …" clause of a title; "with unspecified …" states nothing (N04.9 "Nephrotic syndrome with unspecified
#: morphologic changes" is the default of "nephrotic syndrome", as :data:`_WITH` already knows).
_WITH_PART = re.compile(r"\bwith\b(?!out|\s+unspecified)([^,;]*)", re.IGNORECASE)


#: The 7th character's words at the end of an injury's title: the encounter axis (:mod:`.axes`), no qualifier.
_ENCOUNTER_TAIL = re.compile(r",\s*(?:(?:initial|subsequent)\s+encounter\b.*|sequela)$", re.IGNORECASE)


def unstated_qualifiers(words: tuple[str, ...], title: str) -> list[str]:
    """What ``title`` states that the mention's ``words`` do not: a cause, state or complication word, a
    "with …" clause whose words the mention lacks, or a number (a type or a stage).

    >>> unstated_qualifiers(tokens("aortic stenosis"), "Rheumatic aortic stenosis")
    ['rheumatic']
    >>> unstated_qualifiers(tokens("diabetic nephropathy"), "Type 1 diabetes mellitus with diabetic nephropathy")
    ['1']
    >>> unstated_qualifiers(tokens("CLL"), "Chronic lymphocytic leukemia of B-cell type, in remission")
    ['in remission']
    >>> unstated_qualifiers(tokens("acute otitis media, right ear"), "Acute suppurative otitis media without "
    ...                     "spontaneous rupture of ear drum, right ear")
    ['suppurative']
    >>> unstated_qualifiers(tokens("nephrotic syndrome"), "Nephrotic syndrome with unspecified morphologic changes")
    []
    >>> unstated_qualifiers(tokens("rotator cuff tear"), "Rotator cuff tear, not specified as traumatic")
    []
    >>> unstated_qualifiers(tokens("clavicle fracture healing"), "Fracture of shaft of left clavicle, "
    ...                     "subsequent encounter for fracture with routine healing")
    ['left']
    >>> unstated_qualifiers(tokens("E. coli sepsis"), "Sepsis due to Escherichia coli [E. coli]")
    []
    >>> unstated_qualifiers(tokens("hypertensive heart disease with heart failure"),
    ...                     "Hypertensive heart disease with heart failure")
    []
    """
    said = set(words)
    title = _ENCOUNTER_TAIL.sub("", title)  # "…, subsequent encounter for fracture with routine healing": the axis
    # "…, not specified as traumatic" states no cause: it leaves it unsaid
    bare = _NOT_SPECIFIED_AS.sub("", title)
    added = [m.group(1).lower() for m in _QUALIFYING.finditer(bare)
             if not set(tokens(m.group(1))) <= said and not _agent_said(m, bare, said)]
    added += [f"with{m.group(1)}".strip() for m in _WITH_PART.finditer(title)
              if not _said_but_alternatives(m.group(1), said)]
    added += [w for w in tokens(title) if (w.isdigit() or side_of((w,))) and w not in said]
    return added


_WITHOUT_CLAUSE = re.compile(r"\bwithout\s+((?:(?!\b(?:with|without|of|in|on|at|due)\b)[^,])*)", re.IGNORECASE)


def _denies(words: tuple[str, ...], title: str) -> bool:
    """``title`` says "without" what the mention says it has: K57.30 "… without perforation or abscess without
    bleeding" for "diverticulosis of the colon with bleeding" (a mention that says "without" itself is left to
    the titles).

    >>> _denies(tokens("diverticulosis large intestine with bleeding"),
    ...         "Diverticulosis of large intestine without perforation or abscess without bleeding")
    True
    >>> _denies(tokens("diverticulosis large intestine with bleeding"),
    ...         "Diverticulosis of large intestine without perforation or abscess with bleeding")
    False
    >>> _denies(tokens("scalp laceration"), "Laceration without foreign body of scalp")
    False
    >>> _denies(tokens("acute appendicitis with peritonitis"),
    ...         "Acute appendicitis without (localized) (generalized) peritonitis")
    True
    >>> _denies(tokens("supracondylar humerus fracture"),
    ...         "Simple supracondylar fracture without intercondylar fracture of humerus")
    False
    >>> _denies(tokens("pilonidal cyst with abcess"), "Pilonidal cyst without abscess")
    True
    >>> _denies(tokens("gout with tophi"), "Chronic gout, unspecified, without tophus (tophi)")
    True
    """
    if "without" in words:
        return False
    said = set(words)
    # words in parentheses are ICD-10-CM's nonessential modifiers: "without (localized) (generalized)
    # peritonitis" says no peritonitis of either kind
    # a word said misspelt is said all the same: "pilonidal cyst w/ abcess" has the abscess L05.91 is without
    # a word's other form in parentheses is the same thing said so: "without tophus (tophi)" for "gout with tophi"
    return any((part := set(tokens(alternative))) and all(
        w in said or any(len(s) >= 5 and _soft_equal(w, s) for s in said) for w in part)
        for clause in _WITHOUT_CLAUSE.finditer(title)
        for written in dict.fromkeys((clause.group(1), _OTHER_FORM.sub(r"\1", clause.group(1))))
        for alternative in re.split(r"\bor\b", _NONESSENTIAL.sub(" ", written)))


_NONESSENTIAL = re.compile(r"\([^)]*\)")
#: A word followed by another form of it in parentheses ("tophus (tophi)"), the second kept.
_OTHER_FORM = re.compile(r"\b\w+\s+\((\w+)\)")


def _agent_said(qualifier: re.Match[str], title: str, said: set[str]) -> bool:
    """A title's "due to …" whose agent the mention names: "RSV bronchiolitis" states J21.0 "Acute
    bronchiolitis due to respiratory syncytial virus" (the agent read as the abbreviations say)."""
    if qualifier.group(1).lower() != "due to":
        return False
    # either name of a bracketed pair: "Sepsis due to Escherichia coli [E. coli]" is stated by "E. coli sepsis"
    written = title[qualifier.end():].split(",")[0]
    agents = [re.sub(r"\[[^]]*\]", " ", written), *re.findall(r"\[([^]]*)\]", written)]
    return any((agent := set(tokens(name))) and agent <= said for name in agents)


def _said_but_alternatives(part: str, said: set[str]) -> bool:
    """Every word of a title's "with …" clause is said, save the alternatives of one said ("thyrotoxic crisis or
    storm": "crisis" is enough), or one of the examples it gives ("such as …").

    >>> _said_but_alternatives(" metabolic disturbance such as carbohydrate depletion, dehydration or "
    ...                        "electrolyte imbalance", {"hyperemesis", "gravidarum", "dehydration"})
    True
    >>> _said_but_alternatives(" metabolic disturbance such as dehydration", {"hyperemesis", "gravidarum"})
    False
    """
    head, such_as, examples = part.partition(" such as ")
    if such_as and any(set(tokens(example)) and set(tokens(example)) <= said
                       for example in re.split(r",|\bor\b|\band\b", examples)):
        return True  # "with metabolic disturbance such as … dehydration …": the example said says the clause
    missing = set(tokens(part)) - said
    for one, other in re.findall(r"(\w+)\s+or\s+(\w+)", part):
        pair = set(tokens(f"{one} {other}"))
        if pair & said:
            missing -= pair
    return not missing


def _adds_intractable(words: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """``name`` calls the condition intractable where the mention does not: "Migraine, unspecified, intractable,
    with status migrainosus" for a migraine with status migrainosus, whose code is the "not intractable" one (a
    title's "not intractable" is the default of a text that says nothing).

    >>> _adds_intractable(tokens("migraine with status migrainosus"),
    ...                   tokens("Migraine, unspecified, intractable, with status migrainosus"))
    True
    >>> _adds_intractable(tokens("migraine with status migrainosus"),
    ...                   tokens("Migraine, unspecified, not intractable, with status migrainosus"))
    False
    """
    return "intractable" not in words and any(
        word == "intractable" and (i == 0 or name[i - 1] != "not") for i, word in enumerate(name))


def adds_state(words: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """``name`` states a cause, origin, state or number the mention's ``words`` do not.

    >>> adds_state(tokens("renal artery stenosis"), tokens("Congenital renal artery stenosis"))
    True
    >>> adds_state(tokens("polycystic kidney disease"), tokens("Polycystic kidney disease 3"))
    True
    >>> adds_state(tokens("hyperemesis gravidarum"), tokens("Mild hyperemesis gravidarum"))
    False
    >>> adds_state(("erectile", "dysfunction"), ("druginduced", "erectile", "dysfunction"))
    True
    >>> adds_state(tokens("mild hypothermia"), tokens("Mild hypothermia of newborn"))
    True
    >>> adds_state(tokens("diabetes mellitus"), tokens("Unspecified diabetes mellitus in childbirth"))
    True
    """
    said = set(words)
    if any(not said & who and any(w in who for w in name) for who in (_NEWBORN_WORDS, _OBSTETRIC_WORDS)):
        # "Other hypothermia of newborn" (inclusion term "Mild hypothermia NOS") is no adult's, "Unspecified
        # diabetes mellitus in childbirth" no diabetes said plainly
        return True
    return any(w not in said and (w in STATE_WORDS or w.isdigit() or _joins_state(w)) for w in name)


#: Words that say a name is of a newborn or of birth, which a mention saying none of them does not mean.
_NEWBORN_WORDS = frozenset({"newborn", "neonatal", "neonate", "perinatal", "birth", "infant", "preterm"})
#: Words that say a name is of a pregnancy, which a mention saying none of them does not mean.
_OBSTETRIC_WORDS = frozenset({"pregnancy", "pregnant", "childbirth", "puerperium", "postpartum", "antepartum",
                              "gestational", "gestation", "obstetric", "maternal", "trimester", "delivery"})


def _joins_state(word: str) -> bool:
    """A hyphenated compound read as one word that ends in a cause ("druginduced", "alcoholinduced"); a
    negated state ("nontraumatic", "nonrheumatic") states none."""
    return word != "induced" and word.endswith("induced")


#: A mention that states a positive result ("HIV+", "HBsAg positive"): a status or carrier, not the disease.
_POSITIVE = re.compile(r"(\+|\bpositive)\s*$", re.IGNORECASE)
_STATUS = re.compile(r"\b(positive|status|carrier|exposure|contact)\b", re.IGNORECASE)


def _score_bound(matched: int, mention: int, name: int) -> float:
    """The highest :func:`similarity` a name of ``name`` words can give a mention of ``mention`` words when at
    most ``matched`` of the mention's words can match it.

    >>> _score_bound(2, 2, 2), _score_bound(2, 2, 6), _score_bound(1, 3, 1), _score_bound(1, 3, 9)
    (1.0, 0.75, 0.417, 0.25)
    """
    return round(0.5 * matched / mention + matched / (mention + name), 3) if mention and name else 0.0


def _unpadded(code: str) -> str:
    """An ICD-10-CM code without the ``X`` placeholders that pad it to a 7th character: ``S13.4XX`` → ``S13.4``."""
    return code.rstrip("X").rstrip(".")


def _icd_parent(code: str) -> str:
    """The ICD-10-CM code one level up, as :meth:`Lexicon.icd_children` files it: ``G56.01`` → ``G56.0``."""
    return code[:-1].rstrip(".")


def _normalised(system: str, code: str) -> str:
    from graph.terminology.concepts import normalise_code  # a pure function of a module that also queries

    return normalise_code(system, code)


@lru_cache(maxsize=1)
def _shipped_phrasings() -> list[Phrasing]:
    return load_lay_phrasing()


@lru_cache(maxsize=1)
def _shipped_presentations() -> list[Presentation]:
    return load_presentations()


@dataclass(frozen=True)
class Refused:
    """A proposed code that did not pass step (a); the step that says why is the last of the steps."""

    #: It failed by saying more than the text (a state, cause, complication or number the mention lacks): a
    #: search that finds only it again does not confirm it.
    says_more: bool = False


#: Organs chapter 7 and 8 titles name only with their side, after the condition ("…, right ear", "…, left eye").
_SIDED_ORGANS = frozenset({"ear", "ears", "eye", "eyes"})

#: What a code's title says where it names a medicine, or a procedure, as a condition's cause.
_CAUSE_SAID = {"drug": frozenset({"drug", "drugs", "induced", "druginduced", "medicament", "medicaments"}),
               "procedure": frozenset({"postprocedural", "postoperative", "postsurgical", "postirradiation"})}


#: Methods that find a concept by its likeness to the words, not by a name that says them: a clause set aside
#: beside such a find would stack one guess on another.
_LIKENESS_METHODS = frozenset({"fuzzy", "corroborated"})


def _a_guess(decided: Decision) -> bool:
    """Whether a decision rests on likeness: a fuzzy match short of every word (a match of every word, only in
    another order, is none: "LLE cellulitis" is "Cellulitis of left lower limb"), or a corroboration."""
    return decided.method == "corroborated" or (decided.method == "fuzzy" and (decided.score or 0.0) < 1.0)


#: The most words a clause set aside beside a condition may have (:meth:`Grounder._told_apart_by_none`): a
#: detail is a few words ("TPO Ab positive", "genotype 1a"); a longer clause tells more than a detail.
ASIDE_MOST_WORDS = 4
#: How many first letters of a word name its stem, where words of one stem count as one ("psoriatic",
#: "psoriasis"; "arthritis", "arthropathic").
_STEM = 5
#: Words titles use to say how they classify, not what: a clause's "not yet done" shares no axis with a title's
#: "not elsewhere classified".
_TITLES_GRAMMAR = frozenset({"not", "no", "without", "yet", "other", "specified", "unspecified", "elsewhere",
                             "classified", "nos", "nec"})
#: Title words too common to say which condition a title is of ("Benign …" opens hundreds of neoplasms' titles).
_GENERIC_TITLE_WORDS = frozenset({"disease", "disorder", "syndrome", "condition", "acute", "chronic", "type",
                                  "benign"})
#: A mention of words alone: letters, apostrophes, hyphens, commas and spaces.
_WORDS_ONLY = re.compile(r"[^\W\d_](?:[^\W\d_]|['’ ,-])*")
#: Regions of the abdomen, as notes name them before the organ's adjective ("epigastric abdominal pain").
_ABDOMINAL_REGIONS = frozenset({"epigastric", "periumbilical", "umbilical", "suprapubic", "hypogastric", "quadrant",
                                "iliac", "hypochondrial", "flank"})
#: A grade, class or stage said before a condition ("class IV lupus nephritis", "grade 2 …").
_GRADE_FIRST = re.compile(r"^(?P<grade>class|grade|stage|type)\s+(?:[ivx]+|\d+[a-c]?)\s+(?=\S)", re.IGNORECASE)
_BUT = re.compile(r"\b(?:but|though|although|however|except)\b|(?<!\bnot\s)\byet\b", re.IGNORECASE)
_DENIAL_FIRST = re.compile(r"^\s*(?:no|not|without|denies|negative\s+for|never)\b", re.IGNORECASE)
#: Words ICD-10-CM titles beside a side: one side said as "unilateral", and the kind the Index takes where none
#: is said ("Unilateral primary osteoarthritis, right knee"), as graph.extraction.axes.differs_by_side reads them.
_SIDES_DEFAULT_KIND = frozenset({"unilateral", "primary"})
#: Where a note's list of findings parts them: commas, semicolons, colons and "and".
_LISTED = re.compile(r"[,;:]|\band\b|&", re.IGNORECASE)
#: A clause of the care given or of a test's result, which names a drug or a test but no second condition:
#: "on clopidogrel", "started cefazolin", "hx PCP" (a history is a code apart), "HR 70", "LFTs pending".
_OF_CARE_OR_A_RESULT = re.compile(
    r"^\s*(?:(?:on|started|starting|given|received|receiving|treated\s+with|hx|h/o|history\s+of|carries|please)\s+\S"
    r"|[A-Za-z][\w/+-]*\s+(?:[<>~]?\d[\d.,/]*\s*%?|pending|normal|negative|positive|neg|pos|wnl|unremarkable)\s*$"
    # what was done or is to be done for it: "BG log reviewed", "wound care consulted", "removed with curette"
    r"|(?:[\w/+-]+\s+){1,3}(?:reviewed|consulted|ordered|arranged|scheduled|recommended|requested|done)\s*$"
    r"|(?:removed|closed|repaired|drained|reduced|splinted|irrigated|dressed)\s+(?:with|by|in|under)\s+\S)",
    re.IGNORECASE)
#: A test's name heading what it found: "CT: no perforation".
_A_TESTS_RESULT = re.compile(r"^\s*[A-Za-z][A-Za-z0-9 ]{0,12}:\s+")
_AND = re.compile(r"\band\b|&|/", re.IGNORECASE)
#: The infection a cause names after its agent ("E. coli bacteremia", "MRSA infection"): what is left is the
#: agent, as titles of a condition due to an organism name it.
_INFECTION_OF_AN_AGENT = re.compile(r"\s+(?:bacter(?:a)?emia|fung(?:a)?emia|vir(?:a)?emia|infection)\s*$",
                                   re.IGNORECASE)
#: A note's heading before a colon, and what it heads ("Pharmacy med rec: …", "CT A/P IMPRESSION: …").
_HEADED = re.compile(r"^\s*(?P<heading>[^:\"{}]{1,70}?)\s*:\s+(?P<rest>\S.*)$", re.DOTALL)
#: A place of care as a note's heading ("ED: 19-year-old took …"), whatever its letters name elsewhere.
_PLACE_OF_CARE = re.compile(r"(?:ed|er|icu|micu|sicu|ccu|picu|nicu|pacu|ed\s+course|er\s+course|ward)",
                            re.IGNORECASE)
#: The most words of a heading: a longer text before a colon is a sentence of the note, not its heading.
HEADING_MOST_WORDS = 7
#: A heading that says whose or when (a history), which what it heads is not said without.
_HISTORY_HEADING = re.compile(r"\b(?:history|hx|pmh|psh|pmhx|fhx|fh|family|h/o|prior|previous|past)\b", re.IGNORECASE)
#: Weeks of gestation a heading gives ("Prenatal intake at 16w2d").
_GESTATION_IN = re.compile(r"\b\d{1,2}\s*(?:w\s*[0-6]\s*d|weeks?|wks?)\b(?:\s+(?:gestation|pregnant))?", re.IGNORECASE)
#: A clause that takes a condition back: ruled out, excluded, resolved — nothing to code as present.
_WITHDRAWN = re.compile(r"\b(?:ruled\s+out|r/o'?d|excluded|resolved|not\s+confirmed|unlikely)\b", re.IGNORECASE)
_DIGITS = re.compile(r"[\d.]+")
_PARTS_OF_A_NOTE = re.compile(r"[,;:()]|\s[-–—]+\s")
#: The words that state a side, as notes and titles write them.
_SIDE_WORDS = frozenset(SIDES) | frozenset(SIDES.values())


#: A chapter 19 code of an injury seen again: a 7th character of subsequent care (D, G, K, P, and M, N, Q, R
#: of open fractures) or sequela (S).
_LATER_ENCOUNTER = re.compile(r"[ST]\d\d\.[0-9A-Z]{1,3}X*[DGKMNPQRS]")


def _a_kin_instead(decided: Decision, system: str, code: str) -> bool:
    """Whether the cascade replaced a proposed ICD-10-CM code by its category's unspecified code ("sepsis due
    to MRSA from a line infection": A41.9 "Sepsis, unspecified organism" for A41.02), which the proposal's own
    name, said whole, may overrule; a code that names its own kind instead (K57.32 diverticulitis for a
    diverticulosis proposed) stands."""
    return decided.outcome == "replace" and decided.system == system == "ICD10CM" \
        and (decided.code or "")[:3] == _normalised(system, code)[:3] \
        and "unspecified" in (decided.display or "").lower()


def _titled(entry: Entry, method: str, step: str, what: str, why: str, system: str | None,
            code: str | None) -> Decision:
    """The decision on a code a rule found by its title (a poisoning, a food's anaphylaxis, an allergy status):
    the proposal kept where it is that code, replaced where it is not, the code accepted where none was
    proposed; ``what`` says what the code is, ``why`` how the rule found it."""
    if system and code and (system, _normalised(system, code)) == entry.ref:
        return Decision("accept", "proposed_code", entry.system, entry.code, entry.display, entry.release, 1.0,
                        f"proposed code checked: {what}", [step])
    return Decision("replace" if system and code else "accept", method, entry.system, entry.code, entry.display,
                    entry.release, 1.0, (f"proposed {system} {code} is not {what}; " if system and code else "")
                    + why, [step])


#: A case told of its patient ("a 28-year-old woman with galactorrhea, amenorrhea and …", "44F, RUQ pain …",
#: "… and hematuria in a 40-year-old whose father …"): a story, whose first part is no diagnosis the rest
#: describes.
_A_PERSON = re.compile(r"\b\d+[- ]?(?:years?|yrs?|y|months?|mos?|weeks?|wks?|days?)[- ]old\b|\b\d+\s*(?:yo|y/o)\b|"
                       r"^\s*\d+\s*[mf]\b|^\s*(?:an?|the)\s+(?:\w+\s+){0,2}(?:man|woman|boy|girl|patient|infant|"
                       r"child|toddler|neonate|newborn)\b", re.IGNORECASE)


#: A part of a note saying she is pregnant, or how far along: chapter 15 codes the condition then.
_PREGNANT = re.compile(r"\b(?:pregnan\w*|gravid\w*|gestation\w*|trimester|postpartum|puerper\w*|\d+\s*w(?:ee)?ks?\b|"
                       r"\d+w\d)", re.IGNORECASE)
#: A denial that goes on to say something present ("no dyspnea but new cough").
_BUT = re.compile(r"\bbut\b", re.IGNORECASE)


#: A condition whose kind is said after it, as lists write it: "Eczema, atopic type", "Anemia, iron deficiency
#: type" (never "Diabetes, type 2", whose kind is a number).
_KIND_SAID_LAST = re.compile(r"^(?P<head>[^,;:()]+?),\s+(?P<kind>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:type|form|"
                             r"variant)\b(?!\s*(?:\d|[ivx]+\b|[ab]\b))(?P<rest>.*)$", re.IGNORECASE)


#: An arrow in a note, between what was found and what followed ("Hgb 6.8 -> transfuse", "AKI → resolved").
_ARROW = re.compile(r"\s*(?:-+>|→|=>|⇒)\s*")
#: A value said right after what it is a value of, ending its part of a note: "sinus tach 132, afebrile",
#: "brady to 38".
_VALUE_SAID_AFTER = re.compile(r"^(?P<said>[^,;:]*?[A-Za-z)])\s+(?:to\s+|at\s+|of\s+|in\s+the\s+|~\s*)?[<>]?"
                               r"\d+(?:\.\d+)?(?:\s*[-–]\s*\d+(?:\.\d+)?)?\s*(?:bpm|/min|mm\s*hg|%|s)?"
                               # and when it was read: "sinus brady 38-42 while asleep"
                               r"(?:\s+(?:while|when|during|overnight|at\s+night|on\s+tele)\b[^,;]*)?"
                               r"(?=\s*(?:[,;]|$))(?P<rest>.*)$", re.IGNORECASE)
#: Words a number after them is part of the name of ("CKD stage 3", "type 2", "trisomy 21", "G2", "T10").
_NUMBERED = frozenset({"stage", "type", "grade", "class", "trisomy", "gravida", "para", "level", "zone", "phase",
                       "day", "days", "week", "weeks", "wk", "wks", "month", "months", "year", "years", "x",
                       "tooth", "digit", "score", "apgar", "nerve", "factor", "hla", "covid", "rib", "ribs",
                       "cn", "g", "p", "t", "c", "l", "s", "hiv", "hpv", "hsv", "ige", "igg", "igm", "iga",
                       "cd4", "v", "part", "line", "tier", "category", "lesion", "lesions", "polyps", "fingers",
                       "toes", "vertebra", "vertebrae", "segment", "bed", "room", "bmi",
                       # a stage, class or score said by its scale's name: "CKD 5", "NYHA 3", "GOLD 2", "GCS 15"
                       "ckd", "gold", "nyha", "birads", "bi-rads", "asa", "mallampati", "gcs", "gleason", "ecog",
                       "kps", "karnofsky", "mmse", "moca", "phq-9", "phq9", "tanner", "yahr", "meld", "nihss",
                       "mrs", "rass", "kl", "salter", "harris", "garden", "gustilo", "weber", "ctcae", "figo",
                       "ann", "arbor", "rai", "binet", "iss", "durie", "salmon", "hunt", "hess", "fisher",
                       "wfns", "killip", "timi", "grace", "cha2ds2-vasc", "has-bled", "curb-65", "child-pugh"})


#: Persons' names that are everyday words too ("found down", "still", "ring the bell"): said alone, they
#: name the disease called after the person only as a name is written, capitalised.
_EPONYMS_THAT_ARE_WORDS = frozenset({"down", "still", "bell", "graves", "turner", "baker", "hunter", "fisher"})


def _note_parts(mention: str) -> list[str]:
    """A note's parts, as its commas, semicolons, colons, parentheses and spaced dashes set them apart."""
    return [p.strip() for p in _PARTS_OF_A_NOTE.split(mention) if p and p.strip() and tokens(p)]


def _a_notes_line(mention: str) -> bool:
    """Whether ``mention`` is a line of a note (a problem list's entry, a pharmacist's or a nurse's line), not
    prose: no more than :data:`NOTE_LINE_MOST_WORDS` words and no full stop at its end. A case's narrative or a
    fact card's sentence ("Heart failure: … edema …; cardiomegaly is seen on imaging.") tells one story in
    its sentences, whose parts name no diagnosis of their own.

    >>> _a_notes_line("Home health: continuous home oxygen at 2 L/min; patient is O2-dependent")
    True
    >>> _a_notes_line("Pulmonary embolism: tachypnea and hypoxemia are common; syncope in massive embolism.")
    False
    """
    return len(mention.split()) <= NOTE_LINE_MOST_WORDS and not mention.rstrip().endswith(".")


def _a_symptoms_code(decided: Decision) -> bool:
    """Whether ``decided`` is an ICD-10-CM code of the symptoms and signs (chapter 18, R) or an HPO term."""
    return decided.system == "HPO" or (decided.system == "ICD10CM" and (decided.code or "").startswith("R"))


def _judging_the_proposal(decided: Decision, failure: str | None, system: str | None,
                          code: str | None) -> Decision:
    """``decided``, found for a shorter form of a mention whose proposed code failed (``failure`` says how), as
    the verdict on that proposal: confirmed where it is the code found, replaced otherwise."""
    if failure and system and code:
        same = (decided.system, decided.code) == (system, _normalised(system, code))
        decided.outcome = "accept" if same else "replace"
        decided.reason = f"proposed {system} {code} {failure}; " + (
            "confirmed by " if same else "replaced by ") + decided.reason
    return decided


def _unspecified_where_said(words: tuple[str, ...], title: str) -> bool:
    """``title`` leaves unspecified the count the mention's ``words`` state: Z34.00 "…, unspecified trimester"
    for "…, 1st trimester", "… of unspecified degree" for a second degree burn (the title's qualifier is no word
    of its compared form, so its likeness is no evidence). Only an ordinal or a number: "Unspecified fracture of
    shaft of left radius" is the one for a "radius shaft fx".

    >>> _unspecified_where_said(tokens("normal first pregnancy, 1st trimester"), "… pregnancy, unspecified trimester")
    True
    >>> _unspecified_where_said(tokens("pneumonia"), "Pneumonia, unspecified organism")
    False
    >>> _unspecified_where_said(tokens("radius shaft fx"), "Unspecified fracture of shaft of left radius")
    False
    """
    said = tokens(title, keep_qualifiers=True)
    left = {said[i + 1] for i in range(len(said) - 1) if said[i] == "unspecified"}
    return any(w in left and i > 0 and (words[i - 1] in _COUNTS or words[i - 1].isdigit())
               for i, w in enumerate(words))


_COUNTS = frozenset({"first", "second", "third", "fourth", "fifth", "sixth", "one", "two", "three", "four"})


def _says_without(title: str, what: str) -> bool:
    """``title`` says "without" every word of ``what`` (compared forms), in its clause after the "without".

    >>> _says_without("Biliary acute pancreatitis without necrosis or infection", "necrosis or infection")
    True
    >>> _says_without("Fracture of nasal bones, initial encounter for closed fracture", "displacement")
    False
    """
    _, without, after = title.lower().partition("without ")
    return bool(without) and set(tokens(what)) <= set(tokens(after))


#: The words a title says a thing absent with, a few words before it.
_ABSENT = frozenset({"non", "not", "without"})


def _says_absent(title: str, words: set[str]) -> bool:
    """``title`` says one of ``words`` (compared forms) absent: after its "without", or as "non-" or "not" a
    word or two before it ("Non-ST elevation (NSTEMI) myocardial infarction").

    >>> _says_absent("Non-ST elevation (NSTEMI) myocardial infarction", {"elevation"})
    True
    >>> _says_absent("Crohn's disease of small intestine with fistula", {"fistula"})
    False
    """
    said = tokens(title.replace("-", " "), keep_qualifiers=True)
    return any(word in words and not _ABSENT.isdisjoint(said[max(0, i - 3):i]) for i, word in enumerate(said))


def _denies_what_is_said(title: str, said: set[str], own: set[str]) -> bool:
    """``title`` says "without" a condition every word of which (beyond the ``own`` words of the category it is
    the default of) the text says: I13.10 "… without heart failure, …" of "hypertensive heart and chronic
    kidney disease with heart failure"; never H66.009 "… without spontaneous rupture of ear drum, …" of
    "… otitis media, left ear", which says no rupture.

    >>> _denies_what_is_said("Hypertensive heart and chronic kidney disease without heart failure, with stage 1",
    ...                      {"hypertensive", "heart", "failure"}, {"hypertensive", "heart"})
    True
    >>> _denies_what_is_said("Acute suppurative otitis media without spontaneous rupture of ear drum, unspecified "
    ...                      "ear", {"otitis", "media", "ear", "left"}, {"otitis", "media"})
    False
    """
    for clause in re.findall(r"\bwithout\s+([^,;()]+)", title, re.IGNORECASE):
        denied = set(tokens(re.split(r"\bwith\b", clause, maxsplit=1, flags=re.IGNORECASE)[0])) - own
        if denied and denied <= said:
            return True
    return False


def _said_undenied(words: tuple[str, ...]) -> set[str]:
    """The words a mention says, without those it denies (:func:`tokens` writes a denial "without …").

    >>> sorted(_said_undenied(("pancreatitis", "without", "necrosis", "fever")))
    ['fever', 'pancreatitis']
    """
    return {w for i, w in enumerate(words) if w != "without" and (i == 0 or words[i - 1] != "without")}


def _states_the_cause(phrase: str, decided: Decision) -> bool:
    """A reading that gives the cause as ICD-10-CM words it ("drug-induced …", "postprocedural …") holds only
    where the code found says that cause and is the condition read: a title that merely holds the words
    ("Drug or chemical induced diabetes mellitus with hyperglycemia" for drug-induced hyperglycemia) names
    another condition, so a covering title must begin with the condition once the cause's words are set aside.

    >>> _states_the_cause("drug-induced tremor", Decision("accept", "exact_name", display="Drug-induced tremor"))
    True
    >>> _states_the_cause("drug-induced tremor", Decision("accept", "fuzzy", display="Tremor, unspecified"))
    False
    >>> _states_the_cause("drug-induced hyperglycemia", Decision("accept", "covering_title",
    ...                   display="Drug or chemical induced diabetes mellitus with hyperglycemia"))
    False
    """
    said = tokens(phrase)
    cause = next((kind for kind, words in _CAUSE_SAID.items() if words & set(said)), None)
    if cause is None:
        return True
    title = tokens(decided.display or "")
    if not _CAUSE_SAID[cause] & set(title):
        return False
    if decided.method != "covering_title":
        return True
    cause_words = _CAUSE_SAID[cause] | {"or", "chemical", "other", "due"}
    condition = [w for w in said if w not in cause_words]
    head = [w for w in title if w not in cause_words]
    return bool(condition) and head[:1] == condition[:1]


class Grounder:
    """Runs the cascade against one lexicon (one snapshot of the current releases)."""

    def __init__(self, lexicon: Lexicon, phrasings: list[Phrasing] | None = None,
                 presentations: list[Presentation] | None = None) -> None:
        self.lexicon = lexicon
        self.phrasings = _shipped_phrasings() if phrasings is None else phrasings
        self.presentations = _shipped_presentations() if presentations is None else presentations
        self._fuzzy_memo: dict[tuple[tuple[str, ...], str, tuple[str, ...]], tuple[Entry, float] | None] = {}
        self._poisonings: list[Entry] | None = None  # T36–T50 initial poisonings, gathered on first use
        self._history: dict[str, list[tuple[Entry, list[tuple[str, ...]], list[tuple[str, str]]]]] = {}
        self._categories: dict[str, tuple[frozenset[str], bool]] = {}  # a category or an HPO term → its words
        self._says_with: dict[str, bool] = {}  # an ICD-10-CM category → whether a title of it says "with"
        self._icd_by_category: dict[str, list[Entry]] | None = None  # code[:3] → its codes, gathered on first use
        self._hpo_children: dict[str, list[str]] | None = None

    def systems_for(self, category: str, finding_type: str | None = None) -> tuple[str, ...]:
        order = list(SYSTEM_ORDER[category])
        first = FINDING_SYSTEM_FIRST.get(finding_type or "")
        if category == "finding" and first:
            order.remove(first)
            order.insert(0, first)
        return tuple(s for s in order if s in self.lexicon.releases)

    def ground(self, mention: str, category: str, *, finding_type: str | None = None,
               system: str | None = None, code: str | None = None, categories: bool = False,
               last_resorts: bool = True, corroborate: bool = True) -> Decision:
        """Accept, replace or reject a mention (and the code proposed for it), with the reason and the steps
        (:meth:`_ground`); where the cascade finds nothing in a diagnosis's text, the classic presentation it
        describes, if one (:meth:`_presented`)."""
        decided = self._ground(mention, category, finding_type=finding_type, system=system, code=code,
                               categories=categories, last_resorts=last_resorts, corroborate=corroborate)
        if system and code and last_resorts and (decided.outcome == "reject" or _a_kin_instead(decided, system, code)):
            within = self._proposal_said_within(mention, category, finding_type, system, code)
            # kept, or taken to the level it checks out at where the cascade had nothing
            if within is not None and (within.outcome == "accept" or decided.outcome == "reject"):
                within.steps[:0] = decided.steps
                return within
        if category != "diagnosis" or not last_resorts or not self._may_be_presented(decided, system, code):
            return decided
        presented = self._presented(mention, decided, system, code)
        if presented is None or (decided.outcome == "replace" and presented.outcome != "accept"):
            return decided  # a proposal replaced by what the text names stays so, unless the case describes it
        if decided.outcome != "reject":
            presented.steps[:0] = [*decided.steps, f"presentation: {decided.code} {decided.display!r}, found "
                                   "in the text, is a sign of the diagnosis the case describes"
                                   if decided.outcome == "accept" or _a_symptoms_code(decided) else
                                   f"presentation: the case describes the code proposed, not {decided.code}"]
        return presented

    def _proposal_said_within(self, mention: str, category: str, finding_type: str | None, system: str,
                              code: str) -> Decision | None:
        """The proposal the cascade refused, kept (or taken to the level and system it checks out at) where
        one of its names is said whole among the mention's other words: a note that says more than the
        condition ("hyperK to 6.8 with peaked T waves, calcium gluconate given") still names it."""
        _, readings, axes, core = self._read(mention, category)
        steps: list[str] = []
        checked = self._check_proposed(readings[0], core[0], axes, mention, category, finding_type, system, code,
                                       steps, said_within=True)
        return checked if isinstance(checked, Decision) else None

    def _read(self, mention: str, category: str) -> tuple[tuple[str, ...], list[tuple[str, ...]], Axes,
                                                            list[tuple[str, ...]]]:
        """A mention's words as written (its sides read), their readings (abbreviations, injuries' nouns), the
        axes they state and the condition's readings without them (the readings themselves where none)."""
        written = sides_said(tokens(mention))  # "AOM R ear": the right ear, never "rear"
        if category == "diagnosis":  # "dislocated left shoulder": a dislocation of the left shoulder
            written = one_side_said(injury_nouns(written))
        readings = self._injury_readings(self.lexicon.readings(written, category), category)
        axes, condition = read_axes(written)
        if not axes and readings[0] != written:  # "LUL pneumonia": the side is in what the abbreviation stands for
            axes, condition = read_axes(readings[0])
        core = self._injury_readings(self.lexicon.readings(condition, category), category) if axes and condition \
            else readings
        return written, readings, axes, core

    @staticmethod
    def _may_be_presented(decided: Decision, system: str | None, code: str | None) -> bool:
        """Whether the presentation a case describes may decide instead of ``decided``: where the cascade found
        nothing; where all it found is a symptom's code (ICD-10-CM chapter 18), which a diagnosis the case
        establishes takes in (guidelines I.B.4–5: signs and symptoms routinely part of a disease are not coded
        once it is diagnosed); and where it replaced the code proposed, which the case may describe."""
        return decided.outcome == "reject" or (decided.system == "ICD10CM" and (decided.code or "").startswith("R")) \
            or (decided.outcome == "replace" and bool(system and code))

    def _presented(self, mention: str, rejected: Decision, system: str | None, code: str | None) -> Decision | None:
        """The code of the one classic presentation ``mention`` describes (graph.extraction.presentations), as
        the verdict on the proposal ``rejected`` refused: kept where it is that code, replaced where it is not.
        Presentations that disagree on the code decide nothing; a code the current release does not hold as
        billable is never given."""
        found = described(mention, self.presentations)
        codes = {d.code for d in found}
        if len(codes) != 1:
            if len(codes) > 1:
                rejected.steps.append("presentation: the text describes " + " and ".join(
                    f"{d.presentation.condition} ({d.code})" for d in found) + "; no one of them is taken")
            return None
        entry = self.lexicon.get("ICD10CM", codes.pop())
        if entry is None or not entry.billable:
            return None
        told = found[0].explain()
        return _titled(entry, "presentation", f"presentation: {told}", f"{entry.code} {entry.display!r}, which "
                       f"{told}", told, system, code)

    def _ground(self, mention: str, category: str, *, finding_type: str | None = None,
                system: str | None = None, code: str | None = None, categories: bool = False,
                last_resorts: bool = True, corroborate: bool = True) -> Decision:
        """Accept, replace or reject a mention (and the code proposed for it), with the reason and the steps
        (:meth:`_decide`); a replacement whose title says "without" the very condition proposed is refused:
        "ultrasound shows gallstones" in a case proposed as K81.0 "Acute cholecystitis" is never K80.20
        "Calculus of gallbladder without cholecystitis …", a default that denies what was proposed."""
        decided = self._decide(mention, category, finding_type=finding_type, system=system, code=code,
                               categories=categories, last_resorts=last_resorts, corroborate=corroborate)
        if decided.outcome == "replace" and self._denies_the_proposal(decided, system, code):
            return Decision("reject", reason=f"proposed {system} {code} names a condition that {decided.code} "
                            f"{decided.display!r}, found for {mention!r}, says is absent", steps=decided.steps)
        return decided

    def _decide(self, mention: str, category: str, *, finding_type: str | None = None,
                system: str | None = None, code: str | None = None, categories: bool = False,
                last_resorts: bool = True, corroborate: bool = True) -> Decision:
        """Accept, replace or reject a mention (and the code proposed for it), with the reason and the steps.

        A search that ends on an ICD-10-CM category none of whose codes is its default rejects, as a proposal
        of it would be; ``categories`` keeps it, for a caller that wants the condition's place in the
        classification rather than a code to record (a history code's "conditions classifiable to C50.-").
        ``last_resorts`` is off for a mention already said otherwise: it is not said otherwise again.
        ``corroborate`` is off for a phrase taken out of a case's narrative: the closest name to it is no
        evidence for a proposal (see :data:`CORROBORATED_MOST_WORDS`).
        """
        untagged = without_semantic_tag(mention)
        if untagged != mention:  # "Acute bronchitis (disorder)": a FHIR display's SNOMED CT tag, no word of a code
            decided = self._ground(untagged, category, finding_type=finding_type, system=system, code=code,
                                   categories=categories, last_resorts=last_resorts, corroborate=corroborate)
            decided.steps.insert(0, f"tag: {mention!r} is {untagged!r}, without its SNOMED CT semantic tag")
            return decided
        if _ARROW.search(mention):  # "Hgb 6.8 -> transfuse 1 unit": what followed, a part of the note apart
            parted = _ARROW.sub(", ", mention)
            decided = self._ground(parted, category, finding_type=finding_type, system=system, code=code,
                                   categories=categories, last_resorts=last_resorts, corroborate=corroborate)
            decided.steps.insert(0, f"arrow: {mention!r} is read as {parted!r}")
            return decided
        deep = with_laceration_depth(mention) if category == "diagnosis" else None
        if deep is not None:  # "2 cm deep splenic laceration": S36.031 "Moderate laceration of spleen"
            decided = self._ground(deep, category, finding_type=finding_type, system=system, code=code,
                                   categories=categories, last_resorts=last_resorts, corroborate=corroborate)
            decided.steps.insert(0, f"injury: {mention!r} measures the laceration's depth, which chapter 19 "
                                    f"grades: {deep!r}")
            return decided
        carried = fhir_text(mention)
        if carried is not None:  # what a FHIR Condition's text says, without the JSON or the coding around it
            decided = self._ground(carried, category, finding_type=finding_type, system=system, code=code,
                                   categories=categories, last_resorts=last_resorts, corroborate=corroborate)
            decided.steps.insert(0, f"FHIR: {mention!r} carries the text {carried!r}")
            return decided
        headed = self._under_a_heading(mention) if last_resorts else None
        if headed is not None:
            decided = self._ground(headed[1], category, finding_type=finding_type, system=system, code=code,
                                   categories=categories, corroborate=corroborate)
            if decided.outcome != "reject":
                decided.steps.insert(0, f"heading: {headed[0]!r} says where in the record {headed[1]!r} is "
                                        "written, no word of a code")
                return decided
        kind_last = _KIND_SAID_LAST.match(mention) if last_resorts else None
        if kind_last is not None and tokens(mention) not in self.lexicon.by_name:
            # "Eczema, atopic type": the kind said after the condition, as a list writes it, is atopic eczema;
            # taken where it names a code as written, never by a likeness
            turned = f"{kind_last.group('kind')} {kind_last.group('head')}{kind_last.group('rest')}"
            decided = self._ground(turned, category, finding_type=finding_type, system=system, code=code,
                                   categories=categories, corroborate=corroborate)
            if decided.outcome != "reject" and decided.method in _EXACT_METHODS:
                decided.steps.insert(0, f"kind: {mention!r} says its kind last; read as {turned!r}")
                return decided
        if last_resorts and (mended := self._inflammation_respelled(mention)) is not None:
            # "diverticulitus" is a slip of diverticulitis, never the diverticulosis a looser match would take
            decided = self._ground(mended, category, finding_type=finding_type, system=system, code=code,
                                   categories=categories, corroborate=corroborate)
            decided.steps.insert(0, f"spelling: {mention!r} is read as {mended!r}")
            return decided
        exertion = exertional(mention) if category == "finding" else None
        if exertion is not None:  # "SOB on exertion": HPO's exertional form where a name says it, else the finding
            for form in exertion:
                decided = self._ground(form, category, finding_type=finding_type, system=system, code=code,
                                       categories=categories, corroborate=corroborate)
                if decided.outcome != "reject" and (form == exertion[1] or decided.method in _EXACT_METHODS):
                    decided.steps.insert(0, f"context: {mention!r} is read as {form!r}")
                    return decided
        if last_resorts and tokens(mention) not in self.lexicon.by_name:  # "needs three pillows to sleep": orthopnea
            # before the frame is taken off: "feeling down" is a depressed mood, not "down"
            for phrasing in lay_readings(self.phrasings, mention, category):
                decided = self._ground(phrasing.means, category, finding_type=finding_type, system=system,
                                       code=code, categories=categories, last_resorts=False)
                if decided.outcome != "reject":
                    decided.steps.insert(0, f"lay phrasing: {mention!r} says {phrasing.means!r} ({phrasing.source})")
                    return decided
        measured = read_measurement(mention) if category == "finding" else None
        if measured is not None and measured.value:  # before the frame: "A1c of 8.5%" is no "A1c" said alone
            return self._ground_measurement(measured, finding_type, system, code)
        # before the frame: "intentional OD on sertraline" is the poisoning, never the "OD" without its drug
        poisoned = as_poisoning(mention) if category == "diagnosis" and "ICD10CM" in self.lexicon.releases else None
        if poisoned is not None and (poisoning := self._poisoning(mention, *poisoned, system, code)) is not None:
            return poisoning
        valued = _VALUE_SAID_AFTER.match(mention) if last_resorts and measured is None else None
        if valued is not None and valued.group("said").split()[-1].lower() not in _NUMBERED \
                and read_measurement(mention[:valued.start("rest")]) is None \
                and tokens(mention) not in self.lexicon.by_name:
            # "sinus tach 132, afebrile": the rate a monitor read is no word of the finding it read; taken where
            # the rest names a code as written, never by a likeness
            unvalued = f"{valued.group('said')}{valued.group('rest')}"
            decided = self._ground(unvalued, category, finding_type=finding_type, system=system, code=code,
                                   categories=categories, corroborate=corroborate)
            if decided.outcome != "reject" and decided.method in _EXACT_METHODS:
                decided.steps.insert(0, f"value: {mention!r} gives a value after what it is of; read as "
                                        f"{unvalued!r}")
                return decided
        phrase = without_frame(mention)
        if phrase != mention:  # "toddler brought in with a barking cough": the barking cough is grounded
            narrative = len(tokens(mention)) > CORROBORATED_MOST_WORDS
            decided = self._ground(phrase, category, finding_type=finding_type, system=system, code=code,
                                   categories=categories, corroborate=corroborate and not narrative)
            decided.steps.insert(0, f"context: {mention!r} is about {phrase!r}")
            decided = self._with_control(decided, control_said(mention)) if category == "diagnosis" else decided
            decided = self._in_trimester(decided, trimester_said(mention)) if category == "diagnosis" else decided
            if category == "diagnosis" and narrative:
                decided = self._on_the_side_said(decided, mention)
            if category == "diagnosis" and pregnancy_said(mention) and decided.outcome != "reject" \
                    and decided.system == "ICD10CM" and not (decided.code or "").startswith(("O", "Z3")):
                # a condition of a pregnant woman is coded in chapter 15 (guideline I.C.15.a.1): "vaginal
                # bleeding" at 8 weeks' gestation is no N93.9; refused rather than coded as if she were not
                return Decision("reject", reason=f"{mention!r} is said of a pregnancy; {decided.code} "
                                f"{decided.display!r} is no code of chapter 15 (guideline I.C.15.a.1)",
                                steps=decided.steps)
            return decided
        reading = read_measurement(mention) if category == "finding" else None
        if reading is not None and reading.value:  # "Na 121": what the value says against its reference range
            return self._ground_measurement(reading, finding_type, system, code)
        allergy_status = milk_or_egg_allergy(mention) if category == "diagnosis" and last_resorts else None
        statuses = self.lexicon.icd_titled(allergy_status) if allergy_status else []
        if statuses and statuses[0].display.lower() == allergy_status and statuses[0].billable:
            entry = statuses[0]  # "Cow's milk allergy - tolerates baked milk": Z91.0111, as Z91.011- titles it
            return _titled(entry, "allergy_status", f"allergy: {mention!r} is a food allergy status, as Z91.01- titles "
                           f"it: {entry.code} {entry.display!r}", "the allergy status the text says",
                           "food allergy status as titled", system, code)
        food = anaphylaxis_to_a_food(mention) if category == "diagnosis" else None
        if food is not None and (reaction := self._food_anaphylaxis(mention, food, system, code)) is not None:
            return reaction
        shorthand = read_shorthand(mention) if category == "diagnosis" else None
        if shorthand is not None and shorthand.kind == "history" and \
                tokens(f"history of {shorthand.of}") in self.lexicon.index_terms:
            # "h/o falls": the Alphabetic Index names the history whole (Z91.81 "History of falling")
            mention, shorthand = f"history of {shorthand.of}", None
        if shorthand is not None and "ICD10CM" in self.lexicon.releases:
            decided = self._ground_shorthand(shorthand, mention, system, code)
            for form in without_note_asides(mention) if decided.outcome == "reject" and last_resorts else ():
                shorter = read_shorthand(form)  # "hx of MI in 2021, no current symptoms": the history of MI
                if shorter is not None and shorter.kind == "history" and \
                        tokens(f"history of {shorter.of}") in self.lexicon.index_terms:
                    form, shorter = f"history of {shorter.of}", None  # "h/o smoking, quit 2010": as the Index says
                # and where the status was an aside's ("SBO, NGT placed"), the condition the rest names
                again = self._ground_shorthand(shorter, form, system, code) if shorter is not None else \
                    self._ground(form, "diagnosis", system=system, code=code, last_resorts=False)
                if again.outcome != "reject":
                    again.steps.insert(0, _aside(mention, form))
                    return again
            return decided
        # said as titles name it, before a look-alike can take the mention: "rib fractures, left, 3 ribs" is
        # S22.42XA, never the one rib; "DVT of the R popliteal vein" I82.431, never the leg's unspecified veins
        for titled, why, taken in (
                (as_rib_fractures, "says more than one rib broken", lambda d: (d.code or "").startswith("S22.4")),
                (as_vein_thrombosis, "names a thrombosis of one deep vein", lambda d: d.method in _EXACT_METHODS)):
            titled_as = titled(mention) if category == "diagnosis" and last_resorts else None
            if titled_as is not None:
                decided = self._ground(titled_as, category, system=system, code=code, last_resorts=False)
                if decided.outcome != "reject" and taken(decided):
                    decided.steps.insert(0, f"titled: {mention!r} {why}, as ICD-10-CM titles say it: {titled_as!r}")
                    return decided
        written, readings, axes, core = self._read(mention, category)
        steps: list[str] = []
        words = readings[0]
        if words != written:
            steps.append(self._read_as(written, words))
        if axes:
            steps.append(f"axes: {axes.describe()} stated; the condition is {' '.join(core[0])!r}")
        with_hypertension = next((c for said in readings if (c := hypertensive_combination(said)) is not None), None) \
            if category == "diagnosis" and "ICD10CM" in self.lexicon.releases else None
        combination = self.lexicon.get("ICD10CM", with_hypertension.code) if with_hypertension is not None else None
        if with_hypertension is not None and combination is not None and combination.billable:
            # "HTN heart dz w/ CHF", "ESRD due to hypertension": I11–I13, never the heart failure or the ESRD alone
            decided = _titled(combination, "combination", f"combination: {with_hypertension.explain()}",
                              f"the combination code of {mention!r}", f"the combination code ICD-10-CM requires: "
                              f"{with_hypertension.explain()}", system, code)
            decided.steps[:0] = steps
            return decided
        failure, says_more = "", False
        if system and code:
            checked = self._check_proposed(words, core[0], axes, mention, category, finding_type, system, code,
                                           steps)
            if isinstance(checked, Decision):
                return checked
            failure, says_more = steps[-1], checked.says_more
        half = None
        if category == "finding" and axes.side in ("left", "right") and "sided" in written \
                and words not in self.lexicon.by_name:  # "left-sided weakness": "Weakness of one side of body"
            half = self._kept_if(self._named, steps, f"axes: {' '.join(written)!r} is said of one side of the "
                                 "body", (*core[0], "one", "side", "body"), category,
                                 self.systems_for(category, finding_type))
        if half is not None:
            found: tuple[str, Entry, float] | None = (half[0], half[1], 1.0)
            axes = Axes(None, axes.encounter)  # the side is the finding's own, no code's axis
        else:
            found = self._search_readings(readings, category, finding_type, steps)
        if core is not readings and (found is None or found[0] == "fuzzy"):
            # The axes' words kept the whole mention from naming anything exactly: the condition alone may.
            apart = self._search_readings(core, category, finding_type, steps)
            if apart is not None and (found is None or apart[0] != "fuzzy"):
                steps.append(f"axes: the condition {' '.join(core[0])!r} named apart from them")
                found = apart
        organless = [c for c in (tuple(w for w in said if w not in _SIDED_ORGANS) for said in core) if c] \
            if axes.side and core is not readings else []
        if organless and organless != core and (found is None or found[0] == "fuzzy"):
            # "AOM R ear": ICD-10-CM titles the ear with its side ("Otitis media, unspecified, right ear"), so the
            # condition is named without it and the side chooses the code
            apart = self._search_readings(organless, category, finding_type, steps)
            if apart is not None and apart[0] != "fuzzy":
                steps.append(f"axes: the condition {' '.join(organless[0])!r} named apart from its sided organ")
                found = apart
        if (found is not None and category == "finding" and axes.side and core is not readings
                and found[1].system in YIELDS_TO_PREFERRED[category]):
            # "left testicular pain" is ICD-10-CM's N50.812; a finding goes to HPO, whose terms state no side
            preferred = self.systems_for(category, finding_type)
            preferred = preferred[:preferred.index(found[1].system)] if found[1].system in preferred else ()
            sideless = self._kept_if(self._named, steps, f"axes: a finding; {' '.join(core[0])!r} is named without "
                                     "its side where findings are coded first", core[0], category, preferred)
            if sideless is not None:
                found = (sideless[0], sideless[1], 1.0)
        if found is None and without_course(core[0]) not in ((), core[0]):
            # before its describing word is left out: "idiopathic fibrosis of the lungs" is J84.112 "Idiopathic
            # pulmonary fibrosis", the organ said as its adjective, never the pulmonary fibrosis of J84.10
            organs = self._named_in_organ_forms(core[0], category, finding_type, steps)
            found = (organs[0], organs[1], 1.0) if organs is not None else None
        if found is None and 1 < len(core[0]) <= 4:
            # "ovarian endometrioma": N80.12 "Deep endometriosis of ovary", whose inclusion term "Endometrioma"
            # names it and whose title says the organ the adjective does
            organ_said = self._named_with_its_organ(core[0], category, finding_type, steps)
            found = (organ_said[0], organ_said[1], 1.0) if organ_said is not None else None
        if found is None and without_course(core[0]) not in ((), core[0]):
            steady = without_course(core[0])
            opposite = {_OPPOSITE_COURSE[w] for w in core[0] if w in _OPPOSITE_COURSE} - set(core[0])

            def named_exactly(*args: Any) -> tuple[str, Entry, float] | None:  # a fuzzy guess is no answer here
                result = self._search_readings(*args)
                if result is not None and opposite & set(tokens(result[1].display)):
                    return None  # "acute" left out is no leave to take "… with chronic cholecystitis"
                # a fuzzy match of every word, only ordered otherwise ("pain lower quadrant"), is no guess
                return result if result is not None and (result[0] != "fuzzy" or result[2] >= 1.0) else None

            # every reading without its course, the abbreviations' other readings too ("HFrEF" is also a
            # systolic heart failure, as titles say it)
            steadies = list(dict.fromkeys([steady, *(without_course(r) for r in core[1:])]))
            named = self._kept_if(named_exactly, steps, f"course: no code names {' '.join(core[0])!r}; the "
                                  f"condition {' '.join(steady)!r} is named without it", steadies, category,
                                  finding_type)
            sided = without_course(words)
            if named is None and core is not readings and sided not in ((), words):
                # with its side, where the side is a word of the name ("sharp pain in the right lower quadrant")
                named = self._kept_if(named_exactly, steps, f"course: no code names {' '.join(words)!r}; the "
                                      f"condition {' '.join(sided)!r} is named without it", [sided], category,
                                      finding_type)
            if named is not None:  # no code names its course: the condition's own code
                found = self._graded(named, set(core[0]) & _GRADES, steps)
        courses = _COURSES & set(core[0])
        if found is None and category == "diagnosis" and courses and len(core[0]) > 1:
            # "chronic plaque psoriasis": acute or chronic where no code of the condition's category names a
            # course (psoriasis has none) is no axis of its code; where one does, the word chooses or refuses
            found = self._kept_if(self._courseless, steps, f"course: no code of the condition names it "
                                  f"{' or '.join(sorted(courses))}", tuple(w for w in core[0] if w not in courses),
                                  category, finding_type)
        parts = _PARTS_OF_A_BONE & set(core[0])
        if found is None and category == "diagnosis" and parts and "fracture" in core[0]:
            # "fracture of the fifth metatarsal shaft": S92.35- names no part of the bone, so the shaft chooses
            # nothing; where a code of the category names one (the femur's neck, the humerus's shaft) it does
            found = self._kept_if(self._partless, steps, f"part of a bone: no code of the fracture names its "
                                  f"{' or '.join(sorted(parts))}", tuple(w for w in core[0] if w not in parts),
                                  parts, category, finding_type)
        agent, plain = without_agent(core[0]) if category == "diagnosis" else ((), core[0])
        if found is None and agent:  # "Klebsiella UTI": the UTI's code, the agent a second code (B95-B96)
            found = self._kept_if(self._without_agent, steps, f"agent: {' '.join(agent)!r} is coded apart "
                                  f"(B95–B96); the condition is {' '.join(plain)!r}", plain, category,
                                  finding_type)
        if found is None and category == "diagnosis":  # "diabetic nephropathy", "DKA": E11.21, E11.10
            for said in core:
                found = self._kept_if(self._diabetes_with, steps, f"diabetes: {' '.join(said)!r} is a "
                                      "complication of diabetes, coded with its type (type 2 where the text does "
                                      "not say, guideline I.C.4.a.2)", said, category)
                if found is not None:
                    break
        if found is None and len(core[0]) == 1:  # "Parkinson's", "Sjogren's": the disease named after a person
            found = self._kept_if(self._eponym, steps, f"eponym: {mention!r} alone names the condition called "
                                  "after its person", core[0][0], mention, category, finding_type)
        if category == "diagnosis" and found is None and "ICD10CM" in self.lexicon.releases:
            # the site as written first, where one title holds it whole ("… of left wrist without organ or systems
            # involvement"): a wider region read for it would be another site (the hand)
            found = self._kept_if(self._icd_covering, steps, "covering title: no name says it whole; one "
                                  "ICD-10-CM title holds it, its site as written", core[0], category)
        if category == "diagnosis" and (found is None or found[0] == "fuzzy"):
            # "cellulitis of the forearm": of the upper limb; "splenic laceration": a laceration of the spleen,
            # named exactly, rather than a close name adding what the text does not say (of the splenic vein)
            guessed, found = found, None
            # the condition alone ("gout flare in …" without its course), then with its side where every code
            # of the region states one ("abscess of the left armpit": "Cutaneous abscess of left axilla")
            steady = without_course(core[0]) or core[0]
            conditions = [steady, *([words] if core is not readings else [])]
            # but first with its grade, named exactly ("moderate splenic laceration": S36.031 "Moderate
            # laceration of spleen", not the unspecified one)
            readings_at_site = [*((reading, True) for reading in site_readings(core[0]) if steady != core[0]),
                                *((reading, guessed is not None) for condition in conditions
                                  for reading in site_readings(condition))]
            for (site, region, regional), exactly in readings_at_site:
                found = self._kept_if(self._by_region, steps, f"site: {' '.join(site)!r} is coded as "
                                      f"{' '.join(region)!r}", regional, category, finding_type, exactly)
                if found is not None:
                    found = (found[0], self._other_part(found[1], site, region, steps), found[2])
                    break
            found = found or guessed
        if found is None and category == "diagnosis" and "ICD10CM" in self.lexicon.releases:
            for said in core:  # each reading: "heat stroke" is also read as "heatstroke" ("Heatstroke and …")
                found = self._kept_if(self._icd_covering, steps, "covering title: no name says it whole; one "
                                      "ICD-10-CM title holds it", said, category)
                if found is not None:
                    break
        if found is None and "ICD10CM" in self.lexicon.releases:
            # "dizziness": HPO says it only as a related synonym of Vertigo; R42 "Dizziness and giddiness" names
            # it first. Symptoms and signs only (chapter 18), and only a title whose first part the finding is:
            # "swelling" is no "Intra-abdominal and pelvic swelling, mass and lump, unspecified site". A symptom
            # said as a diagnosis is coded so too ("syncope": R55 "Syncope and collapse").
            found = self._kept_if(self._part_of_a_sign, steps, "covering title: no name says it alone; an "
                                  "ICD-10-CM symptom or sign title names it first", core[0], category)
        if found is None and category == "diagnosis" and "ICD10CM" in self.lexicon.releases \
                and (siteless := without_surface_site(core[0])) != core[0]:
            # "actinic keratosis, L temple": L57.0 and its kin name no site, so the site chooses none of them
            found = self._kept_if(self._sited_nowhere, steps, f"site: no code of {' '.join(siteless)!r} names a "
                                  "site; the site is left to the record", siteless, category, finding_type)
            if found is None:  # "ankle sprain (talofibular ligament)": S93.49's own name says the ankle
                found = self._kept_if(self._sited_by_its_title, steps, f"site: {' '.join(siteless)!r} names a "
                                      "code whose title says the site", siteless, core[0], category, finding_type)
        if found is None and reading is not None:  # "high K": said, not measured, and named by no name of it
            return self._ground_measurement(reading, finding_type, system, code)
        # Said otherwise, as a last resort: "AKI on CKD" is the AKI (the CKD a code of its own); "numbness of the
        # right hand" is HPO's "Hand numbness".
        # Each reading with the chapters its code must be in (None: any).
        said_otherwise: list[tuple[str, str, str | None]] = []
        exact_only: dict[str, set[str]] = {}  # readings kept only if named exactly, by a name holding these words
        weeks_dropped: str | None = None  # the mention without the weeks of gestation it ends on
        if found is None and category == "diagnosis" and (arising := arising_on(mention)):
            said_otherwise.append((arising[0], f"context: {arising[0]!r} is said to be on {arising[1]!r}: "
                                               f"{arising[0]!r} is coded, {arising[1]!r} apart", None))
        if found is None and (placed_over := over_a_site(mention)):
            said_otherwise.append((placed_over, f"site: {mention!r} is said as titles place it, {placed_over!r}",
                                   None))
        if found is None and category == "diagnosis" and last_resorts and (thing := as_foreign_body(mention)):
            said_otherwise.append((thing, f"foreign body: {mention!r} is said as chapter 19 titles it, {thing!r}",
                                   "T"))
        if found is None and last_resorts and (kinded := kind_first(mention)):
            said_otherwise.append((kinded, f"kind: {mention!r} says its kind after it, as titles say it before: "
                                           f"{kinded!r}", None))
        if found is None and category == "diagnosis" and last_resorts and (stroke := as_cerebral_infarction(mention)):
            said_otherwise.append((stroke, f"stroke: {mention!r} is said as ICD-10-CM titles name a stroke of an "
                                           f"artery with no cause stated, {stroke!r}", "I"))
        if found is None and category == "diagnosis" and last_resorts \
                and (complicated := with_its_complication(mention)):
            said_otherwise.append((complicated, f"complication: {mention!r} is said as ICD-10-CM titles say a "
                                                f"complication, {complicated!r}", None))
        if found is None and category == "diagnosis" and last_resorts and (combined := with_its_cause(mention)):
            said_otherwise.append((combined, f"cause: {mention!r} is said as ICD-10-CM's combination titles say a "
                                             f"condition with its cause, {combined!r}", None))
        if found is None and category == "diagnosis" and last_resorts \
                and (in_pregnancy := without_pregnancy_clause(mention)):
            said_otherwise.append((in_pregnancy, f"pregnancy: {mention!r} is said of a pregnancy; a chapter 15 code "
                                                 f"of {in_pregnancy!r} says so itself", "O"))
        if found is None and category == "diagnosis" and last_resorts and (timed := with_trimester(mention)):
            said_otherwise.append((timed, f"pregnancy: {mention!r} gives the weeks of gestation, which chapter 15 "
                                          f"titles say as the trimester: {timed!r}", "O"))
            weeks_dropped = without_weeks_along(mention)
            if weeks_dropped is not None:
                # "Missed AB at 9 wks": O02.1, whose category tells no trimesters apart — by its name exactly,
                # and never a code "…, unspecified trimester" where the weeks say which
                exact_only[weeks_dropped] = set()
                said_otherwise.append((weeks_dropped, f"pregnancy: {mention!r} gives the weeks of gestation, "
                                                      f"which no title of {weeks_dropped!r} says", "O"))
        if found is None and category == "diagnosis" and last_resorts and (drug := as_drug_induced(mention)):
            said_otherwise += [(form, f"cause: {mention!r} names a medicine as the cause; ICD-10-CM titles it "
                                      f"{form!r} whatever the drug (the drug is coded apart, T36–T50)", None)
                               for form in self._caused_forms(drug, DRUG_INDUCED_FORMS)]
        if found is None and category == "diagnosis" and last_resorts and (after := after_a_procedure(mention)):
            said_otherwise += [(form, f"cause: {mention!r} follows a procedure; ICD-10-CM titles such "
                                      f"complications {form!r}", None)
                               for form in self._caused_forms(after, POSTPROCEDURAL_FORMS)]
        if found is None and category == "diagnosis" and last_resorts \
                and (infectious := without_infection_word(mention)):
            # "COVID-19 infection": U07.1 "COVID-19"; only a code of an infectious disease (chapter 1, U07), never
            # "urinary tract" for a UTI
            said_otherwise.append((infectious, f"infection: {mention!r} names the infectious disease {infectious!r}",
                                   "ABU"))
        if found is None and category == "diagnosis" and last_resorts and (allergy := as_allergy_status(mention)):
            said_otherwise.append((allergy, f"status: {mention!r} is said as Z88's titles say an allergy, "
                                            f"{allergy!r}", "Z"))
            # and as Z91.0-'s say one to a food or an insect, the one as they name it: "allergic to bees" is
            # Z91.030 "Bee allergy status"
            allergen = allergy.removeprefix("allergy status to ")
            for one in dict.fromkeys((allergen[:-1] if allergen.endswith("s") and not allergen.endswith("ss")
                                      else allergen, allergen)):
                said_otherwise.append((f"{one} allergy", f"status: {mention!r} is said as Z91.0-'s titles say an "
                                       f"allergy, {one + ' allergy'!r}", "Z"))
        if found is None and category == "diagnosis" and last_resorts and (sequela := after_a_stroke(mention)):
            said_otherwise.append((sequela, f"sequela: {mention!r} is a deficit a stroke left, which ICD-10-CM "
                                            f"titles {sequela!r} (I69.3-)", "I"))
        if found is None and category == "diagnosis" and last_resorts and _CAUSE_EITHER_WAY.search(mention):
            # titles say a cause both ways: D50.0 "Iron deficiency anemia secondary to blood loss (chronic)"
            other_way = _CAUSE_EITHER_WAY.sub(lambda m: _OTHER_WAY[m.group(0).lower()], mention)
            said_otherwise.append((other_way, f"cause: {mention!r} is said as titles also say a cause, "
                                              f"{other_way!r}", None))
        if found is None and category == "diagnosis" and last_resorts and (caused := due_to(mention)):
            # a title that says the cause as its adjective ("acute pancreatitis due to gallstones": K85.1 "Biliary
            # acute pancreatitis …"), named exactly; else the condition is coded and the cause apart
            for form, adjective in caused_as_titles_say(*caused):
                exact_only[form] = set(tokens(adjective))
                said_otherwise.append((form, f"cause: {mention!r} is said as ICD-10-CM titles say that cause, "
                                             f"{form!r}", None))
            if (organism := _INFECTION_OF_AN_AGENT.sub("", caused[1])) != caused[1]:
                # "sepsis secondary to E. coli bacteremia": A41.51 "Sepsis due to Escherichia coli", the agent of
                # the infection the cause is, named exactly; never the sepsis coded bare beside its organism
                by_agent = f"{caused[0]} due to {organism}"
                exact_only[by_agent] = set()
                said_otherwise.append((by_agent, f"cause: {caused[1]!r} is an infection by {organism!r}, which titles "
                                                 f"say as the cause: {by_agent!r}", None))
            unplaced = _WHERE_ACQUIRED.sub("", caused[0]).strip()
            if unplaced and unplaced != caused[0].strip():
                # "community-acquired pneumonia due to strep pneumo": J13, where it was caught no title's word
                # (the Index: "where it is acquired is no subterm"), never the bare J18.9 beside its organism
                with_agent = f"{unplaced} due to {caused[1]}"
                exact_only[with_agent] = set()
                said_otherwise.append((with_agent, f"cause: where {caused[0]!r} was caught is no word of a title: "
                                                   f"{with_agent!r}", None))
            said_otherwise.append((caused[0], f"cause: {caused[0]!r} is said to be due to {caused[1]!r}: "
                                              f"{caused[0]!r} is coded, {caused[1]!r} apart", None))
        if found is None and category == "finding" and (at_site := site_first(mention)):
            said_otherwise.append((at_site, f"site: {mention!r} is said as {at_site!r}", None))
        if found is None and category == "finding" and (along := without_weeks_along(mention)):
            said_otherwise.append((along, f"weeks: {mention!r} is {along!r}, with how far along she is", None))
        if found is None and category == "finding" and (placed := without_place(mention)):
            said_otherwise.append((placed, f"place: {mention!r} is {placed!r} where it was found", None))
        if found is None and category == "finding" and (bare := without_circumstance(mention)):
            said_otherwise.append((bare, f"circumstance: {mention!r} is {bare!r}, with when it comes", None))
        if found is None and category == "finding" and last_resorts and (first := without_what_comes_with_it(mention)):
            said_otherwise.append((first, f"with: {mention!r} is {first!r}, with what comes with it", None))
        cancer = as_malignant_neoplasm(mention) if category == "diagnosis" and last_resorts else None
        if cancer is None and category == "diagnosis" and last_resorts and words != written:
            cancer = as_malignant_neoplasm(" ".join(words))  # "NSCLC of the RUL": read as the abbreviations say
        if cancer is not None and (found is None or found[1].system in YIELDS_TO_PREFERRED[category]):
            # ICD-10-CM first: "squamous cell carcinoma of the esophagus" is C15.9 before Orphanet's entry of it
            said_otherwise.insert(0, (cancer, f"neoplasm: {mention!r} is said as ICD-10-CM's titles say a cancer, "
                                              f"{cancer!r}", "CD"))
        if category == "diagnosis" and last_resorts and (found is None or found[1].code[:3] == "P07") \
                and (born := as_gestational_age(mention)):  # never P07.30 "…, unspecified weeks" for 32 weeks said
            said_otherwise.insert(0, (born, f"newborn: {mention!r} gives the weeks a preterm newborn was born at, "
                                            f"as P07.2–P07.3 title them: {born!r}", "P"))
        if found is None and category == "diagnosis" and last_resorts and (spread := as_secondary_neoplasm(
                mention if words == written else " ".join(words))):  # "brain mets": as the abbreviations say
            said_otherwise.insert(0, (spread, f"neoplasm: {mention!r} is said as ICD-10-CM's titles say a cancer's "
                                              f"spread or its primary, {spread!r}", "C"))
        if found is None and category == "diagnosis" and last_resorts and (newborn := in_a_newborn(mention)):
            said_otherwise += [(form, f"newborn: {mention!r} is said as {form!r}, as the perinatal chapter "
                                      "names a newborn's conditions", None) for form in newborn[:-1]]
            # the condition alone only where its code is a newborn's (P) or congenital (Q): "LGA baby" is P08.1,
            # while a newborn's sepsis is never the adult's A41.9
            said_otherwise.append((newborn[-1], f"newborn: {mention!r} is a newborn's {newborn[-1]!r}", "PQ"))
        for phrase in diagnosis_stated(mention) if found is None and category == "diagnosis" and last_resorts else ():
            # a vignette that names the diagnosis made ("…, and primary genital syphilis is diagnosed"): that
            # diagnosis, as the cascade grounds it said alone
            if a_newborns_case(mention):
                # "Infant born at 28 weeks … Dx: respiratory distress syndrome": the newborn's (P22.0), never the
                # adult's J80; the phrase alone only where its code is a newborn's or congenital
                newborns = self._newborns_condition(phrase, category, finding_type, system, code, corroborate)
                if newborns is not None:
                    newborns.steps.insert(0, f"vignette: the text states the diagnosis {phrase!r} of a newborn")
                    return newborns
                continue
            decided = self._ground(phrase, category, finding_type=finding_type, corroborate=corroborate)
            if decided.outcome != "reject":
                decided.steps.insert(0, f"vignette: the text states the diagnosis {phrase!r}")
                return _judging_the_proposal(decided, failure, system, code)
        for phrase in found_by_a_test(mention) if found is None and category == "diagnosis" and last_resorts else ():
            # a vignette's test that found it ("CT shows a 5-mm stone in the left ureter"): the condition the text
            # states, read as the cascade reads it said alone ("the coin in the stomach": a foreign body there), yet
            # named exactly, never by a look-alike, for a vignette says much else beside it
            decided = self._ground(phrase, category, finding_type=finding_type, system=system, code=code,
                                   corroborate=corroborate)
            if decided.outcome != "reject" and decided.method in _EXACT_METHODS:
                decided.steps.insert(0, f"vignette: a test found {phrase!r}")
                return decided
        for phrase, note, chapters in said_otherwise:  # with a name found, only the cancer's ICD-10-CM reading
            decided = self._ground(phrase, category, finding_type=finding_type, system=system, code=code,
                                   categories=categories, last_resorts=False, corroborate=corroborate)
            if phrase in exact_only and not (decided.method in _EXACT_METHODS and decided.system is not None
                                             and self._names_hold(decided, exact_only[phrase])):
                continue
            if phrase == weeks_dropped and "trimester" in (decided.display or "").lower():
                continue
            if decided.outcome != "reject" and (chapters is None or (
                    decided.system == "ICD10CM" and (decided.code or " ")[0] in chapters)) \
                    and _states_the_cause(phrase, decided):
                decided.steps.insert(0, note)
                return decided
        staged = features_stage_apart(mention) if found is None and last_resorts else None
        if staged is not None:
            # "T2DM w/ CKD 3a": E11.22 "… with diabetic chronic kidney disease", whose category names no stage
            # (the stage is N18.31's to say); never where a code of the category tells stages apart
            decided = self._ground(staged[0], category, finding_type=finding_type, categories=categories)
            family = (decided.code or "")[:3] if decided.system == "ICD10CM" else ""
            named = self._category_words(family)[0] if family else frozenset()
            if decided.outcome != "reject" and decided.method in _EXACT_METHODS and named \
                    and not set(tokens(staged[1])) & named and not {"stage", "grade", "class"} & named:
                decided.steps.insert(0, f"stage: no code of {family} names a stage, so {staged[1]!r} is the "
                                        "feature's own code's to say")
                return _judging_the_proposal(decided, failure, system, code)
        reordered = modifier_first(mention) if last_resorts and (
            found is None or found[0] in ("ontology_synonym", "fuzzy")) else None
        if reordered is not None:
            # "Bleeding, postmenopausal": N95.0 "Postmenopausal bleeding", the Index's order said as a clinician
            # says it; only where the code's name holds the modifier (never "pneumonia, left" as a kind). Before
            # a look-alike, and an ontology's name in that order: MeSH's "Hernia, Umbilical" is lent to DOID's
            # Q79.2 (exomphalos), where "umbilical hernia" is K42.9's own name
            decided = self._ground(reordered[0], category, finding_type=finding_type, categories=categories)
            if decided.outcome != "reject" and decided.method in (
                    _EXACT_METHODS if found is None else _EXACT_METHODS - {"ontology_synonym"}) \
                    and (modifier := set(tokens(reordered[1], keep_qualifiers=True))) \
                    and self._names_hold(decided, modifier, keep_qualifiers=True):
                decided.steps.insert(0, f"order: {mention!r} names its main term first; read as {reordered[0]!r}")
                return _judging_the_proposal(decided, failure, system, code)
        injured = category == "diagnosis" and said_after_trauma(mention)
        for form in without_note_asides(mention) if found is None and last_resorts else ():
            if injured and "traumatic" not in form.lower():
                # "subdural hematoma after a fall": the injury's code, named so ("Traumatic subdural hemorrhage"),
                # never the Index's nontraumatic default for the condition said bare
                hurt = self._ground(f"traumatic {form}", category, categories=categories, last_resorts=False)
                if hurt.outcome != "reject" and hurt.method in _EXACT_METHODS:
                    hurt.steps.insert(0, f"{_aside(mention, form)}; it came of an injury, so it is traumatic")
                    return _judging_the_proposal(hurt, failure, system, code)
            # "pAF, CHA2DS2-VASc 3" is the pAF; a proposal is judged on the whole mention (above), not the part
            decided = self._ground(form, category, finding_type=finding_type, categories=categories)
            if decided.outcome != "reject" and self._withdraws_or_names_another(mention, form, decided):
                continue
            if injured and "nontraumatic" in (decided.display or "").lower():
                continue
            # a fuzzy match only where its title holds every word as written ("L hip contusion": "Contusion of
            # left hip"), never a misspelt one; a side said as its axis ("on both sides") is the code's to say,
            # an injury's word as chapter 19 names it ("ACL tear": a sprain of the anterior cruciate ligament)
            if decided.outcome != "reject" and (decided.method != "fuzzy" or any(
                    set(as_organs(said)) <= set(tokens(decided.display or ""))
                    or set(as_organs(read_axes(said)[1])) <= set(tokens(decided.display or ""))
                    for reading in self.lexicon.readings(sides_said(tokens(form)), category)
                    for said in dict.fromkeys((reading, injury_nouns(reading))))):
                decided.steps.insert(0, _aside(mention, form))
                return _judging_the_proposal(decided, failure, system, code)
        denied = denied_clause(mention) if found is None and last_resorts else None
        if denied is not None:  # "pertussis, no pneumonia": A37.90 "… without pneumonia", whose title says it
            decided = self._ground(denied[0], category, finding_type=finding_type, categories=categories)
            # what is denied as the abbreviations read it: "senile osteoporosis, no current fx" is M81.0 "…
            # without current pathological fracture"
            if decided.outcome != "reject" and any(
                    _says_without(decided.display or "", " ".join(said))
                    for said in (tokens(denied[1]), *self.lexicon.readings(tokens(denied[1]), category))):
                decided.steps.insert(0, f"aside: {mention!r} says no {denied[1]!r}, which {decided.code}'s title "
                                        "states as its 'without'")
                return _judging_the_proposal(decided, failure, system, code)
        encounter_first = encounter_said_first(mention) if found is None and last_resorts else None
        if encounter_first is not None:  # "R ankle sprain, inversion, initial visit": the details set apart
            decided = self._ground(encounter_first, category, finding_type=finding_type, categories=categories)
            if decided.outcome != "reject" and not _a_guess(decided):
                decided.steps.insert(0, f"encounter: {mention!r} is read as {encounter_first!r}")
                return _judging_the_proposal(decided, failure, system, code)
        split = last_clause_apart(mention) if found is None and last_resorts else None
        if split is not None:  # "chronic hepatitis C, genotype 1a": a detail no code of B18 tells apart
            head, detail = split
            decided = self._ground(head, category, finding_type=finding_type, categories=categories)
            if decided.outcome != "reject" and not _a_guess(decided) \
                    and self._told_apart_by_none(decided, head, detail):
                family = (f"code of {(decided.code or '')[:3]}" if decided.system == "ICD10CM"
                          else f"term of {decided.code} or under it")
                decided.steps.insert(0, f"aside: no {family} tells {detail!r} apart, so {mention!r} is {head!r}")
                return _judging_the_proposal(decided, failure, system, code)
            by_side = self._side_of_a_clause(decided, head, detail, category)
            if by_side is not None:  # "BPPV, R posterior canal": the right side of H81.1, the canal no code's word
                return _judging_the_proposal(by_side, failure, system, code)
        split = with_clause_apart(mention) if last_resorts and (found is None or found[0] == "fuzzy") else None
        joined = self._combined_in_its_category(*split, category) if split is not None else None
        if joined is not None:  # "SLE with lupus nephritis": M32.14, never M32.9 by a look-alike
            return _judging_the_proposal(joined, failure, system, code)
        split = split if found is None else None
        if split is not None:  # "NF1 with multiple café-au-lait macules": a feature no code of Q85 names
            head, feature = split
            decided = self._ground(head, category, finding_type=finding_type, categories=categories,
                                   last_resorts=False)
            if decided.outcome != "reject" and not _a_guess(decided) \
                    and decided.system == "ICD10CM" and not (decided.code or "R").startswith("R") \
                    and all(word.isdigit() or word in self.lexicon.by_token or self.lexicon.abbreviation_of(word)
                            for word in tokens(feature)) \
                    and self._told_apart_by_none(decided, head, feature, may_name=True):
                family = (f"code of {(decided.code or '')[:3]}" if decided.system == "ICD10CM"
                          else f"term of {decided.code} or under it")
                decided.steps.insert(0, f"with: no {family} is named with {feature!r}, so {mention!r} is {head!r}")
                return _judging_the_proposal(decided, failure, system, code)
            parent = self.lexicon.get("ICD10CM", _icd_parent(decided.code or "")) \
                if decided.outcome != "reject" and decided.system == "ICD10CM" and decided.method in _EXACT_METHODS \
                and len(decided.code or "") > 3 else None
            narrower = self._code_naming_the_rest(parent, tokens(feature)) if parent else None
            if parent is not None and narrower is not None and narrower is not parent:
                # "alcohol-related cirrhosis with ascites": the head is K70.30 "… without ascites", and K70.31
                # "Alcoholic cirrhosis of liver with ascites" the one code of K70.3 that names the feature
                why = (f"with: {mention!r} is {head!r} ({decided.code}) with {feature!r}, which {narrower.code} "
                       f"{narrower.display!r} alone of {parent.code} names")
                return _judging_the_proposal(Decision(
                    "accept", decided.method, narrower.system, narrower.code, narrower.display, narrower.release, 1.0,
                    why, [why, *decided.steps]), failure, system, code)
        several = at_body_sites(mention) if found is None and last_resorts else None
        if several is not None:  # "plaque psoriasis involving elbows and knees": no code of L40 names a place
            decided = self._ground(several[0], category, finding_type=finding_type, categories=categories,
                                   last_resorts=False)
            if decided.outcome != "reject" and not _a_guess(decided) \
                    and decided.system in ("ICD10CM", "HPO") and decided.code and not (
                        self._category_words(decided.code[:3]) if decided.system == "ICD10CM"
                        else self._subtree_words(decided.code))[1]:
                family = (f"code of {decided.code[:3]}" if decided.system == "ICD10CM"
                          else f"term of {decided.code} or under it")
                decided.steps.insert(0, f"sites: no {family} names a side or a part of the body, so {mention!r} "
                                        f"is {several[0]!r} wherever it is")
                return _judging_the_proposal(decided, failure, system, code)
        # "NSTEMI – trop I peaked 2.8, heparin started", "found confused in a hot flat – heat stroke": the part
        # that names a condition; as a diagnosis, one outside the symptoms' chapter before a symptom the story
        # around it names ("short of breath for weeks, legs swollen – CHF exacerbation")
        parts_named: list[Decision] = []
        for part in dash_parts(mention, semicolons=_a_notes_line(mention)) \
                if found is None and last_resorts else ():
            decided = self._ground(part, category, finding_type=finding_type, categories=categories)
            if decided.outcome != "reject" and not _a_guess(decided):
                decided.steps.insert(0, f"dash: {mention!r} sets {part!r} apart")
                parts_named.append(decided)
        if parts_named:
            beyond_symptoms = [d for d in parts_named if category == "diagnosis" and not _a_symptoms_code(d)]
            return _judging_the_proposal((beyond_symptoms or parts_named)[0], failure, system, code)
        respelled = self._respelled(mention) if last_resorts and (found is None or found[0] == "fuzzy") else None
        if respelled is not None:
            decided = self._ground(respelled, category, finding_type=finding_type, system=system, code=code,
                                   categories=categories, corroborate=corroborate)
            # "pnuemonia, organism not identified": J18.9; and a look-alike of a misspelt mention yields to what the
            # mended spelling names exactly ("hypertrophic cardiomyopthy": the Index's I42.2, not I42.1 by likeness)
            if decided.outcome != "reject" and (found is None or decided.method in _EXACT_METHODS):
                decided.steps.insert(0, f"spelling: {mention!r} is read as {respelled!r}")
                return decided
        if found is None and _WORDING_FAILURE.match(failure) and last_resorts and system and code \
                and corroborate and len(words) <= CORROBORATED_MOST_WORDS \
                and not denies_or_doubts(mention) and (closeness := self._closest_is_proposed(
                    words, category, system, code)) is not None:
            # "AFib w/ RVR" proposed as I48.91: no name says the mention whole, but the search's closest name of
            # all is the proposal's own. Two independent readings agreeing stand in for the wording; every other
            # check of step (a) still applies.
            tried = list(steps)
            checked = self._check_proposed(words, core[0], axes, mention, category, finding_type, system, code,
                                           tried, corroborated=closeness)
            if isinstance(checked, Decision):
                checked.method = "corroborated"
                return checked
        if found is None and category == "diagnosis" and last_resorts and 1 <= len(core[0]) <= 3 \
                and "ICD10CM" in self.lexicon.releases:
            # "pacemaker", "has a colostomy": a device or an opening said alone is the status it leaves; a
            # procedure named alone is no absence of the organ ("splenectomy" is not Z90.81 unless after "s/p")
            left: list[str] = [f"status: {mention!r} names what a procedure leaves, said alone"]
            status = self._status_of(" ".join(core[0]), left)
            if status is not None and not status[1].display.lower().startswith("acquired absence"):
                steps.extend(left)
                found = (status[0], status[1], 1.0)
        said_first = first_clause(mention) if found is None and last_resorts and category == "finding" else None
        if said_first is not None:
            # "pruritus x 2 months, no primary skin lesions, LFTs pending": a finding said first, and what the
            # note goes on to tell of it (how long, what else was seen, what a test found) is the note's; never
            # the first of a list ("fever, productive cough and dyspnea"; "UTI: dysuria, urgency")
            decided = self._ground(said_first, category, finding_type=finding_type, categories=categories,
                                   last_resorts=False)
            if decided.outcome != "reject" and decided.method in _EXACT_METHODS \
                    and not self._lists_another_finding(decided, mention):
                decided.steps.insert(0, f"first clause: {mention!r} names the finding {said_first!r} first; the "
                                        "clauses after it describe it")
                return _judging_the_proposal(decided, failure, system, code)
        in_a_part = self._proposal_said_in_a_part(mention, category, finding_type, system, code) \
            if found is None and last_resorts and system and code and _WORDING_FAILURE.match(failure) else None
        if in_a_part is not None:
            return in_a_part
        led = self._diagnosis_said_first(mention) if found is None and last_resorts and category == "diagnosis" \
            else None
        if led is not None:
            return _judging_the_proposal(led, failure, system, code)
        named_short = self._said_without_disease(mention, words) \
            if found is None and last_resorts and category == "diagnosis" else None
        if named_short is not None:
            return _judging_the_proposal(named_short, failure, system, code)
        if found is None:
            reason = (f"proposed {system} {code} rejected ({failure}); " if failure else "") + \
                "no exact, crosswalk or fuzzy match of the right kind" + self._best_hint(words, category)
            return Decision("reject", reason=reason, steps=steps)
        method, entry, score = found
        kind_added = [m.group(1).lower() for m in _KIND_OF.finditer(entry.display)
                      if not set(tokens(m.group(1))) <= {*words, *core[0]}] \
            if method == "fuzzy" and entry.system == "ICD10CM" else []
        if kind_added:
            # "acute on chronic heart failure" is no I50.23 "Acute on chronic systolic …": a likeness never adds the
            # kind the text leaves unsaid (the proposal check refuses the same, with :data:`_QUALIFYING`)
            return Decision("reject", reason=(f"proposed {system} {code} rejected ({failure}); " if failure else "")
                            + f"the closest name is {entry.code} {entry.display!r} (fuzzy, {score:.2f}), which adds "
                            f"{', '.join(repr(k) for k in kind_added)} the text does not state", steps=steps)
        if category == "diagnosis" and method == "fuzzy" and entry.system in YIELDS_TO_PREFERRED[category]:
            # a rare-disease catalogue's entry is a diagnosis's code only where a name says it exactly: by
            # likeness it takes the place of the ICD-10-CM code the text leaves unfound ("cryptorchidism, one
            # side" is no OMIM:219050 "Cryptorchidism, unilateral or bilateral"); the likeness still lets the
            # cascade try the mention's other readings first, as any fuzzy match does
            return Decision("reject", reason=(f"proposed {system} {code} rejected ({failure}); " if failure else "")
                            + f"the closest name is {entry.system} {entry.code} {entry.display!r} (fuzzy, "
                            f"{score:.2f}), a catalogue's entry, not taken by likeness for a diagnosis", steps=steps)
        if category == "finding" and method in _EXACT_METHODS and not (system and code):
            # "hypoxic" reached R09.02 "Hypoxemia" through the Index: HPO's "Hypoxemia" is the finding's first home
            first_home = self._preferred_over(entry, core[0], category, finding_type, steps)
            if first_home is not None:
                method, entry = first_home
        defaulted = self._default_code(entry, steps)
        if defaulted is not entry and entry.system == "ICD10CM" and \
                _denies_what_is_said(defaulted.display, _said_undenied(words), set(tokens(entry.display))):
            # "hypertensive heart and CKD with heart failure" is no I13.10 "… without heart failure …": a default
            # that says absent what the text says is no code of it; the category stays unchosen
            steps.append(f"default code: {defaulted.code} {defaulted.display!r} says absent what the text says; "
                         "no default")
            defaulted = entry
        entry = self._by_axes(defaulted, axes, words, steps)
        stated_side = side_of(tokens(entry.display, keep_qualifiers=True)) if entry.system == "ICD10CM" else None
        if axes.side and stated_side not in (None, axes.side):
            # "blepharitis of both upper eyelids": H01.001 "… right upper eyelid" says another side than the text,
            # and no code beside it says the text's (the text needs a code for each side)
            return Decision("reject", reason=(f"proposed {system} {code} rejected ({failure}); " if failure else "")
                            + f"{method.replace('_', ' ')} match {entry.code} {entry.display!r} says the "
                            f"{stated_side} side, the text {axes.side}, and no code beside it says {axes.side}",
                            steps=steps)
        if says_more and system and code and entry.ref == (system, _normalised(system, code)):
            return Decision("reject", reason=f"proposed {system} {code} {failure}; the search found only it",
                            steps=steps)
        if entry.system == "ICD10CM" and entry.billable is False and self.lexicon.icd_children(entry.code) \
                and not categories:
            # As a proposal it would be refused: the cascade never chooses what it would not accept. Said, with
            # the codes the text would have to choose among ("never accepted silently", issue 21).
            children = [c.code for c in self.lexicon.icd_children(entry.code) if c.active]
            return Decision("reject", reason=(f"proposed {system} {code} {failure}; " if failure else "")
                            + f"{method.replace('_', ' ')} match {entry.code} {entry.display!r} is a category, not a "
                            f"billable code, and the text does not say which of its codes "
                            f"({', '.join(children[:4])}{', …' if len(children) > 4 else ''}) it is", steps=steps)
        if failure and system and code and entry.ref == (system, _normalised(system, code)):
            outcome = "accept"  # its own name did not say so; another name of it did
            reason = f"proposed {system} {code} confirmed by {method.replace('_', ' ')} match ({failure})"
        elif failure:
            outcome = "replace"
            reason = f"proposed {system} {code} {failure}; replaced by {method.replace('_', ' ')} match"
        else:
            outcome, reason = "accept", f"{method.replace('_', ' ')} match"
        return Decision(outcome, method, entry.system, entry.code, entry.display, entry.release, score, reason, steps)

    def _graded(self, found: tuple[str, Entry, float], grades: set[str],
                steps: list[str]) -> tuple[str, Entry, float]:
        """The child of ``found`` that says the one grade the text gave and nothing else its parent does not
        ("bipolar I, current episode manic, severe, no psychosis": F31.1's F31.13 "…, severe"), where the grade
        was set aside to find the condition; ``found`` itself otherwise."""
        method, entry, score = found
        if len(grades) != 1 or entry.system != "ICD10CM":
            return found
        base = entry  # the unspecified grade found by its name ("…, unspecified" F31.10): its category's codes
        parent = self.lexicon.by_ref.get(("ICD10CM", entry.code[:-1].rstrip("."))) if len(entry.code) > 3 else None
        if parent is not None and set(tokens(parent.display)) == set(tokens(entry.display)):
            base = parent
        said = set(tokens(base.display)) | grades
        graded = [c for c in self.lexicon.icd_children(base.code)
                  if c.active and grades <= set(tokens(c.display)) <= said]
        if len(graded) != 1:
            return found
        steps.append(f"grade: {graded[0].code} {graded[0].display!r} says the grade stated, {grades.pop()!r}")
        return method, graded[0], score

    @staticmethod
    def _injury_readings(readings: list[tuple[str, ...]], category: str) -> list[tuple[str, ...]]:
        """Each reading with its injury words as chapter 19 names them: "ACL tear", read as "anterior cruciate
        ligament tear", is a sprain of that ligament (:func:`~.wordforms.injury_nouns`)."""
        if category != "diagnosis":
            return readings
        # and as read: a name or an Index term may say the tear as written ("ACL tear": the Index's S83.51-)
        return list(dict.fromkeys([*(injury_nouns(reading) for reading in readings), *readings]))

    def _caused_forms(self, condition: str, forms: tuple[str, ...]) -> list[str]:
        """The ways ICD-10-CM would title ``condition`` with its cause (``forms``), for the condition as said and
        as its own code names it: "hypothyroid" is E03.9 "Hypothyroidism, unspecified", so after a procedure
        it is "postprocedural hypothyroidism" (E89.0)."""
        names = [condition]
        plain = self._ground(condition, "diagnosis", last_resorts=False)
        if plain.outcome != "reject" and plain.system == "ICD10CM" and plain.display:
            head = re.split(r",| \(", plain.display)[0].strip()  # "Hypothyroidism, unspecified": its head
            if head.lower() != condition.lower():
                names.append(head)
        return [form.format(name) for name in names for form in forms]

    def _inflammation_respelled(self, mention: str) -> str | None:
        """``mention`` with each "-itus" word no name uses read as the "-itis" word one slip away ("colitus",
        "diverticulitus"), before any search: a fuzzy match would take the word as close to "-osis" (another
        condition) as to "-itis". Names' own "-itus" words (pruritus, tinnitus) are names' words, left alone."""
        def fix(word: str) -> str | None:
            if not word.endswith("itus") or word in self.lexicon.by_token:
                return None
            if (ending_changed := f"{word[:-4]}itis") in self.lexicon.by_token:
                return ending_changed  # "otitus": a word too short for respelled()'s changed letter
            fixed = self.lexicon.respelled(word)
            return fixed if fixed is not None and fixed.endswith("itis") else None

        return self._mended(mention, fix)

    def _newborns_condition(self, phrase: str, category: str, finding_type: str | None, system: str | None,
                            code: str | None, corroborate: bool) -> Decision | None:
        """A condition a newborn's case states, as the perinatal chapter names a newborn's ("… of newborn"), or
        said alone where its code is a newborn's (P) or congenital (Q); ``None`` where neither grounds."""
        for form in (f"{phrase} of newborn", f"{phrase} in newborn", f"neonatal {phrase}", phrase):
            decided = self._ground(form, category, finding_type=finding_type, system=system, code=code,
                                   last_resorts=form == phrase, corroborate=corroborate)
            if decided.outcome != "reject" and decided.system == "ICD10CM" and (decided.code or " ")[0] in "PQ":
                return decided
        return None

    def _under_a_heading(self, mention: str) -> tuple[str, str] | None:
        """A note's own heading before a colon and what it heads: "Home health referral: paralysis agitans, …",
        "Death certificate, Part I line (a): aspiration pneumonia", "X-ray L foot: nondisplaced fracture …" — a
        few words that name no diagnosis or finding themselves (never "Hypertension: well controlled"), nor a
        history ("PMH: MI" is no current MI). Weeks of gestation the heading gives go with what it heads
        ("Prenatal intake at 16w2d: …" is in the second trimester), and so does its one side. A history's
        heading only where what it heads says its history or status itself ("Past surgical history: s/p
        CABG"). ``None`` otherwise."""
        headed = _HEADED.match(mention)
        if headed is None or len(headed["heading"].split()) > HEADING_MOST_WORDS or (
                _HISTORY_HEADING.search(headed["heading"]) and read_shorthand(headed["rest"]) is None):
            return None  # "Past surgical history: s/p CABG" says its status itself
        heading, rest = headed["heading"].strip(), headed["rest"].strip()
        if not _PLACE_OF_CARE.fullmatch(heading) and any(
                self._ground(heading, either, last_resorts=False).outcome != "reject"
                for either in ("diagnosis", "finding")):
            return None  # "ED:" is the emergency department, never erectile dysfunction
        weeks = _GESTATION_IN.search(heading)
        if weeks is not None and not trimester_said(rest):
            rest = f"{rest}, {weeks.group(0).strip(' ,')}"
        said = sides_said(tokens(heading))  # a side of a part of the body ("X-ray L foot"), never "L&D"'s L
        sides = {SIDES[w] for w in said if w in SIDES} if BODY_PARTS & set(said) else set()
        if len(sides) == 1 and not any(w in SIDES for w in sides_said(tokens(rest))):
            rest = f"{sides.pop()} {rest}"  # "X-ray L foot: … fifth metatarsal fracture": the left foot's
        return heading, rest

    def _withdraws_or_names_another(self, mention: str, form: str, decided: Decision) -> bool:
        """Whether a clause :func:`without_note_asides` left out of ``form`` (grounded as ``decided``) takes the
        condition back ("PE, ruled out", "pneumonia, resolved": no condition to code now, unless the note is a
        history) or gives a value of a condition of its own ("T2DM, CKD 3": the stage of a kidney disease the
        diabetes code must say, never a score beside it; "GAD (GAD-7 of 16)" is the same disorder's score)."""
        history = read_shorthand(mention) is not None
        for clause in _PARTS_OF_A_NOTE.split(mention):
            if not (clause := clause.strip()) or clause in form:
                continue
            if not history and _WITHDRAWN.search(clause):
                return True
            if any(c.isdigit() for c in clause) and (bare := _DIGITS.sub(" ", clause).strip()):
                second = self._ground(bare, "diagnosis", last_resorts=False)
                if second.outcome != "reject" and second.method in _EXACT_METHODS and second.system == "ICD10CM" \
                        and not (second.code or "R").startswith(("R", (decided.code or "")[:3] or "R")):
                    return True
        return False

    def _proposal_said_in_a_part(self, mention: str, category: str, finding_type: str | None, system: str,
                                 code: str) -> Decision | None:
        """The proposal, where one part of a note names it as it stands (its check passes on the part alone,
        closely) and every other part is beside it (:meth:`_beside_the_proposal`): "Primary hyperparathyroidism:
        Ca 11.2, PTH 98" proposed as E21.0, "lip and tongue swelling (angioedema), no hives" as T78.3XXA. Two
        readings agree — the proposer's and the note's own words — where no name says the note whole. Never a
        history or status ("hx of …"), a part that doubts or denies, nor, for a diagnosis, a symptom's code:
        the presentation is said in parts, the diagnosis is what the note is about. ``None`` otherwise."""
        if read_shorthand(mention) is not None:
            return None
        parts = _note_parts(mention)
        if len(parts) < 2:
            return None
        for i, part in enumerate(parts):
            if denies_or_doubts(part):
                continue
            decided = self._decide(part, category, finding_type=finding_type, system=system, code=code,
                                   last_resorts=False, corroborate=False)
            if decided.outcome != "accept" \
                    or (category == "diagnosis" and _a_symptoms_code(decided)) \
                    or (decided.score or 0) < PART_MATCH_FLOOR \
                    or (decided.system, decided.code) != (system, _normalised(system, code)):
                continue
            if not all(self._beside_the_proposal(decided, other, category) for other in parts[:i] + parts[i + 1:]):
                return None
            decided.steps.insert(0, f"part: {part!r} of {mention!r} names the proposal; the rest of the note says "
                                    "nothing its category tells apart")
            return decided
        return None

    def _diagnosis_said_first(self, mention: str) -> Decision | None:
        """The diagnosis a note's first part names as it stands, where every other part is beside it as beside
        a proposal (:meth:`_beside_the_proposal`): "influenza A (rapid +), fever, cough, myalgias, no pneumonia
        on CXR" is J10.1 — its symptoms are the disease's own, what the code's kin tell apart is not said.
        Never a history or status, a first part that doubts or denies, nor a symptom's code. ``None``
        otherwise."""
        if read_shorthand(mention) is not None or not _a_notes_line(mention) or _A_PERSON.search(mention):
            return None
        parts = _note_parts(mention)
        if len(parts) < 2 or denies_or_doubts(parts[0]) or mention.lstrip()[len(parts[0]):].lstrip()[:1] == ":":
            return None  # "Acute appendicitis: periumbilical pain …" defines, as a fact card does
        decided = self._ground(parts[0], "diagnosis", last_resorts=False, corroborate=False)
        if decided.outcome == "reject" or decided.system != "ICD10CM" or decided.method not in _EXACT_METHODS \
                or _a_symptoms_code(decided):
            return None
        if self._a_finding(parts[0]) and any(self._a_finding(listed) for other in parts[1:]
                                             for listed in re.split(r"\s+and\s+", other)):
            return None  # "galactorrhea, amenorrhea and …": a list of findings, the first no more the note's
        # a word a code of the category says (a side too), or a site where its codes say one, in any other part,
        # may choose another code
        # ("acute gout flare, L first MTP joint": M10.072, never M10.9; "Turner syndrome, 45,X karyotype": Q96.0)
        own = set(tokens(decided.display or ""))
        titles = [tokens(kin.display or "") for kin in self._icd_codes_under((decided.code or "")[:3])]
        category_words = {w for title in titles for w in title} - own - _TITLES_GRAMMAR
        sited = any(names_a_site(title) for title in titles)
        for other in parts[1:]:
            said = sides_said(tokens(other))  # "L" is the "left" a title says
            # a denial too: "MI, no ST elevation" is I21.4's; "Graves' disease, no thyroid storm" is E05.00's own
            denial = _DENIAL_FIRST.match(other) is not None
            if denial and not _BUT.search(other) and _says_absent(decided.display or "", set(said) & own):
                continue  # "Graves' disease, no thyroid storm": E05.00 "… without thyrotoxic crisis or storm"
            if {w for w in said if not w.isdigit()} & category_words or _PREGNANT.search(other) \
                    or (not denial and sited and (set(said) & BODY_PARTS or site_readings(said))) \
                    or (denial and _BUT.search(other)):
                return None
            numberless = _DIGITS.sub(" ", other).strip()
            if numberless != other and tokens(numberless) \
                    and not self._beside_the_proposal(decided, numberless, "diagnosis"):
                return None  # "pulmonary embolism 2" beside it names a second condition all the same
        if not all(self._beside_the_proposal(decided, other, "diagnosis") for other in parts[1:]):
            return None
        decided.steps.insert(0, f"first part: {parts[0]!r} of {mention!r} names a diagnosis; the rest of the note "
                                "says nothing its category tells apart")
        return decided

    def _a_finding(self, said: str) -> bool:
        """Whether ``said`` names an HPO finding exactly ("Galactorrhea", "Fever")."""
        found = self._ground(said, "finding", last_resorts=False, corroborate=False)
        return found.outcome != "reject" and found.method in _EXACT_METHODS and found.system == "HPO"

    def _beside_the_proposal(self, decided: Decision, other: str, category: str) -> bool:
        """Whether a part of a note leaves the proposal it sits beside as it is: a pertinent negative of what
        the proposal's title does not say ("no hives"), or a part that doubts nothing, holds no word the titles
        of the proposal's kin hold (:meth:`_kin_words`: "CKD 3" beside E11.9 is E11.22's word), names no finding
        other than the proposal's own or one under it (for a finding: "chest pain, diaphoresis" lists two), and
        no diagnosis outside the symptoms' chapter and the proposal's category ("CAD, s/p CABG": two)."""
        said = {*tokens(other), *self.lexicon.expand(tokens(other))}
        denial = _DENIAL_FIRST.match(other)
        if (denial is None and denies_or_doubts(other)) or _WITHDRAWN.search(other):
            return False
        own = set(tokens(decided.display or "")) - _TITLES_GRAMMAR
        if denial is not None:  # "no cor pulmonale" beside I26.99 "… without acute cor pulmonale" is its own
            shared = (said - _TITLES_GRAMMAR) & own
            return not shared or _says_absent(decided.display or "", shared)
        kin = self._kin_words(decided.code or "") if decided.system == "ICD10CM" else set()
        if {w for w in said & kin if not w.isdigit()} - own - _TITLES_GRAMMAR:
            return False
        if category == "finding":
            other_finding = self._ground(other, "finding", last_resorts=False)
            if other_finding.outcome != "reject" and other_finding.method in _EXACT_METHODS \
                    and not self._within(decided, other_finding):
                return False
        second = self._ground(other, "diagnosis", last_resorts=False)
        return not (second.outcome != "reject" and second.system == "ICD10CM" and second.method in _EXACT_METHODS
                    and not (second.code or "R").startswith(("R", (decided.code or "")[:3])))

    def _kin_words(self, code: str) -> set[str]:
        """The words of the names of the codes of ``code``'s category that say its condition (the words of its
        title before any "with", "of", "in" or comma): its axes and complications ("Type 2 diabetes mellitus
        with diabetic chronic kidney disease"), never its category's other conditions (M79.6- "Pain in limb"
        beside M79.7 "Fibromyalgia")."""
        entry = self.lexicon.get("ICD10CM", code)
        condition = set(tokens(_PARTS.split(entry.display, maxsplit=1)[0])) - _TITLES_GRAMMAR if entry else set()
        named: set[str] = set()
        for kin in self._icd_codes_under(code[:3]):
            for name in (tokens(kin.display, keep_qualifiers=True), *self.lexicon.names_of(kin)):
                if condition <= set(name):
                    named.update(name)
        return named

    def _said_without_disease(self, mention: str, words: tuple[str, ...]) -> Decision | None:
        """A disease said by the words before its name's last, "disease" or "syndrome" ("Lyme", "celiac", "hand
        foot and mouth", "Graves", "carpal tunnel"): the ICD-10-CM concept the whole name names exactly. Never a
        part of the body said alone ("liver" is no "liver disease"), nor a phrase of more than three words.
        ``None`` otherwise."""
        if not 0 < len(words) <= 3 or (len(words) == 1 and names_a_site(words)) \
                or not _WORDS_ONLY.fullmatch(mention.strip()):
            return None  # "HIV+" is a result, never "HIV disease"
        if len(words) == 1 and words[0] in _EPONYMS_THAT_ARE_WORDS and not mention.strip()[:1].isupper():
            return None  # "found down" is how EMS found him, never Down syndrome; a person's name is capitalised
        for last in ("disease", "syndrome"):
            decided = self._ground(f"{mention} {last}", "diagnosis", last_resorts=False)
            named = self.lexicon.by_name.get((*words, last), ())
            # the whole name a name of the code or of its category, as said: never a reading of a site or an
            # axis the words took on the way ("lipoma on the thigh")
            if decided.outcome != "reject" and decided.system == "ICD10CM" and decided.method in _EXACT_METHODS \
                    and any(ref[0] == "ICD10CM" and (decided.code or "").startswith(ref[1]) for ref in named):
                decided.steps.insert(0, f"name: {mention!r} says the {last} by its name's first words, "
                                        f"{mention + ' ' + last!r}")
                return decided
        return None

    def _denies_the_proposal(self, decided: Decision, system: str | None, code: str | None) -> bool:
        """``decided``'s title says "without" the condition the proposed code names: K80.20 "Calculus of
        gallbladder without cholecystitis …" for a proposed K81.0 "Acute cholecystitis"."""
        proposed = self.lexicon.by_ref.get((system, _normalised(system, code))) if system and code else None
        # the condition the proposal names first, before its "with", "without", "of" or "in" parts
        condition = tokens(_PARTS.split(proposed.display, maxsplit=1)[0]) if proposed is not None else ()
        # every word of it but a course ("Acute cholecystitis": "without cholecystitis"), never one word that
        # a "without" clause shares ("Tubal pregnancy": O00.109 "… without intrauterine pregnancy" is its code)
        named = [word for word in condition if word not in _TITLES_GRAMMAR and word not in _GENERIC_TITLE_WORDS]
        return bool(named) and _says_without(decided.display or "", " ".join(named))

    def _told_apart_by_none(self, decided: Decision, condition: str, clause: str, may_name: bool = False) -> bool:
        """Whether a clause beside a condition says nothing the concepts of its family tell apart (an
        ICD-10-CM code's category; an HPO term and the terms under it): no word of it (its abbreviations read,
        its sides said) is a word of a title or name in the family, it states no side or site where a name
        there states one, no name elsewhere in the system says it with the condition's words, and it names no
        diagnosis or finding of its own. A detail the classification has no place for ("genotype 1a", "TPO Ab
        positive", "echo not yet done") is the note's, not the code's; a word a name there holds ("CKD 3",
        "left eye", "with hemorrhage") may be an axis, and a clause that names a condition (or joins one with
        "and") is a second diagnosis, not a detail of the first. A clause of more than
        :data:`ASIDE_MOST_WORDS` words is no detail, nor one that says she is pregnant (chapter 15 reads it).

        A clause that denies something ("LBP x2 weeks, no radicular sx", "acute PE, no RV strain") is a pertinent
        negative: judged on the family's names alone, for what it denies is neither a second diagnosis nor an
        axis said with the condition. Where a title of the family holds a word of it ("… without
        complications"), the family tells it apart and the caller's reading of "without" decides."""
        if decided.system not in ("ICD10CM", "HPO") or not decided.code:
            return False
        clause = _A_TESTS_RESULT.sub("", clause)  # "CT: no perf or abscess": what the test found
        if _WITHDRAWN.search(clause):
            return False  # "PE, ruled out": the condition taken back, no detail of it
        denial = _DENIAL_FIRST.match(clause)
        if denial is not None and _BUT.search(clause):
            return False  # "no fever but a new cough": what follows "but" is said, not denied
        clause = clause[denial.end():] if denial else clause
        said = sides_said(tokens(clause, keep_qualifiers=True))
        # what is denied may take more words than a detail does ("never had an OI or AIDS-defining illness")
        if not said or len(said) > ASIDE_MOST_WORDS * (2 if denial else 1) or pregnancy_said(clause):
            return False
        words = {*said, *as_organs(said), *as_organs(self.lexicon.expand(said))} - _TITLES_GRAMMAR
        named, placed = (self._category_words(decided.code[:3]) if decided.system == "ICD10CM"
                         else self._subtree_words(decided.code))
        entry = self.lexicon.get(decided.system, decided.code)
        own = {w for name in (self.lexicon.names_of(entry) if entry else ()) for w in name} \
            | set(tokens(decided.display or "", keep_qualifiers=True))
        shared = {w for w in words & named if not w.isdigit()} or (words & named if words - named <= {
            w for w in words if w.isdigit()} else set())  # "Rai stage I": a number some title holds is no axis
        if denial is not None and shared:
            # "no residual deficits" is what Z86.73 "… without residual deficits" says itself, "not in
            # remission" C91.10's "… not having achieved remission"; a denial of what the code does not claim,
            # where no code beside it says the thing is absent, denies nothing the code could take back
            # ("Crohn's, no fistula": K50.90; never "MI, no ST elevation", I21.4's "Non-ST")
            return all(_says_absent(decided.display or "", {word}) for word in shared) or (
                not shared & own and not any(_says_absent(e.display, shared) for e in (
                    self._icd_codes_under(decided.code[:3]) if decided.system == "ICD10CM" else ())))
        if denial is None and words <= own and not any(
                _says_absent(name, words) for name in (decided.display or "", *(entry.names if entry else ()))):
            return True  # "accidental ingestion" beside T44.7X1A "… accidental (unintentional) …": said again
        if shared:
            return False
        if denial is not None:  # what is denied is no second condition, nor an axis or a place of this one
            return True
        if placed and (words & _SIDE_WORDS or names_a_site(tuple(words))) and (words & _SIDE_WORDS or not any(
                set(region) <= own for _, region, _ in site_readings(tuple(said)))):
            return False  # a site may be an axis; not one within the code's own ("erythema to mid-shin", a leg's)
        # nor by a code of another category named with the condition's words ("diabetes, CKD 3": E11.22's
        # "… diabetic chronic kidney disease" for the words of E11.9 that "CKD" reads as)
        titled = {w for name in (self.lexicon.names_of(entry) if entry else ()) for w in name}
        said_first = [w for w in self.lexicon.expand(tokens(condition)) if w in titled]
        # a condition given with its value names the condition all the same ("pulmonary embolism 2", "CKD 3")
        numberless = _DIGITS.sub(" ", clause).strip() if any(c.isdigit() for c in clause) else ""
        return not self._named_together(said_first, words, decided.system, least=1) \
            and (_OF_CARE_OR_A_RESULT.match(clause) is not None
                 or not (self._names_a_concept(clause) or (numberless and self._names_a_concept(numberless)))
                 or (may_name and not self._category_says_with(decided.code[:3])))

    def _lists_another_finding(self, first: Decision, note: str) -> bool:
        """Whether a part of a note with a finding said first (``first``) names a finding of its own, exactly,
        other than ``first`` or a term under it: a list of findings ("fever, productive cough and dyspnea"),
        not a description of one ("resting tremor, pill-rolling": HPO's pill-rolling tremor is a resting tremor)."""
        for part in _LISTED.split(note):
            if not (part := part.strip(" .")):
                continue
            other = self._ground(part, "finding", last_resorts=False)
            if other.outcome != "reject" and other.method in _EXACT_METHODS and not self._within(first, other):
                return True
        return False

    def _within(self, outer: Decision, inner: Decision) -> bool:
        """Whether ``inner`` is ``outer``'s concept or one under it: the same ICD-10-CM category, the HPO term
        or a term below it (in another system, the same code)."""
        if outer.system != inner.system or not outer.code or not inner.code:
            return False
        if outer.system == "ICD10CM":
            return inner.code[:3] == outer.code[:3]
        todo: list[str] = [inner.code]
        seen = {inner.code}
        while todo:
            term = todo.pop()
            if term == outer.code:
                return True
            entry = self.lexicon.get("HPO", term)
            fresh = [parent for parent in (entry.parents if entry else ()) if parent not in seen]
            seen.update(fresh)
            todo += fresh
        return False

    def _named_together(self, head: Iterable[str], clause: Iterable[str], system: str = "ICD10CM",
                        least: int = 2) -> bool:
        """Whether a name of ``system`` holds a word of ``clause`` with ``least`` of the telling words of
        ``head`` (all of them where it has fewer): "renal transplant, acute rejection" is T86.11's "Kidney
        transplant rejection", while "renal tubular function" shares one word only with a kidney transplant."""
        said = {w for w in head if len(w) > 2 and not w.isdigit()} - _TITLES_GRAMMAR - _GENERIC_TITLE_WORDS
        least = min(least, len(said))
        return bool(said) and any(
            len(said & set(variant)) >= least and any(ref[0] == system for ref in self.lexicon.by_name[variant])
            # a number alone names nothing with the condition ("HFrEF, NYHA II"): the category's own titles say
            # where it is an axis ("CKD 3")
            for word in set(clause) - _TITLES_GRAMMAR if not word.isdigit()
            for variant in self.lexicon.by_token.get(word, ()))

    def _names_a_concept(self, clause: str) -> bool:
        """Whether a clause names a diagnosis or a finding: grounded whole or by its parts ("fatigue and
        polyuria"), or holding a word that is a concept's whole name ("hyperglycemia is the defining finding")."""
        if any(system == "ICD10CM" or (system == "HPO" and self.lexicon.is_hpo_phenotype(code))
               for word in tokens(clause) for system, code in self.lexicon.by_name.get((word,), ())):
            return True  # never HPO's modifiers ("Stable", a course): no finding
        parts = [part.strip() for part in _AND.split(clause) if part.strip()]
        return any(self._ground(part, either, last_resorts=False).outcome != "reject"
                   for part in dict.fromkeys((clause, *parts)) for either in ("diagnosis", "finding"))

    def _subtree_words(self, code: str) -> tuple[frozenset[str], bool]:
        """The words of the names of an HPO term and every term under it, and whether one names a side or a
        site of the body."""
        known = self._categories.get(code)
        if known is None:
            if self._hpo_children is None:
                self._hpo_children = {}
                for (system, child), entry in self.lexicon.by_ref.items():
                    for parent in entry.parents if system == "HPO" else ():
                        self._hpo_children.setdefault(parent, []).append(child)
            named: set[str] = set()
            todo, seen = [code], {code}
            while todo:
                term = self.lexicon.get("HPO", todo.pop())
                if term is None:
                    continue
                named.update(w for variant in self.lexicon.names_of(term) for w in variant)
                fresh = [c for c in self._hpo_children.get(term.code, []) if c not in seen]
                seen.update(fresh)
                todo += fresh
            placed = bool(named & _SIDE_WORDS) or names_a_site(tuple(named))
            known = self._categories[code] = (frozenset(named), placed)
        return known

    def _category_says_with(self, category: str) -> bool:
        """Whether a title under the ICD-10-CM ``category`` joins a second condition to it with "with"
        (guideline I.A.15): J44.0 "… with (acute) lower respiratory infection" may be what "COPD with pneumonia"
        says, though no title names pneumonia."""
        known = self._says_with.get(category)
        if known is None:
            known = self._says_with[category] = any(
                " with " in f" {entry.display.lower()} " for entry in self._icd_codes_under(category))
        return known

    def _icd_codes_under(self, category: str) -> list[Entry]:
        """The ICD-10-CM codes whose code starts with ``category`` (three characters or more), from an index
        by their first three gathered once: a scan of the whole lexicon per category cost a second a run."""
        if self._icd_by_category is None:
            self._icd_by_category = {}
            for (system, code), entry in self.lexicon.by_ref.items():
                if system == "ICD10CM":
                    self._icd_by_category.setdefault(code[:3], []).append(entry)
        return [e for e in self._icd_by_category.get(category[:3], ()) if e.code.startswith(category)]

    def _category_words(self, category: str) -> tuple[frozenset[str], bool]:
        """The words of every title and name of the ICD-10-CM codes under ``category``, and whether one of them
        names a side or a site of the body."""
        known = self._categories.get(category)
        if known is None:
            named: set[str] = set()
            for entry in self._icd_codes_under(category):
                named.update(tokens(entry.display, keep_qualifiers=True))
                for variant in self.lexicon.names_of(entry):
                    named.update(variant)
            placed = bool(named & _SIDE_WORDS) or names_a_site(tuple(named))
            known = self._categories[category] = (frozenset(named), placed)
        return known

    def _respelled(self, mention: str) -> str | None:
        """``mention`` with each word no name uses and no abbreviation stands for replaced by the word of the
        names it is one slip away from (:meth:`Lexicon.respelled`); ``None`` where no word changes."""
        return self._mended(mention, lambda word: None if self.lexicon.abbreviation_of(word)
                            else self.lexicon.respelled(word))

    @staticmethod
    def _mended(mention: str, fix: Callable[[str], str | None]) -> str | None:
        """``mention`` with each word ``fix`` gives another for (as compared words) replaced by it; ``None``
        where no word changes."""
        changed = False

        def mended(match: re.Match[str]) -> str:
            nonlocal changed
            fixed = fix(comparable(folded(match.group(0)).lower()))
            if fixed is None:
                return match.group(0)
            changed = True
            return fixed

        respelled = _LETTERS.sub(mended, mention)
        return respelled if changed else None

    def _without_agent(self, words: tuple[str, ...], category: str, finding_type: str | None,
                       steps: list[str]) -> tuple[str, Entry, float] | None:
        """The condition named exactly without its bacterium, where the code says nothing of an organism
        (N39.0 "Urinary tract infection, site not specified"; never J18.9 "…, unspecified organism"), or at the
        region that holds its site ("MRSA cellulitis of the lower leg": "Cellulitis of … lower limb")."""
        found = self._search_readings([words], category, finding_type, steps)
        if found is None or found[0] == "fuzzy":
            # at its region a close name is enough: the side chooses among its codes (L03.115 → L03.116)
            found = next((at for _, _, regional in site_readings(words)
                          if (at := self._search_readings([regional], category, finding_type, steps)) is not None),
                         None)
        if found is None or found[1].system != "ICD10CM" or (found[0] == "fuzzy" and not site_readings(words)):
            return None
        entry = found[1]
        category_code = entry.code.split(".")[0]  # the whole family: J02.9's J02 holds J02.0 "Streptococcal …"
        family = [entry, *self._family(category_code)]
        if not all(names_no_agent(tokens(e.display)) for e in family):
            return None  # the family has codes that name an agent: the agent is not coded apart here
        return found

    def _family(self, code: str) -> list[Entry]:
        """Every code under ``code`` (an ICD-10-CM category), at every level."""
        out, todo = [], [code]
        while todo:
            for child in self.lexicon.icd_children(todo.pop()):
                out.append(child)
                todo.append(child.code)
        return out

    def _courseless(self, words: tuple[str, ...], category: str, finding_type: str | None,
                    steps: list[str]) -> tuple[str, Entry, float] | None:
        """The ICD-10-CM code ``words`` name exactly, where no code of its category names a course (acute,
        subacute, chronic): the course said beside it chooses nothing."""
        return self._named_where_no_kin_says(words, category, finding_type, steps,
                                             lambda title: bool(_COURSES & set(title)))

    def _partless(self, words: tuple[str, ...], parts: set[str], category: str, finding_type: str | None,
                  steps: list[str]) -> tuple[str, Entry, float] | None:
        """The ICD-10-CM code ``words`` name exactly, where no code of its category names the part of a bone
        said beside them (``parts``: shaft, base, head, neck), which then chooses nothing: S92 names no shaft
        ("fifth metatarsal shaft" is S92.35-), S72 names the femur's neck. The bone as titles name it too
        ("fifth metatarsal": "fifth metatarsal bone")."""
        for said in [words, *(reading for _, _, reading in site_readings(words))]:
            found = self._icd_named_exactly(said, category, finding_type, steps)
            if found is None:
                continue
            kin = [found[1], *self._family(found[1].code[:3])]
            return None if any(parts & set(tokens(e.display or "")) for e in kin) else found
        return None

    def _sited_nowhere(self, words: tuple[str, ...], category: str, finding_type: str | None,
                       steps: list[str]) -> tuple[str, Entry, float] | None:
        """The ICD-10-CM code ``words`` name exactly, where no code of its category names a site: a site said
        beside it then chooses nothing ("wart on the finger" is B07.9 as "wart" is). A category whose codes
        name sites ("Benign lipomatous neoplasm of … trunk") is left to the site readings."""
        return self._named_where_no_kin_says(words, category, finding_type, steps, names_a_site)

    def _sited_by_its_title(self, words: tuple[str, ...], said: tuple[str, ...], category: str,
                            finding_type: str | None, steps: list[str]) -> tuple[str, Entry, float] | None:
        """The ICD-10-CM code ``words`` (the mention without its site) name exactly, where that code's own title
        says the site the mention gave: an inclusion term names no site its code's title already does ("Sprain
        of talofibular ligament" is S93.49's, "Sprain of other ligament of ankle")."""
        found = self._icd_named_exactly(words, category, finding_type, steps)
        if found is None:
            return None
        site = set(said) - set(words) - _SIDE_WORDS
        return found if site and site <= set(tokens(found[1].display or "")) else None

    def _icd_named_exactly(self, words: tuple[str, ...], category: str, finding_type: str | None,
                           steps: list[str]) -> tuple[str, Entry, float] | None:
        """The ICD-10-CM concept ``words`` name exactly (by a name, the Index, an ontology's synonym), or
        ``None``: what a reading that drops a word must reach, never a likeness."""
        found = self._search_readings([words], category, finding_type, steps)
        return found if found is not None and found[0] in _EXACT_METHODS and found[1].system == "ICD10CM" \
            else None

    def _named_where_no_kin_says(self, words: tuple[str, ...], category: str, finding_type: str | None,
                                 steps: list[str], says: Callable[[tuple[str, ...]], bool]
                                 ) -> tuple[str, Entry, float] | None:
        """The ICD-10-CM code ``words`` name exactly, where no code of its 3-character category has a title
        (as compared words) that ``says`` what the mention said beside ``words``: that word is then no axis."""
        found = self._icd_named_exactly(words, category, finding_type, steps)
        if found is None:
            return None
        kin = [found[1], *self._family(found[1].code[:3])]
        return None if any(says(tokens(e.display or "")) for e in kin) else found

    def _by_region(self, words: tuple[str, ...], category: str, finding_type: str | None,
                   exactly: bool, steps: list[str]) -> tuple[str, Entry, float] | None:
        """The condition at the region that holds its site, by name (exact or close, or ``exactly``) or by the
        one ICD-10-CM title that holds it."""
        if exactly:
            named = self._named(words, category, self.systems_for(category, finding_type), steps)
            return (named[0], named[1], 1.0) if named is not None else None
        found = self._search_readings([words], category, finding_type, steps)
        if found is None and "ICD10CM" in self.lexicon.releases:
            found = self._icd_covering(words, category, steps)
        return found

    def _eponym(self, word: str, mention: str, category: str, finding_type: str | None,
                steps: list[str]) -> tuple[str, Entry, float] | None:
        """The "… disease", "… syndrome" or "… phenomenon" ``word`` names exactly, where ``word`` is a person's
        name: written possessively in the mention ("Cushing's") or in the concept's name ("alzheimers" →
        "Alzheimer's disease"). A common word never qualifies ("heart" is not heart disease)."""
        systems = self.systems_for(category, finding_type)
        said_so = _POSSESSIVE_SAID.search(mention) is not None
        named: list[tuple[int, int, tuple[str, Entry], list[str]]] = []
        for kind in _EPONYM_KINDS:
            tried: list[str] = []
            found = self._named((word, kind), category, systems, tried)
            if found is not None and (said_so or _possessive_in(word, found[1].display)):
                named.append((systems.index(found[1].system), len(named), found, tried))
        if not named:
            return None
        *_, (method, entry), tried = min(named)  # the preferred system first ("Cushing's": ICD-10-CM's syndrome)
        steps.extend(tried)
        return method, entry, 1.0

    # -- measured values ----------------------------------------------------------------------------------

    def _ground_measurement(self, reading: Reading, finding_type: str | None, system: str | None,
                            code: str | None) -> Decision:
        """An abnormal value goes to the concept its finding's name names exactly ("hyponatremia" for
        "Na 121"); a normal value is no finding, and a proposal for it is rejected (:mod:`.measurements`)."""
        steps = [f"measurement: {reading.describe()}"]
        said = f"proposed {system} {code}: " if system and code else ""
        if not reading.names:
            return Decision("reject", reason=f"{said}{reading.describe()}: no finding", steps=steps)
        systems = self.systems_for("finding", finding_type)
        names = [tokens(name) for name in reading.names]
        for words in [*names, *(form for name in names for form in result_readings(name))]:
            named = self._named(words, "finding", systems, steps)
            if named is not None:
                break
        else:
            return Decision("reject", reason=f"{said}{reading.describe()}, but no concept of a finding is named "
                            f"{reading.names[0]!r}", steps=steps)
        entry = named[1]
        proposed = (system, _normalised(system, code)) if system and code else None
        if proposed == entry.ref:
            return Decision("accept", "proposed_code", entry.system, entry.code, entry.display, entry.release, 1.0,
                            f"proposed code checked: {reading.describe()}", steps)
        if proposed is None:
            outcome, why = "accept", ""
        elif any(proposed in self.lexicon.by_name.get(words, ()) for words in names):
            outcome, why = "replace", f"{said}names the finding too, but {entry.system} names findings first; "
        else:
            outcome, why = "replace", f"{said}the value says otherwise; "
        return Decision(outcome, "measurement", entry.system, entry.code, entry.display, entry.release, 1.0,
                        f"{why}{reading.describe()}: {reading.names[0]}", steps)

    # -- history and status shorthand ---------------------------------------------------------------------

    def _ground_shorthand(self, shorthand: Shorthand, mention: str, system: str | None,
                          code: str | None) -> Decision:
        """A history ("h/o TIA") or status ("s/p CABG") goes to the Z code that names it, or is rejected:
        the condition's own code is never the answer, whoever proposed it (:mod:`.history`)."""
        kind, of = shorthand.kind, shorthand.of
        if kind == "history":  # "h/o stroke, no residual deficits": the history code says whether any remain
            of = _NO_RESIDUAL.sub("", of) or of
        if kind == "treatment":  # "on long-term MTX 20 mg weekly": the medicine, whatever its dose
            of = without_dose(of)
        steps = [f"{kind}: {mention!r} states a {kind} of {of!r}"]

        def code_of(what: str) -> tuple[str, Entry] | None:
            if kind == "treatment":  # "G-tube dependent": no treatment code, the status the device leaves
                return self._treatment_of(what, steps) or self._status_of(what, steps)
            if kind == "status":
                return self._status_of(what, steps)
            found = self._history_of(what, steps, kind == "family")
            if found is None and kind == "history":
                # "h/o CABG x3 (LIMA-LAD, SVG-OM) in 2019": the past of a procedure is the status it left, which
                # a status code names (Z95.1 "Presence of aortocoronary bypass graft"); no history code holds it
                # (the status search's notes kept only where it finds one: a history of a condition lists none)
                found = next((status for form in (what, *without_note_asides(what))
                              if (status := self._kept_if(self._status_of, steps, f"history: {form!r} as the status "
                                                          "a procedure left", form)) is not None), None)
            return found

        found = code_of(of)
        # the side is read from what was done, never why: "s/p L THA for OA" is a left artificial hip
        axes, sideless = read_axes(sides_said(tokens(_WHY_OR_WHICH_PARTS.sub("", of).strip() or of)))
        if found is None and axes.side and sideless:
            # "h/o L breast ca": the history code says no side; "s/p R TKA": the status code's side is the one said
            steps.append(f"axes: side {axes.side} stated; the {kind} is of {' '.join(sideless)!r}")
            found = code_of(" ".join(sideless))
            if found is not None:
                found = found[0], self._by_axes(found[1], Axes(axes.side, None), sideless, steps)
        unsited = without_surface_site(sideless)
        if found is None and kind in ("history", "family") and unsited and unsited != sideless:
            # "h/o melanoma L shoulder": a history code of a skin condition names no place on the skin
            steps.append(f"site: no {kind} code names the place on the body {' '.join(sideless)!r} gives")
            found = code_of(" ".join(unsited))
        if found is None and kind == "status":
            # "s/p L intertrochanteric hip fx, routine f/u": an injury seen again is coded as the injury with
            # its encounter (a 7th character of subsequent care or sequela), which no status code names
            again = self._ground(of, "diagnosis", system=system, code=code, last_resorts=False)
            if again.outcome != "reject" and _LATER_ENCOUNTER.fullmatch(again.code or ""):
                again.steps[:0] = [*steps, f"status: {of!r} is an injury seen again, coded with its encounter, "
                                   "not as a status"]
                return again
        proposed = (system, _normalised(system, code)) if system and code else None
        said = f"proposed {system} {code} names {of!r} itself, not its {kind}; " if proposed else ""
        if found is None:
            what = {"history": "personal history", "family": "family history"}.get(kind, kind)
            return Decision("reject", reason=f"{said}no ICD-10-CM {what} code names {of!r}", steps=steps)
        method, entry = found
        if proposed == entry.ref:
            return Decision("accept", "proposed_code", entry.system, entry.code, entry.display, entry.release, 1.0,
                            f"proposed code checked: the {kind} code of {of!r}", steps)
        return Decision("replace" if proposed else "accept", method, entry.system, entry.code, entry.display,
                        entry.release, 1.0, said + f"the {kind} code of {of!r}", steps)

    def _history_codes(self, whose: str) -> list[tuple[Entry, list[tuple[str, ...]], list[tuple[str, str]]]]:
        """ICD-10-CM's "Personal history of …" (``whose`` "personal") or "Family history of …" codes: each with
        what its titles say after those words, and the code spans its "conditions classifiable to …" notes
        name."""
        if whose not in self._history:
            codes = []
            prefix = f"{whose} history"
            for entry in (e for e in self.lexicon.icd_titled(prefix) if e.active):
                names = (entry.display, *entry.names)
                tails = [v[2:] for n in names for v in name_variants(n) if v[:2] == (whose, "history")]
                codes.append((entry, tails, [span for n in names for span in classifiable_spans(n)]))
            self._history[whose] = codes
        return self._history[whose]

    def _history_of(self, of: str, steps: list[str], family: bool = False) -> tuple[str, Entry] | None:
        """The personal (or family) history code of ``of``: one whose title or inclusion term names it, else
        (the patient's own) the healed form ICD-10-CM titles ("old myocardial infarction"), else the code whose
        "classifiable to" notes hold the code ``of`` grounds to (the narrowest span)."""
        whose = "family" if family else "personal"
        read = self.lexicon.readings(tokens(of), "diagnosis")
        head = first_clause(of)
        if head is not None and self._ground(of, "diagnosis", categories=True).outcome != "reject":
            # "TIA, no residual deficits, on clopidogrel", its asides set apart: the TIA Z86.73 names
            read = [*read, *self.lexicon.readings(tokens(head), "diagnosis")]
        # an organ's adjective as the organ titles name ("colonic polyps": "… history of colon polyps")
        for words in [*read, *(o for o in (as_organs(r) for r in read) if o not in read)]:
            covering = [(len(tail) - len(words), entry.billable is False, entry.code, entry)
                        for entry, tails, _ in self._history_codes(whose) for tail in tails
                        if covers(words, tail) and not adds_state(words, tail)]  # "melanoma": not "… in situ"
            if covering:
                entry = min(covering, key=lambda c: c[:3])[3]
                steps.append(f"history: {entry.code} {entry.display!r} names {' '.join(words)!r}")
                return self._billable_history(entry, whose, steps)
            healed = None if family else self._named(("old", *words), "diagnosis", ("ICD10CM",), steps)
            if healed is not None:
                return self._billable_history(healed[1], whose, steps)
        condition = self._ground(of, "diagnosis", categories=True)
        if condition.system != "ICD10CM" or not condition.code or condition.outcome == "reject":
            steps.append(f"history: {of!r} is grounded to no ICD-10-CM code, and no history code names it")
            return None
        held = [(span, entry) for entry, _, spans in self._history_codes(whose) for span in spans
                if in_span(condition.code, span)]
        if not held and (family_title := self._history_of_family(condition.code, whose, steps)) is not None:
            return family_title
        if not held and not family and condition.code[:2] == "F1":
            # "h/o alcohol abuse": a past substance use disorder is coded in remission (the Index's "History,
            # personal, drug dependence - see Dependence, by drug, in remission"; guideline I.C.5.b.1)
            remission = next((c for c in self.lexicon.icd_children(_icd_parent(condition.code))
                              if c.active and c.billable and "in remission" in c.display.lower()), None)
            if remission is not None:
                steps.append(f"history: {of!r} is {condition.code} {condition.display!r}, a substance use disorder "
                             f"of the past: {remission.code} {remission.display!r}")
                return "personal_history", remission
        if not held:
            steps.append(f"history: no {whose} history code holds {condition.code} {condition.display!r}")
            return None
        span, entry = min(held, key=lambda h: (-len(h[0][0]), span_width(h[0]), h[0][0] != h[0][1], h[1].code))
        steps.append(f"history: {of!r} is {condition.code} {condition.display!r}, a condition classifiable to "
                     f"{'–'.join(dict.fromkeys(span))}: {entry.code} {entry.display!r}")
        said = tokens(condition.display or "")
        # C61 "Malignant neoplasm of prostate" under Z85.4 (genital organs): Z85.46 "Personal history of malignant
        # neoplasm of prostate", the one code of the category whose title names the condition's own title
        # — or a title its own words all hold: C73 "… of thyroid gland" is Z85.850's "… of thyroid"
        named = [e for e, tails, _ in self._history_codes(whose) if e.billable and e.code.startswith(entry.code)
                 and (said in tails or any(set(tail) <= set(said) for tail in tails))] \
            if entry.billable is False else []
        if len(named) == 1:
            steps.append(f"history: {named[0].code} {named[0].display!r} names {condition.display!r}")
            return f"{whose}_history", named[0]
        if entry.billable is False and (by_family := self._history_of_family(condition.code, whose, steps)):
            return by_family
        # the "other" code only for the condition as said bare: a note's asides first come off ("MI in 2021, no
        # current symptoms" is I25.2, the healed form, once read as "MI")
        return self._billable_history(entry, whose, steps, named_none=not named and not without_note_asides(of))

    def _history_of_family(self, code: str, whose: str, steps: list[str]) -> tuple[str, Entry] | None:
        """The history code whose title names the family ``code`` is filed under, the nearest first: a deep vein
        thrombosis (I82.409, under I82 "Other venous embolism and thrombosis") has Z86.718 "Personal history of
        other venous thrombosis and embolism", which no "classifiable to" note spans."""
        parent = _icd_parent(code)
        while len(parent) >= 3:
            family = self.lexicon.get("ICD10CM", parent)
            words = tuple(w for w in tokens(family.display) if w not in ("other", "unspecified")) if family else ()
            # a billable code first: Z86.718 "… other venous thrombosis and embolism", not its category Z86.71
            covering = [(entry.billable is False, len(tail) - len(words), entry.code, entry)
                        for entry, tails, _ in self._history_codes(whose) for tail in tails
                        if words and covers(words, tail) and not adds_state(words, tail)]
            if family is not None and covering:
                entry = min(covering, key=lambda c: c[:3])[3]
                steps.append(f"history: {code} is filed under {parent} {family.display!r}, which "
                             f"{entry.code} {entry.display!r} names")
                return self._billable_history(entry, whose, steps)
            parent = _icd_parent(parent)
        return None

    def _billable_history(self, entry: Entry, whose: str, steps: list[str],
                          named_none: bool = False) -> tuple[str, Entry] | None:
        """A history code that is billable, or none: a history category's children name other conditions
        (Z86.7's are thromboses, an ischaemic attack, a cardiac arrest), so none of them is its default — but
        the one titled as the category is: Z82.4 "Family history of ischemic heart disease and other diseases
        of the circulatory system" holds Z82.41 (sudden cardiac death) and Z82.49, titled as Z82.4 is."""
        if entry.billable is False:
            same = [c for c in self.lexicon.icd_children(entry.code)
                    if c.active and c.billable and tokens(c.display) == tokens(entry.display)]
            if len(same) == 1:
                steps.append(f"history: {entry.code} is a category; {same[0].code} is titled as it is")
                return f"{whose}_history", same[0]
            # no code of the category names the condition (the caller looked): its "other" code, titled as the
            # category with "other" ("history of hepatitis C": Z86.19 "Personal history of other infectious and
            # parasitic diseases", beside Z86.11 tuberculosis, Z86.14 MRSA …)
            other = [c for c in self.lexicon.icd_children(entry.code) if c.active and c.billable
                     and tuple(w for w in tokens(c.display) if w != "other") == tokens(entry.display)
                     and "other" in tokens(c.display)]
            if len(other) == 1 and named_none:
                steps.append(f"history: {entry.code} is a category none of whose codes names it; {other[0].code} "
                             f"{other[0].display!r} holds the others")
                return f"{whose}_history", other[0]
            steps.append(f"history: {entry.code} is a category whose codes name other conditions: none chosen")
            return None
        return f"{whose}_history", entry

    def _status_of(self, of: str, steps: list[str]) -> tuple[str, Entry] | None:
        """The status code of a procedure: ICD-10-CM's "Presence of …", "Status …" or "Acquired absence of …"
        names it exactly, or what the abbreviations file reads it as ("TKA": artificial knee joint,
        "splenectomy": spleen); an organ's adjective as the organ, without the donor, the graft's kind or the
        year ("deceased-donor renal transplant 2018": a kidney transplant)."""
        said = tokens(of)
        # "mechanical MVR": a prosthetic heart valve; "pacemaker placement", "CABG x3": the pacemaker, the CABG
        plain = tuple(w for w in said if w not in _KINDS_OF_IMPLANT and w not in _PROCEDURE_WORDS
                      and not _TIMES.fullmatch(w))
        # "renal transplant": the organ as titles name it ("Kidney transplant status")
        forms = dict.fromkeys((said, plain, as_organs(plain)))
        for words in dict.fromkeys(r for form in forms for r in self.lexicon.readings(form, "status")):
            # "Presence of prosthetic heart valve", "Status post …", "Kidney transplant status"
            for said_as in (("presence", *words), ("status", *words), ("acquired", "absence", *words),
                            (*words, "status")):
                named = self._named(said_as, "diagnosis", ("ICD10CM",), steps)
                if named is not None:
                    if words != said:
                        steps.insert(-1, self._read_as(said, words))
                    return named[0], self._default_code(named[1], steps)
        bare = _WHY_OR_WHICH_PARTS.sub("", of).strip()
        if bare and bare != of:
            # "total hysterectomy (uterus and cervix) for fibroids": what was removed and why, which the status
            # of the procedure says without
            steps.append(f"status: {of!r} is read as {bare!r}, without why it was done or what it took")
            return self._status_of(bare, steps)
        split = last_clause_apart(of)
        if split is not None and (_OF_CARE_OR_A_RESULT.match(split[1]) or _DENIAL_FIRST.match(split[1])
                                  or not self._names_a_concept(split[1])) \
                and not self._named_together((*tokens(split[0]), *as_organs(tokens(split[0]))), tokens(split[1])):
            # "renal transplant, stable graft function": how it stands now, which no status code tells apart; "…,
            # on tacrolimus": the care it takes, which names a drug and no condition; "s/p CABG, no angina since":
            # a symptom denied, which no status code says
            steps.append(f"status: {split[1]!r} tells how {split[0]!r} stands, no word of a status code")
            return self._status_of(split[0], steps)
        steps.append(f"status: no ICD-10-CM status code names {of!r}")
        return None

    def _treatment_of(self, of: str, steps: list[str]) -> tuple[str, Entry] | None:
        """The status code of a treatment the patient is on: the one ICD-10-CM title of a "Dependence on …"
        (Z99.2 renal dialysis, Z99.81 supplemental oxygen) or "Long term (current) use of …" (Z79.4 insulin)
        that holds it; none for a medicine no such title names (a drug's class is not known here)."""
        said = tokens(of)
        for words in self.lexicon.readings(said, "diagnosis"):
            for lead in (("dependence",), ("use",)):
                found = self._icd_covering((*lead, *words), "diagnosis", steps)
                if found is not None:
                    if words != said:  # "warfarin" as its class, anticoagulant
                        steps.insert(-1, self._read_as(said, words))
                    entry = self._default_code(found[1], steps)
                    if entry.billable is False:  # Z79.5 steroids: inhaled or systemic, the text does not say
                        steps.append(f"treatment: {entry.code} is a category whose codes say more than {of!r}")
                        return None
                    return "treatment_status", entry
        steps.append(f"treatment: no ICD-10-CM dependence or long-term use code names {of!r}")
        return None

    # -- step (a) ------------------------------------------------------------------------------------------

    def _said_within(self, entry: Entry, words: tuple[str, ...], mention: str, category: str) -> tuple[str, ...] | None:
        """A name of the proposal said whole, its words together, inside a mention that says more around it
        ("sepsis due to MRSA bacteremia, no septic shock, source likely PICC": A41.02 "Sepsis due to
        Methicillin resistant Staphylococcus aureus"): the text's condition is the proposal's, the rest is what
        else the note records. Not where the name is denied, hedged or said of someone else before it; nor for
        a category, nor an "unspecified" code whose category's other codes say a word the note says
        (:meth:`_kin_say_more`: "cellulitis of right forearm" is no L03.90); nor where a longer name of any
        system is said around it ("sinus tachycardia" around "tachycardia"), or the rest names a mention of its
        own (:meth:`_names_another`: "hypertension with stage 4 chronic kidney disease", which I12.9 combines;
        "ureteral stone with hydronephrosis", N13.2)."""
        if len(words) < 3 or _HEDGED.search(mention) or (entry.system == "ICD10CM" and (
                entry.billable is False or self._kin_say_more(entry, words))):
            return None
        # an "NOS" name is the code only where nothing more is said ("Pyloric stenosis NOS", K31.1's, is no
        # name of it in "pyloric stenosis in a 4-week-old"); a one-word name only where few names hold the word
        # ("hives", never "pain")
        said_alone = {v for n in entry.names if _NOS.search(n) for v in name_variants(n)}
        names = sorted((n for n in self.lexicon.names_of(entry) if n and len(n) < len(words) and n not in said_alone
                        and (len(n) > 1 or len(self.lexicon.by_token.get(n[0], ())) <= _FEW_NAMES)),
                       key=len, reverse=True)
        said = set(words)
        for name in names:
            span = _span_of(name, words)
            if span is None or _NOT_THE_PATIENTS_NOW & set(words[:span[0]]) or _TAKEN_BACK_AFTER & set(words[span[1]:]):
                continue
            holding = sorted((self.lexicon.by_token.get(w, set()) for w in name), key=len)
            if any(len(other) > len(name) and set(other) <= said and set(name) < set(other)
                   and _span_of(other, words) is not None and self.lexicon.by_name.get(other)
                   for other in holding[0].intersection(*holding[1:])):
                return None
            rest = (words[:span[0]], words[span[1]:])
            if any(w in _DENIAL_WORDS and set(part[k + 1:k + 4]) & set(name) for part in rest
                   for k, w in enumerate(part)):
                continue  # "primary hyperparathyroidism: calcium 11.2, no primary disease": its word denied
            # what the rest names is another mention, unless denied ("generalized pruritus x 2 mo w/o rash")
            if any(not _DENIAL_WORDS & set(part[max(0, i - 3):i]) and self._names_another(part[i:j], category)
                   for part in rest for i in range(len(part)) for j in range(i + 1, min(len(part), i + 6) + 1)):
                return None
            return name
        return None

    def _kin_say_more(self, entry: Entry, words: tuple[str, ...]) -> bool:
        """Whether a code of ``entry``'s category says a word of ``words`` its own title does not ("right" of
        L03.113 for "cellulitis of right forearm" beside L03.90 "Cellulitis, unspecified"; "respiratory
        syncytial virus" of J21.0 for "RSV bronchiolitis" beside J21.9): the text may say which of them it
        is. Only an "unspecified" code is asked; a code that names its own kind says what it is."""
        if "unspecified" not in entry.display.lower():
            return False
        mine = set(tokens(entry.display, keep_qualifiers=True))
        said = set(words) - mine
        kin, seen = [entry.code[:3]], set()
        while kin:
            code = kin.pop()
            for child in self.lexicon.icd_children(code):
                if child.code in seen:
                    continue
                seen.add(child.code)
                kin.append(child.code)
                if child.code != entry.code and (set(tokens(child.display, keep_qualifiers=True)) - mine
                                                  - _GROUPING_WORDS) & said:
                    return True
        return False

    def _names_another(self, words: tuple[str, ...], category: str) -> bool:
        """``words`` name a concept that would be a mention of its own beside a proposal of ``category``: for a
        diagnosis, an ICD-10-CM condition outside chapter 18's symptoms and signs (a finding beside it is the
        case's detail); for a finding, any finding or condition (the one listed beside it might be meant)."""
        refs = [ref for ref in self.lexicon.by_name.get(words, ()) if ref[0] in ("ICD10CM", "HPO")
                and (category == "finding" or (ref[0] == "ICD10CM" and not ref[1].startswith("R")))]
        # HPO's "Generalized" is a modifier, no finding: only concepts of the kind a mention of it grounds to
        return any(kind_allows(self.lexicon, self.lexicon.by_ref[ref], category) is None for ref in refs
                   if ref in self.lexicon.by_ref)

    def _vaguer_sibling(self, entry: Entry, said: set[str]) -> Entry | None:
        """A code beside the proposal (or beside one of the codes above it) whose title is the proposal's with
        words the text does not say traded for "unspecified" (and words it does say): the proposal names more
        than the text states. A side is left to the axes, with the kind the Index takes beside it ("Bilateral
        primary osteoarthritis of knee" for "osteoarthritis of both knees")."""
        node = self.lexicon.get("ICD10CM", _unpadded(entry.code[:-1])) if _ANY_SEVENTH.fullmatch(entry.code) \
            else entry
        while node is not None and len(node.code) > 3:
            mine = Counter(tokens(node.display, keep_qualifiers=True))
            for sibling in self.lexicon.icd_children(_icd_parent(node.code)):
                if sibling.code == node.code or not sibling.active:
                    continue
                theirs = Counter(tokens(sibling.display, keep_qualifiers=True))
                removed = set(mine - theirs) - _GROUPING
                if set(theirs - mine) - said == {"unspecified"} and removed and not removed & said \
                        and not all(w in SIDES or w in _SIDES_DEFAULT_KIND for w in removed) \
                        and removed <= set(tokens(entry.display)):
                    return sibling
            node = self.lexicon.get("ICD10CM", _icd_parent(node.code))
        return None

    def _check_proposed(self, words: tuple[str, ...], core: tuple[str, ...], axes: Axes, mention: str,
                        category: str, finding_type: str | None, system: str, code: str,
                        steps: list[str], corroborated: float | None = None,
                        said_within: bool = False) -> Decision | Refused:
        """Step (a). The proposal's name is matched against the condition (``core``: the mention without the
        side and encounter it states, which choose among the code's siblings afterwards); what its title
        states beyond the mention is judged against all the mention's ``words``. ``corroborated`` (the score
        of the search's closest name, found to be the proposal's own) stands in for the name's match;
        ``said_within``, the last resort, lets a name of the proposal said whole among the mention's other
        words stand for it (:meth:`_said_within`)."""
        from graph.terminology.concepts import normalise_code

        code = normalise_code(system, code)
        release = self.lexicon.releases.get(system)
        if release is None:
            steps.append(f"proposed: cannot be checked, no complete release of {system} is loaded")
            return Refused()
        entry = self.lexicon.get(system, code)
        if entry is None:
            steps.append(f"proposed: does not exist in {release}")
            return Refused()
        if not entry.active:
            for successor in entry.replaced_by:
                new = self.lexicon.get(system, successor)
                # a successor that says more than the mention is no replacement for it: HP:0000361 (obsolete)
                # went to "Pulsatile tinnitus", which "ringing in my ears" does not say
                if new and new.active and kind_allows(self.lexicon, new, category) is None \
                        and self._match(words, new) >= PROPOSED_MATCH_THRESHOLD \
                        and any(set(name) <= set(words) for name in self.lexicon.names_of(new)):
                    steps.append(f"proposed: inactive in {release}, replaced by {successor}")
                    return Decision("replace", "replaced_by", new.system, new.code, new.display, new.release,
                                    self._match(words, new),
                                    f"proposed {system} {code} is inactive in {release}; its successor is "
                                    f"{successor}", steps)
            steps.append(f"proposed: is inactive in {release}")
            return Refused()
        wrong = kind_allows(self.lexicon, entry, category)
        if wrong:
            steps.append(f"proposed: is {wrong}")
            return Refused()
        score = self._match(core, entry) if corroborated is None else corroborated
        within: tuple[str, ...] | None = None
        if corroborated is not None:
            steps.append(f"corroborated: the search's closest name to {mention!r} is {entry.code}'s own "
                         f"(score {corroborated:.2f})")
        elif score < PROPOSED_MATCH_THRESHOLD or not any(covers(core, name) for name in self.lexicon.names_of(entry)):
            within = self._said_within(entry, words, mention, category) if said_within else None
            if within is None:
                steps.append(f"proposed: its name {entry.display!r} does not match {mention!r} "
                             f"(score {score:.2f} < {PROPOSED_MATCH_THRESHOLD})" if score < PROPOSED_MATCH_THRESHOLD
                             else f"proposed: its name {entry.display!r} leaves out words of {mention!r} "
                             f"(score {score:.2f}): another concept")
                return Refused()
            steps.append(f"proposed: its name {' '.join(within)!r} is said whole within {mention!r}, and no name "
                         "of a narrower code is")
            score = 1.0
        contrary = next((said for said in (entry.display, *entry.names) if _denies(words, said)), None)
        if contrary is not None:
            # K70.30 "Alcoholic cirrhosis of liver without ascites" for "alcoholic cirrhosis with ascites"
            steps.append(f"proposed: its name {contrary!r} says without what {mention!r} states")
            return Refused(says_more=True)
        denied = _NOT_SPECIFIED_AS.search(entry.display)
        if denied is not None and comparable(denied.group(1).lower()) in {*words, *tokens(mention)}:
            # M75.121 "… not specified as traumatic" for "traumatic R rotator cuff tear": the text says it is
            steps.append(f"proposed: its name {entry.display!r} is {denied.group(0)!r}, which {mention!r} states")
            return Refused()
        # Against the proposal's own name that says least beyond the mention: "Graves' disease" is a name of
        # E05.0 "Thyrotoxicosis with diffuse goiter", and adds nothing.
        # the side as the axes read it: "L patella fx" states the left side S82.002A names
        with_side = (*words, axes.side) if axes.side else words
        added = min((unstated_qualifiers(with_side, name) for name in (entry.display, *entry.names)
                     if covers(core, tokens(name))), key=len, default=unstated_qualifiers(with_side, entry.display))
        if added and entry.ref in self.lexicon.by_name.get(core, ()):
            # "Posttraumatic stress disorder, chronic" names F43.12 "Post-traumatic …" as written: nothing added
            added = []
        indexed = self.lexicon.index_terms.get(core)
        if added and indexed is not None and indexed.code == entry.code:  # "morbid obesity": E66.01, "… due to …"
            steps.append(f"proposed: the Alphabetic Index sends {' '.join(core)!r} to it ({indexed.explain()})")
            added = []
        if added:
            steps.append(f"proposed: its name {entry.display!r} adds {', '.join(repr(a) for a in added)}, which "
                         f"{mention!r} does not state")
            return Refused(says_more=True)
        # only where the title says every word of the mention and more: a proposal named otherwise ("Hashimoto's"
        # for E06.3 "Autoimmune thyroiditis") is judged by its names above
        vaguer = self._vaguer_sibling(entry, {*words, *tokens(mention)}) \
            if entry.system == "ICD10CM" and set(core) < set(tokens(entry.display)) \
            and (indexed is None or indexed.code != entry.code) else None  # "morbid obesity": E66.01, as the Index
        if vaguer is not None:
            # S93.411A "Sprain of calcaneofibular ligament of right ankle" for "right ankle sprain": S93.40 says the
            # ligament is unspecified, and the text names none
            steps.append(f"proposed: its name {entry.display!r} names what {vaguer.code} {vaguer.display!r} leaves "
                         f"unspecified, which {mention!r} does not state")
            return Refused(says_more=True)
        steps.append(f"proposed: exists, active, right kind, name matches (score {score:.2f})")
        # "endometriosis of the left ovary" is a name of N80.102 as written, side and all: nothing said beyond it
        supported = None if words in self.lexicon.names_of(entry) else self._supported_instead(entry, core, category)
        # the level the text names, with the axes the text states ("…, subsequent encounter" of the right patella)
        leveled: list[str] = []
        stated = self._by_axes(self._default_code(supported, leveled), axes, words, leveled) if supported else None
        if supported is not None and axes and stated is not None and stated.ref == entry.ref:
            # what the proposal says beyond the condition is what the text's axes say ("right upper lobe")
            steps.append(f"proposed: says no more than the text, whose axes ({axes.describe()}) choose it among "
                         f"the codes of {supported.code}")
            supported = None
        if supported is not None and stated is not None:
            steps.append(f"proposed: says more than the text, which names {supported.code} {supported.display!r}")
            steps.extend(leveled)
            supported = stated
            method = "exact_name"
            indexed = self.lexicon.index_terms.get(core)
            if supported.system == "ICD10CM" and supported.billable is False and indexed is not None \
                    and indexed.code.startswith(supported.code) and indexed.code != supported.code:
                steps.append(f"index term: {indexed.explain()}, under {supported.code} {supported.display!r}")
                supported, method = self.lexicon.by_ref[("ICD10CM", indexed.code)], "index_term"
            if supported.system == "ICD10CM" and supported.billable is False \
                    and self.lexicon.icd_children(supported.code):
                return Decision("reject", reason=f"proposed {system} {code} {entry.display!r} adds what {mention!r} "
                                f"does not state; the level the text supports, {supported.code} "
                                f"{supported.display!r}, is a category, not a billable code", steps=steps)
            return Decision("replace", method, supported.system, supported.code, supported.display,
                            supported.release, 1.0,
                            f"proposed {system} {code} {entry.display!r} adds what {mention!r} does not state; "
                            f"replaced by the {method.replace('_', ' ')} match, the level the text supports", steps)
        preferred = self._preferred_over(entry, within or core, category, finding_type, steps)
        if preferred is not None:
            method, better = preferred
            better = self._default_code(better, steps)
            return Decision("replace", method, better.system, better.code, better.display, better.release, 1.0,
                            f"proposed {system} {code} is right, but a {category} is grounded to {better.system} "
                            f"first: {method.replace('_', ' ')} match, the proposed code kept as its "
                            f"{system} link", steps)
        if category == "diagnosis" and _POSITIVE.search(mention) and not _STATUS.search(
                " ".join((entry.display, *entry.names))):
            steps.append(f"proposed: {mention!r} states a positive result or status, which {entry.display!r} "
                         "(the disease) is not")
            return Refused(says_more=True)
        default = self._default_code(entry, steps)
        if default.system == "ICD10CM" and default.billable is False:
            steps.append(f"proposed: {default.code} is a category, not a billable code, and the text does not say "
                         "which of its codes it is (none is its default)")
            return Refused(says_more=True)
        stated = self._by_axes(default, axes, words, steps)
        if stated is not default:
            return Decision("replace", "proposed_code", stated.system, stated.code, stated.display,
                            stated.release, score, f"proposed {system} {code} names the condition; the text states "
                            f"{axes.describe() or 'no side'}: {stated.code}", steps)
        if default is not entry:
            return Decision("replace", "proposed_code", default.system, default.code, default.display,
                            default.release, score, f"proposed {system} {code} is a category, not a billable code; "
                            f"replaced by its default code {default.code}", steps)
        return Decision("accept", "proposed_code", entry.system, entry.code, entry.display, entry.release, score,
                        f"proposed code checked: name matches (score {score:.2f})", steps)

    def _supported_instead(self, entry: Entry, words: tuple[str, ...], category: str) -> Entry | None:
        """Another concept of the proposal's system that the mention names exactly, by its own name, where
        no name of the proposal is the mention: the proposal adds what the text does not state (E11.65 "with
        hyperglycemia" for "type 2 diabetes", K21.00 "with esophagitis" for "GERD"). Its category's billable
        code is the level the text supports, not an addition. Loans are not enough to overrule a proposal."""
        if words in self.lexicon.names_of(entry):
            return None
        for named in self._rank(self.lexicon.by_name.get(words, []), (entry.system,)):
            if kind_allows(self.lexicon, named, category) is None:
                if entry.ref in (named.ref, self._default_code(named, []).ref):
                    return None
                return named
        return None

    def _preferred_over(self, entry: Entry, words: tuple[str, ...], category: str, finding_type: str | None,
                        steps: list[str]) -> tuple[str, Entry] | None:
        """A concept of a system preferred to ``entry``'s that the mention names exactly (HPO's "Palpitations"
        for a finding proposed as ICD-10-CM R00.2; ICD-10-CM's E22.0 for a diagnosis proposed as Orphanet's
        acromegaly): the proposal is right, its system is not the first choice for the category."""
        systems = self.systems_for(category, finding_type)
        if entry.system not in YIELDS_TO_PREFERRED[category] or entry.system not in systems:
            return None
        preferred = systems[:systems.index(entry.system)]
        # the mention's words, then the proposal's own names: R63.1 "Polydipsia" (proposed for "excessive
        # thirst") is HPO's "Polydipsia"
        for named_by in (words, *sorted({t for n in (entry.display, *entry.names) if (t := tokens(n)) != words})):
            found = self._named(named_by, category, preferred, steps)
            if found is not None:
                steps.append(f"preferred system: {found[1].system} before {entry.system} for a {category}")
                return found
        return None

    def _default_code(self, entry: Entry, steps: list[str]) -> Entry:
        """An ICD-10-CM category's default code, as a coder picks it for a phrase that names the category:
        the child that adds only "unspecified", "without …" or "uncomplicated", repeatedly, while one child
        clearly does (``E11`` → ``E11.9`` without complications; ``K85`` → ``K85.9`` → ``K85.90``)."""
        start = entry
        while entry.system == "ICD10CM" and entry.billable is False:
            child = _default_child(entry, self.lexicon.icd_children(entry.code))
            if child is None:
                break
            entry = child
        if entry is not start:
            steps.append(f"default code: {start.code} is a category, not a billable code; its default code "
                         f"is {entry.code} {entry.display!r}")
        if entry.system == "ICD10CM" and entry.billable is False and self.lexicon.icd_children(entry.code):
            # said, never silent: the text names the category and none of its codes is its default
            steps.append(f"not billable: {entry.code} is a category and none of its codes is its default; the "
                         "text does not say which")
        return entry

    def _by_axes(self, entry: Entry, axes: Axes, words: tuple[str, ...], steps: list[str]) -> Entry:
        """The ICD-10-CM sibling of ``entry`` that states what the text states on each axis, and no more.

        The side: where ``entry``'s title says "unspecified" (or nothing) and a sibling says the side the
        text states, that sibling; where its title states a side the text does not, the sibling that leaves
        it unspecified. The encounter: the 7th character the text states (A, D, S) in place of ``entry``'s.
        A sibling that is not there leaves ``entry`` as it is: the axis takes the code's default."""
        if entry.system != "ICD10CM":
            return entry
        chosen = entry
        seventh = chosen.code[-1] if _ANY_SEVENTH.fullmatch(chosen.code) else None
        if seventh is not None and seventh.isdigit() and self._sided_by_seventh(chosen):
            seventh = None  # E11.3591 "…, right eye": the 7th character is the side itself
        base = self.lexicon.get("ICD10CM", _unpadded(chosen.code[:-1])) if seventh else chosen
        if base is not None:
            title = tokens(base.display, keep_qualifiers=True)
            has = side_of(title)
            wanted = axes.side if axes.side else (None if has is None or has in words else "")
            if wanted is not None and wanted != has:
                siblings = [s for s in self.lexicon.icd_children(_icd_parent(base.code)) if s.active]
                swapped = tuple(wanted if w == has else w for w in title) if has and wanted else None
                unsided = base if has is None else next(
                    (s for s in siblings if differs_by_side(tokens(s.display, keep_qualifiers=True), title, has)),
                    None)
                if wanted == "" and unsided is None:  # no sibling says just the side unspecified: the default
                    parent = self.lexicon.get("ICD10CM", _icd_parent(base.code))
                    default = _default_child(parent, siblings) if parent is not None else None
                    if default is not None and side_of(tokens(default.display, keep_qualifiers=True)) is None:
                        unsided = default  # L03.115 "…, right lower limb" → L03.119 "…, unspecified part of limb"
                target = unsided if wanted == "" or unsided is None else next(
                    (s for s in siblings
                     if differs_by_side(tokens(unsided.display, keep_qualifiers=True),
                                        tokens(s.display, keep_qualifiers=True), wanted)), None)
                if target is None and wanted and unsided is not None:
                    # one level down: M17.9 "Osteoarthritis of knee, unspecified" has M17.1- "Unilateral primary
                    # osteoarthritis of knee" beside it, whose M17.12 says the left knee
                    nephews = [c for s in siblings if s.billable is False for c in self.lexicon.icd_children(s.code)
                               if c.active]
                    target = next((n for n in nephews if differs_by_side(
                        tokens(unsided.display, keep_qualifiers=True), tokens(n.display, keep_qualifiers=True),
                        wanted)), None)
                if swapped is not None and (target is None or target is unsided):  # right limb found, left said
                    target = next((s for s in siblings if tokens(s.display, keep_qualifiers=True) == swapped), target)
                if target is not None and target is not base:
                    found = self.lexicon.get("ICD10CM", target.code.ljust(7, "X") + seventh) if seventh else target
                    if found is not None and found.active:
                        steps.append(f"axes: {'the side ' + wanted if wanted else 'no side'} stated: "
                                     f"{chosen.code} → {found.code} {found.display!r}")
                        chosen = found
        if chosen is entry and axes.side and not seventh:
            twin = self._laterality_twin(entry, axes.side, steps)
            if twin is not None:
                return self._by_axes(twin, axes, words, steps)
        if not axes.encounter and seventh and chosen.code[-1] != "A":
            # no encounter said: the initial one (guideline I.C.19.a), never a visit, healing or sequela unsaid
            found = self.lexicon.get("ICD10CM", chosen.code[:-1] + "A")
            if found is not None and found.active:
                steps.append(f"axes: no encounter stated, the initial one: {chosen.code} → {found.code}")
                chosen = found
        if axes.encounter and seventh and chosen.code[-1] != axes.encounter:
            found = self.lexicon.get("ICD10CM", chosen.code[:-1] + axes.encounter)
            if found is not None and found.active:
                steps.append(f"axes: the {axes.describe().split(', ')[-1]} stated: {chosen.code} → {found.code}")
                chosen = found
        return chosen

    def _names_hold(self, decided: Decision, words: set[str], keep_qualifiers: bool = False) -> bool:
        """The name ``decided`` was found by holds every one of ``words`` (compared forms): an Index term is the
        phrase looked up; otherwise a name of the code or of an ICD-10-CM code above it (K85.1's "Gallstone
        pancreatitis" for its default code K85.10)."""
        if decided.method == "index_term":
            return True
        code = decided.code or ""
        while code:
            entry = self.lexicon.get(decided.system or "", code)
            if entry is not None and any(words <= set(tokens(name, keep_qualifiers=keep_qualifiers))
                                         for name in (entry.display, *entry.names)):
                return True
            code = _icd_parent(code) if decided.system == "ICD10CM" and len(code) > 3 else ""
        return False

    def _with_control(self, decided: Decision, control: str | None) -> Decision:
        """The code beside ``decided``'s "…, unspecified control" that says the control the text states (O24.419
        → O24.414 "…, insulin controlled" for "GDM on insulin"); ``decided`` as it is otherwise."""
        if control is None or decided.outcome == "reject" or decided.system != "ICD10CM" or not decided.code \
                or not (decided.display or "").lower().endswith(", unspecified control"):
            return decided
        stated = next((s for s in self.lexicon.icd_children(_icd_parent(decided.code))
                       if s.active and s.billable and s.display.lower().endswith(f", {control}")), None)
        if stated is None:
            return decided
        decided.steps.append(f"control: {control} is said: {decided.code} → {stated.code} {stated.display!r}")
        decided.code, decided.display = stated.code, stated.display
        return decided

    def _on_the_side_said(self, decided: Decision, case: str) -> Decision:
        """The code beside ``decided``'s that says the one side a case states anywhere in it ("… a bulging left
        tympanic membrane …, and acute suppurative otitis media is diagnosed": H66.009 → H66.002); ``decided`` as
        it is where the case states no side, or more than one, or ``decided`` already says one."""
        said = {SIDES[w] for w in tokens(case, keep_qualifiers=True) if w in SIDES}
        if len(said) != 1 or decided.outcome == "reject" or decided.system != "ICD10CM" or not decided.code:
            return decided
        entry = self.lexicon.get("ICD10CM", decided.code)
        if entry is None or side_of(tokens(entry.display, keep_qualifiers=True)) is not None:
            return decided
        side = next(iter(said))
        sided = self._by_axes(entry, Axes(side, None), (), decided.steps)
        if sided is entry or side_of(tokens(sided.display, keep_qualifiers=True)) != side:
            return decided
        decided.steps.append(f"axes: the case states the {side} side: {decided.code} → {sided.code}")
        decided.code, decided.display = sided.code, sided.display
        return decided

    def _in_trimester(self, decided: Decision, trimester: str | None) -> Decision:
        """The code beside ``decided``'s "…, unspecified trimester" that says the trimester a case's weeks of
        gestation fall in (O45.90 → O45.93 "…, third trimester" for an abruption at 34 weeks); ``decided`` as
        it is otherwise."""
        title = (decided.display or "").lower()
        if trimester is None or decided.outcome == "reject" or decided.system != "ICD10CM" or not decided.code \
                or not title.endswith(", unspecified trimester"):
            return decided
        wanted = f"{title[:-len('unspecified trimester')]}{trimester} trimester"
        stated = next((s for s in self.lexicon.icd_children(_icd_parent(decided.code))
                       if s.active and s.billable and s.display.lower() == wanted), None)
        if stated is None:
            return decided
        decided.steps.append(f"pregnancy: the weeks said are the {trimester} trimester: {decided.code} → "
                             f"{stated.code} {stated.display!r}")
        decided.code, decided.display = stated.code, stated.display
        return decided

    def _sided_by_seventh(self, entry: Entry) -> bool:
        """The codes beside ``entry`` under its six characters state sides ("…, right eye", "…, left eye"),
        so its digit 7th character chooses the side (E11.3591–E11.3599), not a stage after it (H35.3220)."""
        kin = self.lexicon.icd_children(entry.code[:-1])
        return any(side_of(tokens(k.display, keep_qualifiers=True)) is not None for k in kin)

    def _other_part(self, entry: Entry, site: tuple[str, ...], region: tuple[str, ...], steps: list[str]) -> Entry:
        """The code of "other part of" the region where a category found by its region has none by default
        and none of its codes names the site: "melanoma of the back" is C43.59 "Malignant melanoma of other part
        of trunk", beside C43.51 "… of anal skin" and C43.52 "… of skin of breast"."""
        if entry.system != "ICD10CM" or entry.billable is not False \
                or _default_child(entry, self.lexicon.icd_children(entry.code)) is not None:
            return entry
        children = [c for c in self.lexicon.icd_children(entry.code) if c.active]
        if any(set(site) <= set(tokens(c.display)) for c in children):
            return entry
        other = [c for c in children if {"other", "part", *region} <= set(tokens(c.display, keep_qualifiers=True))]
        if len(other) != 1:
            return entry
        steps.append(f"site: no code of {entry.code} names {' '.join(site)!r}; it is {other[0].code} "
                     f"{other[0].display!r}")
        return other[0]

    def _laterality_twin(self, entry: Entry, side: str, steps: list[str]) -> Entry | None:
        """The code of the other laterality where ``entry`` (or the category above it) says "Bilateral" and the
        text one side, or "Unilateral" and the text both: "incarcerated R inguinal hernia" is K40.30 "Unilateral
        inguinal hernia, with obstruction, …", the twin of K40.00 "Bilateral …"; "osteoarthritis of both knees"
        is M17.0 "Bilateral primary osteoarthritis of knee", the twin of M17.1 "Unilateral …". ICD-10-CM puts the
        two apart as sibling categories that differ in that one word, so the name found first may be either."""
        node: Entry | None = entry
        while node is not None and len(node.code) > 3:
            title = tokens(node.display, keep_qualifiers=True)
            said = "unilateral" if "unilateral" in title else "bilateral" if "bilateral" in title else None
            if said is not None:
                if (said == "bilateral") == (side == "bilateral"):
                    return None
                other = "bilateral" if said == "unilateral" else "unilateral"
                swapped = tuple(other if w == said else w for w in title)
                twin = next((s for s in self.lexicon.icd_children(_icd_parent(node.code))
                             if s.active and tokens(s.display, keep_qualifiers=True) == swapped), None)
                if twin is not None:
                    steps.append(f"axes: the side {side} stated: {node.code} {node.display!r} says {said}; its "
                                 f"twin is {twin.code} {twin.display!r}")
                    return self._default_code(twin, steps)
            node = self.lexicon.get("ICD10CM", _icd_parent(node.code))  # "…, not specified as recurrent": above
        return None

    def _match(self, words: tuple[str, ...], entry: Entry) -> float:
        return max((similarity(words, n) for n in self.lexicon.names_of(entry)), default=0.0)

    # -- steps (b)–(d) -------------------------------------------------------------------------------------

    def _rank(self, refs: list[tuple[str, str]], systems: tuple[str, ...]) -> list[Entry]:
        entries = [self.lexicon.by_ref[r] for r in refs if r in self.lexicon.by_ref]
        return sorted((e for e in entries if e.system in systems and e.active),
                      key=lambda e: (systems.index(e.system), e.billable is False, len(e.code), e.code))

    def _search(self, words: tuple[str, ...], category: str, finding_type: str | None,
                steps: list[str]) -> tuple[str, Entry, float] | None:
        systems = self.systems_for(category, finding_type)
        if not words:
            steps.append("no words to match")
            return None
        named = self._named(words, category, systems, steps)
        if named is not None:
            return named[0], named[1], 1.0
        steps.append("exact name: none of the right kind")
        exact = self.lexicon.by_name.get(words, [])
        reachable = []
        for ref in exact:
            for hop, target in self._walk(ref):
                entry = self.lexicon.by_ref[target]
                if entry.system in systems and entry.active and kind_allows(self.lexicon, entry, category) is None:
                    reachable.append((systems.index(entry.system), hop, entry.billable is False, len(entry.code),
                                      entry.code, ref, entry))
        if reachable:  # the most preferred system first, then the shortest walk
            _, hop, _, _, _, ref, entry = min(reachable, key=lambda r: r[:5])
            steps.append(f"crosswalk: {ref[0]} {ref[1]} → {entry.system} {entry.code} ({hop} step(s))")
            return "crosswalk", entry, round(1.0 - 0.05 * hop, 2)
        steps.append("crosswalk: nothing reachable")
        best = self._fuzzy(words, category, systems)
        if best and best[1] >= FUZZY_THRESHOLD:
            steps.append(f"fuzzy: {best[0].system} {best[0].code} {best[0].display!r} score {best[1]:.3f}")
            return "fuzzy", best[0], best[1]
        steps.append(f"fuzzy: best below {FUZZY_THRESHOLD}" + (f" ({best[0].code} {best[1]:.3f})" if best else ""))
        return None

    def _diabetes_with(self, words: tuple[str, ...], category: str,
                       steps: list[str]) -> tuple[str, Entry, float] | None:
        """A complication said of diabetes ("diabetic nephropathy", "diabetic ketoacidosis", "diabetes mellitus
        with hyperosmolarity") as ICD-10-CM titles it, "<type> diabetes mellitus with <complication>": the type
        the text states, else type 2 (ICD-10-CM guideline I.C.4.a.2, "if the type of diabetes mellitus is not
        documented … the default is E11.-")."""
        if "diabetic" not in words and "diabete" not in words:
            return None
        typed = next((words[i + 1] for i in range(len(words) - 1)
                      if words[i] == "type" and words[i + 1] in ("1", "2")), None)
        said = [w for i, w in enumerate(words) if w not in ("diabetic", "diabete", "mellitus", "type")
                and not (i and words[i - 1] == "type" and w == typed)]
        if not said:
            return None
        base = ("type", typed or "2", "diabete", "mellitus")
        # an ulcer's site is a code of its own (L97.-): "diabetic foot ulcer of the right heel" is E11.621
        unsited = [w for w in said if w not in BODY_PARTS - {"foot"} and w not in SIDES and w not in _SITE_MODIFIERS] \
            if "ulcer" in said else said
        for reading in ((*base, "diabetic", *said), (*base, *said), *(((*base, *unsited),) if unsited != said else ())):
            named = self._named(reading, category, ("ICD10CM",), steps)
            if named is not None:
                return named[0], named[1], 1.0
        return None

    def _read_as(self, written: tuple[str, ...], words: tuple[str, ...]) -> str:
        """The step that says how the abbreviations file read a mention, with the source of each entry used."""
        said = self.lexicon.phrase_sources(written)
        return f"abbreviations: {' '.join(written)!r} read as {' '.join(words)!r}" + (
            f" ({'; '.join(said)})" if said else "")

    def _search_readings(self, readings: list[tuple[str, ...]], category: str, finding_type: str | None,
                         steps: list[str]) -> tuple[str, Entry, float] | None:
        """Steps (b)–(d) on the likeliest reading, after a look for an exact name under every reading: "CHF"
        is congestive heart failure or heart failure, whichever a concept is named."""
        systems = self.systems_for(category, finding_type)
        if len(readings) > 1:
            for words in readings:
                named = self._named(words, category, systems, steps)
                if named is not None and named[1].system in YIELDS_TO_PREFERRED[category] and words == readings[0]:
                    break  # "elevated C-reactive protein" named by an R-code: the search below looks in HPO first
                if named is not None:
                    if words != readings[0]:
                        steps.append(f"abbreviations: the reading {' '.join(words)!r} names it")
                    return self._covered_instead(named[1], words, category, steps) or (named[0], named[1], 1.0)
        found = self._search(readings[0], category, finding_type, steps)
        if found is not None and found[0] != "fuzzy":
            if found[1].system not in YIELDS_TO_PREFERRED[category] or found[1].system not in systems:
                return found
            # "elevated CRP" named by an ICD-10-CM R-code: a finding still goes to HPO if a form names it there
            systems = systems[:systems.index(found[1].system)]
            covering = self._covered_instead(found[1], readings[0], category, steps)
            if covering is not None:
                return covering
        # "lethargic" as lethargy, "elevated BNP" as HPO says such a result: exact names only
        forms = noun_readings(readings[0])
        if category == "finding":
            forms += [form for reading in readings for form in result_readings(reading)]
        said = ' '.join(readings[0])
        for words in forms:
            named = self._kept_if(self._named, steps, f"word forms: {said!r} read as {' '.join(words)!r}",
                                  words, category, systems)
            if named is not None:
                return named[0], named[1], 1.0
        if found is None and category == "finding":  # "bibasilar crackles" is a finding of crackles
            sideless = read_axes(readings[0])[1]  # a side is no part of a head: "both leg weakness" is a leg's
            # the finding said of a part, where HPO names the kind but no part: "resting tremor of the right hand"
            # is a resting tremor, never the "Hand tremor" a head would leave of it
            partless = tuple(w for w in sideless if w not in BODY_PARTS)
            kinds = [partless] if len(partless) >= 2 and partless != sideless else []
            # a region of the abdomen says the abdomen: "epigastric abdominal pain" is HPO's "Epigastric pain"
            kinds += [sideless[:i] + sideless[i + 1:] for i in range(1, len(sideless) - 1)
                      if sideless[i] == "abdominal" and sideless[i - 1] in _ABDOMINAL_REGIONS]
            for head in [sideless] * (sideless not in ((), readings[0])) + kinds + finding_heads(sideless):
                named = self._kept_if(self._named, steps, f"head: {said!r} is a finding of {' '.join(head)!r}, the "
                                      "words before it describe it", head, category, systems)
                if named is not None:
                    return named[0], named[1], 1.0
        return found

    def _covered_instead(self, entry: Entry, words: tuple[str, ...], category: str,
                         steps: list[str]) -> tuple[str, Entry, float] | None:
        """For a diagnosis named by a rare-disease catalogue (Orphanet, OMIM), the ICD-10-CM code whose title
        holds it whole, if there is exactly one ("acromegaly": ORPHA:963, and E22.0)."""
        if category != "diagnosis" or entry.system not in YIELDS_TO_PREFERRED[category] \
                or "ICD10CM" not in self.lexicon.releases:
            return None
        return self._kept_if(self._icd_covering, steps, f"{entry.system} {entry.code} names it; an ICD-10-CM title "
                             "holds it whole", words, category)

    def _part_of_a_sign(self, words: tuple[str, ...], category: str,
                        steps: list[str]) -> tuple[str, Entry, float] | None:
        """The one symptom or sign title (ICD-10-CM chapter 18) that names the finding first, as a part of its
        own: R42 "Dizziness and giddiness" for dizziness; never "… swelling, mass and lump, …" for a lump."""
        found = self._icd_covering(words, category, steps, chapters="R", named_first=True)
        return found if found is not None and words == _first_part(found[1].display) else None

    def _icd_covering(self, words: tuple[str, ...], category: str, steps: list[str], *,
                      chapters: str | None = None, named_first: bool = False) -> tuple[str, Entry, float] | None:
        """The one ICD-10-CM code (with what is under it) whose title holds every word of the mention and adds
        only words that group or grade it — "Acromegaly and pituitary gigantism", "Classical phenylketonuria",
        "Other giant cell arteritis" — never a qualifier, cause, state or status the mention lacks, nor a title
        where the mention is only what another condition occurs in ("Meconium ileus in cystic fibrosis"), nor
        for a mention of state words alone ("neonatal", once ICD-10-CM's "NEC" is read as its qualifier).
        ``named_first``: only titles whose first part the mention is (:func:`_first_part`)."""
        if not words or all(w in STATE_WORDS for w in words):
            return None
        holding = sorted((self.lexicon.by_token.get(w, set()) for w in words), key=len)  # the rarest word first
        names = holding[0].intersection(*holding[1:])
        never_added = _NARROWER | _AGE_FORMS | (_SOFT_TISSUES if _OPEN_WOUNDS & set(words) else frozenset())
        hits: dict[str, Entry] = {}
        for name in names:
            if adds_state(words, name) or any(w in never_added and w not in words for w in name) \
                    or any(n == "non" or _opposed(w, n) for n in name for w in words if n not in words):
                continue  # "Other non-diabetic … retinopathy" is no diabetic retinopathy
            for ref in self.lexicon.by_name[name]:
                entry = self.lexicon.by_ref[ref]
                if (entry.system == "ICD10CM" and entry.active and kind_allows(self.lexicon, entry, category) is None
                        and (chapters is None or entry.code.startswith(tuple(chapters)))
                        and not unstated_qualifiers(words, entry.display) and _leads_with(words, entry.display)
                        and not _denies(words, entry.display)
                        and (not named_first or _first_part(entry.display) == words)):
                    hits[entry.code] = entry  # named first: R55 "Syncope and collapse", not R05.4 "Cough syncope"
        top = [e for e in hits.values() if not any(o != e.code and e.code.startswith(o) for o in hits)]
        if len(top) > 1:
            # "supracondylar humerus fracture": S42.41 "Simple supracondylar fracture without intercondylar …"
            # beside S42.42 "Comminuted …": the one whose words beyond those all share are the Index's default
            extras = [set(tokens(e.display)) - set(words) for e in top]
            shared = set.intersection(*extras)
            plain = [e for e, extra in zip(top, extras, strict=True) if extra - shared <= _DEFAULT_FORMS]
            top = plain if len(plain) == 1 else top
        if len(top) != 1:
            return None
        chosen = top[0]
        if chosen.billable is False and _default_child(chosen, self.lexicon.icd_children(chosen.code)) is None:
            # Z79.0 "… anticoagulants and antithrombotics/antiplatelets" has no default: the one code under it
            # that only leaves out what the category says beyond the mention is it (Z79.01 "… anticoagulants")
            beyond = set(tokens(chosen.display)) - set(words)
            narrower = [e for e in hits.values() if e is not chosen
                        and set(tokens(e.display)) - set(words) < beyond]
            chosen = narrower[0] if len(narrower) == 1 else chosen
        steps.append(f"covering title: ICD10CM {chosen.code} {chosen.display!r}")
        return "covering_title", chosen, 0.95

    @staticmethod
    def _kept_if(step: Callable[..., Any], steps: list[str], why: str, *args: object) -> Any:
        """Run a step on a reading the cascade only tries: its notes join ``steps`` (after ``why``) when it
        finds something, and are dropped when it does not, so a decision lists the path it took only."""
        tried: list[str] = []
        found = step(*args, tried)
        if found is not None:
            steps.append(why)
            steps.extend(tried)
        return found

    def _named_in_organ_forms(self, words: tuple[str, ...], category: str, finding_type: str | None,
                              steps: list[str]) -> tuple[str, Entry] | None:
        """The concept a name holding the same words names, an organ said as its adjective on either side and in
        any order ("idiopathic fibrosis lung" for "Idiopathic pulmonary fibrosis")."""
        said = sorted(as_organs(words))
        rarest = min(words, key=lambda w: len(self.lexicon.by_token.get(w, ())) or 1 << 30)
        for name in sorted(self.lexicon.by_token.get(rarest, ()), key=lambda n: " ".join(n)):
            if len(name) == len(words) and name != words and sorted(as_organs(name)) == said:
                named = self._kept_if(self._named, steps, f"organs: {' '.join(words)!r} is read as "
                                      f"{' '.join(name)!r}", name, category, self.systems_for(category, finding_type))
                if named is not None:
                    return named
        return None

    def _named_with_its_organ(self, words: tuple[str, ...], category: str, finding_type: str | None,
                              steps: list[str]) -> tuple[str, Entry] | None:
        """The concept the words name without an organ's adjective, where its own title says that organ: a name
        that leaves the organ unsaid ("Endometrioma", an inclusion term of N80.12 "Deep endometriosis of
        ovary") is no other organ's for the adjective said before it ("ovarian endometrioma")."""
        for i, word in enumerate(words):
            organ = as_organs((word,))
            if organ == (word,):
                continue
            rest = words[:i] + words[i + 1:]
            tried: list[str] = []
            named = self._named(rest, category, self.systems_for(category, finding_type), tried)
            if named is not None and set(organ) <= set(tokens(named[1].display)):
                steps.extend(tried)
                steps.append(f"organ: {' '.join(rest)!r} names {named[1].code}, whose title says the "
                             f"{' '.join(organ)} {word!r} says")
                return named
        return None

    def _named(self, words: tuple[str, ...], category: str, systems: tuple[str, ...],
               steps: list[str]) -> tuple[str, Entry] | None:
        """The concept of the right kind that ``words`` name exactly, by its own name or an ontology's.

        A concept's own name first within a system, an ontology's name for it next; the system order decides
        before either, so "acromegaly" goes to ICD-10-CM E22.0 (named so by Mondo) before Orphanet's own term.
        """
        exact = self.lexicon.by_name.get(words, [])
        named: list[tuple[Entry, Loan | IndexTerm | None]] = [(entry, None) for entry in self._rank(exact, systems)]
        indexed = (self.lexicon.index_terms.get(words) or self.lexicon.index_term_in_any_order(words)
                   if "ICD10CM" in systems else None)
        if indexed is not None:
            named.append((self.lexicon.by_ref[("ICD10CM", indexed.code)], indexed))
        # a code titled "… in diseases classified elsewhere" is a manifestation, coded after its disease, never
        # the code of a name lent across a cross-reference: "kidney infection" is no N16
        named += [(entry, loan) for entry, loan in self._lent(words, systems, steps)
                  if "classified elsewhere" not in entry.display.lower()]
        # Within a system: its own names, then the Index's, then an ontology's; among billable codes a title
        # first ("Syphilis, unspecified" A53.9 before A52.3 neurosyphilis, which has "Syphilis (late)" among its
        # inclusion terms), then another of its own names.
        named.sort(key=lambda pair: (systems.index(pair[0].system), _NAMED_BY.index(type(pair[1])),
                                     pair[0].billable is False, words not in name_variants(pair[0].display)))
        for entry, by in named:
            if kind_allows(self.lexicon, entry, category) is None:
                if by is None and indexed is not None and entry.billable is False and entry.system == "ICD10CM" \
                        and indexed.code.startswith(entry.code) and indexed.code != entry.code \
                        and self._default_code(entry, []) is entry:
                    # a category named so, whose code the Index gives: "gestational diabetes mellitus" is O24.4,
                    # and the Index's "Diabetes, gestational (in pregnancy) O24.419"
                    steps.append(f"index term: {indexed.explain()}, under {entry.code} {entry.display!r}")
                    return "index_term", self.lexicon.by_ref[("ICD10CM", indexed.code)]
                if by is None:
                    steps.append(f"exact name: {entry.system} {entry.code} {entry.display!r}")
                    return "exact_name", entry
                if isinstance(by, IndexTerm):
                    steps.append(f"index term: {by.explain()}")
                    return "index_term", entry
                narrower = self._code_naming_the_rest(entry, words) if entry.billable is False else entry
                steps.append(f"ontology synonym: {by.explain(entry.ref)}" + (
                    f"; {narrower.code} {narrower.display!r} names what {' '.join(words)!r} adds to it"
                    if narrower is not entry else ""))
                return "ontology_synonym", narrower
        return None

    def _side_of_a_clause(self, decided: Decision, head: str, clause: str, category: str) -> Decision | None:
        """A side said in a clause after the condition with a detail beside it ("BPPV, R posterior canal"): the
        condition with the side said first, where the detail without the side is one no concept of the family
        tells apart; the code is the one the side chooses among its siblings. ``None`` otherwise."""
        said = sides_said(tokens(clause, keep_qualifiers=True))
        sides = [w for w in said if w in _SIDE_WORDS]
        rest = " ".join(w for w in said if w not in _SIDE_WORDS)
        if decided.outcome == "reject" or decided.method in _LIKENESS_METHODS or len(set(sides)) != 1 or not rest \
                or not self._told_apart_by_none(decided, head, rest):
            return None
        sided = self._ground(f"{sides[0]} {head}", category, last_resorts=False)
        if sided.outcome == "reject" or sided.method in _LIKENESS_METHODS:
            return None
        family = (f"code of {(decided.code or '')[:3]}" if decided.system == "ICD10CM"
                  else f"term of {decided.code} or under it")
        sided.steps.insert(0, f"side: {clause!r} says the side {sides[0]}; no {family} tells {rest!r} apart, so it "
                              f"is {sides[0]} {head!r}")
        return sided

    def _combined_in_its_category(self, head: str, feature: str, category: str) -> Decision | None:
        """A condition said with a feature whose own code lies in the condition's category, as that code: the
        classification's combination ("systemic lupus erythematosus with lupus nephritis" is M32.14
        "Glomerular disease in systemic lupus erythematosus", which the Index gives lupus nephritis). Both named
        exactly; a grade or class before the feature that no code of the category names is read past ("class IV
        lupus nephritis"). Only where the condition is said as its category's default (M32.9): one said more
        narrowly keeps its code. ``None`` where the feature's code is elsewhere, or the condition's own."""
        condition = self._ground(head, category, last_resorts=False)
        if condition.outcome == "reject" or condition.system != "ICD10CM" or condition.method not in _EXACT_METHODS:
            return None
        family = (condition.code or "")[:3]
        general = self.lexicon.get("ICD10CM", family)
        if general is None or self._default_code(general, []).code != condition.code:
            return None  # "minimal change disease with nephrotic syndrome": N04.0 says more than N04's default
        graded = _GRADE_FIRST.match(feature)
        forms = [feature] + ([feature[graded.end():]] if graded and not {graded["grade"].lower()}
                             & self._category_words(family)[0] else [])
        for form in forms:
            named = self._ground(form, category, last_resorts=False)
            if named.outcome != "reject" and named.system == "ICD10CM" and named.method in _EXACT_METHODS \
                    and (named.code or "")[:3] == family and named.code != condition.code:
                named.steps.insert(0, f"with: {form!r} is {named.code}, a code of {family} itself, so "
                                      f"{head!r} with it is {named.code}")
                return named
        return None

    def _code_naming_the_rest(self, category: Entry, words: tuple[str, ...]) -> Entry:
        """The code under an ICD-10-CM category an ontology's name lends to that names what the name adds to
        the category's titles: "minimal change nephrotic syndrome", lent to N04 "Nephrotic syndrome", is N04.0,
        named "… with minimal change lesion" (never the default N04.9 "… with unspecified morphologic
        changes"). The category itself where the name adds no word its codes tell apart (a word of the same
        stem as one of the category's is no addition: "psoriatic arthritis" is L40.5 "Arthropathic psoriasis",
        not L40.52 "Psoriatic arthritis mutilans"), or where no single billable code names what it adds."""
        if category.system != "ICD10CM":
            return category
        own = {w[:_STEM] for name in self.lexicon.names_of(category) for w in name}
        rest = tuple(w for w in words if w[:_STEM] not in own and not w.isdigit() and w not in _TITLES_GRAMMAR)
        forms = [set(rest), set(as_organs(rest))]  # "pulmonary" as the titles' "lung"
        if not any(form & self._category_words(category.code[:3])[0] for form in forms):
            return category
        below, todo = [], list(self.lexicon.icd_children(category.code))
        while todo:
            child = todo.pop()
            # K70.31 "… with ascites" names "ascites"; K70.30 "… without ascites" denies it
            if any(form <= set(name) and not form & set(name[name.index("without"):] if "without" in name else ())
                   for form in forms for name in self.lexicon.names_of(child)):
                below.append(child)
            else:
                todo.extend(self.lexicon.icd_children(child.code))
        return below[0] if len(below) == 1 and below[0].billable and below[0].active else category

    def _lent(self, words: tuple[str, ...], systems: tuple[str, ...], steps: list[str]) -> list[tuple[Entry, Loan]]:
        """Concepts an open ontology names ``words``: one per system, or none where the name is ambiguous there
        (a code under another one named so counts with it: the category is kept)."""
        by_target = self.lexicon.loans.get(words, {})
        out = []
        for system in systems:
            refs = sorted(ref for ref in by_target if ref[0] == system)
            top = [r for r in refs if not any(r != o and r[1].startswith(o[1]) for o in refs)]
            if len(top) > 1:
                steps.append(f"ontology synonym: {len(top)} {system} concepts are named so "
                             f"({', '.join(c for _, c in top[:4])}): ambiguous, not used")
            elif top and (entry := self.lexicon.by_ref[top[0]]).active:
                out.append((entry, by_target[top[0]]))
        return out

    def _walk(self, start: tuple[str, str], max_hops: int = 2) -> list[tuple[int, tuple[str, str]]]:
        seen, frontier, out = {start}, [start], []
        for hop in range(1, max_hops + 1):
            nxt = []
            for ref in frontier:
                for target in self.lexicon.crosswalk(ref):
                    if target not in seen:
                        seen.add(target)
                        nxt.append(target)
                        out.append((hop, target))
            frontier = nxt
        return out

    def _fuzzy(self, words: tuple[str, ...], category: str,
               systems: tuple[str, ...]) -> tuple[Entry, float] | None:
        """The best-scoring name of the right kind (memoised per job: a deck repeats its phrases, and a
        reject asks again for its closest name)."""
        key = (words, category, systems)
        if key not in self._fuzzy_memo:
            if len(self._fuzzy_memo) > 100_000:
                self._fuzzy_memo.clear()
            self._fuzzy_memo[key] = self._fuzzy_search(words, category, systems)
        return self._fuzzy_memo[key]

    def _fuzzy_search(self, words: tuple[str, ...], category: str,
                      systems: tuple[str, ...]) -> tuple[Entry, float] | None:
        # A word that names things itself is no misspelling of a look-alike ("bronchiolitis" of "bronchitis").
        known = frozenset(w for w in words if w in self.lexicon.by_token)
        # Only an unknown word of five letters or more, not a number, can match a name's word softly.
        soft = [w for w in words if w not in known and len(w) >= 5 and not w.isdigit()]
        best: tuple[Entry, float] | None = None
        # Names holding the most of the mention's words first, and within those the best first by the highest
        # score each could reach (its exact words plus every soft one matched): once that bound is below the
        # best score found, no later name can win (nor tie), so the answer is the one a scan of all of them
        # gives, at a fraction of the cost (a reject's words "pain" or "disease" reach thousands of long
        # titles, nearly all holding one word of the mention, and are never looked at one by one).
        # No caller reads a score below CORROBORATED_FLOOR: a vignette's words reach thousands of names, none
        # near, and are not scored one by one.
        least = CORROBORATED_FLOOR
        # The fewest of the mention's words, as they are, a name must hold to reach ``least`` at all (13 of a
        # vignette's 30), so the names holding fewer are never gathered.
        needed = next((m for m in range(1, len(words) + 1) if _score_bound(m, len(words), 1) >= least), len(words))
        for held, names in self._names_by_words_held(words, known, soft, needed - len(soft)):
            matched = min(len(words), held + len(soft))
            if _score_bound(matched, len(words), 1) < (best[1] if best is not None else least):
                break
            for name in sorted(names, key=len):  # within a group the shorter name has the higher bound
                if _score_bound(matched, len(words), len(name)) < (best[1] if best is not None else least):
                    break
                score = similarity(words, name, known)
                if score < (best[1] if best is not None else least) or adds_state(words, name) \
                        or _adds_intractable(words, name) or self._adds_a_condition(words, name) \
                        or any(w in _DENYING_OR_GRADING and w not in words for w in name) \
                        or any(w in _AGE_FORMS and w not in words for w in name):
                    continue  # nor a name that denies what the mention says ("Non-pitting edema" for pitting edema)
                for entry in self._rank(self.lexicon.by_name[name], systems):
                    # nor a code one of whose names says "without" what the mention has: K57.32 "… without …
                    # abscess …" for a diverticulitis with abscess, K35.80 (its inclusion term "Acute appendicitis
                    # without (localized) (generalized) peritonitis") for an appendicitis with peritonitis
                    # nor a rare-disease catalogue's entry for a course the text does not say: ORPHA:95409
                    # "Acute adrenal insufficiency" is no adrenal insufficiency
                    if kind_allows(self.lexicon, entry, category) is None and not _adds_with(words, entry.display) \
                            and not _unspecified_where_said(words, entry.display) \
                            and not any(_denies(words, said) for said in (entry.display, *entry.names)) \
                            and not self._acute_beside_unspecified(words, entry) \
                            and not (entry.system in YIELDS_TO_PREFERRED["diagnosis"]
                                     and any(w in _COURSES and w not in words for w in name)):
                        if best is None or score > best[1] or (
                                score == best[1] and self._prefer(entry, best[0], systems)):
                            best = (entry, score)
                        break
        return best

    def _poisoning(self, mention: str, poisoned_by: str, intent: str, system: str | None,
                   code: str | None) -> Decision | None:
        """The T36–T50 code titled "Poisoning by <poisoned_by> …, <intent>, initial encounter": the class
        as the title's first clause says it, or begins it ("insulin and oral hypoglycemic [antidiabetic]
        drugs"); ``None`` where no title says both."""
        if self._poisonings is None:
            self._poisonings = [e for e in self.lexicon.icd_titled("poisoning by ")
                                if (c := e.code)[:1] == "T" and c[1:3].isdigit() and 36 <= int(c[1:3]) <= 50
                                and e.active and e.billable and c.endswith("A")]
        chosen = sorted((e for e in self._poisonings
                         if (said := e.display.lower().split(", ")[0][len("poisoning by "):]) == poisoned_by
                         or said.startswith(f"{poisoned_by} and ")
                         if f", {intent}, initial encounter" in e.display.lower()), key=lambda e: e.code)
        if len(chosen) != 1:
            return None
        entry = chosen[0]
        return _titled(entry, "poisoning", f"poisoning: {mention!r} is a poisoning by {poisoned_by}, {intent} (the "
                       f"intent accidental where the text does not say, guideline I.C.19.e.5.b): {entry.code} "
                       f"{entry.display!r}", "the poisoning the text says", "poisoning by drug class and intent",
                       system, code)

    def _food_anaphylaxis(self, mention: str, food: str, system: str | None, code: str | None) -> Decision | None:
        """T78.0- "Anaphylactic reaction due to <food>, initial encounter" for the food group said (its
        unspecified code where the group has several: milk, egg); ``None`` where no such title is loaded."""
        said = f"anaphylactic reaction due to {food}"
        chosen = [e for e in self.lexicon.icd_titled(said)
                  if e.code.startswith("T78.0") and e.active and e.billable and e.code.endswith("A")]
        if len(chosen) > 1:  # milk, egg: with or without tolerance to baked forms, which the text does not say
            chosen = [e for e in chosen if "unspecified" in e.display.lower()]
        if len(chosen) != 1:
            return None
        entry = chosen[0]
        return _titled(entry, "food_anaphylaxis", f"anaphylaxis: {mention!r} follows {food}, which ICD-10-CM codes "
                       f"as {entry.code} {entry.display!r}", "the anaphylaxis to the food the text says",
                       "anaphylaxis by the food group said", system, code)

    def _closest_is_proposed(self, words: tuple[str, ...], category: str, system: str, code: str) -> float | None:
        """The score of the search's own closest name (``_fuzzy``: a name that adds no state, no condition and
        no denial the mention lacks) where it belongs to the proposed code, or to the code it is filed under
        with the initial encounter the text leaves to its default (S61.210A under S61.210), and scores at
        least :data:`CORROBORATED_FLOOR`; else ``None``."""
        entry = self.lexicon.get(system, _normalised(system, code))
        best = self._fuzzy(words, category, self.systems_for(category))
        if entry is None or best is None or best[1] < CORROBORATED_FLOOR:
            return None
        closest, score = best
        if closest.ref == entry.ref or (
                system == closest.system == "ICD10CM" and _icd_parent(entry.code) == closest.code
                and len(entry.code) == 8 and entry.code.endswith("A")):
            return score
        return None

    def _acute_beside_unspecified(self, words: tuple[str, ...], entry: Entry) -> bool:
        """``entry`` is the acute form of a condition ICD-10-CM also titles "Chronic or unspecified …", and the
        mention does not say acute: K25.1 "Acute gastric ulcer with perforation" beside K25.5 "Chronic or
        unspecified gastric ulcer with perforation", the code of a gastric ulcer with perforation."""
        title = entry.display.lower()
        return (entry.system == "ICD10CM" and title.startswith("acute ") and "acute" not in words
                and bool(self.lexicon.icd_titled("chronic or unspecified " + title[len("acute "):])))

    def _adds_a_condition(self, words: tuple[str, ...], name: tuple[str, ...]) -> bool:
        """``name`` holds, beyond the mention's words (or close spellings of them), a word that is by itself
        the name of an ICD-10-CM disease, its title's first word: "Sickle-cell thalassemia … with crisis" is
        another disease than a "sickle cell crisis", however close the rest. A look-alike may differ in a site,
        a form or a stated "unspecified"; never in the disease. Injuries, causes and statuses (S–Z: "Pregnant
        state", "Injury, unspecified") are no diseases here, but an injury of a kind chapter 19 names is added
        as surely: "AS, lumbar spine", its abbreviation unread, is no "Fracture of lumbar spine"."""
        for word in name:
            if word in INJURIES and word not in words:
                return True
            if len(word) < 6 or word in words or any(_soft_equal(word, w) for w in words if len(w) >= 5):
                continue
            if any(system == "ICD10CM" and code[0] not in _NOT_A_DISEASE_CHAPTER
                   and tokens(self.lexicon.by_ref[(system, code)].display)[:1] == (word,)
                   for system, code in self.lexicon.by_name.get((word,), ())):
                return True
        return False

    def _names_by_words_held(self, words: tuple[str, ...], known: frozenset[str], soft: list[str],
                             least_held: int = 0) -> Iterator[tuple[int, set[tuple[str, ...]]]]:
        """Every name holding a word of the mention (or a close spelling of a ``soft`` one), in groups by how
        many of the mention's words it holds as they are, most first — or, where the caller reads none holding
        fewer than ``least_held`` (two or more), those holding at least that many.

        Names holding two known words or more come from pairwise intersections; those holding one are each
        word's names less those, produced only when a caller still wants them; names reached only through a
        misspelling hold none.
        """
        by_token = self.lexicon.by_token
        times = Counter(w for w in words if w in known)
        if least_held >= 2:
            yield from self._names_holding_at_least(times, least_held)
            return
        several: set[tuple[str, ...]] = set()
        distinct = list(times)
        for i, a in enumerate(distinct):
            for b in distinct[i + 1:]:
                several |= by_token[a] & by_token[b]
        holding: Counter[tuple[str, ...]] = Counter()
        for w, count in times.items():
            for _ in range(count):
                holding.update(by_token[w] & several)
        exactly: dict[int, set[tuple[str, ...]]] = {}
        for name, held in holding.items():
            exactly.setdefault(held, set()).add(name)
        alone: dict[int, list[str]] = {}  # the known words by times said: their names holding no other one
        for w, held in times.items():
            alone.setdefault(held, []).append(w)
        for held in sorted(exactly.keys() | alone.keys() | ({0} if soft else set()), reverse=True):
            names = exactly.get(held, set())
            names.update(*(by_token[w] - several for w in alone.get(held, ())))
            if held == 0:
                names.update(name for w in dict.fromkeys(soft)
                             for close in get_close_matches(w, self.lexicon.vocabulary(w), n=3, cutoff=_SOFT_TOKEN)
                             for name in by_token[close] if not any(k in name for k in times))
            yield held, names

    def _names_holding_at_least(self, times: Counter[str],
                                least: int) -> Iterator[tuple[int, set[tuple[str, ...]]]]:
        """The names holding at least ``least`` of the mention's words (``times``: each word names use, with how
        often the mention says it), grouped by how many they hold, most first.

        Such a name holds one of the rarer words at least: leave out the commonest words while the times they
        are said stay below ``least``, and every name holding enough holds a word kept — with another word, or
        alone where the mention says it that often. So only the names those pairs share are counted, not every
        name of every word, which for a vignette ("left", "fracture", "pain" …) are tens of thousands, nearly
        all holding one or two of its words and never read.
        """
        by_token = self.lexicon.by_token
        kept = sorted(times, key=lambda w: (len(by_token[w]), w))
        left_out: list[str] = []
        while kept and sum(times[w] for w in left_out) + times[kept[-1]] < least:
            left_out.append(kept.pop())
        # the pairs are intersected as sets (in C); a Python loop meets only the names they give
        candidates: set[tuple[str, ...]] = set()
        for i, a in enumerate(kept):
            if times[a] >= least:
                candidates |= by_token[a]
            for b in itertools.chain(kept[i + 1:], left_out):
                candidates |= by_token[a] & by_token[b]
        holding: Counter[tuple[str, ...]] = Counter()
        for w in times:
            held_here = by_token[w] & candidates
            for _ in range(times[w]):
                holding.update(held_here)
        groups: dict[int, set[tuple[str, ...]]] = {}
        for name, held in holding.items():
            if held >= least:
                groups.setdefault(held, set()).add(name)
        for held in sorted(groups, reverse=True):
            yield held, groups[held]

    @staticmethod
    def _prefer(a: Entry, b: Entry, systems: tuple[str, ...]) -> bool:
        key = lambda e: (systems.index(e.system), e.billable is False, len(e.code), e.code)  # noqa: E731
        return key(a) < key(b)

    def _best_hint(self, words: tuple[str, ...], category: str) -> str:
        best = self._fuzzy(words, category, self.systems_for(category))
        return f" (closest: {best[0].system} {best[0].code} {best[0].display!r}, {best[1]:.2f})" if best else ""

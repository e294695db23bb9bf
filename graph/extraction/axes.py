"""The axes a mention states beside its condition — laterality and encounter — read as choices among an
ICD-10-CM code's siblings, not as words every title must contain (issue 21, the qualifier model).

"right carpal tunnel syndrome" names G56.0- carpal tunnel syndrome and states the right side: the code is
G56.01 "Carpal tunnel syndrome, right upper limb", the sibling of G56.00 "…, unspecified upper limb" that
says *right* where the default says *unspecified*. "left distal radius fracture, subsequent visit" names a
fracture of the radius and states the encounter: the 7th character D among A, D and S. An axis the text does
not state keeps the documented default (the unspecified side; the initial encounter, guideline I.C.19.a), and
a code more specific than the text — a side the mention never says — is never chosen.

Pure: it reads words, and the codes of a :class:`~graph.extraction.lexicon.Lexicon` handed to it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

#: Words that state a side, as ICD-10-CM titles write it.
SIDES = {"right": "right", "rt": "right", "left": "left", "lt": "left", "bilateral": "bilateral",
         "both": "bilateral", "bilaterally": "bilateral"}
#: A side written as its letter in a note ("L knee", "R-sided").
_SIDE_LETTERS = {"l": "left", "r": "right"}
#: An eye as ophthalmology notes write it (oculus dexter, sinister, uterque): a side only where an eye's
#: condition is named, since "OD" is also an overdose.
_EYE_SIDES = {"od": "right", "os": "left", "ou": "bilateral"}
#: An ear as otology notes write it (auris dextra, sinistra, utraque): a side only where an ear's condition is
#: named, since "AD" is also Alzheimer's disease or atopic dermatitis ("AS", a stop word, is never read).
_EAR_SIDES = {"ad": "right", "au": "bilateral"}
_EAR_WORDS = frozenset({"ear", "ears", "cerumen", "otitis", "tympanic", "tm", "otosclerosis", "cholesteatoma",
                        "otalgia", "otorrhea", "tinnitus", "exostosis", "auricle", "pinna", "mastoiditis"})
_EYE_WORDS = frozenset({"eye", "eyes", "cataract", "glaucoma", "retinopathy", "macular", "retinal", "retina",
                        "conjunctivitis", "keratitis", "uveitis", "iritis", "chalazion", "hordeolum", "pterygium",
                        "blepharitis", "amblyopia", "strabismus", "vitreous", "cornea", "corneal", "eyelid",
                        "ptosis", "optic", "papilledema", "choroidal", "scleritis", "episcleritis", "amd", "poag",
                        "pseudophakia", "aphakia", "keratoconus", "dme", "npdr", "pdr", "drusen", "myopia",
                        "hyperopia", "astigmatism", "presbyopia", "pinguecula", "dacryocystitis"})
#: Words that state the encounter, and the 7th character each chooses (A initial, D subsequent, S sequela).
ENCOUNTERS = {"initial": "A", "subsequent": "D", "sequela": "S", "sequelae": "S"}
#: Words that only carry an axis ("initial encounter", "left-sided", "subsequent visit"): dropped with it.
_CARRIERS = frozenset({"encounter", "visit", "side", "sided", "care"})
#: Words of an injury, whose codes carry the encounter in a 7th character. Only beside one of them is
#: "healing" or "follow-up" read as the encounter: "non-healing ulcer" is no subsequent encounter.
_INJURY = frozenset({"fracture", "fx", "sprain", "strain", "dislocation", "subluxation", "laceration",
                     "contusion", "burn", "bite", "abrasion", "injury", "concussion", "tear", "puncture"})
#: A fracture's healing, as the 7th characters of chapter 19 name it (guideline I.C.19.c.1): routine healing
#: is the subsequent encounter D; delayed healing G, nonunion K, malunion P.
_FRACTURE_COURSE = {"nonunion": "K", "malunion": "P"}
#: The 7th character of an open fracture for each of a closed one (A → B initial, D → E subsequent, …).
_OPEN = {"A": "B", "D": "E", "G": "H", "K": "M", "P": "Q"}
#: How long since the injury, said beside its course ("2 wk f/u"): no word of the condition.
_INTERVAL = frozenset({"d", "day", "days", "wk", "wks", "week", "weeks", "mo", "mos", "month", "months"})
#: What each 7th character says, for the steps.
_SEVENTH_SAYS = {"A": "initial", "D": "subsequent", "S": "sequela", "B": "initial, open fracture",
                 "E": "subsequent, open fracture", "G": "subsequent, delayed healing",
                 "H": "subsequent, open fracture, delayed healing", "K": "subsequent, nonunion",
                 "M": "subsequent, open fracture, nonunion", "P": "subsequent, malunion",
                 "Q": "subsequent, open fracture, malunion"}
#: Paired parts in the plural, as one of them: the side says there are two.
_ONE_OF_A_PAIR = {"hips": "hip", "eyes": "eye", "ears": "ear", "legs": "leg", "arms": "arm", "feet": "foot",
                  "lids": "lid"}
#: The title words of a side ICD-10-CM writes where the text states none.
_UNSTATED = "unspecified"


@dataclass(frozen=True)
class Axes:
    """What a mention states on each axis; ``None`` where it states nothing."""

    side: str | None = None
    encounter: str | None = None  # the 7th character: A, D or S (of a fracture also B, E, G, H, K, M, P, Q)

    def __bool__(self) -> bool:
        return self.side is not None or self.encounter is not None

    def describe(self) -> str:
        said = []
        if self.side:
            said.append(f"side {self.side}")
        if self.encounter:
            said.append(f"encounter {_SEVENTH_SAYS[self.encounter]}")
        return ", ".join(said)


def read_axes(words: tuple[str, ...]) -> tuple[Axes, tuple[str, ...]]:
    """The axes ``words`` state, and the words left for the condition itself.

    >>> read_axes(("right", "carpal", "tunnel", "syndrome"))
    (Axes(side='right', encounter=None), ('carpal', 'tunnel', 'syndrome'))
    >>> read_axes(("left", "distal", "radius", "fracture", "subsequent", "visit"))
    (Axes(side='left', encounter='D'), ('distal', 'radius', 'fracture'))
    >>> read_axes(("closed", "fracture", "right", "distal", "radius"))
    (Axes(side='right', encounter='A'), ('fracture', 'distal', 'radius'))
    >>> read_axes(("closed", "fx", "l", "distal", "radius"))
    (Axes(side='left', encounter='A'), ('fx', 'distal', 'radius'))
    >>> read_axes(("osteoarthritis", "both", "hips"))
    (Axes(side='bilateral', encounter=None), ('osteoarthritis', 'hip'))
    >>> read_axes(("sciatica",))
    (Axes(side=None, encounter=None), ('sciatica',))
    >>> read_axes(("cellulitis", "l", "lower", "leg")), read_axes(("r", "o", "pneumonia"))[0].side
    ((Axes(side='left', encounter=None), ('cellulitis', 'lower', 'leg')), None)

    >>> read_axes(("left", "hip", "fracture", "healing"))
    (Axes(side='left', encounter='D'), ('hip', 'fracture'))
    >>> read_axes(("right", "mcl", "sprain", "knee", "2", "wk", "f", "u"))
    (Axes(side='right', encounter='D'), ('mcl', 'sprain', 'knee'))
    >>> read_axes(("open", "fracture", "right", "tibia", "nonunion"))
    (Axes(side='right', encounter='M'), ('fracture', 'tibia'))
    >>> read_axes(("sensorineural", "deafness", "affecting", "both", "ears"))[1]
    ('sensorineural', 'deafness', 'ear')
    >>> read_axes(("late", "effect", "burn", "hand"))[0].encounter, read_axes(("non", "healing", "ulcer"))[0]
    ('S', Axes(side=None, encounter=None))

    Two sides ("left and right") state none.
    """
    # "cellulitis L lower leg", "R-sided effusion": a lone letter is a side, save "r/o" (rule out)
    letters = _side_letters(words)
    sides = {SIDES[w] for w in words if w in SIDES} | {(_SIDE_LETTERS | _EYE_SIDES)[words[i]] for i in letters}
    encounters = {ENCOUNTERS[w] for w in words if w in ENCOUNTERS}
    course = _injury_course(words)
    if course is not None:  # "hip fracture, healing": the subsequent encounter; "nonunion" says which one
        encounters = (encounters - {"D"}) | {course[0]}
    # a closed fracture is the 7th character's own word ("initial encounter for closed fracture"): A where no
    # encounter is said
    broken = "fracture" in words or "fx" in words  # "closed fx of the L distal radius"
    closed = "closed" in words and broken
    # a displaced fracture is what a fracture not said otherwise is coded as (guideline I.C.19.c.1)
    displaced = "displaced" in words and broken
    if closed and not encounters:
        encounters = {"A"}
    opened = "open" in words and ("fracture" in words or "fx" in words)
    if opened:  # "open fracture": the 7th character of an open one (B initial where nothing else is said)
        encounters = {_OPEN.get(e, e) for e in encounters} or {"B"}
    axes = Axes(next(iter(sides)) if len(sides) == 1 else None,
                next(iter(encounters)) if len(encounters) == 1 else None)
    if not sides and not encounters and not displaced:
        return axes, words
    carried = (course[1] | _INTERVAL if course else frozenset()) | ({"open"} if opened else frozenset())
    core = tuple(w for i, w in enumerate(words) if w not in SIDES and w not in ENCOUNTERS and w not in _CARRIERS
                 and i not in letters and not (closed and w == "closed") and not (displaced and w == "displaced")
                 and w not in carried
                 and not (course and w.isdigit() and i + 1 < len(words) and words[i + 1] in _INTERVAL))
    if axes.side == "bilateral":  # "both hips": the hip, on both sides (words this short keep their "s")
        core = tuple(_ONE_OF_A_PAIR.get(w, w) for w in core)
    # "sensorineural deafness affecting both ears": the ear the side is said of, as titles say it ("…, bilateral")
    core = tuple(w for i, w in enumerate(core)
                 if not (w in ("affecting", "involving") and core[i + 1:i + 2] in (("ear",), ("eye",))))
    return axes, core


def _side_letters(words: tuple[str, ...]) -> set[int]:
    """Where ``words`` write a side as its letter ("L knee", "R-sided"): every lone l or r save "r/o" and an l
    after a number (litres: "4 L paracentesis", "2 L O2"), OD, OS or OU beside an eye's condition, and AD or AU
    beside an ear's."""
    eye = not _EYE_WORDS.isdisjoint(words)
    ear = not _EAR_WORDS.isdisjoint(words)
    return {i for i, w in enumerate(words)
            if (w in _SIDE_LETTERS and words[i + 1:i + 2] != ("o",)
                and not (w == "l" and i > 0 and _NUMBER.fullmatch(words[i - 1])))
            or (eye and w in _EYE_SIDES) or (ear and w in _EAR_SIDES)}


_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def sides_said(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` with each side written as its letter said as titles say it, so that "R eye" is never read
    as "reye" nor "R ear" as "rear", and "L shoulder dislocation" is compared with "… of left shoulder …".

    >>> sides_said(("r", "ear")), sides_said(("r", "o", "pneumonia"))
    (('right', 'ear'), ('r', 'o', 'pneumonia'))
    >>> sides_said(("cortical", "cataract", "od")), sides_said(("od",))
    (('cortical', 'cataract', 'right'), ('od',))
    >>> sides_said(("ascites", "4", "l", "paracentesis")), sides_said(("l", "knee"))
    (('ascites', '4', 'l', 'paracentesis'), ('left', 'knee'))
    >>> sides_said(("cerumen", "impaction", "au")), sides_said(("ad", "flare"))
    (('cerumen', 'impaction', 'bilateral'), ('ad', 'flare'))
    """
    letters = _side_letters(words)
    said = _SIDE_LETTERS | _EYE_SIDES | _EAR_SIDES
    return tuple(said[w] if i in letters else w for i, w in enumerate(words)) if letters else words


def one_side_said(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` (a diagnosis's) with "one side" said as titles say it, "unilateral": "cryptorchidism, one
    side" is Q53.10 "Unilateral undescended testicle, unspecified". A finding keeps it (HPO's "Weakness of one
    side of body").

    >>> one_side_said(("cryptorchidism", "one", "side")), one_side_said(("one", "sided", "hernia"))
    (('cryptorchidism', 'unilateral'), ('unilateral', 'hernia'))
    """
    out: list[str] = []
    for w in words:
        if w in ("side", "sided") and out and out[-1] == "one":
            out[-1] = "unilateral"
        else:
            out.append(w)
    return tuple(out)


def _injury_course(words: tuple[str, ...]) -> tuple[str, frozenset[str]] | None:
    """The 7th character an injury's course states ("healing", "follow up", "nonunion", "late effect"), with
    the words that say it; ``None`` where ``words`` name no injury or state no course."""
    if _INJURY.isdisjoint(words):
        return None
    fracture = "fracture" in words or "fx" in words
    for word, seventh in _FRACTURE_COURSE.items():
        if fracture and word in words:
            return seventh, frozenset({word})
    if "late" in words and ("effect" in words or "effects" in words):
        return "S", frozenset({"late", "effect", "effects"})
    at = words.index("healing") if "healing" in words else -1
    if at >= 0 and (at == 0 or words[at - 1] not in ("non", "poorly", "not", "delayed", "slow", "impaired")):
        return "D", _ROUTINE_HEALING
    if at > 0 and fracture and words[at - 1] in ("delayed", "slow"):
        return "G", frozenset({"healing", "delayed", "slow"})
    if not _FOLLOW_UP.isdisjoint(words) or ("follow" in words and "up" in words) or ("f" in words and "u" in words):
        return "D", _ROUTINE_HEALING
    return None


#: The words of a visit after the injury, with routine healing ("f/u visit, clavicle fx healing as expected").
_FOLLOW_UP = frozenset({"followup", "fu"})
_ROUTINE_HEALING = frozenset({"healing", "routine", "well", "expected", "normally", "appropriately", "follow", "up",
                              "f", "u"}) | _FOLLOW_UP


def side_of(title_words: tuple[str, ...]) -> str | None:
    """The side a title states, if one: ``right``, ``left`` or ``bilateral``."""
    said = {w for w in title_words if w in ("right", "left", "bilateral")}
    return next(iter(said)) if len(said) == 1 else None


def _singular(word: str) -> str:
    """A compared word ending as a plural in -ies does once its s is gone ("arterie") back to its -y form.

    >>> _singular("arterie"), _singular("ovarie"), _singular("knee")
    ('artery', 'ovary', 'knee')
    """
    return f"{word[:-2]}y" if word.endswith("ie") and len(word) > 4 else word


def differs_by_side(default: tuple[str, ...], sided: tuple[str, ...], side: str) -> bool:
    """``sided`` is ``default`` with the side stated: one "unspecified" (or nothing) of ``default`` traded for
    ``side``, every other word the same.

    >>> differs_by_side(("carpal", "tunnel", "syndrome", "unspecified", "upper", "limb"),
    ...                 ("carpal", "tunnel", "syndrome", "right", "upper", "limb"), "right")
    True
    >>> differs_by_side(("cellulitis", "unspecified", "part", "limb"), ("cellulitis", "right", "upper", "limb"),
    ...                 "right")
    False
    >>> differs_by_side(("osteoarthritis", "knee", "unspecified"), ("bilateral", "primary", "osteoarthritis", "knee"),
    ...                 "bilateral")
    True
    >>> differs_by_side(("foreign", "body", "ear", "unspecified", "ear"), ("foreign", "body", "right", "ear"), "right")
    True
    >>> differs_by_side(("multiple", "fracture", "rib", "unspecified", "side"), ("multiple", "fracture", "rib",
    ...                 "bilateral"), "bilateral")
    True
    >>> differs_by_side(("occlusion", "stenosis", "unspecified", "carotid", "artery"),
    ...                 ("occlusion", "stenosis", "bilateral", "carotid", "arterie"), "bilateral")
    True
    >>> differs_by_side(("endometriosis", "ovary", "unspecified", "side", "unspecified", "depth"),
    ...                 ("endometriosis", "left", "ovary", "unspecified", "depth"), "left")
    True
    >>> differs_by_side(("deep", "endometriosis", "ovary", "unspecified", "ovary"),
    ...                 ("deep", "endometriosis", "left", "ovary"), "left")  # the organ said again for its side
    True
    >>> unsaid = ("hemiplegia", "affecting", "unspecified", "side")
    >>> [differs_by_side(unsaid, ("hemiplegia", "affecting", side, *dominance, "side"), side)
    ...  for side in ("left", "right") for dominance in (("dominant",), ("non", "dominant"))]
    [False, True, True, False]
    >>> differs_by_side(unsaid, ("hemiplegia", "affecting", "left", "nondominant", "side"), "left")
    True
    """
    # "nondominant" as the titles of G81–G83 write it, "non-dominant" as others do
    sided = tuple(part for w in sided for part in (("non", "dominant") if w == "nondominant" else (w,)))
    # "… of bilateral carotid arteries" for "… of unspecified carotid artery": both organs said in the plural
    added = Counter(map(_singular, sided)) - Counter(map(_singular, default))
    removed = Counter(map(_singular, default)) - Counter(map(_singular, sided))
    # "Bilateral primary osteoarthritis of knee" for "Osteoarthritis of knee, unspecified": primary is the kind
    # the Index takes where none is said, and a single side is "unilateral"
    kind = {"primary"} | ({"unilateral"} if side in ("left", "right") else set())
    # "Otitis media, unspecified, bilateral" for "…, unspecified ear": both ears leave the ear unsaid; "Foreign
    # body in right ear" for "Foreign body in ear, unspecified ear": the ear is said once; "Multiple fractures
    # of ribs, bilateral" for "…, unspecified side": both sides leave "side" unsaid
    # "Endometriosis of left ovary, …" for "Endometriosis of ovary, unspecified side, …": the side said before
    # the organ leaves "side" unsaid too
    organ = {"ear", "eye", "side"} | {w for w in removed if w in set(map(_singular, sided))}
    # "… affecting left non-dominant side" for "… affecting unspecified side": where dominance is not said, the
    # right side is the dominant one and the left the non-dominant (guideline I.C.6.a)
    if "dominant" in added:
        if ("non" in added) != (side == "left"):
            return False
        kind = kind | {"dominant", "non"}
    return (added[side] == 1 and set(added) - {side} <= kind and removed[_UNSTATED] <= 1
            and sum(removed.values()) - removed[_UNSTATED] <= len(organ & set(removed))
            and set(removed) <= {_UNSTATED} | organ)


#: Words of a condition's course that ICD-10-CM names only for some conditions ("Unspecified asthma with
#: (acute) exacerbation"): where no code names the mention with them, the condition's own code is the one
#: the text supports ("CHF exacerbation" is I50.9, as the Alphabetic Index sends it). "Asymptomatic" is read
#: so too: ICD-10-CM codes a condition without symptoms as the condition ("asymptomatic bacteriuria" is R82.71
#: "Bacteriuria") except where a title says it ("Asymptomatic varicose veins", Z21). Severity words likewise.
COURSE_WORDS = frozenset({"exacerbation", "flare", "flareup", "flaring", "worsening", "asymptomatic",
                          # severity, which ICD-10-CM names only for some conditions ("severe aortic stenosis"
                          # is I35.0, as "Stenosis, aortic" sends it; "severe persistent asthma" is named)
                          "severe", "mild", "moderate", "critical", "significant", "marked", "massive",
                          "profound", "gross",
                          # a cause unknown, which ICD-10-CM's default already is where no title says it
                          # ("idiopathic facial nerve palsy" is G51.0; "Idiopathic gout" is named, and found first)
                          "idiopathic",
                          # a quality no HPO term names alone ("2+ pitting edema" is edema; "Non-pitting edema"
                          # is named, and found before this)
                          "pitting",
                          # how a pain or a rash is, which names say only for some ("dull aching low back pain",
                          # "pruritic rash": the back pain, the rash)
                          "dull", "aching", "achy", "sharp", "stabbing", "throbbing", "crampy", "gnawing",
                          "shooting", "constant", "erythematous", "pruritic", "itchy", "vesicular", "macular",
                          "papular", "blanching", "scaly",
                          # when it began and how it is held in check, where no code names them ("new-onset atrial
                          # fibrillation", "uncontrolled hypertension", "recurrent UTIs"); never acute or chronic,
                          # which a sibling code names where a spelling keeps the whole from matching ("chronic
                          # sialadenitis" is K11.23 "Chronic sialoadenitis", not K11.20)
                          "new", "onset", "uncontrolled", "controlled", "poorly", "recurrent",
                          # how far it spreads, and how it is known, where no code names them ("generalized
                          # myasthenia gravis" is G70.00; "Generalized anxiety disorder" is named, and found first)
                          "generalized", "generalised", "classic", "classical", "typical", "longstanding",
                          "known", "documented", "established", "witnessed", "observed",
                          # a stage in time no code of the condition names ("early Lyme disease" is A69.20;
                          # "Early syphilis" is named, and found first)
                          "early",
                          # what a foreign body is made of, which chapter 19 titles never say ("metallic FB")
                          "metallic", "metal", "wooden",
                          # a hernia that goes back in: one without obstruction or gangrene, the default K40.90
                          # and its kin take where the title says neither
                          "reducible",
                          # what brought on a thrombosis, which no I82 or Z86.71- title tells ("provoked DVT")
                          "provoked", "unprovoked",
                          # how it came on, said as an adverb ("acutely confused"), and what wore it ("degenerative
                          # rotator cuff tear": M75.1-, whose default is "not specified as traumatic")
                          "acutely", "suddenly", "degenerative",
                          # what an endoscopy saw of an inflammation ICD-10-CM does not tell apart ("GERD with
                          # erosive esophagitis" is K21.00 "… with esophagitis, without bleeding")
                          "erosive"})


def without_course(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` without the words of the condition's course.

    >>> without_course(("congestive", "heart", "failure", "exacerbation")), without_course(("asthma",))
    (('congestive', 'heart', 'failure'), ('asthma',))
    >>> without_course(("acutely", "confused")), without_course(("degenerative", "rotator", "cuff", "tear"))
    (('confused',), ('rotator', 'cuff', 'tear'))
    """
    return tuple(w for w in words if w not in COURSE_WORDS)


#: Bacteria ICD-10-CM codes apart, in B95–B96 ("Bacterial and viral infectious agents"): a condition whose
#: code carries the note "Use additional code (B95-B97) to identify infectious agent" is coded as the
#: condition, and the agent as a second code (N39.0 + B96.1 for a Klebsiella UTI). As compared words.
_AGENT_PHRASES = (
    "klebsiella", "klebsiella pneumoniae", "e coli", "escherichia coli", "proteus", "proteus mirabilis",
    "pseudomonas", "pseudomonas aeruginosa", "pseudomonal", "h pylori", "helicobacter pylori", "mrsa", "mssa",
    "methicillin resistant staphylococcus aureus", "methicillin susceptible staphylococcus aureus",
    "staphylococcus aureus", "staph aureus", "staph", "staphylococcal", "staphylococcus", "strep", "streptococcal",
    "streptococcus", "group a strep", "group b strep", "group a streptococcal", "group b streptococcal",
    "enterococcus", "enterococcal", "vre", "enterobacter", "serratia", "acinetobacter", "bacteroides fragilis",
    "citrobacter", "morganella",
)


def _agent_words() -> tuple[tuple[str, ...], ...]:
    from graph.extraction.lexicon import tokens

    phrases = {tokens(p) for p in _AGENT_PHRASES}
    return tuple(sorted(phrases, key=len, reverse=True))  # the longest first: "staphylococcus aureus" whole


AGENTS = _agent_words()
#: Title words of a code that says the agent is unknown or names one: never the condition "without" an agent.
_AGENT_SAID = frozenset({"organism", "bacterial", "viral", "due", "staphylococcal", "streptococcal"})


def without_agent(words: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The bacterium ``words`` state (as written) and the words of the condition without it; no agent, and
    ``words`` whole, when none is stated or nothing would be left.

    >>> without_agent(("klebsiella", "urinary", "tract", "infection"))
    (('klebsiella',), ('urinary', 'tract', 'infection'))
    >>> without_agent(("methicillin", "resistant", "staphylococcus", "aureus", "bacteremia"))[1]
    ('bacteremia',)
    >>> without_agent(("pneumonia",)), without_agent(("klebsiella",))
    (((), ('pneumonia',)), ((), ('klebsiella',)))
    """
    for agent in AGENTS:
        for start in range(len(words) - len(agent) + 1):
            if words[start:start + len(agent)] == agent:
                rest = words[:start] + words[start + len(agent):]
                return (agent, rest) if rest else ((), words)
    return (), words


def names_no_agent(title_words: tuple[str, ...]) -> bool:
    """Whether a title leaves the agent to a second code: it says nothing of an organism."""
    return not _AGENT_SAID.intersection(title_words)

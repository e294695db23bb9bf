"""The noun a clinical adjective stands for: "lethargic" is lethargy, "diaphoretic" diaphoresis, "agitated"
agitation, "cyanotic" cyanosis. Vignettes describe a patient with the adjective; HPO and ICD-10-CM name
the finding with the noun, so a mention that names nothing exactly is tried once more with its adjectives
read as their nouns (issue 21, lay and vignette phrasing). Only exact names are looked up under these
forms: a guessed noun that names nothing is dropped, never fuzzily matched.

Pure: words in, words out.
"""

from __future__ import annotations

from itertools import product

from graph.extraction.lexicon import comparable

#: Adjective endings and the noun endings clinical English forms from them, the likeliest first.
_ENDINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("etic", ("esis", "etes")),  # diaphoretic → diaphoresis, diabetic → diabetes
    ("otic", ("osis",)),  # cyanotic → cyanosis
    ("ptic", ("psis",)),  # septic → sepsis
    ("eic", ("ea",)),  # dyspneic → dyspnea
    ("ic", ("ia", "y", "a")),  # tachycardic → tachycardia, lethargic → lethargy, anemic → anemia
    ("ated", ("ation",)),  # agitated → agitation
    ("sive", ("sion",)),  # hypotensive → hypotension, hypertensive → hypertension
    ("ed", ("ion", "e")),  # confused → confusion, jaundiced → jaundice
    ("atous", ("a",)),  # edematous → edema, erythematous → erythema
    ("ious", ("iety",)),  # anxious → anxiety
    ("oid", ("oia",)),  # paranoid → paranoia
)
#: Adjectives whose noun no ending gives: "febrile" is fever, "pale" pallor.
_IRREGULAR: dict[str, tuple[str, ...]] = {"febrile": ("fever",), "pale": ("pallor",), "pallid": ("pallor",)}
#: Words shorter than this are left alone: "sic", "red", "fed" are not adjectives of a finding.
_SHORTEST = 6


def noun_forms(word: str) -> list[str]:
    """The nouns ``word`` may be the adjective of, as compared words; none if it has no adjective ending.

    >>> noun_forms("lethargic"), noun_forms("diaphoretic"), noun_forms("agitated")
    (['lethargia', 'lethargy', 'letharga'], ['diaphoresis', 'diaphorete'], ['agitation'])
    >>> noun_forms("confused"), noun_forms("edematous"), noun_forms("fever")
    (['confusion', 'confuse'], ['edema'], [])
    >>> noun_forms("hypotensive"), noun_forms("febrile"), noun_forms("pale")
    (['hypotension'], ['fever'], ['pallor'])
    """
    if word in _IRREGULAR:
        return [comparable(noun) for noun in _IRREGULAR[word]]
    if len(word) < _SHORTEST:
        return []
    for ending, nouns in _ENDINGS:
        if word.endswith(ending):
            return [comparable(word[: -len(ending)] + noun) for noun in nouns]
    return []


#: Everyday clinical words and the word the classifications' names use for them ("GI bleed": "Gastrointestinal
#: hemorrhage", "ureteral stone": "Calculus of ureter", "Erb's palsy": "Erb's paralysis …", "suicidal thoughts":
#: HPO's "Suicidal ideation", "pulmonary sarcoid": "Sarcoidosis of lung", "solitary thyroid nodule": "Nontoxic
#: single thyroid nodule", "major depression, recurrent": "Major depressive disorder, recurrent …").
_TITLE_WORDS: dict[str, tuple[str, ...]] = {
    "bleed": ("hemorrhage", "bleeding"), "bleeding": ("hemorrhage",), "stone": ("calculus",), "stones": ("calculus",),
    "palsy": ("paralysis",), "thoughts": ("ideation",), "thought": ("ideation",), "sarcoid": ("sarcoidosis",),
    "solitary": ("single",), "single": ("one",), "depression": ("depressive disorder",), "torn": ("tear",),
    "hematoma": ("hemorrhage",), "psychosis": ("psychotic features",), "recipient": ("status",),
    "bruise": ("contusion",), "bruised": ("contusion",), "seizure": ("convulsion",),
    # pus-forming, as H66.0-'s titles say it ("acute purulent otitis media": "Acute suppurative otitis media")
    "purulent": ("suppurative",),
    # the Index sends a laceration or puncture not said otherwise to the codes "without foreign body"
    "laceration": ("laceration without foreign body",), "puncture": ("puncture wound without foreign body",),
}


#: An injury said with its participle, as notes and patients say it ("dislocated shoulder", "broken wrist"),
#: and the noun chapter 19's titles name it with. As compared words.
_INJURY_NOUNS = {comparable(said): comparable(noun) for said, noun in (
    ("dislocated", "dislocation"), ("sprained", "sprain"), ("strained", "strain"), ("fractured", "fracture"),
    ("broken", "fracture"), ("bruised", "contusion"), ("lacerated", "laceration"))}


#: The nouns of chapter 19's injuries, whose titles never say "acute" (an injury is).
INJURIES = _INJURIES = frozenset(comparable(w) for w in ("strain", "sprain", "fracture", "contusion", "laceration",
                                               "dislocation", "subluxation", "abrasion"))
#: A tear or rupture of a tendon or muscle is a strain in chapter 19, of a ligament a sprain: the Alphabetic
#: Index sends "Rupture, tendon (traumatic)" and "Tear, muscle" to "see Strain", "Tear, ligament" to "see
#: Sprain". As compared words.
_TORN = frozenset(comparable(w) for w in ("rupture", "ruptured", "tear", "tears", "torn"))
_TORN_IS = {comparable(part): comparable(noun) for part, noun in (
    ("tendon", "strain"), ("tendons", "strain"), ("muscle", "strain"), ("muscles", "strain"),
    ("ligament", "sprain"), ("ligaments", "sprain"))}


_TRAUMATIC = comparable("traumatic")
_ROTATOR_CUFF = frozenset(comparable(w) for w in ("rotator", "cuff"))


def injury_nouns(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` with an injury's participle read as its noun, and a tear of a tendon, muscle or ligament as
    the strain or sprain chapter 19 names it; a diagnosis is searched under this reading whole, fuzzy match
    included, since the noun is no guess. "Broken heart" is no injury.

    >>> injury_nouns(("dislocated", "shoulder")), injury_nouns(("broken", "heart", "syndrome"))
    (('dislocation', 'shoulder'), ('broken', 'heart', 'syndrome'))
    >>> injury_nouns(("achilles", "tendon", "rupture")), injury_nouns(("acute", "lumbar", "strain"))
    (('achilles', 'tendon', 'strain'), ('lumbar', 'strain'))
    >>> injury_nouns(("traumatic", "tear", "left", "rotator", "cuff")), injury_nouns(("rotator", "cuff", "tear"))
    (('strain', 'left', 'rotator', 'cuff'), ('rotator', 'cuff', 'tear'))
    """
    if not _INJURIES.isdisjoint(words) and comparable("acute") in words:  # every injury of chapter 19 is acute
        words = tuple(w for w in words if w != comparable("acute"))
    torn = next((_TORN_IS[w] for w in words if w in _TORN_IS), None) if not _TORN.isdisjoint(words) else None
    if torn is None and not _TORN.isdisjoint(words) and _TRAUMATIC in words and set(words) >= _ROTATOR_CUFF:
        # "traumatic tear of the rotator cuff": S46.01- "Strain of … the rotator cuff" (the Index's "Tear,
        # rotator cuff, traumatic"); a tear not said traumatic is M75.1-, left as it is
        torn, words = comparable("strain"), tuple(w for w in words if w != _TRAUMATIC)
    if torn is not None:
        words = tuple(torn if w in _TORN else w for w in words)
    if _INJURY_NOUNS.keys().isdisjoint(words):
        return words
    return tuple(w if w not in _INJURY_NOUNS or words[i + 1:i + 2] == ("heart",) else _INJURY_NOUNS[w]
                 for i, w in enumerate(words))


def title_words(word: str) -> tuple[str, ...]:
    """The words titles use for ``word`` ("bleed" → "hemorrhage"), as compared words; none for most words.

    >>> title_words("bleed"), title_words("fever"), title_words(comparable("bruised"))
    (('hemorrhage', 'bleeding'), (), ('contusion',))
    >>> title_words("recipient")  # "lung transplant recipient": Z94.2 "Lung transplant status"
    ('status',)
    >>> title_words("purulent")  # "acute purulent otitis media": H66.00- "Acute suppurative otitis media …"
    ('suppurative',)
    """
    return _TITLE_WORDS_COMPARED.get(word, ())


#: :data:`_TITLE_WORDS` keyed and valued as compared words ("bruised" is compared as "bruized").
_TITLE_WORDS_COMPARED = {comparable(word): tuple(" ".join(comparable(part) for part in w.split()) for w in said)
                         for word, said in _TITLE_WORDS.items()}


#: Two words notes say for the one adjective titles use: "alcohol-related cirrhosis" is K70.3-'s "Alcoholic
#: cirrhosis of liver", "alcohol-associated hepatitis" K70.1-'s "Alcoholic hepatitis". As compared words.
_ONE_ADJECTIVE = {(comparable(first), comparable(second)): comparable(said) for first, second, said in (
    ("alcohol", "related", "alcoholic"), ("alcohol", "associated", "alcoholic"))}


def _said_as_one(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` with each pair :data:`_ONE_ADJECTIVE` knows read as its adjective.

    >>> _said_as_one(("alcohol", "related", "cirrhosis")), _said_as_one(("alcohol", "use"))
    (('alcoholic', 'cirrhosis'), ('alcohol', 'use'))
    """
    said: list[str] = []
    for word in words:
        one = _ONE_ADJECTIVE.get((said[-1], word)) if said else None
        if one is not None:
            said[-1] = one
        else:
            said.append(word)
    return tuple(said)


def noun_readings(words: tuple[str, ...], limit: int = 12) -> list[tuple[str, ...]]:
    """``words`` with one or more adjectives read as their nouns, and everyday words as titles say them (every
    combination, at most ``limit``); empty when no word has an adjective ending or a title's word.

    >>> noun_readings(("cyanotic",))
    [('cyanosis',)]
    >>> noun_readings(("mildly", "jaundiced"))
    [('mildly', 'jaundicion'), ('mildly', 'jaundice')]
    >>> noun_readings(("paranoid", "thoughts"))[-1]
    ('paranoia',)
    >>> noun_readings(("alcohol", "related", "cirrhosis"))[0]
    ('alcoholic', 'cirrhosis')
    """
    given, words = words, _said_as_one(words)
    choices = [[w, *noun_forms(w), *title_words(w)] for w in words]
    if all(len(c) == 1 for c in choices) and words == given:
        return []
    # a title's word may be two ("major depression": "Major depressive disorder")
    readings = [tuple(" ".join(r).split()) for r in product(*choices) if tuple(r) != given]
    if len(words) >= 2 and words[-1] in _STATE_OF_MIND and len(choices[-2]) > 1:
        # "paranoid thoughts", "depressed mood": the adjective's noun says it all (paranoia, depression)
        readings += [tuple(r) for r in product(*choices[:-1]) if tuple(r) != words[:-1]]
    return readings[:limit]


#: Words a state of mind is said with, after the adjective that names it: "paranoid thoughts", "depressed mood".
_STATE_OF_MIND = frozenset({"mood", "thought", "thoughts", "thinking", "feeling", "feelings"})


#: How a result's direction is said, and how HPO names it: "elevated BNP" is HPO's "Increased circulating
#: brain natriuretic peptide concentration" (synonym "Elevated circulating BNP concentration"), "low TSH"
#: its "Decreased plasma TSH".
_DIRECTIONS = {"elevated": "up", "high": "up", "raised": "up", "increased": "up",
               "low": "down", "decreased": "down", "reduced": "down"}
_SAID = {"up": ("increased", "elevated", "high"), "down": ("decreased", "low", "reduced")}
_MEDIA = ((), ("circulating",), ("serum",), ("blood",), ("plasma",))
_MEASURES = ((), ("concentration",), ("level",))


def result_readings(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """A lab result said as a direction and an analyte, in the ways HPO names such findings: the direction
    in each of its words, with and without the medium ("circulating", "serum", "blood", "plasma") and the
    measure ("concentration", "level"). Empty unless ``words`` start with a direction.

    >>> ("elevated", "circulating", "bnp", "concentration") in result_readings(("elevated", "bnp"))
    True
    >>> ("decreased", "plasma", "tsh") in result_readings(("low", "tsh")), result_readings(("fever",))
    (True, [])
    """
    if len(words) < 2 or words[0] not in _DIRECTIONS:
        return []
    analyte = words[1:]
    return [(said, *medium, *analyte, *measure) for said in _SAID[_DIRECTIONS[words[0]]]
            for medium in _MEDIA for measure in _MEASURES]


#: Words that, leading a finding, say it is absent, normal or not the patient's: its head is then not found.
_NOT_THE_FINDING = frozenset({"no", "not", "without", "denie", "deny", "absent", "absence", "normal", "negative",
                              "resolved", "history", "family", "previou", "prior", "free",
                              # a finding short of itself: "near syncope" is no syncope, "pseudo…", "almost"
                              "near", "almost", "pseudo", "impending", "threatened"})


#: The most words a noun phrase of a finding has here ("crushing substernal chest pain").
_LONGEST_PHRASE = 4


def finding_heads(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The shorter phrases a finding ends in, longest first: "crushing substernal chest pain" is a chest pain,
    "bibasilar crackles" crackles. A head is two words or more, or one word of six letters or more (never
    "pain" or "mass" alone); none where a leading word says the finding is absent or normal, nor in a
    mention of more than four words.

    >>> finding_heads(("crushing", "substernal", "chest", "pain"))
    [('substernal', 'chest', 'pain'), ('chest', 'pain')]
    >>> finding_heads(("bibasilar", "crackle")), finding_heads(("no", "chest", "pain"))
    ([('crackle',)], [])
    >>> finding_heads(("near", "syncope"))
    []
    >>> finding_heads(("acute", "hive")), finding_heads(("bad", "hive"))  # a course before it, any length
    ([('hive',)], [])
    """
    if len(words) > _LONGEST_PHRASE or any(w in _NOT_THE_FINDING for w in words):
        return []  # a longer mention is a sentence ("leaks urine when she coughs"), whose last word is no head
    return [words[k:] for k in range(1, len(words))
            if len(words) - k >= 2 or len(words[-1]) >= 6 or set(words[:k]) <= _ONSETS]


#: How a finding began, which no HPO name of the finding says ("acute hives": Urticaria).
_ONSETS = frozenset({"acute", "subacute"})

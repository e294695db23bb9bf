"""The names of every concept in the current releases, held in memory for one extraction job.

Grounding and mention finding compare thousands of phrases with hundreds of
thousands of names; one read of the graph per job (seconds for real ICD-10-CM
and HPO) beats a query per phrase. The lexicon is a snapshot: it records which
releases it was read from, and every grounding decision names its release.

Names are compared as normalised token tuples (:func:`tokens`): lower case,
letters and digits, stop words and ICD qualifiers such as "unspecified" and
"NOS" dropped, a plural ``s`` stripped, and a parenthesised part of an ICD title
made optional ("Essential (primary) hypertension" also answers to "essential
hypertension").
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from neo4j import Driver

from graph.extraction.index_terms import IndexTerm, load_index_terms
from graph.store.connection import read_rows
from graph.store.releases import SERVED_CURRENT
from loaders.package_resources import shipped_path
from loaders.toml_tables import TomlTables, read_tables

ABBREVIATIONS_FILE = shipped_path("graph", "resources", "abbreviations.toml")

STOP_WORDS = frozenset({"a", "an", "the", "of", "and", "or", "in", "on", "to", "by", "for", "with", "at", "as", "is",
                   "was", "his", "her", "their", "my", "your", "our", "s"})
#: ICD-10-CM title qualifiers that do not change what a clinician's phrase means.
QUALIFIERS = frozenset({"unspecified", "nos", "nec", "site"})
_WORD_ANY_CASE = re.compile(r"[a-zA-Z0-9]+")
_ACRONYM = re.compile(r"[A-Z][A-Z0-9]{1,5}")
_PAREN = re.compile(r"\s*\([^()]*\)")
_BRACKET = re.compile(r"\s*\[[^\[\]]*\]")
_HYPHEN = re.compile(r"(?<=[a-z])-(?=[a-z])", re.IGNORECASE)
_WITH_CLAUSE = re.compile(r"\bwith\b", re.IGNORECASE)
_UNSPECIFIED_CLAUSE = re.compile(r"\b(unspecified|not specified|not elsewhere classified|NOS)\b", re.IGNORECASE)


#: Latin and Greek plurals of anatomy and pathology, compared as their singulars ("calculi of the kidney" is a
#: "Calculus of kidney", "Contusion of scrotum and testes" holds the testis).
_IRREGULAR_PLURALS = {"testes": "testis", "calculi": "calculus", "bronchi": "bronchus", "vertebrae": "vertebra",
                      "phalanges": "phalanx", "metastases": "metastasis", "stenoses": "stenosis",
                      "fistulae": "fistula", "bullae": "bulla", "thrombi": "thrombus", "emboli": "embolus",
                      "glomeruli": "glomerulus", "alveoli": "alveolus", "fungi": "fungus", "nuclei": "nucleus",
                      "diverticula": "diverticulum", "ganglia": "ganglion", "labia": "labium", "sequelae": "sequela",
                      # plurals too short for the rule below ("lens" and "pons" are no plurals)
                      "ribs": "rib", "toes": "toe", "lips": "lip", "gums": "gum", "jaws": "jaw"}


def stem(word: str) -> str:
    """A word's singular, as compared.

    >>> stem("fractures"), stem("testes") == stem("testis"), stem("calculi"), stem("abscess")
    ('fracture', True, 'calculus', 'abscess')
    >>> stem("extremities"), stem("arteries") == stem("artery"), stem("allergies")
    ('extremity', True, 'allergy')
    """
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    if len(word) > 5 and word.endswith("ies"):  # "lower extremities": "Lower extremity edema"
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith("s") and not word.endswith(("ss", "is", "us")):
        return word[:-1]
    return word


#: British spellings → American, applied to every word before comparing (ICD-10-CM and HPO names are
#: American; vignettes and synonyms are not always): anaemia, oedema, diarrhoea, coeliac, haem-, paed-, tumour,
#: phaeo-, caecum, faeces; and "ureteric", British usage for "ureteral"; and "pruritis", the misspelling of
#: pruritus some names carry themselves (HPO synonyms), so the two are one word on both sides; "distension",
#: the British (and common American) spelling of HPO's "distention"; a DSM "subtype", ICD-10-CM's "type"; and
#: Clostridioides, the genus C. difficile was moved to in 2016, which ICD-10-CM still calls Clostridium (A04.7-).
_BRITISH = ((re.compile(r"^pruritis$"), "pruritus"), (re.compile(r"^distension$"), "distention"),
            (re.compile(r"^subtype$"), "type"), (re.compile(r"^clostridioides?$"), "clostridium"),
            (re.compile(r"^coeliac"), "celiac"), (re.compile(r"^oe"), "e"), (re.compile(r"aem"), "em"),
            (re.compile(r"oea$"), "ea"), (re.compile(r"^haem"), "hem"), (re.compile(r"paed"), "ped"),
            (re.compile(r"^(c|f|gyn)aec"), r"\1ec"), (re.compile(r"^phae"), "phe"),
            (re.compile(r"^foet"), "fet"), (re.compile(r"(?<=..)our$"), "or"),
            (re.compile(r"(?<=...)ise$"), "ize"), (re.compile(r"(?<=...)is(ed|ing)$"), r"iz\1"),
            (re.compile(r"tre$"), "ter"), (re.compile(r"rrhoe"), "rrhe"), (re.compile(r"^ureteric$"), "ureteral"))


def american(word: str) -> str:
    """A word in American spelling (both sides of every comparison go through it).

    >>> [american(w) for w in ("anaemia", "oedema", "diarrhoea", "coeliac", "tumour", "goitre", "foetal")]
    ['anemia', 'edema', 'diarrhea', 'celiac', 'tumor', 'goiter', 'fetal']
    >>> [american(w) for w in ("phaeochromocytoma", "caecum", "faeces", "gynaecomastia", "orthopaedic")]
    ['pheochromocytoma', 'cecum', 'feces', 'gynecomastia', 'orthopedic']
    >>> american("seborrhoeic"), american("diarrhoeal"), american("pruritis"), american("distension")
    ('seborrheic', 'diarrheal', 'pruritus', 'distention')
    >>> american("clostridioides"), comparable("clostridioides")
    ('clostridium', 'clostridium')
    """
    if len(word) < 5:
        return word
    for pattern, replacement in _BRITISH:
        word = pattern.sub(replacement, word)
    return word


@lru_cache(maxsize=1 << 18)
def comparable(word: str) -> str:
    """One word as it is compared: plural ``s`` stripped, then American spelling — in that order, so a plural
    gets the spelling rules its singular gets ("tumours" is "tumor", "bruises" is "bruize" as "bruise" is).

    >>> comparable("tumours"), comparable("bruises") == comparable("bruise")
    ('tumor', True)

    Cached because a lexicon build normalises about 1.2 million words of real ICD-10-CM and HPO names
    drawn from a vocabulary of a few tens of thousands (a fifth of the build's time went to repeating
    the spelling rules); the bound keeps arbitrary request text from growing the cache without end.
    """
    return american(stem(word))


#: Letters NFKD does not take apart (``ø`` is not o + a combining mark).
_UNDECOMPOSED = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss",
                               "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ı": "i"})


def folded(text: str) -> str:
    """``text`` without diacritics, so an accent never splits a word ("Behçet" is compared as "Behcet").

    >>> folded("Behçet disease, Waldenström, Löfgren, Sjögren, Ménière, Bárány")
    'Behcet disease, Waldenstrom, Lofgren, Sjogren, Meniere, Barany'
    """
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text.translate(_UNDECOMPOSED))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


#: The shortest word :meth:`Lexicon.respelled` corrects.
_SHORTEST_SLIP = 7
#: How many times as many names a word must be in for a rare word a letter from it to be read as its slip.
_SLIP_COMMONER = 50
#: The shortest word read as two of its letters swapped (:meth:`Lexicon._short_slip`).
_SHORTEST_SWAP = 5


#: A name that groups alternatives after a head word ("glucose: [intolerance] or [malabsorption]", "candidal:
#: [vulvovaginitis NOS] or [cervix]"), as some imported terms are written: no name of one condition, and without
#: its brackets only the bare head word ("glucose") is left.
_GROUPED_NAME = re.compile(r":\s*\[|\]\s+or\s+\[")


def _acronym_in_small_letters(name: str, names: set[str]) -> bool:
    """``name`` is an acronym written in small letters that the same term spells out as "<name> (<words>)",
    the words' initials spelling it.

    >>> _acronym_in_small_letters("cold", {"cold", "cold (chronic obstructive lung disease)"})
    True
    >>> _acronym_in_small_letters("COPD", {"copd", "copd (chronic obstructive pulmonary disease)"})
    False
    >>> _acronym_in_small_letters("asthma", {"asthma", "asthma (bronchial)"})
    False
    >>> spelled = "cold (chronic obstructive lung disease)"
    >>> _acronym_in_small_letters(spelled, {spelled})
    True
    """
    if name.endswith(")") and " (" in name:  # the spelled-out form itself: it names the acronym too
        name = name[:name.index(" (")]
    if not name.islower() or " " in name:
        return False
    for said in names:
        if said.startswith(f"{name} (") and said.endswith(")"):
            words = re.findall(r"[a-z]+", said[len(name) + 2:-1])
            if "".join(w[0] for w in words) == name:
                return True
    return False


def _one_slip(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by one letter left out, added or changed, or two neighbours swapped.

    >>> _one_slip("pnuemonia", "pneumonia"), _one_slip("colitus", "colitis"), _one_slip("colitis", "colitis")
    (True, True, False)
    >>> _one_slip("hepatitis", "hepatitides"), _one_slip("diarhea", "diarrhea"), _one_slip("afebrile", "febrile")
    (False, True, False)
    """
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long = (a, b) if len(a) < len(b) else (b, a)
    # never a first letter: "afebrile" is no slip of "febrile", "atypical" none of "typical" (a negating prefix)
    return any(long[:i] + long[i + 1:] == short for i in range(1, len(long)))


#: Ordinals written with digits, as titles write them: "2nd-degree burn" is a burn "of second degree".
_ORDINALS = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "5th": "fifth"}
#: Connectives notes write short, and how titles say them ("secondary to" is "due to").
_SAID_IN_FULL = {"w/o": " without ", "w/": " with ", "2/2": " due to ", "d/o": " disorder "}
_NOTE_SHORTHAND = re.compile(r"\b(?:w/o\b|w/|2/2\b|d/o\b)", re.IGNORECASE)
#: An acronym's plural as notes write it, capitals and a small "s" ("PEs", "UTIs", "PVCs").
_ACRONYM_PLURAL = re.compile(r"\b([A-Z]{2,}[0-9]*)s\b")
#: "…, no bleeding" and "… with no bleeding" after a condition: what titles say "without bleeding". A "no"
#: that opens the text denies it, and is not read here.
_SAID_WITHOUT = re.compile(r"(?:,|\bwith)\s+no\b|,\s+not(?=\s+(?:bleeding|ruptured|perforated|obstructed|infected)\b)",
                           re.IGNORECASE)


def tokens(text: str, *, keep_qualifiers: bool = False) -> tuple[str, ...]:
    """The comparable words of a phrase.

    >>> tokens("Heart failure, unspecified")
    ('heart', 'failure')
    >>> tokens("Palpitations of the heart"), tokens("stye on my left upper eyelid")  # whose it is says nothing
    (('palpitation', 'heart'), ('stye', 'left', 'upper', 'eyelid'))
    >>> tokens("Iron deficiency anaemia")
    ('iron', 'deficiency', 'anemia')
    >>> tokens("2nd-degree burn")
    ('second', 'degree', 'burn')
    >>> tokens("T2DM w/ hyperglycemia"), tokens("migraine w/o aura"), tokens("AKI 2/2 ATN")
    (('t2dm', 'hyperglycemia'), ('migraine', 'without', 'aura'), ('aki', 'due', 'atn'))
    >>> tokens("bilateral PEs"), tokens("pes planus")
    (('bilateral', 'pe'), ('pes', 'planus'))
    >>> tokens("reflux esophagitis, no bleeding"), tokens("esophageal varices, not bleeding")[-2:]
    (('reflux', 'esophagitis', 'without', 'bleeding'), ('without', 'bleeding'))
    >>> tokens("Hepatitis A without hepatic coma"), tokens("A fall from a ladder")
    (('hepatitis', 'a', 'without', 'hepatic', 'coma'), ('fall', 'from', 'ladder'))
    >>> tokens("Diverticulitis without perforation or abscess with bleeding")  # "with" ends what is absent
    ('diverticulitis', 'without', 'perforation', 'abscess', 'with', 'bleeding')
    >>> tokens("diverticulitis, no perf/abscess/bleed")
    ('diverticulitis', 'without', 'perf', 'abscess', 'bleed')
    """
    if "/" in text:  # "T2DM w/ hyperglycemia", "migraine w/o aura", "AKI 2/2 ATN": the words titles use
        text = _NOTE_SHORTHAND.sub(lambda m: _SAID_IN_FULL[m.group(0).lower()], text)
    if _ACRONYM_PLURAL.search(text):  # "bilateral PEs", "recurrent UTIs": the acronym ("Pes planus" is a word)
        text = _ACRONYM_PLURAL.sub(r"\1", text)
    if "no" in text.lower():  # "reflux esophagitis, no bleeding": K21.00 "… with esophagitis, without bleeding"
        text = _SAID_WITHOUT.sub(" without", text)
    said = _WORD_ANY_CASE.findall(folded(text).replace("'s ", " "))
    words = [w.lower() for w in said]
    if not _ROMAN.isdisjoint(words):
        words = _arabic(words)
    drop = STOP_WORDS if keep_qualifiers else _STOP_WORDS_AND_QUALIFIERS
    if "without" in words and "with" in words[words.index("without"):]:
        # "… without perforation or abscess with bleeding": the "with" after a "without" ends what is absent,
        # and is kept; dropped, the title would be "… without perforation, abscess, bleeding"
        first = words.index("without")
        return tuple([comparable(_ORDINALS.get(w, w)) for i, w in enumerate(words)
                      if w not in drop or (w == "with" and i > first) or (w == "a" and said[i] == "A" and i)])
    if "A" in said:  # a capital A after a word names a type ("Hepatitis A", "influenza A"), never the article
        return tuple([comparable(_ORDINALS.get(w, w)) for i, w in enumerate(words)
                      if w not in drop or (i and said[i] == "A")])
    return tuple([comparable(_ORDINALS.get(w, w)) for w in words if w not in drop])


#: Roman numerals as their numbers: "CIN II" is "CIN 2", "type II" "type 2". "ii" and "iii" are no English
#: word; "i", "iv" and "v" are read so only after a word that counts ("stage IV", never "IV drug use").
_ROMAN_ALWAYS = {"ii": "2", "iii": "3"}
_ROMAN_AFTER_COUNT = {"i": "1", "iv": "4", "v": "5"}
_ROMAN = frozenset(_ROMAN_ALWAYS) | frozenset(_ROMAN_AFTER_COUNT)
_COUNTING = frozenset({"stage", "grade", "type", "class", "cin", "phase", "degree", "level", "group", "factor"})


def _arabic(words: list[str]) -> list[str]:
    """``words`` with their Roman numerals as digits (:data:`_ROMAN_ALWAYS`, :data:`_ROMAN_AFTER_COUNT`).

    >>> _arabic(["cin", "ii"]), _arabic(["stage", "iv"]), _arabic(["iv", "drug", "use"])
    (['cin', '2'], ['stage', '4'], ['iv', 'drug', 'use'])
    """
    out = []
    for i, word in enumerate(words):
        if word in _ROMAN_ALWAYS:
            word = _ROMAN_ALWAYS[word]
        elif word in _ROMAN_AFTER_COUNT and i and words[i - 1] in _COUNTING:
            word = _ROMAN_AFTER_COUNT[word]
        out.append(word)
    return out


#: What :func:`tokens` leaves out by default, made once (it runs some 650,000 times in a lexicon build).
_STOP_WORDS_AND_QUALIFIERS = STOP_WORDS | QUALIFIERS


def name_variants(name: str) -> set[tuple[str, ...]]:
    """A name's token tuples: as written, without its parenthesised parts, without a last clause that only
    says what is unspecified ("Urinary tract infection, site not specified"), and without such a clause in the
    middle of three or more.

    >>> sorted(name_variants("Essential (primary) hypertension"))
    [('essential', 'hypertension'), ('essential', 'primary', 'hypertension')]
    >>> sorted(name_variants("Urinary tract infection, site not specified"))
    [('urinary', 'tract', 'infection'), ('urinary', 'tract', 'infection', 'not', 'specified')]
    >>> ('duodenal', 'ulcer', 'without', 'hemorrhage', 'perforation') in name_variants(
    ...     "Duodenal ulcer, unspecified as acute or chronic, without hemorrhage or perforation")
    True
    """
    out = {tokens(name)}
    if "(" in name or "[" in name:  # "Human immunodeficiency virus [HIV] disease" also without "[HIV]"
        out.add(tokens(_BRACKET.sub("", _PAREN.sub("", name))))
    if _HYPHEN.search(name):  # "Gastro-esophageal reflux disease" also as "gastroesophageal …"
        out.add(tokens(_HYPHEN.sub("", name)))
    said_short = acronym_form(name) if "(" in name or "[" in name else None
    if said_short:
        out.add(tokens(said_short))
    said_other_way = bracketed_synonym_form(name) if "[" in name else None
    if said_other_way:
        out.add(tokens(said_other_way))
    head = unspecified_head(name)
    if head:
        out.add(head)
    clauses = name.split(",")
    if len(clauses) >= 3:  # "Duodenal ulcer, unspecified as acute or chronic, without …": said without the middle
        kept = [clauses[0], *(c for c in clauses[1:-1] if not _UNSPECIFIED_CLAUSE.search(c)), clauses[-1]]
        if len(kept) < len(clauses) and not _UNSPECIFIED_CLAUSE.search(clauses[-1]):
            out.add(tokens(" ".join(kept)))
    for variant in list(out) if "ellitus" in name else ():  # "Type 2 diabetes mellitus with …": said plainly
        plain = _without_mellitus(variant)
        if plain:
            out.add(plain)
    return {t for t in out if t}


def _without_mellitus(words: tuple[str, ...]) -> tuple[str, ...] | None:
    """The words without the "mellitus" of "diabetes mellitus", which a clinician leaves out: E08–E13's
    titles all say it, and "type 2 diabetes with …" means the same code.

    >>> _without_mellitus(tokens("Type 1 diabetes mellitus with ketoacidosis"))
    ('type', '1', 'diabete', 'ketoacidosis')
    >>> _without_mellitus(("diabete", "mellitus")) is None
    True
    """
    for i, word in enumerate(words[:-1]):
        if word.startswith("diabet") and words[i + 1] == "mellitus" and len(words) > 2:
            return words[:i + 1] + words[i + 2:]
    return None  # "diabetes" alone is no name of "Diabetes mellitus": it is also the insipidus'



_BRACKETED_ACRONYM = re.compile(r"\s*[(\[](?P<acronym>[A-Z][A-Z0-9]{1,5})[)\]]")


def acronym_form(name: str) -> str | None:
    """``name`` with the words an acronym in brackets stands for said as the acronym: a title that spells the
    acronym out names the concept as clinicians write it too ("G6PD deficiency", "HIV disease").

    >>> acronym_form("Glucose-6-phosphate dehydrogenase (G6PD) deficiency without anemia")
    'G6PD deficiency without anemia'
    >>> acronym_form("Human immunodeficiency virus [HIV] disease"), acronym_form("Hypertensive (CKD) disease")
    ('HIV disease', None)
    >>> acronym_form("Heparin induced thrombocytopenia (HIT)") is None  # the acronym alone
    True
    """
    said = _BRACKETED_ACRONYM.search(name)
    if said is None:
        return None
    acronym, before = said["acronym"], name[:said.start()]
    words = list(re.finditer(r"[A-Za-z0-9]+", before))
    letters = [c for c in acronym.lower() if c.isalnum()]
    if len(words) < len(letters):
        return None
    spelled = words[len(words) - len(letters):]
    if [w.group(0)[0].lower() for w in spelled] != letters:
        return None
    short = f"{before[:spelled[0].start()]}{acronym}{name[said.end():]}".strip()
    # the acronym alone is no name here: "TRALI", "HIT" or "ARC" said bare are the abbreviations file's to read
    return short if short != acronym else None


#: A bracketed part of a title that says another name of the words before it: "Escherichia coli [E. coli]",
#: "Zoster [herpes zoster]", "Acute obstructive laryngitis [croup]". Not a clause of scope ("[any part, except
#: ear drum]", "[including malocclusion]"), nor a person a condition is called after ("[Forestier]"), nor a
#: bone's older name in an injury's title: "navicular [scaphoid] of foot" would take a "scaphoid fracture",
#: which is the wrist's (its site is read apart, graph.extraction.sites).
_BRACKETED_SYNONYM = re.compile(r"\[(?P<other>[^\[\]]+)\]")
_INJURY_TITLE = re.compile(r"\b(?:fracture|dislocation|subluxation|sprain|strain|contusion|laceration)\b",
                           re.IGNORECASE)
_BRACKET_OF_SCOPE = re.compile(r"\b(?:any|except|including|part)\b|\d", re.IGNORECASE)


def bracketed_synonym_form(name: str) -> str | None:
    """``name`` with its first bracketed synonym said in place of the words before it, as many as it has
    (one where fewer stand before it): ICD-10-CM brackets a synonym, and clinicians write either ("sepsis due
    to E. coli", "herpes zoster without complication"). An acronym is :func:`acronym_form`'s; a single
    capitalised word is a person's name, no synonym.

    >>> bracketed_synonym_form("Sepsis due to Escherichia coli [E. coli]")
    'Sepsis due to E. coli'
    >>> bracketed_synonym_form("Zoster [herpes zoster] without complications")
    'herpes zoster without complications'
    >>> bracketed_synonym_form("Gestational [pregnancy-induced] hypertension without significant proteinuria")
    'pregnancy-induced hypertension without significant proteinuria'
    >>> [bracketed_synonym_form(n) for n in ("Corrosion of ear [any part, except ear drum]",
    ...  "Fracture of navicular [scaphoid] of foot",
    ...  "Ankylosing hyperostosis [Forestier]", "Human immunodeficiency virus [HIV] disease")]
    [None, None, None, None]
    """
    said = _BRACKETED_SYNONYM.search(name)
    if said is None or _BRACKET_OF_SCOPE.search(said["other"]) or _INJURY_TITLE.search(name):
        return None
    other = said["other"].strip()
    if _ACRONYM.fullmatch(other) or (" " not in other and other[:1].isupper() and not other.isupper()
                                     and "." not in other):
        return None
    before = name[:said.start()].rstrip()
    words = before.split()
    kept = words[:max(0, len(words) - len(other.split()))] if len(words) > 1 else []
    if len(kept) == len(words):
        return None
    return " ".join([*kept, other]) + name[said.end():]


def unspecified_head(name: str) -> tuple[str, ...] | None:
    """The words of ``name`` before a last clause that only says what is unspecified: "Sepsis, unspecified
    organism" is the general concept; not "Ulcerative colitis, unspecified with rectal bleeding", whose last
    clause adds a complication."""
    head, _, tail = name.rpartition(", ")
    if head and _UNSPECIFIED_CLAUSE.search(tail) and not _WITH_CLAUSE.search(tail):
        return tokens(head)
    return None


@dataclass(frozen=True, slots=True)
class Abbreviation:
    """One entry of the abbreviations file: its readings (the likeliest first), by category where they
    differ, and the source that states it."""

    means: tuple[tuple[str, ...], ...] = ()
    diagnosis: tuple[tuple[str, ...], ...] = ()
    finding: tuple[tuple[str, ...], ...] = ()
    source: str = ""
    #: What a procedure leaves, read only after "s/p" ("TKA": artificial knee joint, "splenectomy": spleen).
    status: tuple[tuple[str, ...], ...] = ()

    def readings(self, category: str | None = None) -> tuple[tuple[str, ...], ...]:
        """What it may stand for in a mention of ``category`` ("diagnosis", "finding", or "status" after
        "s/p"): that category's readings first."""
        own = {"diagnosis": self.diagnosis, "finding": self.finding, "status": self.status}.get(category or "", ())
        return own + self.means if category else self.means + self.diagnosis + self.finding


#: An acronym with its stage or grade written on ("CKD3b", "CKD4"): read as the two apart.
_GLUED_STAGE = re.compile(r"([a-z]{2,})(\d[a-z]?)")
#: The most words of a phrase entry of the abbreviations file ("ringing in the ears").
_LONGEST_LAY_PHRASE = 4
#: The fields an entry of the abbreviations file may have.
_ABBREVIATION_FIELDS = ("means", "diagnosis", "finding", "status", "source")


def load_abbreviations(path: Path = ABBREVIATIONS_FILE) -> dict[str, Abbreviation]:
    """Clinical abbreviations → their readings, read from a data file; a bad entry is one clear error naming
    the file, the line and the field."""
    tables = read_tables(path, "abbreviations")
    return {abbr.lower(): _abbreviation(tables, abbr, entry) for abbr, entry in tables}


def _abbreviation(tables: TomlTables, abbr: str, entry: Any) -> Abbreviation:
    entry = tables.check_fields(abbr, entry, _ABBREVIATION_FIELDS)
    readings: dict[str, tuple[tuple[str, ...], ...]] = {}
    for key in ("means", "diagnosis", "finding", "status"):
        values = entry.get(key, [])
        if not isinstance(values, list) or not all(isinstance(v, str) and tokens(v) for v in values):
            raise tables.error(abbr, "not a list of phrases", key)
        readings[key] = tuple(tokens(v) for v in values)
    if not any(readings.values()):
        raise tables.error(abbr, "no reading: give means, diagnosis, finding or status")
    source = entry.get("source")
    if not isinstance(source, str) or not source.strip():
        raise tables.error(abbr, "no source: say which release states it, or that it is the team's curation",
                           "source")
    return Abbreviation(source=source, **readings)


@dataclass(slots=True)
class Entry:
    """One concept of a current release, with what grounding needs to judge it."""

    system: str
    code: str
    display: str
    release: str
    kind: str
    active: bool = True
    billable: bool | None = None
    names: tuple[str, ...] = ()
    semantic_types: tuple[str, ...] = ()
    parents: list[str] = field(default_factory=list)
    replaced_by: list[str] = field(default_factory=list)
    #: (system, code) of identities this concept maps or cross-references to.
    links: list[tuple[str, str]] = field(default_factory=list)

    @property
    def ref(self) -> tuple[str, str]:
        return self.system, self.code


@dataclass(frozen=True, slots=True)
class Loan:
    """A name an open ontology gives to the ICD-10-CM or HPO concept it cross-references.

    ICD-10-CM titles say "Zoster [herpes zoster]"; MeSH says "Shingles" of the same disease, DOID says
    "NIDDM" of E11. A grounding through a loan names it, so a reviewer reads which ontology said so.
    """

    name: str  # as the ontology writes it
    system: str  # MONDO | DOID | MESH
    code: str
    release: str
    #: The Mondo or DOID term whose cross-reference carried the name, when the lender (a MeSH descriptor, or a
    #: term without an ICD-10-CM xref of its own) reaches the concept only through it.
    via: str = ""

    def explain(self, target: tuple[str, str]) -> str:
        path = f", which {self.via} cross-references to" if self.via else ", which cross-references"
        return f"the {self.system} name {self.name!r} of {self.code}{path} {target[0]} {target[1]}"


#: Words of a name that state a cause, origin or state: a fuzzy match (or an ontology's cross-reference) whose
#: name has one the mention (or the ontology's names) lacks is another condition ("drug-induced erectile
#: dysfunction" for "ED", "congenital renal artery stenosis", "iatrogenic neonatal hypoglycemia", "ischemic
#: stroke, susceptibility to"), not a misspelling of it.
STATE_WORDS = frozenset({"congenital", "induced", "iatrogenic", "postprocedural", "postoperative", "secondary",
                         "traumatic", "alcoholic", "rheumatic", "recurrent", "remission", "relapse",
                         "susceptibility", "hereditary", "familial", "gestational", "neonatal", "drug",
                         "asymptomatic", "abuse", "dependence", "situ", "insitu", "pathological", "stress",
                         "retained"})


#: Origins a term of a rare-disease ontology has by its nature (a congenital diarrhoea is neonatal), whether its
#: names say them or not.
_INBORN = frozenset({"congenital", "hereditary", "familial", "neonatal"})
#: Other words an ontology says a state with: "postoperative hypothyroidism" is E89.0 "Postprocedural …",
#: "polyneuropathy due to drug" G62.0 "Drug-induced polyneuropathy".
_STATE_SAID_AS = {"postprocedural": frozenset({"postoperative", "postsurgical", "surgical", "procedural"}),
                  "induced": frozenset({"due", "caused"})}
#: A state a title denies: the default form, not a state ("… not having achieved remission").
_DENIED_STATE = re.compile(r"\bnot (?:having achieved remission|specified as \w+)|\bwithout\b[^,;]*", re.IGNORECASE)


#: Words that set two forms of one condition against each other: a term named by both is neither.
_OPPOSED_FORMS = (frozenset({"medial", "lateral"}), frozenset({"upper", "lower"}), frozenset({"acute", "chronic"}),
                  frozenset({"anterior", "posterior"}), frozenset({"proximal", "distal"}),
                  frozenset({"internal", "external"}), frozenset({"superior", "inferior"}))


def _opposed_branches(code: str, named: dict[str, str]) -> bool:
    """Of ``named`` (ICD-10-CM code → title) and ``code``, two of ``code``'s category lie on two branches
    (neither above the other) whose titles set opposite forms against each other: a term whose names are
    "lateral epicondylitis" (M77.1) and "medial epicondylitis" (M77.0) names two conditions. A name of a
    code's default child ("torsion of testis": N44.0, N44.00) lies on its line; two branches without opposed
    words (beta thalassemia, and its synonym "beta thalassemia minor") are a term and a narrower one.

    >>> _opposed_branches("M77.10", {"M77.0": "Medial epicondylitis", "M77.1": "Lateral epicondylitis"})
    True
    >>> _opposed_branches("N44.02", {"N44.0": "Torsion of testis", "N44.00": "Torsion of testis, unspecified"})
    False
    >>> _opposed_branches("D56.1", {"D56.3": "Thalassemia minor"})
    False
    """
    line = {c for c in named if c[:3] == code[:3]} | {code}
    tops = sorted(topmost(line))
    words = {c: set(tokens(named[c])) for c in tops if c in named}
    return any(len(pair & words[a]) == 1 and len(pair & words[b]) == 1 and pair & words[a] != pair & words[b]
               for i, a in enumerate(tops) for b in tops[i + 1:] if a in words and b in words
               for pair in _OPPOSED_FORMS)


def topmost(codes: Iterable[str]) -> set[str]:
    """The codes none of the others is above (ICD-10-CM codes extend their category's): one family each.

    >>> sorted(topmost(["E11", "E11.9", "I10"]))
    ['E11', 'I10']
    """
    codes = set(codes)
    return {c for c in codes if not any(c != o and c.startswith(o) for o in codes)}


_WITHOUT = re.compile(r",?\s+without\s+")


def without_clauses(title: str) -> list[str]:
    """An ICD-10-CM title or inclusion term ending in "(,) without …" names its condition's default form,
    which a coder takes for the condition said plainly: "Abdominal aortic aneurysm, without rupture" is the
    abdominal aortic aneurysm, "Retained placenta and membranes, without hemorrhage" the retained placenta
    and membranes. A title with several such clauses gives each form, the last clause dropped first: S61.211
    "Laceration without foreign body of left index finger without damage to nail" is the laceration without
    foreign body of the left index finger, the form the Index sends a finger laceration to.
    None where a clause also states a "with" (K57.91 "…, without perforation or abscess with bleeding").

    >>> without_clauses("Abdominal aortic aneurysm, without rupture"), without_clauses("Gout, unspecified")
    (['Abdominal aortic aneurysm'], [])
    >>> without_clauses("Laceration without foreign body of left index finger without damage to nail")
    ['Laceration without foreign body of left index finger', 'Laceration']
    """
    forms = []
    cuts = [m for m in _WITHOUT.finditer(title) if m.start() > 0]
    for cut in reversed(cuts):
        if re.search(r"\bwith\b|,", title[cut.end():]):
            break  # "… without perforation or abscess with bleeding": the clause says more than a default
        forms.append(title[:cut.start()])
    return forms


_BIRTH_INJURY_CLAUSE = re.compile(r"^(?P<form>(?!other\b|unspecified\b).+?)\s+due to birth injury$", re.IGNORECASE)


def birth_injury_clause(title: str) -> str | None:
    """An ICD-10-CM title that says its condition is an injury at birth ("Cephalhematoma due to birth injury",
    "Erb's paralysis due to birth injury"): the condition said plainly. ``None`` for any other title.

    >>> birth_injury_clause("Cephalhematoma due to birth injury"), birth_injury_clause("Neonatal jaundice")
    ('Cephalhematoma', None)
    """
    said = _BIRTH_INJURY_CLAUSE.match(title)
    return said["form"] if said else None


#: Units a number is measured in whose letters an abbreviation also has ("5 Hz": herpes zoster's HZ).
_UNITS = frozenset({"hz", "mg", "ml", "mm", "cm", "kg", "mmhg", "meq", "iu"})


class Lexicon:
    """Concepts by code and by normalised name; built from the graph or, in tests, from entries."""

    def __init__(self, entries: Iterable[Entry], releases: dict[str, str],
                 abbreviations: dict[str, Abbreviation] | None = None,
                 loans: Iterable[tuple[tuple[str, str], Loan]] = (),
                 acronyms: dict[str, set[tuple[str, str]]] | None = None,
                 index_terms: Iterable[IndexTerm] | None = None) -> None:
        self.releases = releases  # system → release id read
        self.by_ref: dict[tuple[str, str], Entry] = {}
        self.by_name: dict[tuple[str, ...], list[tuple[str, str]]] = defaultdict(list)
        self.by_token: dict[str, set[tuple[str, ...]]] = defaultdict(set)
        self.linked_from: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.abbreviations = abbreviations if abbreviations is not None else load_abbreviations()
        for entry in entries:
            self.by_ref[entry.ref] = entry
            for name in (entry.display, *entry.names):
                for variant in name_variants(name):
                    bucket = self.by_name[variant]
                    if entry.ref not in bucket:
                        bucket.append(entry.ref)
                    for tok in variant:
                        self.by_token[tok].add(variant)
            for target in entry.links:
                self.linked_from[target].append(entry.ref)
        self._drop_clauses_naming_many()
        self._name_default_forms()
        self._name_birth_injuries()
        #: Terms of the ICD-10-CM Alphabetic Index, by their words, for the codes of the current release.
        self.index_terms: dict[tuple[str, ...], IndexTerm] = {}
        for term in load_index_terms() if index_terms is None else index_terms:
            indexed = self.by_ref.get(("ICD10CM", term.code))
            if indexed is not None and indexed.active and tokens(term.term):
                self.index_terms.setdefault(tokens(term.term), term)
        #: Every ontology term (system, code) stating each acronym, lending or not.
        self.acronyms = acronyms or {}
        #: Names lent by the open ontologies: name variant → the concept it names → the loan.
        self.loans: dict[tuple[str, ...], dict[tuple[str, str], Loan]] = defaultdict(dict)
        for target, loan in self._checked(loans):
            for variant in name_variants(loan.name):
                self.loans[variant].setdefault(target, loan)
        #: The releases whose names were lent (system → release id): read for names, never grounded to.
        self.lenders = dict(sorted({(loan.system, loan.release) for lent in self.loans.values()
                                    for loan in lent.values()}))
        self._hpo_phenotypes: set[str] | None = None
        self._icd_children: dict[str, list[Entry]] | None = None
        self._vocab: dict[tuple[str, int], list[str]] | None = None
        self._phrases: tuple[dict[str, Abbreviation], dict[tuple[str, ...], tuple[str, Abbreviation]]] | None = None
        self._compared: tuple[dict[str, Abbreviation], dict[str, tuple[str, Abbreviation]]] | None = None
        self._synonym_spans: tuple[dict[str, Abbreviation],
                                   dict[str, list[tuple[tuple[str, ...], list[tuple[str, ...]]]]]] | None = None
        self._letters: str | None = None
        self._icd_titles: tuple[list[str], list[Entry]] | None = None
        self._index_bags: dict[tuple[str, ...], IndexTerm] | None = None
        self._indexed_words: tuple[dict[tuple[str, ...], IndexTerm], frozenset[str]] | None = None

    def __len__(self) -> int:
        return len(self.by_ref)

    def _drop_clauses_naming_many(self) -> None:
        """Take back a name left once its last "unspecified …" clause is dropped where it then names codes of
        several ICD-10-CM families: "Open bite, unspecified elbow" and "Abrasion, unspecified hip" are no
        "open bite" or "abrasion" in general, while "Sepsis, unspecified organism" is the sepsis. A code
        whose own name it is keeps it."""
        cut: dict[tuple[str, ...], set[str]] = defaultdict(set)
        for entry in self.by_ref.values():
            if entry.system == "ICD10CM":
                for name in (entry.display, *entry.names):
                    head = unspecified_head(name) if ", " in name else None
                    if head and head != tokens(name):
                        cut[head].add(entry.code)

        def names_whole(code: str, variant: tuple[str, ...]) -> bool:  # not only by dropping a clause
            entry = self.by_ref[("ICD10CM", code)]
            for name in (entry.display, *entry.names):
                head = unspecified_head(name)
                if variant in name_variants(name) and (variant != head or head == tokens(name)):
                    return True
            return False

        for variant, codes in cut.items():
            if len(codes) < 2:
                continue
            only_cut = {c for c in codes if not names_whole(c, variant)}
            families = topmost(only_cut)
            if len(families) > 1:
                self.by_name[variant] = [r for r in self.by_name[variant]
                                         if not (r[0] == "ICD10CM" and r[1] in only_cut)]
                if not self.by_name[variant]:
                    del self.by_name[variant]

    def _name_default_forms(self) -> None:
        """Give each ICD-10-CM code the name its ", without …" title or inclusion term says plainly
        (:func:`without_clauses`), where no code has that name and one code (with what is under it) says it:
        "abdominal aortic aneurysm" is I71.4's (and so its default, I71.40)."""
        saying: dict[tuple[str, ...], set[str]] = defaultdict(set)
        for entry in self.by_ref.values():
            if entry.system == "ICD10CM" and entry.active:
                for name in (entry.display, *entry.names):
                    for form in without_clauses(name) if "without" in name else ():
                        if self._broader_than_its_group(entry.code, form):
                            continue
                        for variant in name_variants(form):
                            saying[variant].add(entry.code)
        for variant, codes in saying.items():
            top = topmost(codes)
            bucket = self.by_name[variant]
            if len(top) == 1 and not any(system == "ICD10CM" for system, _ in bucket):
                bucket.append(("ICD10CM", top.pop()))
                for tok in variant:
                    self.by_token[tok].add(variant)
            elif not bucket:
                del self.by_name[variant]

    def _broader_than_its_group(self, code: str, form: str) -> bool:
        """The code sits under an "Other specified …" grouping whose condition already says every word of the
        code's "without" form, so the form names a condition broader than the group and the code is one kind
        beside the others, not that condition's default: N39.42 "Incontinence without sensory awareness",
        under N39.4 "Other specified urinary incontinence", is no plain incontinence (the Index sends that to
        R32). R76.81 "Abnormal rheumatoid factor and anti-citrullinated protein antibody without rheumatoid
        arthritis" keeps its form, which says more than its group does."""
        while len(code) > 3:  # ICD-10-CM's codes extend their parent's: the nearest shorter code held
            code = code[:-1].rstrip(".")
            above = self.by_ref.get(("ICD10CM", code))
            if above is not None:
                group = re.match(r"other specified\s+(.+)", above.display, re.IGNORECASE)
                return group is not None and set(tokens(form)) <= set(tokens(group[1]))
        return False

    def _name_birth_injuries(self) -> None:
        """Give a birth injury's code the plain name of its condition (:func:`birth_injury_clause`) where a
        word of that name is in no other ICD-10-CM title, so that the condition is one only birth causes:
        "cephalhematoma" is P12.0, "Erb's paralysis" P14.0. "Subdural hemorrhage due to birth injury" lends
        nothing: I62.0- and S06.5- name subdural hemorrhages of adults, and so does "Rupture of liver"."""
        saying: dict[tuple[str, ...], set[str]] = defaultdict(set)
        for entry in self.by_ref.values():
            if entry.system == "ICD10CM" and entry.active and entry.code.startswith("P1"):
                for name in (entry.display, *entry.names):
                    form = birth_injury_clause(name)
                    if form:
                        saying[tokens(form)].add(entry.code)
        for plain, codes in saying.items():
            top = topmost(codes)
            if not plain or len(top) != 1 or any(system == "ICD10CM" for system, _ in self.by_name.get(plain, ())):
                continue
            if all(any(r[0] == "ICD10CM" and not r[1].startswith("P") for name in self.by_token.get(w, ())
                       for r in self.by_name[name]) for w in plain):
                continue  # every word is also an adult's condition's
            self.by_name[plain].append(("ICD10CM", top.pop()))
            for tok in plain:
                self.by_token[tok].add(plain)

    def _adds_state(self, target: tuple[str, str], said: set[str]) -> bool:
        """The code's title states a cause or state none of the lender's names (their words ``said``) does:
        Mondo's "aortic stenosis" cross-referenced to I06.0 "Rheumatic aortic stenosis", "fatty liver" to K70.0
        "Alcoholic fatty liver", DOID's "depression" to F33.9 "…, recurrent, …" — a narrower concept, not its
        code. An origin a rare disease has by its nature (congenital, hereditary, familial, neonatal: cornea
        plana in Q13.4 "Other congenital corneal malformations") counts as said, and so does a state the title
        denies ("not having achieved remission", "not specified as traumatic")."""
        title = _DENIED_STATE.sub(" ", self.by_ref[target].display)
        said = said | {state for state, ways in _STATE_SAID_AS.items() if ways & said}
        return any(w in STATE_WORDS and w not in _INBORN and w not in said for w in tokens(title))

    def _says_a_form(self, name: str, target: tuple[str, str], lender_names: set[tuple[str, ...]]) -> bool:
        """The lent ``name`` is another of the lender's names with one of two opposed forms (acute or chronic,
        medial or lateral …) added, which the code's title leaves unsaid: DOID's hepatitis C, cross-referenced
        to B19.20 "Unspecified viral hepatitis C …", also names "chronic hepatitis C", which is B18.2 "Chronic
        viral hepatitis C". A form word that is part of a name ("severe acute respiratory syndrome", "lateral
        sclerosis") is no such addition: without it the lender has no name."""
        words, title = tokens(name), set(tokens(self.by_ref[target].display))
        return any(set(words) & pair and not title & pair and tuple(w for w in words if w not in pair) in lender_names
                   for pair in _OPPOSED_FORMS)

    def _checked(self, loans: Iterable[tuple[tuple[str, str], Loan]]) -> list[tuple[tuple[str, str], Loan]]:
        """The loans to keep, each at the code its lender names.

        A lender cross-referenced to an ICD-10-CM category whose own names name one code under it is lent to
        that code (Mondo's primary open-angle glaucoma is cross-referenced to H40.1 open-angle glaucoma, and
        names H40.11). One cross-referenced to a code whose title says more than its names do, while one of its
        names is the title of a code above, is lent to that code: DOID's testicular torsion is cross-referenced
        to N44.02 "Intravaginal torsion of spermatic cord", Mondo's term named "torsion of testis" too, which is
        N44.0's title. One whose names are the titles of opposed forms on two branches of its code's category
        ("lateral epicondylitis" and "medial epicondylitis" in one Mondo term cross-referenced to M77.10) names
        two conditions and lends nothing: its other names ("golfer's elbow") would not say which.
        An acronym ("CVA", "ITP") is lent only where it is unambiguous in the ontologies: every
        term that states it (:attr:`acronyms`, read from the whole of each lending release) lends it, to one
        code per system. A reading no ontology states ("HHS" for a hyperosmolar hyperglycaemic state, where
        DOID has it only for a calcinosis) is the abbreviations file's to give, and that file is read first.
        """
        by_lender: dict[tuple[str, str], list[tuple[tuple[str, str], Loan]]] = defaultdict(list)
        for target, loan in loans:
            if target in self.by_ref:
                by_lender[(loan.system, loan.code)].append((target, loan))
        kept: list[tuple[tuple[str, str], Loan]] = []
        for lent in by_lender.values():
            # an acronym the lender writes in small letters, spelled out beside it ("cold" with "cold (chronic
            # obstructive lung disease)" in Mondo's COPD): an everyday word to a reader ("I have a cold"), lent by none
            spelled = {loan.name.lower() for _, loan in lent}
            lent = [(target, loan) for target, loan in lent if not _acronym_in_small_letters(loan.name, spelled)
                    and not _GROUPED_NAME.search(loan.name)]
            # The lender's preferred name decides first (its synonyms may be the broader "open-angle glaucoma").
            first, *others = [{ref for v in name_variants(loan.name) for ref in self.by_name.get(v, ())}
                              for _, loan in lent]
            every = first.union(*others)
            every_name = {v for _, loan in lent for v in name_variants(loan.name)}
            every_words = {w for v in every_name for w in v}
            for target, loan in lent:
                if target[0] == "ICD10CM" and _opposed_branches(
                        target[1], {c: self.by_ref[(s, c)].display for s, c in every | {target} if s == "ICD10CM"}):
                    continue
                for named in (first, every):
                    below = {r for r in named if r[0] == "ICD10CM" == target[0] and r != target
                             and r[1].startswith(target[1])}
                    below = {r for r in below if not any(o != r and r[1].startswith(o[1]) for o in below)}
                    if len(below) == 1:  # H40.11 and its H40.119 "…, unspecified eye" are named alike: H40.11
                        target = below.pop()
                        break
                    if target in named:
                        break
                    above = [r for r in named if r[0] == "ICD10CM" == target[0] and target[1].startswith(r[1])]
                    if above:
                        target = max(above, key=lambda r: len(r[1]))
                        break
                if target[0] == "ICD10CM" and (self._adds_state(target, every_words)
                                               or self._says_a_form(loan.name, target, every_name)):
                    continue
                kept.append((target, loan))
        # An acronym every ontology term stating it lends to one code, and nothing else: any other term stating
        # it (lending elsewhere, or nowhere) is another reading.
        readings: dict[str, set[tuple[str, str]]] = defaultdict(set)
        lenders: dict[str, set[tuple[str, str]]] = defaultdict(set)
        for target, loan in kept:
            if _ACRONYM.fullmatch(loan.name):
                readings[loan.name].add(target)
                lenders[loan.name].add((loan.system, loan.code))

        def unambiguous(name: str) -> bool:
            systems = [system for system, _ in readings[name]]
            return len(systems) == len(set(systems)) and self.acronyms.get(name, set()) <= lenders[name]

        return [(target, loan) for target, loan in kept if not _ACRONYM.fullmatch(loan.name) or unambiguous(loan.name)]

    def vocabulary(self, word: str) -> list[str]:
        """Known words of about ``word``'s length starting with its letter (where a misspelling is looked up)."""
        if self._vocab is None:
            self._vocab = defaultdict(list)
            for w in self.by_token:
                self._vocab[(w[:1], len(w))].append(w)
        return [w for n in range(len(word) - 2, len(word) + 3) for w in self._vocab.get((word[:1], n), [])]

    def get(self, system: str, code: str) -> Entry | None:
        return self.by_ref.get((system, code))

    def readings(self, words: tuple[str, ...], category: str | None = None,
                 limit: int = 6) -> list[tuple[str, ...]]:
        """``words`` with each known abbreviation replaced by its readings, the likeliest first: ``('t2dm',)``
        → ``[('type', '2', 'diabete', 'mellitus')]``; ``words`` itself when none is known. At most ``limit``."""
        out: list[tuple[str, ...]] = [()]
        phrases = self.phrases()
        i = 0
        while i < len(words):
            # a phrase of the file ("mini-stroke", "N/V") first, the longest; then the word itself
            phrase = next((words[i:i + n] for n in range(min(_LONGEST_LAY_PHRASE, len(words) - i), 1, -1)
                           if words[i:i + n] in phrases), None)
            if phrase is not None:
                choices = phrases[phrase][1].readings(category) or (phrase,)
                i += len(phrase)
            elif (joined := self._joined(words[i:i + 2])) is not None:  # "head ache": "Headache"
                # where a name also has the two apart ("exertional heat stroke"), they are read as written first
                choices = ((joined,),) if not self._apart(words[i:i + 2]) else (words[i:i + 2], (joined,))
                i += 2
            else:
                w = words[i]
                # an acronym's plural ("PVCs", "TIAs") is read as the acronym, unless it is a word names use
                # ("does", "pads"): words this short keep their "s" through comparable(); a unit after its
                # number is no acronym ("4-5 Hz" is a tremor's frequency, never herpes zoster)
                found = None if w in _UNITS and i > 0 and words[i - 1].isdigit() else self.abbreviation_of(w) or (
                    self.abbreviation_of(w[:-1]) if w.endswith("s") and w not in self.by_token else None)
                entry = found[1] if found else None
                choices = (entry.readings(category) or ((w,),)) if entry else ((w,),)
                glued = _GLUED_STAGE.fullmatch(w) if entry is None and w not in self.by_token else None
                stem = self.abbreviation_of(glued[1]) if glued is not None else None
                if glued is not None and stem is not None:  # "CKD3b" is "CKD 3b": an acronym and its stage
                    choices = tuple((*reading, glued[2]) for reading in stem[1].readings(category)) or choices
                i += 1
            out = [done + choice for done in out for choice in choices][:limit]
        return out + [said for said in self._said_otherwise(words) if said not in out][:max(0, limit - len(out))]

    def _said_otherwise(self, words: tuple[str, ...]) -> list[tuple[str, ...]]:
        """``words`` with a phrase the abbreviations file gives as one reading of an entry said as each of its
        other readings: the entry's readings name one thing ("chronic heart failure with reduced ejection
        fraction" is a chronic "systolic heart failure", as HFrEF reads both). Phrases of three words or more."""
        known = getattr(self, "_synonym_spans", None)  # a lexicon pickled before the attribute has none
        if known is None or known[0] is not self.abbreviations:
            spans: dict[tuple[str, ...], list[tuple[str, ...]]] = defaultdict(list)
            for entry in self.abbreviations.values():
                for reading in entry.means if len(entry.means) > 1 else ():
                    if len(reading) >= 3:
                        spans[reading] += [other for other in entry.means if other != reading
                                           and other not in spans[reading]]
            by_first: dict[str, list[tuple[tuple[str, ...], list[tuple[str, ...]]]]] = defaultdict(list)
            for span, others in spans.items():
                by_first[span[0]].append((span, others))
            known = self._synonym_spans = (self.abbreviations, dict(by_first))
        found: list[tuple[str, ...]] = []
        for i, word in enumerate(words):
            for span, others in known[1].get(word, ()):
                if words[i:i + len(span)] == span:
                    found += [words[:i] + other + words[i + len(span):] for other in others]
        return found

    def _joined(self, pair: tuple[str, ...]) -> str | None:
        """Two words written apart that names write as one ("heat stroke", "back ache"): the one word, where
        names use it."""
        if len(pair) != 2 or (joined := pair[0] + pair[1]) not in self.by_token:
            return None
        return joined

    def _apart(self, pair: tuple[str, ...]) -> bool:
        """A name has the two words side by side, as written (HPO's "Exertional heat stroke")."""
        first, second = pair
        return any(first == v[k] and second == v[k + 1] for v in self.by_token.get(first, set()) & self.by_token.get(
            second, set()) for k in range(len(v) - 1))

    def phrases(self) -> dict[tuple[str, ...], tuple[str, Abbreviation]]:
        """The entries of the abbreviations file written as more than one word ("mini-stroke", "N/V", "pink
        eye"), by their words, each with its key: read wherever a mention holds them."""
        if self._phrases is None or self._phrases[0] is not self.abbreviations:
            self._phrases = (self.abbreviations, {t: (key, entry) for key, entry in self.abbreviations.items()
                                                  if len(t := tokens(key)) > 1})
        return self._phrases[1]

    def respelled(self, word: str) -> str | None:
        """The word of the names that ``word`` is one slip away from ("pnuemonia": pneumonia, "colitus":
        colitis, "siezure": seizure) — a letter left out, added, changed or two swapped — where ``word`` is no
        word of any name; the word most names use where there are several. Words in -ing are left alone, and
        words under seven letters take only the slips :meth:`_short_slip` reads: one letter apart they are
        often other words ("ulcer", "ulner"; "limping" is no slip of "lisping")."""
        if len(word) < _SHORTEST_SWAP or word.endswith("ing"):
            return None
        if word in self.by_token:
            return self._slip_a_name_made(word)
        indexed = self._index_words()
        if word in indexed:
            return None  # a word of an Index term ("vaginosis"), which no title says
        if len(word) < _SHORTEST_SLIP:
            return self._short_slip(word)
        # Every spelling one slip from the word, looked up (a few hundred lookups, where an index of every name
        # word's deletions cost 0.6 s to build before the first answer).
        letters, n = self._name_letters(), len(word)
        spellings = {word[:i] + word[i + 1:] for i in range(n)}
        spellings.update(word[:i] + c + word[i + 1:] for i in range(n) for c in letters)
        spellings.update(word[:i] + c + word[i:] for i in range(n + 1) for c in letters)
        spellings.update(word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(n - 1))
        near = {known for known in spellings if (known in self.by_token or known in indexed)
                and len(known) >= _SHORTEST_SLIP and known.isalpha() and _one_slip(word, known)}
        return max(sorted(near), key=lambda known: len(self.by_token.get(known, ()))) if near else None

    def _index_words(self) -> frozenset[str]:
        """The words of the Index terms ("bacterial vaginosis"), which a slip may miss as it misses a title's."""
        known = getattr(self, "_indexed_words", None)  # a lexicon pickled before the attribute has none
        if known is None or known[0] is not self.index_terms:
            known = self._indexed_words = (self.index_terms, frozenset(w for term in self.index_terms for w in term))
        return known[1]

    def _slip_a_name_made(self, word: str) -> str | None:
        """The common word a rare word of the names is a letter short or long of, where an ontology's own slip
        made the rare one a name's word ("syndrom" in one Mondo synonym, "syndrome" in thousands of names):
        only a letter left out or added, never changed (a "hepatoma" is no "hematoma"), only for a word two names
        or fewer use, and only beside one :data:`_SLIP_COMMONER` times as common."""
        used = len(self.by_token[word])
        if used > 2 or len(word) < _SHORTEST_SLIP or not word.isalpha():
            return None
        n, letters = len(word), self._name_letters()
        spellings = {word[:i] + word[i + 1:] for i in range(n)} | {word[:i] + c + word[i:] for i in range(n + 1)
                                                                    for c in letters}
        near = [known for known in spellings if known in self.by_token and len(known) >= _SHORTEST_SLIP
                and len(self.by_token[known]) >= _SLIP_COMMONER * used]
        return max(sorted(near), key=lambda known: len(self.by_token[known])) if near else None

    def _short_slip(self, word: str) -> str | None:
        """A short word's slips that seldom make another word: two neighbours swapped ("plasy": palsy), and in
        a six-letter word a letter left out ("actinc": actinic). A letter changed or added in so short a word
        is often another word ("clinic", "clonic"), so it is left alone."""
        near = {known for i in range(1, len(word) - 1)
                if (known := word[:i] + word[i + 1] + word[i] + word[i + 2:]) in self.by_token and known.isalpha()}
        if not near and len(word) == _SHORTEST_SLIP - 1:
            near = {known for i in range(1, len(word)) for c in self._name_letters()
                    if (known := word[:i] + c + word[i:]) in self.by_token and known.isalpha()}
        return max(sorted(near), key=lambda known: len(self.by_token[known])) if near else None

    def _name_letters(self) -> str:
        """The letters names' words are written with: what a slip can put in."""
        if self._letters is None:
            self._letters = "".join(sorted(set().union(*(known for known in self.by_token
                                                         if len(known) >= _SHORTEST_SLIP and known.isalpha()))))
        return self._letters

    def abbreviation_of(self, word: str) -> tuple[str, Abbreviation] | None:
        """The entry of the abbreviations file a mention's (compared) word is, with its key as the file writes
        it: "hyperphos" is compared as "hyperpho", as a mention's words are, and still found."""
        if word in self.abbreviations:
            return word, self.abbreviations[word]
        if self._compared is None or self._compared[0] is not self.abbreviations:
            self._compared = (self.abbreviations, {t[0]: (key, entry) for key, entry in self.abbreviations.items()
                                                   if len(t := tokens(key)) == 1 and t[0] != key})
        return self._compared[1].get(word)

    def phrase_sources(self, words: tuple[str, ...]) -> list[str]:
        """The sources of the file's entries that ``words`` hold, as ``KEY: source``."""
        held = [f"{found[0].upper()}: {found[1].source}" for w in words if (found := self.abbreviation_of(w))]
        held += [f"{key.upper() if len(key) <= 4 else key}: {entry.source}"
                 for p, (key, entry) in self.phrases().items()
                 if any(words[i:i + len(p)] == p for i in range(len(words) - len(p) + 1))]
        return held

    def expand(self, words: tuple[str, ...], category: str | None = None) -> tuple[str, ...]:
        """The likeliest reading of ``words`` (see :meth:`readings`)."""
        return self.readings(words, category, limit=1)[0]

    def names_of(self, entry: Entry) -> set[tuple[str, ...]]:
        """Every name variant ``entry``'s own release gives it.

        Not the names the open ontologies lend: their cross-references are often to a neighbour (Mondo and
        DOID send "end stage renal disease" to N18.5, stage 5, where ICD-10-CM says N18.6), so a proposed
        code is never kept on a loan alone; a search that reaches the proposed code through one confirms it.
        """
        return {v for name in (entry.display, *entry.names) for v in name_variants(name)}

    def crosswalk(self, ref: tuple[str, str]) -> Iterator[tuple[str, str]]:
        """Concepts one crosswalk step from ``ref``: its maps and xrefs, and concepts mapping to it."""
        entry = self.by_ref.get(ref)
        for target in entry.links if entry else []:
            if target in self.by_ref:
                yield target
            yield from self.linked_from.get(target, [])
        yield from self.linked_from.get(ref, [])

    def icd_children(self, code: str) -> list[Entry]:
        """The ICD-10-CM codes one character longer under ``code`` (``E11`` → ``E11.0`` … ``E11.9``), a 7th
        character's codes under the code their ``X`` placeholders pad (``S02.2`` → ``S02.2XXA`` … ``S02.2XXS``)."""
        if self._icd_children is None:
            self._icd_children = defaultdict(list)
            for (system, c), entry in self.by_ref.items():
                if system == "ICD10CM" and len(c) > 3 and entry.kind not in ("chapter", "block"):
                    parent = c[:-1].rstrip(".")
                    while parent.endswith("X") and ("ICD10CM", parent) not in self.by_ref:
                        parent = parent[:-1].rstrip(".")
                    self._icd_children[parent].append(entry)
        return sorted(self._icd_children.get(code, []), key=lambda e: e.code)

    def index_term_in_any_order(self, words: tuple[str, ...]) -> IndexTerm | None:
        """The Index term of exactly ``words`` said in another order: notes put the qualifier last ("type 2
        diabetes, uncontrolled", "DM2 uncontrolled") where the Index term leads with it; none where terms of
        the same words go to different codes."""
        if self._index_bags is None:
            bags: dict[tuple[str, ...], list[IndexTerm]] = defaultdict(list)
            for key, term in self.index_terms.items():
                bags[tuple(sorted(key))].append(term)
            self._index_bags = {bag: terms[0] for bag, terms in bags.items() if len({t.code for t in terms}) == 1}
        return self._index_bags.get(tuple(sorted(words)))

    def icd_titled(self, start: str) -> list[Entry]:
        """The ICD-10-CM codes whose title begins with ``start`` (lower case), by code: "poisoning by ",
        "personal history". The titles are sorted once per lexicon, so each question is a bisection, not a
        pass over every concept (three such passes cost a grounder 150 ms before its first answer)."""
        if self._icd_titles is None:
            codes = [entry for (system, _), entry in self.by_ref.items() if system == "ICD10CM"]
            titles = [entry.display.lower() for entry in codes]
            order = sorted(range(len(codes)), key=titles.__getitem__)
            self._icd_titles = ([titles[i] for i in order], [codes[i] for i in order])
        titles, entries = self._icd_titles
        first = bisect.bisect_left(titles, start)
        last = bisect.bisect_left(titles, start + "\U0010ffff", lo=first)
        return sorted(entries[first:last], key=lambda e: e.code)

    def is_hpo_phenotype(self, code: str) -> bool:
        """Under "Phenotypic abnormality" (HP:0000118): not a mode of inheritance, frequency or modifier."""
        if self._hpo_phenotypes is None:
            children: dict[str, list[str]] = defaultdict(list)
            for (system, c), entry in self.by_ref.items():
                if system == "HPO":
                    for parent in entry.parents:
                        children[parent].append(c)
            seen, stack = set(), ["HP:0000118"]
            while stack:
                node = stack.pop()
                if node not in seen:
                    seen.add(node)
                    stack.extend(children.get(node, []))
            self._hpo_phenotypes = seen
        return code in self._hpo_phenotypes


#: Systems read into a lexicon, with the properties holding their names.
LEXICON_SYSTEMS = ("ICD10CM", "SNOMEDCT", "HPO", "OMIM", "ORPHA", "DECIPHER", "LOINC", "RXNORM", "UMLS")
#: Open ontologies that lend their names and synonyms to the ICD-10-CM and HPO concepts they cross-reference.
LENDING_SYSTEMS = ("MONDO", "DOID", "MESH")
BORROWING_SYSTEMS = ("ICD10CM", "HPO")
#: Synonyms that name a susceptibility or an association rather than the disease (Mondo copies OMIM's
#: "diabetes mellitus, type 2, susceptibility to"), never lent.
_NOT_A_NAME = re.compile(r"susceptib|association with|protection against|modifier of|, included|resistance to",
                         re.IGNORECASE)

_CONCEPTS = """
MATCH (c:Concept) WHERE c.release = $release
RETURN [c.system, c.code, c.display, c.release, c.kind, coalesce(c.active, true), c.billable,
        CASE WHEN c.system = 'HPO' THEN coalesce(c.synonyms_exact, [])
             // A category's or code's "Includes" notes are terms coded there ("high blood pressure" at I10);
             // a note citing other codes describes scope instead and is left out.
             WHEN c.system = 'ICD10CM' AND c.kind IN ['category', 'code']
             THEN coalesce(c.synonyms, []) + [n IN coalesce(c.note_includes, []) WHERE NOT n =~ '.*[A-Z][0-9][0-9].*']
             ELSE coalesce(c.synonyms, []) END,
        coalesce(c.semantic_types, [])] AS row
"""
_PARENTS = """
MATCH (c:Concept {release: $release, system: 'HPO'})-[:IS_A]->(p:Concept) RETURN [c.system, c.code, p.code] AS row
"""
_REPLACED = """
MATCH (c:Concept {release: $release})-[:REPLACED_BY]->(n:Concept) RETURN [c.system, c.code, n.code] AS row
"""
_LINKS = """
MATCH (c:Concept {release: $release})-[:MAPS_TO|XREF]->(k:Code) RETURN [c.system, c.code, [k.system, k.code]] AS row
"""


_LENDER_XREFS = """
MATCH (o:Concept {release: $release})-[:XREF]->(k:Code)
WHERE k.system IN $systems AND coalesce(o.active, true)
RETURN [o.system, o.code, k.system, k.code] AS row
"""
_ACRONYMS_STATED = """
MATCH (o:Concept {release: $release})
WITH o, [n IN [o.display] + coalesce(o.synonyms, []) WHERE n =~ '[A-Z][A-Z0-9]{1,5}'] AS acronyms
UNWIND acronyms AS acronym
WITH acronym, collect(DISTINCT [o.system, o.code]) AS terms
RETURN [acronym, terms] AS row
"""
_LENDER_NAMES = """
MATCH (o:Concept {release: $release}) WHERE o.code IN $codes
RETURN [o.system, o.code, o.display, coalesce(o.synonyms, [])] AS row
"""

_SERVED_RELEASES = """
MATCH (r:Release {""" + SERVED_CURRENT + """})
RETURN r.id AS id, coalesce(r.systems, [r.system]) AS systems,
       [toString(r.finished_at), r.content_sha256, elementId(r)] AS identity
"""
_DATABASE_ID = "CALL db.info() YIELD id RETURN id"

#: The lexicon built last in this process, under the identity of the release instances it was read from.
_last_built: tuple[tuple[Any, ...], Lexicon] | None = None


def load_lexicon(driver: Driver, database: str) -> Lexicon:
    """Read every concept of the current complete releases of the lexicon systems.

    A complete release instance never changes, so a process that asks again while the same instances
    serve gets the lexicon it built last (building one from real ICD-10-CM and HPO takes about ten seconds;
    a job, an evaluation and a rerun in one process ask several times). The instances are told apart by
    database, id, completion time and content digest, so a reload, a switch or a wiped and reloaded
    database reads afresh. Only the last lexicon is kept.
    """
    global _last_built
    records, _, _ = driver.execute_query(_SERVED_RELEASES, database_=database, routing_="r")
    releases = {system: r["id"] for r in records for system in r["systems"] if system in LEXICON_SYSTEMS}
    lenders = {system: r["id"] for r in records for system in r["systems"] if system in LENDING_SYSTEMS}
    database_id = driver.execute_query(_DATABASE_ID, database_=database, routing_="r").records[0]["id"]
    read_from = set(releases.values()) | set(lenders.values())
    identity = (database_id, tuple(sorted((r["id"], *r["identity"]) for r in records if r["id"] in read_from)))
    if _last_built is not None and _last_built[0] == identity:
        return _last_built[1]
    lexicon = Lexicon(_read_entries(driver, database, releases), releases,
                      loans=_read_loans(driver, database, lenders), acronyms=_read_acronyms(driver, database, lenders))
    _last_built = (identity, lexicon)
    return lexicon


def _read_entries(driver: Driver, database: str, releases: dict[str, str]) -> Iterable[Entry]:
    entries: dict[tuple[str, str], Entry] = {}

    def read(query: str, release: str) -> list[Any]:
        # Rows as plain value lists, unpacked by position: 172,000 rows of the real ICD-10-CM + HPO, and
        # reading each column of a Record by its name was a quarter of the lexicon's build.
        return read_rows(session, query, release=release)

    # One PULL per query: the default fetch size asks for a thousand rows at a time.
    with driver.session(database=database, default_access_mode="READ", fetch_size=-1) as session:
        for release in sorted(set(releases.values())):
            for row in read(_CONCEPTS, release):
                if row[0] in releases:
                    entries[(row[0], row[1])] = _entry(row)
            for query, attribute in ((_PARENTS, "parents"), (_REPLACED, "replaced_by"), (_LINKS, "links")):
                for system, code, other in read(query, release):
                    entry = entries.get((system, code))
                    if entry is not None and other is not None and (attribute != "links" or other[0]):
                        getattr(entry, attribute).append(tuple(other) if attribute == "links" else other)
    return entries.values()


def _entry(row: list[Any]) -> Entry:
    """An entry from a row of ``_CONCEPTS``, its columns in the order that query returns them."""
    system, code, display, release, kind, active, billable, names, semantic_types = row
    return Entry(
        system=system, code=code, display=display or code, release=release, kind=kind or "", active=bool(active),
        billable=billable, names=tuple(names), semantic_types=tuple(semantic_types),
    )


def _read_acronyms(driver: Driver, database: str, lenders: dict[str, str]) -> dict[str, set[tuple[str, str]]]:
    """Every term of the lending releases stating each acronym as its name or a synonym."""
    stated: dict[str, set[tuple[str, str]]] = defaultdict(set)
    with driver.session(database=database, default_access_mode="READ", fetch_size=-1) as session:
        for release in sorted(set(lenders.values())):
            for acronym, terms in read_rows(session, _ACRONYMS_STATED, release=release):
                stated[acronym] |= {(system, code) for system, code in terms}
    return stated


def _read_loans(driver: Driver, database: str, lenders: dict[str, str]) -> list[tuple[tuple[str, str], Loan]]:
    """The names Mondo, DOID and MeSH lend to ICD-10-CM and HPO concepts, each with the path it took.

    A lender's own cross-references to ICD-10-CM or HPO decide where its names go. A lender without one (every
    MeSH descriptor, many Mondo terms) lends through the Mondo or DOID terms it is cross-referenced with, and
    only through those that share a name with it: a cross-reference between ontologies is often to a broader
    or narrower concept (MeSH "Septic Shock" is cross-referenced from DOID's toxic shock syndrome), a shared
    name says they are the same. A lender reaching two codes of one system lends nothing there: its names
    would not say which (a code and its own category count as one, the category).
    """
    xrefs: list[Any] = []
    with driver.session(database=database, default_access_mode="READ", fetch_size=-1) as session:
        def read(query: str, **params: Any) -> list[Any]:
            return read_rows(session, query, **params)

        for release in sorted(set(lenders.values())):
            xrefs += read(_LENDER_XREFS, release=release, systems=[*BORROWING_SYSTEMS, *LENDING_SYSTEMS])
        direct: dict[tuple[str, str], set[tuple[str, str]]] = defaultdict(set)
        peers: dict[tuple[str, str], set[tuple[str, str]]] = defaultdict(set)
        for system, code, target_system, target_code in xrefs:
            lender, target = (system, code), (target_system, target_code)
            if target[0] in BORROWING_SYSTEMS:
                direct[lender].add(target)
            elif target != lender:
                peers[lender].add(target)
                peers[target].add(lender)
        candidates = set(direct) | {p for p in peers if any(direct.get(c) for c in peers[p])}
        names: dict[tuple[str, str], list[str]] = {}
        for system, release in lenders.items():
            codes = sorted(code for s, code in candidates if s == system)
            for lender_system, code, display, synonyms in read(_LENDER_NAMES, release=release, codes=codes):
                names[(lender_system, code)] = [n for n in dict.fromkeys([display, *synonyms])
                                                if n and not _NOT_A_NAME.search(n)]
    loans = []
    # Mondo first, then DOID, then MeSH: where two lend one name to one code, the first is the one reported.
    for lender, own in sorted(names.items(), key=lambda kv: (LENDING_SYSTEMS.index(kv[0][0]), kv[0][1])):
        route = _route(lender, direct, peers, names)
        if route is not None:
            targets, via = route
            loans += [(target, Loan(name, lender[0], lender[1], lenders[lender[0]], via))
                      for name in own for target in targets]
    return loans


def _route(lender: tuple[str, str], direct: dict[tuple[str, str], set[tuple[str, str]]],
           peers: dict[tuple[str, str], set[tuple[str, str]]],
           names: dict[tuple[str, str], list[str]]) -> tuple[list[tuple[str, str]], str] | None:
    """Where ``lender``'s names go (one code per borrowing system) and the peer they went through, if any."""
    via = ""
    reached = direct.get(lender, set())
    if not reached:
        own = {v for n in names.get(lender, ()) for v in name_variants(n)}
        carriers = sorted(p for p in peers.get(lender, ()) if direct.get(p)
                          and own & {v for n in names.get(p, ()) for v in name_variants(n)})
        reached = {t for p in carriers for t in direct[p]}
        via = carriers[0][1] if len(carriers) == 1 else (f"{carriers[0][1]} (and others)" if carriers else "")
    targets = []
    for system in BORROWING_SYSTEMS:
        codes = sorted(c for s, c in reached if s == system)
        top = topmost(codes)  # E11.9 under E11: E11
        if len(top) == 1:
            targets.append((system, top.pop()))
    return (targets, via) if targets else None

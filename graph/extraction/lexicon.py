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

import re
import tomllib
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from neo4j import Driver

from graph.store.releases import SERVED_CURRENT
from loaders.package_resources import shipped_path

ABBREVIATIONS_FILE = shipped_path("graph", "resources", "abbreviations.toml")

STOP_WORDS = frozenset({"a", "an", "the", "of", "and", "or", "in", "on", "to", "by", "for", "with", "at", "as", "is",
                   "was", "his", "her", "their", "s"})
#: ICD-10-CM title qualifiers that do not change what a clinician's phrase means.
QUALIFIERS = frozenset({"unspecified", "nos", "nec", "site"})
_WORD = re.compile(r"[a-z0-9]+")
_PAREN = re.compile(r"\s*\([^()]*\)")
_BRACKET = re.compile(r"\s*\[[^\[\]]*\]")
_HYPHEN = re.compile(r"(?<=[a-z])-(?=[a-z])", re.IGNORECASE)
_UNSPECIFIED_CLAUSE = re.compile(r"\b(unspecified|not specified|not elsewhere classified|NOS)\b", re.IGNORECASE)


def stem(word: str) -> str:
    if len(word) > 4 and word.endswith("s") and not word.endswith(("ss", "is", "us")):
        return word[:-1]
    return word


#: British spellings → American, applied to every word before comparing (ICD-10-CM and HPO names are
#: American; vignettes and synonyms are not always): anaemia, oedema, diarrhoea, coeliac, haem-, paed-, tumour.
_BRITISH = ((re.compile(r"^coeliac"), "celiac"), (re.compile(r"^oe"), "e"), (re.compile(r"aem"), "em"),
            (re.compile(r"oea$"), "ea"), (re.compile(r"^haem"), "hem"), (re.compile(r"^paed"), "ped"),
            (re.compile(r"^foet"), "fet"), (re.compile(r"(?<=..)our$"), "or"),
            (re.compile(r"(?<=...)ise$"), "ize"), (re.compile(r"(?<=...)is(ed|ing)$"), r"iz\1"),
            (re.compile(r"tre$"), "ter"))


def american(word: str) -> str:
    """A word in American spelling (both sides of every comparison go through it).

    >>> [american(w) for w in ("anaemia", "oedema", "diarrhoea", "coeliac", "tumour", "goitre", "foetal")]
    ['anemia', 'edema', 'diarrhea', 'celiac', 'tumor', 'goiter', 'fetal']
    """
    if len(word) < 5:
        return word
    for pattern, replacement in _BRITISH:
        word = pattern.sub(replacement, word)
    return word


@lru_cache(maxsize=1 << 18)
def comparable(word: str) -> str:
    """One word as it is compared: American spelling, plural ``s`` stripped.

    Cached because a lexicon build normalises about 1.2 million words of real ICD-10-CM and HPO names
    drawn from a vocabulary of a few tens of thousands (a fifth of the build's time went to repeating
    the spelling rules); the bound keeps arbitrary request text from growing the cache without end.
    """
    return stem(american(word))


def tokens(text: str, *, keep_qualifiers: bool = False) -> tuple[str, ...]:
    """The comparable words of a phrase.

    >>> tokens("Heart failure, unspecified")
    ('heart', 'failure')
    >>> tokens("Palpitations of the heart")
    ('palpitation', 'heart')
    >>> tokens("Iron deficiency anaemia")
    ('iron', 'deficiency', 'anemia')
    """
    words = _WORD.findall(text.lower().replace("'s ", " "))
    drop = STOP_WORDS if keep_qualifiers else STOP_WORDS | QUALIFIERS
    return tuple(comparable(w) for w in words if w not in drop)


def name_variants(name: str) -> set[tuple[str, ...]]:
    """A name's token tuples: as written, without its parenthesised parts, and without a last clause that
    only says what is unspecified ("Urinary tract infection, site not specified").

    >>> sorted(name_variants("Essential (primary) hypertension"))
    [('essential', 'hypertension'), ('essential', 'primary', 'hypertension')]
    >>> sorted(name_variants("Urinary tract infection, site not specified"))
    [('urinary', 'tract', 'infection'), ('urinary', 'tract', 'infection', 'not', 'specified')]
    """
    out = {tokens(name)}
    if "(" in name or "[" in name:  # "Human immunodeficiency virus [HIV] disease" also without "[HIV]"
        out.add(tokens(_BRACKET.sub("", _PAREN.sub("", name))))
    if _HYPHEN.search(name):  # "Gastro-esophageal reflux disease" also as "gastroesophageal …"
        out.add(tokens(_HYPHEN.sub("", name)))
    head, _, tail = name.rpartition(", ")
    if head and _UNSPECIFIED_CLAUSE.search(tail):  # "Sepsis, unspecified organism": the general concept
        out.add(tokens(head))
    return {t for t in out if t}


def load_abbreviations(path: Path = ABBREVIATIONS_FILE) -> dict[str, tuple[str, ...]]:
    """Unambiguous clinical abbreviations → the words they stand for (a data file, not code)."""
    data = tomllib.loads(path.read_text())
    return {abbr.lower(): tokens(full) for abbr, full in data["abbreviations"].items()}


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


class Lexicon:
    """Concepts by code and by normalised name; built from the graph or, in tests, from entries."""

    def __init__(self, entries: Iterable[Entry], releases: dict[str, str],
                 abbreviations: dict[str, tuple[str, ...]] | None = None) -> None:
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
        self._hpo_phenotypes: set[str] | None = None
        self._icd_children: dict[str, list[Entry]] | None = None
        self._vocab: dict[tuple[str, int], list[str]] | None = None

    def __len__(self) -> int:
        return len(self.by_ref)

    def vocabulary(self, word: str) -> list[str]:
        """Known words of about ``word``'s length starting with its letter (where a misspelling is looked up)."""
        if self._vocab is None:
            self._vocab = defaultdict(list)
            for w in self.by_token:
                self._vocab[(w[:1], len(w))].append(w)
        return [w for n in range(len(word) - 2, len(word) + 3) for w in self._vocab.get((word[:1], n), [])]

    def get(self, system: str, code: str) -> Entry | None:
        return self.by_ref.get((system, code))

    def expand(self, words: tuple[str, ...]) -> tuple[str, ...]:
        """Replace known abbreviations by their words: ``('t2dm',)`` → ``('type', '2', 'diabete', 'mellitus')``."""
        out: list[str] = []
        for w in words:
            out.extend(self.abbreviations.get(w, (w,)))
        return tuple(out)

    def names_of(self, entry: Entry) -> set[tuple[str, ...]]:
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
        """The ICD-10-CM codes one character longer under ``code`` (``E11`` → ``E11.0`` … ``E11.9``)."""
        if self._icd_children is None:
            self._icd_children = defaultdict(list)
            for (system, c), entry in self.by_ref.items():
                if system == "ICD10CM" and len(c) > 3 and entry.kind not in ("chapter", "block"):
                    self._icd_children[c[:-1].rstrip(".")].append(entry)
        return sorted(self._icd_children.get(code, []), key=lambda e: e.code)

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

_CONCEPTS = """
MATCH (c:Concept) WHERE c.release = $release
RETURN c.system AS system, c.code AS code, c.display AS display, c.release AS release, c.kind AS kind,
       coalesce(c.active, true) AS active, c.billable AS billable,
       CASE WHEN c.system = 'HPO' THEN coalesce(c.synonyms_exact, [])
            // A category's or code's "Includes" notes are terms coded there ("high blood pressure" at I10);
            // a note citing other codes describes scope instead and is left out.
            WHEN c.system = 'ICD10CM' AND c.kind IN ['category', 'code']
            THEN coalesce(c.synonyms, []) + [n IN coalesce(c.note_includes, []) WHERE NOT n =~ '.*[A-Z][0-9][0-9].*']
            ELSE coalesce(c.synonyms, []) END AS names,
       coalesce(c.semantic_types, []) AS semantic_types
"""
_PARENTS = """
MATCH (c:Concept {release: $release, system: 'HPO'})-[:IS_A]->(p:Concept) RETURN c.system AS system,
       c.code AS code, p.code AS other
"""
_REPLACED = """
MATCH (c:Concept {release: $release})-[:REPLACED_BY]->(n:Concept) RETURN c.system AS system, c.code AS code,
       n.code AS other
"""
_LINKS = """
MATCH (c:Concept {release: $release})-[:MAPS_TO|XREF]->(k:Code) RETURN c.system AS system, c.code AS code,
       [k.system, k.code] AS other
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
    database_id = driver.execute_query(_DATABASE_ID, database_=database, routing_="r").records[0]["id"]
    identity = (database_id, tuple(sorted((r["id"], *r["identity"]) for r in records
                                          if r["id"] in set(releases.values()))))
    if _last_built is not None and _last_built[0] == identity:
        return _last_built[1]
    lexicon = Lexicon(_read_entries(driver, database, releases), releases)
    _last_built = (identity, lexicon)
    return lexicon


def _read_entries(driver: Driver, database: str, releases: dict[str, str]) -> Iterable[Entry]:
    entries: dict[tuple[str, str], Entry] = {}

    def read(query: str, release: str) -> list[Any]:
        return session.execute_read(lambda tx: list(tx.run(query, release=release)))

    with driver.session(database=database, default_access_mode="READ") as session:
        for release in sorted(set(releases.values())):
            for r in read(_CONCEPTS, release):
                if r["system"] in releases:
                    entries[(r["system"], r["code"])] = _entry(r)
            for query, attribute in ((_PARENTS, "parents"), (_REPLACED, "replaced_by"), (_LINKS, "links")):
                for r in read(query, release):
                    entry = entries.get((r["system"], r["code"]))
                    other = r["other"]
                    if entry is not None and other is not None and (attribute != "links" or other[0]):
                        getattr(entry, attribute).append(tuple(other) if attribute == "links" else other)
    return entries.values()


def _entry(r: Any) -> Entry:
    return Entry(
        system=r["system"], code=r["code"], display=r["display"] or r["code"], release=r["release"],
        kind=r["kind"] or "", active=bool(r["active"]), billable=r["billable"], names=tuple(r["names"]),
        semantic_types=tuple(r["semantic_types"]),
    )

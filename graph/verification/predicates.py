"""Predicate groups: what a claimed relation means in SemMedDB and in the ontologies.

The groups live in a data file (``graph/resources/predicates.toml`` unless
``CLINIGRAPH_PREDICATES_FILE`` names another), so what counts as support for
"cause" or "treat" is reviewed and changed as data. A request may name a group
(``cause``), an inverse phrasing (``TREATED_BY`` → ``treat`` read from object
to subject), or one SemMedDB predicate (``CAUSES``: literature with that
predicate only).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from graph.settings import get_settings
from loaders.errors import ClinigraphError, InputError
from loaders.package_resources import shipped_path

DEFAULT_FILE = shipped_path("graph", "resources", "predicates.toml")
ONTOLOGY_EDGE_TYPES = frozenset({"HAS_ATTRIBUTE", "CITES", "HAS_PHENOTYPE"})
_SEMMEDDB_NAME = re.compile(r"^(NEG_)?[A-Za-z_]{2,40}$")


class UnknownPredicateError(InputError):
    """The predicate is neither a group, an inverse phrasing nor a SemMedDB predicate name."""


@dataclass(frozen=True)
class OntologyRule:
    """An ontology edge that counts for a group: its type, required properties and direction."""

    edge: str
    where: tuple[tuple[str, str], ...] = ()
    direction: str = "forward"

    def matches(self, edge_type: str, props: dict[str, Any], forward: bool) -> bool:
        return (
            edge_type == self.edge
            and forward == (self.direction == "forward")
            and all(props.get(k) == v for k, v in self.where)
        )

    def describe(self) -> str:
        cond = ", ".join(f"{k}={v}" for k, v in self.where)
        return f"{self.edge}{'(' + cond + ')' if cond else ''} {self.direction}"


@dataclass(frozen=True)
class PredicateGroup:
    name: str
    description: str = ""
    semmeddb: frozenset[str] = frozenset()
    semmeddb_reverse: frozenset[str] = frozenset()
    ontology: tuple[OntologyRule, ...] = ()


@dataclass(frozen=True)
class Interpretation:
    """How a requested predicate is read: the group, and whether subject and object swap."""

    requested: str
    group: PredicateGroup
    reversed: bool = False


@dataclass(frozen=True)
class PredicateCatalog:
    groups: dict[str, PredicateGroup] = field(default_factory=dict)
    inverses: dict[str, str] = field(default_factory=dict)
    source: str = ""

    def interpret(self, predicate: str) -> Interpretation:
        """``cause`` / ``TREATED_BY`` / ``CAUSES`` → an interpretation; anything else raises."""
        name = predicate.strip()
        key = name.lower().replace("-", "_").replace(" ", "_")
        if key in self.groups:
            return Interpretation(name, self.groups[key])
        inverse = self.inverses.get(name.upper().replace("-", "_").replace(" ", "_"))
        if inverse:
            return Interpretation(name, self.groups[inverse], reversed=True)
        upper = name.upper()
        if _SEMMEDDB_NAME.match(name) and not upper.startswith("NEG_") and upper in self.semmeddb_predicates():
            return Interpretation(name, PredicateGroup(name=upper, description=f"SemMedDB {upper} only",
                                                       semmeddb=frozenset({upper})))
        groups, inverses = ", ".join(sorted(self.groups)), ", ".join(sorted(self.inverses))
        raise UnknownPredicateError(
            f"unknown predicate {predicate!r}: use a group ({groups}), an inverse ({inverses}) "
            f"or a SemMedDB predicate ({', '.join(sorted(self.semmeddb_predicates()))})", "predicate"
        )

    def semmeddb_predicates(self) -> set[str]:
        names = {p for g in self.groups.values() for p in (*g.semmeddb, *g.semmeddb_reverse)}
        return names | EXTRA_SEMMEDDB_PREDICATES


#: SemMedDB predicates no default group uses, still accepted one at a time.
EXTRA_SEMMEDDB_PREDICATES = frozenset({
    "ISA", "LOCATION_OF", "OCCURS_IN", "PART_OF", "PRECEDES", "PROCESS_OF", "USES", "COMPARED_WITH",
    "HIGHER_THAN", "LOWER_THAN", "SAME_AS", "DIFFERENT_FROM", "MANIFESTATION_OF", "MEASURES",
})


def parse_catalog(data: dict[str, Any], source: str) -> PredicateCatalog:
    """Build and check a catalog from the TOML structure (errors name the group and field)."""
    groups: dict[str, PredicateGroup] = {}
    for name, spec in (data.get("groups") or {}).items():
        rules = []
        for i, rule in enumerate(spec.get("ontology", [])):
            edge = rule.get("edge")
            if edge not in ONTOLOGY_EDGE_TYPES:
                raise ClinigraphError(f"{source}: groups.{name}.ontology[{i}].edge {edge!r} is not one of "
                                      f"{', '.join(sorted(ONTOLOGY_EDGE_TYPES))}")
            direction = rule.get("direction", "forward")
            if direction not in ("forward", "reverse"):
                raise ClinigraphError(f"{source}: groups.{name}.ontology[{i}].direction must be forward or reverse")
            where = tuple(sorted((str(k), str(v)) for k, v in (rule.get("where") or {}).items()))
            rules.append(OntologyRule(edge, where, direction))
        for key in ("semmeddb", "semmeddb_reverse"):
            for p in spec.get(key, []):
                if not _SEMMEDDB_NAME.match(p) or p.upper().startswith("NEG_"):
                    raise ClinigraphError(f"{source}: groups.{name}.{key}: {p!r} is not a positive SemMedDB predicate")
        groups[name.lower()] = PredicateGroup(
            name=name.lower(), description=spec.get("description", ""),
            semmeddb=frozenset(p.upper() for p in spec.get("semmeddb", [])),
            semmeddb_reverse=frozenset(p.upper() for p in spec.get("semmeddb_reverse", [])),
            ontology=tuple(rules),
        )
    inverses = {}
    for phrase, group in (data.get("inverses") or {}).items():
        if group.lower() not in groups:
            raise ClinigraphError(f"{source}: inverses.{phrase} names no group {group!r}")
        inverses[phrase.upper()] = group.lower()
    return PredicateCatalog(groups, inverses, source)


def load_catalog(path: str | None = None) -> PredicateCatalog:
    """The catalog from ``path``, the settings' ``predicates_file`` (``$CLINIGRAPH_PREDICATES_FILE``) or the
    bundled file."""
    return _read_catalog(Path(path or get_settings().predicates_file or DEFAULT_FILE))


@lru_cache(maxsize=8)
def _read_catalog(chosen: Path) -> PredicateCatalog:
    """One read per file and process: the path is chosen before the cache, so it never hides a setting."""
    try:
        data = tomllib.loads(chosen.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ClinigraphError(f"cannot read the predicate groups file {chosen}: {exc}") from None
    return parse_catalog(data, str(chosen))

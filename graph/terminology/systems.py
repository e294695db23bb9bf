"""The code systems clinigraph names, their aliases, and how a request's system name is read.

One vocabulary for every layer — terminology queries, verification, the FHIR-shaped operations, the
CLI's ``SYSTEM:CODE`` arguments — so a name accepted in one place is accepted in all. Pure: no Neo4j.
"""

from __future__ import annotations

import re

from loaders.errors import NotFoundError

#: Code systems clinigraph knows how to name; a request for another is an error (unless an ontology's).
KNOWN_SYSTEMS = ("ICD10CM", "SNOMEDCT", "LOINC", "RXNORM", "HPO", "UMLS", "OMIM", "ORPHA", "DECIPHER", "SEMMEDDB")
#: Other names users and sources give them (UMLS source abbreviations, publishers' spellings).
SYSTEM_ALIASES = {
    "ICD-10-CM": "ICD10CM", "SNOMED": "SNOMEDCT", "SNOMEDCT_US": "SNOMEDCT", "LNC": "LOINC",
    "ORPHANET": "ORPHA", "HP": "HPO",
}

#: Any other system name is an ontology's own (GO, MONDO, DOID …): served when a release of it is loaded.
ONTOLOGY_SYSTEM = re.compile(r"^[A-Z][A-Z0-9_]{0,23}$")
#: The longest code a request may name, in any system: well above real codes (a SNOMED CT id has at most 18 digits).
MAX_CODE_LENGTH = 64
#: The longest code-system name a request may name (``ICD10CM``, ``SNOMEDCT``, an ontology's prefix).
MAX_SYSTEM_LENGTH = 32
#: The longest release version a request may name (``2026``, ``2025-01-16``, ``20250901``).
MAX_VERSION_LENGTH = 32


class UnknownSystemError(NotFoundError):
    """The code system is not one clinigraph serves."""


def known_system(name: str) -> str | None:
    """The known system ``name`` names, by its own name or an alias, in any case; else ``None``.

    >>> known_system("icd-10-cm"), known_system(" Orphanet "), known_system("GO")
    ('ICD10CM', 'ORPHA', None)
    """
    upper = name.strip().upper()
    canonical = SYSTEM_ALIASES.get(upper, upper)
    return canonical if canonical in KNOWN_SYSTEMS else None


def normalise_system(system: str) -> str:
    """``icd10cm``, ``ICD-10-CM`` → ``ICD10CM``; ``go`` → ``GO`` (an ontology's own system, served if loaded).

    Names that can be neither raise :class:`UnknownSystemError`; an ontology name with nothing loaded is
    refused by :func:`graph.terminology.concepts.missing_release_error` when its release is looked up.

    >>> normalise_system("snomedct_us"), normalise_system("go")
    ('SNOMEDCT', 'GO')
    """
    name = system.strip().upper()
    name = SYSTEM_ALIASES.get(name, name)
    if name not in KNOWN_SYSTEMS and not ONTOLOGY_SYSTEM.match(name):
        raise UnknownSystemError(f"unknown code system {system!r}; known: {', '.join(KNOWN_SYSTEMS)}")
    return name

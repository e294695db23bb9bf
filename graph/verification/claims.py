"""What a claim is: the concepts it names, its predicate, the thresholds evidence must meet, and the anchors
a side resolves to. Checked here (one field-naming error per fault) before anything is asked of Neo4j;
:mod:`graph.verification.verifier` asks, :mod:`graph.verification.judging` judges."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from graph.terminology.concepts import normalise_code
from graph.terminology.systems import KNOWN_SYSTEMS, MAX_CODE_LENGTH, normalise_system
from graph.verification.results import AnchorBrief
from loaders.errors import ClinigraphError, InputError

SOURCES = ("literature", "ontology")
MAX_HIERARCHY_STEPS = 3
MAX_CONTEXT = 20
MAX_NAME_LENGTH = 200
#: Claims one batch request may hold, and candidates one distractor screening may name (the API refuses more).
MAX_BATCH = 1000
MAX_CANDIDATES = 100
#: Claims per batch when a long list is answered in parts (``clinigraph verify --batch``): batches of 500 ran
#: at 6,400+ claims/s on 2 cores (bench/RESULTS.md).
BATCH_SIZE = 500
VERIFY_SYSTEMS = KNOWN_SYSTEMS
_CUI = re.compile(r"^C\d{7}$")


class VerificationInputError(InputError):
    """A request item is malformed; ``field`` names the part (``subject.code``, ``predicate`` …)."""

    field: str

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message, field)


@dataclass(frozen=True)
class Thresholds:
    """What evidence counts. Defaults reproduce the published rule (see the module docstring)."""

    min_pmids: int = 1
    ignore_generic: bool = False
    hierarchy_steps: int = 0
    sources: tuple[str, ...] = ("literature",)

    def check(self) -> Thresholds:
        if self.min_pmids < 1:
            raise VerificationInputError("min_pmids must be at least 1", "thresholds.min_pmids")
        if not 0 <= self.hierarchy_steps <= MAX_HIERARCHY_STEPS:
            raise VerificationInputError(f"hierarchy_steps must be 0–{MAX_HIERARCHY_STEPS}",
                                         "thresholds.hierarchy_steps")
        unknown = [s for s in self.sources if s not in SOURCES]
        if unknown or not self.sources:
            raise VerificationInputError(f"sources must be a non-empty subset of {list(SOURCES)}",
                                         "thresholds.sources")
        return self


@dataclass(frozen=True)
class ClaimedConcept:
    """A concept as a caller names it: a code in a system, or a name."""

    system: str | None = None
    code: str | None = None
    name: str | None = None

    def normalised(self, where: str) -> ClaimedConcept:
        if self.name is not None and (self.system or self.code):
            raise VerificationInputError("give either a name or a system and code, not both", where)
        if self.name is not None:
            name = self.name.strip()
            if not name:
                raise VerificationInputError("the name is empty", f"{where}.name")
            if len(name) > MAX_NAME_LENGTH:
                raise VerificationInputError(f"the name is longer than {MAX_NAME_LENGTH} characters", f"{where}.name")
            return ClaimedConcept(name=name)
        if not self.system or not self.code:
            raise VerificationInputError("give a system and a code, or a name", where)
        try:
            system = normalise_system(self.system)
        except ClinigraphError as exc:
            raise VerificationInputError(str(exc), f"{where}.system") from None
        if system not in VERIFY_SYSTEMS:  # an ontology's own system: served by lookups, not verified
            raise VerificationInputError(f"unknown code system {self.system!r} for verification; known: "
                                         f"{', '.join(VERIFY_SYSTEMS)}", f"{where}.system")
        code = self.code.strip()
        if not code or len(code) > MAX_CODE_LENGTH or any(ch.isspace() for ch in code):
            raise VerificationInputError(f"code {self.code!r} is malformed", f"{where}.code")
        code = normalise_code(system, code)
        if system in ("UMLS", "SEMMEDDB") and not _CUI.match(code):
            raise VerificationInputError(f"{code!r} is not a UMLS CUI (C + 7 digits)", f"{where}.code")
        return ClaimedConcept(system=system, code=code)

    def label(self) -> str:
        return self.name if self.name is not None else f"{self.system}:{self.code}"


@dataclass(frozen=True)
class Claim:
    subject: ClaimedConcept
    predicate: str
    object: ClaimedConcept
    context: tuple[ClaimedConcept, ...] = ()
    thresholds: Thresholds = field(default_factory=Thresholds)


@dataclass
class Anchor:
    """A concept a claim's side stands for: its own, an identity equivalent, or one reached over IS_A."""

    id: str
    system: str
    code: str
    display: str
    release: str
    steps: int
    via: str
    crosswalk: bool = False  # reached from the given code through the UMLS crosswalk or a cross-reference

    def brief(self) -> AnchorBrief:
        return {"system": self.system, "code": self.code, "display": self.display}

"""Home specialties of ICD-10-CM diagnoses, from a versioned data file (pure reader and matcher).

The file (``graph/resources/specialties.toml``; format in its header) lists the
specialties and the rules giving each one ICD-10-CM codes: codes, prefixes and
inclusive ranges, minus exceptions, each rule with a one-line rationale. This
module only reads and checks the file and answers "which rules own this code";
:mod:`graph.relevance.specialties` writes the result into the graph.

A bad file is refused whole with the line of the offending rule and the field.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from loaders.errors import SourceFormatError
from loaders.files import read_utf8
from loaders.package_resources import shipped_path

DEFAULT_FILE = shipped_path("graph", "resources", "specialties.toml")
_CODE = re.compile(r"^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$")
_ID = re.compile(r"^[A-Z][A-Za-z_]{1,60}$")


def _key(code: str) -> str:
    return code.replace(".", "")


@dataclass(frozen=True, slots=True)
class CodeRange:
    """``low``–``high`` inclusive, each a code or a prefix; a single code or prefix has low == high."""

    low: str
    high: str
    # The bounds as compared (dots dropped), computed once: a map is matched against ~100k codes.
    low_key: str = field(init=False, repr=False, compare=False)
    high_key: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "low_key", _key(self.low))
        object.__setattr__(self, "high_key", _key(self.high))

    def __contains__(self, code: str) -> bool:
        return self.holds(_key(code))

    def holds(self, key: str) -> bool:
        """Whether the code whose dotless form is ``key`` falls in the range."""
        return self.low_key <= key and key[: len(self.high_key)] <= self.high_key

    @property
    def letters(self) -> str:
        """The first letters a code in the range can have (``I10-I15`` → ``I``; ``C00-D49`` → ``CD``)."""
        return "".join(chr(c) for c in range(ord(self.low_key[0]), ord(self.high_key[0]) + 1))

    def __str__(self) -> str:
        return self.low if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class OwnershipRule:
    number: int  # 1-based position among the rules
    line: int
    specialty: str
    codes: tuple[CodeRange, ...]
    excepted: tuple[CodeRange, ...]
    rationale: str

    @property
    def id(self) -> str:
        return f"rule {self.number} (line {self.line})"

    def owns(self, code: str) -> bool:
        return self.owns_key(_key(code))

    def owns_key(self, key: str) -> bool:
        return any(r.holds(key) for r in self.codes) and not any(r.holds(key) for r in self.excepted)

    def describe(self) -> str:
        text = ", ".join(map(str, self.codes))
        if self.excepted:
            text += " except " + ", ".join(map(str, self.excepted))
        return text


@dataclass(frozen=True)
class OwnershipMap:
    path: Path
    version: str
    sha256: str
    specialties: tuple[str, ...]
    rules: tuple[OwnershipRule, ...]

    @property
    def id(self) -> str:
        return f"specialties@{self.version}+{self.sha256[:12]}"

    def homes(self, code: str) -> list[OwnershipRule]:
        """The rules that make ``code`` a diagnosis of their specialty (several specialties may own one)."""
        key = _key(code)
        return [r for r in self._rules_by_letter.get(key[:1], ()) if r.owns_key(key)]

    @cached_property
    def _rules_by_letter(self) -> dict[str, tuple[OwnershipRule, ...]]:
        """For each first letter, the rules (in file order) with a range that can hold a code starting so:
        a code is tried against a handful of rules instead of all of them."""
        letters = {letter for rule in self.rules for r in rule.codes for letter in r.letters}
        return {letter: tuple(rule for rule in self.rules if any(letter in r.letters for r in rule.codes))
                for letter in letters}

    def assign(self, codes: Iterable[str]) -> list[tuple[str, OwnershipRule]]:
        """(code, rule) for every code with a home; a code owned twice by one specialty keeps its first rule."""
        out = []
        for code in codes:
            seen: set[str] = set()
            for rule in self.homes(code):
                if rule.specialty not in seen:
                    seen.add(rule.specialty)
                    out.append((code, rule))
        return out


def read_ownership(path: str | Path = DEFAULT_FILE) -> OwnershipMap:
    p = Path(path)
    decoded, raw = read_utf8(p)
    try:
        data = tomllib.loads(decoded)
    except tomllib.TOMLDecodeError as exc:
        raise SourceFormatError(p, f"not a TOML file: {exc}") from None
    text = decoded.splitlines()
    rule_lines = [n for n, line in enumerate(text, start=1) if line.strip() == "[[rule]]"]
    version = data.get("version")
    if not isinstance(version, str) or not version.strip():
        raise SourceFormatError(p, "needs a version string", line=1, field="version")
    specialties = []
    for i, s in enumerate(data.get("specialty", [])):
        if not isinstance(s, dict) or not isinstance(s.get("id"), str) or not _ID.match(s["id"]):
            raise SourceFormatError(p, "a specialty needs an id of letters and _ (e.g. Hematology_Oncology)",
                                    field=f"specialty[{i}].id")
        specialties.append(s["id"])
    if not specialties:
        raise SourceFormatError(p, "no [[specialty]] entries", field="specialty")
    rules = []
    for i, r in enumerate(data.get("rule", [])):
        line = rule_lines[i] if i < len(rule_lines) else None

        def bad(field: str, message: str, line: int | None = line, i: int = i) -> SourceFormatError:
            return SourceFormatError(p, message, line=line, field=f"rule[{i + 1}].{field}")

        if r.get("specialty") not in specialties:
            raise bad("specialty", f"{r.get('specialty')!r} is not a declared [[specialty]]")
        rationale = r.get("rationale")
        if not isinstance(rationale, str) or not rationale.strip():
            raise bad("rationale", "every rule needs a one-line rationale")
        codes = _ranges(r.get("codes"), "codes", bad, required=True)
        excepted = _ranges(r.get("except", []), "except", bad, required=False)
        unknown = set(r) - {"specialty", "codes", "except", "rationale"}
        if unknown:
            raise bad(sorted(unknown)[0], "unknown field")
        rules.append(OwnershipRule(i + 1, line or 0, r["specialty"], codes, excepted, rationale.strip()))
    if not rules:
        raise SourceFormatError(p, "no [[rule]] entries", field="rule")
    return OwnershipMap(p, version.strip(), hashlib.sha256(raw).hexdigest(), tuple(specialties), tuple(rules))


def _ranges(value: object, field: str, bad: object, *, required: bool) -> tuple[CodeRange, ...]:
    assert callable(bad)
    if not isinstance(value, list) or (required and not value):
        raise bad(field, "must be a list of ICD-10-CM codes, prefixes or ranges (\"I00-I52\")")
    out = []
    for j, entry in enumerate(value):
        parts = entry.split("-") if isinstance(entry, str) else []
        if len(parts) not in (1, 2) or not all(_CODE.match(x.strip()) for x in parts):
            raise bad(f"{field}[{j}]", f"{entry!r} is not an ICD-10-CM code, prefix or range")
        low, high = parts[0].strip(), parts[-1].strip()
        if _key(low) > _key(high):
            raise bad(f"{field}[{j}]", f"{entry!r} runs backwards")
        out.append(CodeRange(low, high))
    return tuple(out)

"""The project's exception hierarchy.

Two tiers of problems, as in every loader here: a structural fault in a file
raises :class:`SourceFormatError` (one line naming file, line and field), while
per-record oddities are counted in a :class:`~loaders.records.LoadReport` and
only fail the load past a threshold.
"""

from __future__ import annotations

from pathlib import Path


class ClinigraphError(Exception):
    """Root of every error clinigraph raises on purpose."""


class SourceFormatError(ClinigraphError):
    """A release file is not what its format promises.

    The message is a single line a user can act on, e.g.
    ``icd10cm.xml, line 12, field <diag>/<name>: missing code``.
    """

    def __init__(
        self,
        path: str | Path,
        message: str,
        *,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        self.path = str(path)
        self.line = line
        self.field = field
        self.reason = message
        where = [self.path]
        if line is not None:
            where.append(f"line {line}")
        if field is not None:
            where.append(f"field {field}")
        super().__init__(f"{', '.join(where)}: {message}")


class ReleaseConflictError(ClinigraphError):
    """A release with this identity exists but was built from different files."""


class TooManyProblemsError(ClinigraphError):
    """Per-record problems passed the load's threshold; the load is abandoned."""


class EmptyReleaseError(ClinigraphError):
    """The source files hold no concept of the release's system: nothing is published (an empty release
    would become current and hide every concept of the one before it)."""

"""The project's one exception tree: a root and the categories every error belongs to.

It lives in the lowest layer (``loaders`` imports nothing of ``graph`` or ``api``) so
that every layer can raise into it. Each error clinigraph raises on purpose derives
from one category, and the API answers by category (``api/problems.py`` maps class
to status in one table; nothing is told apart by its message):

* :class:`InputError` — the request names a value the service cannot take; ``field``
  says which (422);
* :class:`NotFoundError` — nothing with that identity is served (404);
* :class:`ConflictError` — the request clashes with the graph's state: a release
  loaded from other files, a job already running, a derived layer gone stale (409);
* :class:`AccessError` — no valid key, or a role without the permission (401/403);
* :class:`UnavailableError` — the service's own setup or server cannot serve now (503);
* :class:`SourceError` — release files that cannot make a release. Two tiers, as in
  every loader here: a structural fault in a file raises :class:`SourceFormatError`
  (one line naming file, line and field), while per-record oddities are counted in a
  :class:`~loaders.records.LoadReport` and only fail the load past a threshold
  (:class:`TooManyProblemsError`).
"""

from __future__ import annotations

from pathlib import Path

from loaders.archives import shown_path


class ClinigraphError(Exception):
    """Root of every error clinigraph raises on purpose."""


class InputError(ClinigraphError):
    """A value of the request is not one the service takes; ``field`` names it (``subject.code``)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class NotFoundError(ClinigraphError):
    """Nothing with the identity asked for is served (a code, a release, a job, a provenance target)."""


class ConflictError(ClinigraphError):
    """The request clashes with the state of the graph or the service; it may succeed once that changes."""


class AccessError(ClinigraphError):
    """The request lacks a valid API key, or its key's role lacks the permission."""


class UnavailableError(ClinigraphError):
    """The service cannot serve now: its own setup (keys file, schema, local server) needs an operator."""


class SourceError(ClinigraphError):
    """Release files that cannot make a release."""


class SourceFormatError(SourceError):
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
        self.path = shown_path(path)  # a file of a zipped release by its place in the zip
        self.line = line
        self.field = field
        self.reason = message
        where = [self.path]
        if line is not None:
            where.append(f"line {line}")
        if field is not None:
            where.append(f"field {field}")
        super().__init__(f"{', '.join(where)}: {message}")


class ReleaseConflictError(ConflictError):
    """A release with this identity exists but was built from different files."""


class TooManyProblemsError(SourceError):
    """Per-record problems passed the load's threshold; the load is abandoned."""


class EmptyReleaseError(SourceError):
    """The source files hold no concept of the release's system: nothing is published (an empty release
    would become current and hide every concept of the one before it)."""

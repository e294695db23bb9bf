"""Admin jobs: loads and builds started over HTTP run as ``clinigraph`` subprocesses.

A subprocess, not a thread: a load holds hundreds of MB and minutes of CPU, and if it dies (or is
killed) the API carries on; the release it was writing stays invisible (status ``loading``/``failed``)
until a rerun completes it, exactly as from the command line.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import uuid
import weakref
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TypedDict

from graph.settings import Settings
from loaders.errors import ConflictError, InputError, NotFoundError
from loaders.registry import LOADERS

#: What an admin may start, and the ``clinigraph`` arguments each becomes (no free-form commands).
KINDS = ("load", "schema", "specialties", "links", "extract")
MAX_JOBS_KEPT = 100


class JobInputError(InputError):
    """A job request naming a kind, source or path that cannot make a job."""


class JobAlreadyRunningError(ConflictError):
    """A job of the same kind is still running: two loads or two link runs would race for one graph."""


class JobNotFoundError(NotFoundError):
    """No job with that id was started by this API process."""


def arguments_for(kind: str, source: str | None, path: str | None) -> list[str]:
    if kind not in KINDS:
        raise JobInputError(f"unknown job kind {kind!r}: one of {', '.join(KINDS)}", "kind")
    if kind != "load":
        if source or path:
            raise JobInputError(f"a {kind} job takes no source or path", "source" if source else "path")
        return {"schema": ["schema", "apply"], "specialties": ["specialties"], "links": ["links"],
                "extract": ["extract"]}[kind]
    if not source or source.lower() not in LOADERS:
        raise JobInputError(f"source must be one of {', '.join(sorted(LOADERS))}", "source")
    args = ["load", source.lower()]
    if path:
        if not Path(path).exists():
            raise JobInputError(f"{path} does not exist on the server", "path")
        args.append(path)
    return args


class JobDescription(TypedDict):
    """A job as the admin API answers it (``api.models.JobOut`` renders it)."""

    id: str
    kind: str
    arguments: list[str]
    status: str
    started_at: str
    finished_at: str | None
    exit_code: int | None
    requested_by: str
    output_tail: list[str]


@dataclass
class Job:
    id: str
    kind: str
    arguments: list[str]
    requested_by: str
    process: subprocess.Popen[bytes]
    log: Path
    started_at: str = field(default_factory=lambda: datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))
    finished_at: str | None = None

    def describe(self) -> JobDescription:
        code = self.process.poll()
        if code is not None and self.finished_at is None:
            self.finished_at = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        status = "running" if code is None else ("succeeded" if code == 0 else "failed")
        tail: list[str] = []
        if self.log.exists():
            with self.log.open("r", encoding="utf-8", errors="replace") as fh:
                tail = [line.rstrip("\n") for line in deque(fh, maxlen=20)]
        return {"id": self.id, "kind": self.kind, "arguments": self.arguments, "status": status,
                "started_at": self.started_at, "finished_at": self.finished_at, "exit_code": code,
                "requested_by": self.requested_by, "output_tail": tail}


def job_environment(settings: Settings | None = None, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of a job: the one ``clinigraph`` would read the API's own settings from.

    ``base`` (default: this process's environment) is kept whole. Every ``CLINIGRAPH_*`` variable of this
    process comes back under it, since :meth:`Settings.subprocess_environment` keeps only where the server
    is, and a job of an API configured by variables (batch size, predicates file, keys file …) must run
    with the same. Then each field of ``settings`` is written as the variable it is read from, so values
    set in code (``create_app(Settings(...))``) reach the job too; an unset field removes its variable.
    """
    inherited = {name: value for name, value in os.environ.items() if name.startswith("CLINIGRAPH_")}
    env = inherited | dict(os.environ if base is None else base)
    if settings is None:
        return env
    for name, value in settings.model_dump(mode="json").items():
        alias = Settings.model_fields[name].validation_alias
        variable = alias if isinstance(alias, str) else f"CLINIGRAPH_{name.upper()}"
        if value is None:
            env.pop(variable, None)
        else:
            env[variable] = value if isinstance(value, str) else json.dumps(value)
    return env


class JobRunner:
    """The jobs this API process started (newest last); one of each kind at a time.

    Jobs run ``sys.executable -m api.cli`` in this process's working folder: the installed package, not
    a checkout, and a relative path an admin names means the same file to the job as to the check of it.
    """

    def __init__(self, environment: dict[str, str] | None = None, *, settings: Settings | None = None) -> None:
        self.environment = environment
        self.settings = settings
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._logs: Path | None = None  # made on the first job: an API that starts none leaves no folder behind
        self._remove_logs: weakref.finalize | None = None

    def start(self, kind: str, source: str | None, path: str | None, requested_by: str) -> JobDescription:
        args = arguments_for(kind, source, path)
        with self._lock:
            if any(j.kind == kind and j.process.poll() is None for j in self._jobs.values()):
                raise JobAlreadyRunningError(f"a {kind} job is already running")
            job_id = uuid.uuid4().hex[:12]
            if self._logs is None:
                self._logs = Path(tempfile.mkdtemp(prefix="clinigraph-jobs-"))
                # The logs go with the runner (when the API shuts down, or the runner is collected, or the
                # process exits): they are served only by this process, and each API run used to leave its
                # folder behind.
                self._remove_logs = weakref.finalize(self, shutil.rmtree, self._logs, ignore_errors=True)
            log = self._logs / f"{job_id}.log"
            with log.open("wb") as out:
                process = subprocess.Popen([sys.executable, "-m", "api.cli", *args], stdout=out,
                                           stderr=subprocess.STDOUT,
                                           env=job_environment(self.settings, self.environment))
            self._jobs[job_id] = Job(job_id, kind, args, requested_by, process, log)
            while len(self._jobs) > MAX_JOBS_KEPT:
                oldest = next(iter(self._jobs))
                if self._jobs[oldest].process.poll() is None:
                    break
                del self._jobs[oldest]
            return self._jobs[job_id].describe()

    def close(self) -> None:
        """Remove the job logs (the API is shutting down); a job started after this gets a new folder."""
        with self._lock:
            if self._remove_logs is not None:
                self._remove_logs()
            self._remove_logs, self._logs = None, None

    def get(self, job_id: str) -> JobDescription:
        job = self._jobs.get(job_id)
        if job is None:
            raise JobNotFoundError(f"no job {job_id!r} in this API process")
        return job.describe()

    def list(self) -> list[JobDescription]:
        return [j.describe() for j in self._jobs.values()]

    def wait(self, job_id: str, timeout: float | None = None) -> JobDescription:
        """Block until the job ends (for tests and scripts)."""
        job = self._jobs[job_id]
        job.process.wait(timeout=timeout)
        return job.describe()

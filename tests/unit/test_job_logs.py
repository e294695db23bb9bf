"""An API's job logs live as long as its job runner: no folder is left behind when the API goes."""

from __future__ import annotations

import gc
import os

from api.jobs import JobRunner


def test_the_job_logs_are_removed_with_the_runner() -> None:
    # A job that fails at once (nothing listens on port 1): only its log folder matters here.
    environment = dict(os.environ, NEO4J_URI="bolt://127.0.0.1:1", NEO4J_PASSWORD="unused")
    runner = JobRunner(environment)
    job = runner.start("schema", None, None, requested_by="test")
    described = runner.wait(job["id"], timeout=120)
    assert described["status"] == "failed"
    logs = runner._logs
    assert logs is not None and any(logs.iterdir())
    del runner, job, described
    gc.collect()
    assert not logs.exists()


def test_a_runner_that_started_no_job_makes_no_folder() -> None:
    assert JobRunner({})._logs is None

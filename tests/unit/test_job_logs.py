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


def test_closing_the_runner_removes_its_logs_and_a_later_job_gets_a_new_folder() -> None:
    environment = dict(os.environ, NEO4J_URI="bolt://127.0.0.1:1", NEO4J_PASSWORD="unused")
    runner = JobRunner(environment)
    first = runner.start("schema", None, None, requested_by="test")
    runner.wait(first["id"], timeout=120)
    logs = runner._logs
    assert logs is not None and logs.exists()
    runner.close()
    assert not logs.exists() and runner.get(first["id"])["output_tail"] == []
    again = runner.start("schema", None, None, requested_by="test")
    runner.wait(again["id"], timeout=120)
    assert runner._logs is not None and runner._logs != logs and runner._logs.exists()
    runner.close()


def test_the_api_removes_its_job_logs_when_it_shuts_down() -> None:
    from fastapi.testclient import TestClient

    from api.app import create_app
    from graph.settings import Settings

    app = create_app(Settings.model_validate({"NEO4J_URI": "bolt://127.0.0.1:1", "NEO4J_PASSWORD": "unused"}))
    with TestClient(app):
        job = app.state.jobs.start("schema", None, None, requested_by="test")
        app.state.jobs.wait(job["id"], timeout=120)
        logs = app.state.jobs._logs
        assert logs is not None and logs.exists()
    assert not logs.exists()

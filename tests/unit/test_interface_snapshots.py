"""The public faces stay as they are while the code behind them is reshaped (issue 19): the OpenAPI document
and the help of every CLI command are compared with committed copies.

A change to either that is meant is committed with its copies, written by running this module with
``CLINIGRAPH_UPDATE_SNAPSHOTS=1``; the diff of the copies is then the review of the interface change.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

SNAPSHOTS = Path(__file__).resolve().parents[1] / "fixtures" / "interface"
UPDATE = os.environ.get("CLINIGRAPH_UPDATE_SNAPSHOTS") == "1"


def _compare(name: str, text: str) -> None:
    path = SNAPSHOTS / name
    if UPDATE:
        SNAPSHOTS.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    committed = path.read_text(encoding="utf-8")
    assert text == committed, f"{name} differs from the committed copy (see this module's docstring)"


def test_the_openapi_document_is_the_committed_one(tmp_path, monkeypatch):
    from api.app import create_app
    from api.auth import KeyStore
    from graph.settings import Settings

    monkeypatch.setenv("CLINIGRAPH_HOME", str(tmp_path))
    settings = Settings()
    app = create_app(settings, keys=KeyStore(tmp_path / "keys.json"))
    _compare("openapi.json", json.dumps(app.openapi(), indent=1, sort_keys=True) + "\n")


def _commands(group: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command path under ``group``; a group is what has ``commands`` (Typer ships its own click)."""
    out = [prefix]
    for name in sorted(group.commands):
        command = group.commands[name]
        if hasattr(command, "commands"):
            out.extend(_commands(command, (*prefix, name)))
        else:
            out.append((*prefix, name))
    return out


@pytest.fixture(scope="module")
def cli() -> Any:
    from api.cli import app

    command = typer.main.get_command(app)
    assert hasattr(command, "commands")
    return command


def test_the_help_of_every_command_is_the_committed_one(cli):
    from api.cli import app

    runner = CliRunner()
    env = {"COLUMNS": "110", "NO_COLOR": "1", "TERM": "dumb"}
    pages = []
    for path in _commands(cli):
        done = runner.invoke(app, [*path, "--help"], env=env, prog_name="clinigraph", terminal_width=110)
        assert done.exit_code == 0, (path, done.output)
        pages.append(f"$ clinigraph {' '.join(path)} --help\n{done.output.rstrip()}\n")
    assert len(pages) > 20
    _compare("cli_help.txt", "\n".join(pages))

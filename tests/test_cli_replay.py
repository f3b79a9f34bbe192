"""``cardtable replay``: a faithful record reproduces; a tampered one names its first bad step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.agents import make_agent
from cardtable.cli.app import app
from cardtable.core import load_game, make_record
from cardtable.sim.match import play_match

runner = CliRunner()
WIDE = {"COLUMNS": "300"}


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    game = load_game("draws-troidal")
    state = play_match(game, [make_agent("random"), make_agent("random")], seed=5)
    path = tmp_path / "game.json"
    make_record(state, players=["random", "random"]).save(path)
    return path


def replay(path: Path):
    result = runner.invoke(app, ["replay", str(path)], env=WIDE)
    assert "Traceback" not in result.output
    return result


def test_faithful_record_reproduces(record_file: Path) -> None:
    result = replay(record_file)
    assert result.exit_code == 0, result.output
    assert "reproduced" in result.output


def test_tampered_digest_names_the_step(record_file: Path) -> None:
    data = json.loads(record_file.read_text("utf-8"))
    data["digests"][4] = "0" * 16
    record_file.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    result = replay(record_file)
    assert result.exit_code == 1
    assert "step 5" in result.output


def test_tampered_action_names_the_step(record_file: Path) -> None:
    data = json.loads(record_file.read_text("utf-8"))
    data["actions"][2] = 99999
    record_file.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    result = replay(record_file)
    assert result.exit_code == 1
    assert "step 3" in result.output


@pytest.mark.parametrize("content", ["not json at all", "[1, 2]", '{"game": "draws-troidal"}'])
def test_unreadable_record_is_a_clean_error(tmp_path: Path, content: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content, "utf-8")
    result = replay(path)
    assert result.exit_code == 1
    assert str(path) in result.output


def test_missing_file(tmp_path: Path) -> None:
    result = replay(tmp_path / "absent.json")
    assert result.exit_code == 1
    assert "absent.json" in result.output

"""``cardtable play dice-and-monsters`` driven through standard input."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.core import GameRecord, replay

runner = CliRunner()
WIDE = {"COLUMNS": "300"}
ENOUGH = "1\n" * 200


def play(tmp_path: Path, *extra: str):
    args = ["play", "dice-and-monsters", "--vs", "random", "--seed", "1",
            "--record-dir", str(tmp_path), *extra]
    result = runner.invoke(app, args, input=ENOUGH, env=WIDE)
    assert "Traceback" not in result.output
    assert result.exit_code == 0, result.output
    return result


def test_a_whole_game_draws_boards_rolls_actions_and_the_comparison(tmp_path: Path) -> None:
    out = play(tmp_path).output
    assert "Round roll:" in out and "Round 1" in out
    assert "Opponent [2][1]" in out and "You [1][2]" in out
    assert "takes its turn" in out and "Units left:" in out
    [path] = sorted(tmp_path.glob("*.json"))
    assert replay(GameRecord.load(path)).ok


def test_the_table_speaks_japanese(tmp_path: Path) -> None:
    out = play(tmp_path, "--lang", "ja").output
    assert "ラウンドロール" in out and "残りユニット" in out


def test_given_decks_skip_building(tmp_path: Path) -> None:
    out = play(tmp_path, "--deck", "holy-flame", "--opponent-deck", "dark-menagerie").output
    assert "Both decks are revealed" in out or "Round roll:" in out

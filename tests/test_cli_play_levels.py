"""Playing against a level at the terminal: it is named and described, and after the game the
next level up and down are offered."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardtable.agents.levels import neighbour_levels
from cardtable.cli.app import app

runner = CliRunner()


def test_the_level_is_described_in_the_players_language(tmp_path: Path) -> None:
    for lang, words in (("en", "Opponent level: easy: "), ("ja", "相手の強さ — やさしい：")):
        result = runner.invoke(app, ["play", "draws-troidal", "--vs", "easy", "--seed", "1",
                                     "--lang", lang, "--record-dir", str(tmp_path)],
                               input="q\ny\n")
        assert result.exit_code == 0, result.output
        assert words in result.output


def test_after_a_game_the_levels_either_side_are_named(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "draws-troidal", "--vs", "easy", "--seed", "1",
                                 "--record-dir", str(tmp_path)], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "a bit harder: --vs normal; a bit easier: --vs beginner" in result.output


def test_the_ends_of_the_ladder_stay_where_they_are() -> None:
    assert neighbour_levels("beginner") == ("easy", "beginner")
    assert neighbour_levels("expert") == ("expert", "hard")

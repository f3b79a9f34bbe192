"""``cardtable play GAME --tutorial`` (issue 38 item 7): the first-game tutorial of every game
can be finished at the terminal, pressing Enter at each step, in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.core import list_games
from cardtable.table import tutorial

runner = CliRunner()
WIDE = {"COLUMNS": "300"}
GAMES = [g.id for g in list_games() if g.playable]


def run(tmp_path: Path, game_id: str, answers: str, lang: str = "en", *extra: str):
    result = runner.invoke(app, ["play", game_id, "--tutorial", "--no-pace", "--lang", lang,
                                 "--record-dir", str(tmp_path), *extra],
                           input=answers, env=WIDE)
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tutorial_is_finished_by_pressing_enter_at_each_step(tmp_path, game_id):
    lesson = tutorial.load(game_id)
    steps = len(lesson.steps)
    out = run(tmp_path, game_id, "\n" * steps + "q\ny\n").output
    assert f"(step {steps} of {steps})" in out
    assert "The tutorial is over." in out
    assert lesson.end[0].split()[0] in out
    for step in lesson.steps:
        assert step.note[0].split(":")[0][:30] in out.replace("\n  ", " ")


def test_the_tutorial_speaks_japanese(tmp_path):
    lesson = tutorial.load("draws-troidal")
    out = run(tmp_path, "draws-troidal", "\n" * len(lesson.steps) + "q\ny\n", "ja").output
    assert "チュートリアル：はじめての対戦（1/7）" in out
    assert "チュートリアルはここまでです。" in out


def test_leaving_the_script_ends_the_tutorial_and_the_game_goes_on(tmp_path):
    # m opens the whole menu; 2 picks "redo" where the tutorial says keep
    out = run(tmp_path, "draws-troidal", "m\n2\n" + "1\n" * 400).output
    assert "You left the tutorial's script" in out
    assert "(step 2 of 7)" not in out


def test_the_tutorial_refuses_another_seat(tmp_path):
    result = run(tmp_path, "draws-troidal", "", "en", "--seat", "2")
    assert result.exit_code != 0 and "--tutorial deals its own game at seat 1" in result.output

"""``cardtable play culdcept`` driven through standard input, as a pipe would drive it."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.core import GameRecord, replay
from cardtable.games.culdcept import GAME
from cardtable.table import log_lines, question
from cardtable.table.board import board_lines

runner = CliRunner()
WIDE = {"COLUMNS": "300"}
ENOUGH = "1\n1\n0\ny\n" * 1500  # first options, then end the phase (confirmed), to the end


def play(tmp_path: Path, answers: str, *extra: str):
    args = ["play", "culdcept", "--vs", "greedy", "--seed", "5", "--record-dir", str(tmp_path),
            *extra]
    result = runner.invoke(app, args, input=answers, env=WIDE)
    assert "Traceback" not in result.output
    assert result.exit_code == 0, result.output
    return result


def test_whole_game_finishes_explains_battles_and_its_record_replays(tmp_path: Path) -> None:
    out = play(tmp_path, ENOUGH).output
    assert any(w in out for w in ("You win!", "You lose.", "Draw."))
    assert "① Start:" in out and "④ " in out and "wins the battle" in out
    assert "Toll points" in out and "Die " in out and "land 6" in out
    [path] = sorted(tmp_path.glob("*.json"))
    assert replay(GameRecord.load(path)).ok


def test_japanese_table(tmp_path: Path) -> None:
    out = play(tmp_path, ENOUGH, "--lang", "ja").output
    assert "通行料" in out and "土地" in out and "①開始" in out


def test_the_board_shows_the_opponents_hand_only_as_a_count() -> None:
    state = GAME.new_game(8)
    me = state.current_player()
    view = state.view(me)
    text = "\n".join(board_lines(GAME.project(view, "en"), me, "en"))
    hidden = {state.cards[c].name_en for c in state.hand[1 - me]} - {
        state.cards[c].name_en for c in state.hand[me]}
    assert f"Hand {len(state.hand[1 - me])}" in text
    assert not any(name in text for name in hidden)
    assert question(GAME, view, "en")
    assert any("You draw" in x for x in log_lines(GAME, state.events(me), view, me, "en"))


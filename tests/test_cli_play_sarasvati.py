"""``cardtable play sarasvati`` driven through standard input, as a pipe would drive it."""

from __future__ import annotations

import re
from pathlib import Path

from rich.cells import cell_len
from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.core import GameRecord, load_game, replay
from cardtable.games.sarasvati import GAME
from cardtable.table import log_lines, question
from cardtable.table.board import board_lines, flow, hang, whose_note

runner = CliRunner()
WIDE = {"COLUMNS": "300"}
ENOUGH = "1\n1\n0\ny\n" * 800  # first options, then end the phase (confirmed), to the end


def play(tmp_path: Path, answers: str, *extra: str):
    args = ["play", "sarasvati", "--vs", "greedy", "--seed", "5", "--record-dir", str(tmp_path),
            *extra]
    result = runner.invoke(app, args, input=answers, env=WIDE)
    assert "Traceback" not in result.output
    assert result.exit_code == 0, result.output
    return result


def test_whole_game_finishes_explains_battles_and_its_record_replays(tmp_path: Path) -> None:
    out = play(tmp_path, ENOUGH).output
    assert any(w in out for w in ("You win!", "You lose.", "Draw."))
    assert "Attack " in out and " vs defense " in out  # every battle explained
    assert "ready" in out or "exhausted" in out
    assert "face down" in out and "Voltage" in out
    [path] = sorted(tmp_path.glob("*.json"))
    assert replay(GameRecord.load(path)).ok


def test_japanese_table(tmp_path: Path) -> None:
    out = play(tmp_path, ENOUGH, "--lang", "ja").output
    assert "ボルテージ" in out and "禁書" in out and "臨戦" in out


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



def test_a_long_question_starts_at_the_margin_and_hangs_its_second_line() -> None:
    question = ("Take a card for your deck (8 cards: 3+ units, 1+ command; ★ units go to the "
                "leap deck, up to 3).")
    lines = flow("", [question], 80)
    assert lines[0].startswith("Take a card") and lines[1].startswith("  leap")
    assert flow("", ["あ" * 50], 80)[0] == "あ" * 39  # a run without spaces fills the line


def test_a_neutral_note_says_which_seat_is_you_at_your_own_terminal() -> None:
    assert whose_note("Player 2's turn", 0, "en") == "The opponent's turn"
    assert whose_note("Player 1's turn", 0, "en") == "Your turn"
    assert whose_note("Player 1 plays first", 1, "en") == "The opponent plays first"
    assert whose_note("Player 1 plays first", 0, "en") == "You play first"
    assert whose_note("Player 2 has answered (hidden until both have)", 1, "en") == \
        "You have answered (hidden until both have)"
    assert whose_note("Initiative: player 2", 0, "en") == "Initiative: the opponent"
    assert whose_note("Attack: 50 damage to Player 1's left area: block", 0, "en") == \
        "Attack: 50 damage to your left area: block"
    assert whose_note("先攻: プレイヤー1", 0, "ja") == "先攻: あなた"
    state = load_game("draws-troidal").new_game(3)
    while state.view(0).get("initiative", -1) < 0:
        state.apply(state.legal_actions()[0])
    table = state.game.project(state.view(0), "en")
    board = "\n".join(board_lines(table, 0, "en"))
    assert re.search(r"Initiative: (you|the opponent)", board)


def test_a_long_japanese_line_wraps_without_adding_a_space_inside_a_word() -> None:
    text = "  " + "【2】錬金術師「レオノール・ルフェテ」、" * 6 + " (奇跡)"
    lines = hang(text, 80)
    assert "".join(line.strip() for line in lines) == text.strip()
    assert all(cell_len(line) <= 80 for line in lines) and len(lines) == 4  # no stray "、" line

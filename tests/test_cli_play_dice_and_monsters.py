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


def _lines(evs: list[dict], lang: str = "en") -> str:
    from cardtable.core import load_game
    from cardtable.table import log_lines

    view = load_game("dice-and-monsters").new_game(1).view(0)
    return "\n".join(log_lines("dice-and-monsters", evs, view, 0, lang))


LEONOR = "錬金術師「レオノール・ルフェテ」"


def test_the_log_names_whose_unit_changed_the_round_roll() -> None:
    cell = {"unit": LEONOR, "hp": 8, "max": 8}
    board = [[cell, None, None, None], [cell, None, None, None]]
    text = _lines([{"type": "round", "round": 1, "board": board},
                   {"type": "traits-off", "unit": [0, 1, LEONOR]},
                   {"type": "roll-changed", "value": 5, "by": LEONOR}])
    assert "Their Leonor Rufete, Alchemist changes the round roll to 5." in text


def test_every_die_names_who_rolls_and_why() -> None:
    text = _lines([{"type": "die", "for": "stun", "value": 2, "unit": [1, 2, LEONOR]}])
    assert "Their Leonor Rufete, Alchemist [2] rolls against its stun" in text
    text = _lines([{"type": "command", "player": 1, "card": "コマンドカウンター", "square": 1},
                   {"type": "die", "for": "counter", "value": 3}])
    assert "The opponent rolls for Command Counter (4 or less cancels): 3" in text


def test_a_command_that_does_nothing_says_why() -> None:
    dragon = "フロギストン・ドラゴン"  # its trait: not affected by command cards
    text = _lines([{"type": "down", "unit": [0, 1, dragon]},
                   {"type": "command", "player": 0, "card": "奇跡", "square": 2},
                   {"type": "turn", "unit": [1, 1, LEONOR], "hp": 8}])
    assert ("Miracle has no effect: your Phlogiston Dragon [1] is not affected by command "
            "cards.") in text
    text = _lines([{"type": "command", "player": 0, "card": "奇跡", "square": 2},
                   {"type": "revive", "unit": [0, 1, LEONOR], "hp": 1}])
    assert "has no effect" not in text

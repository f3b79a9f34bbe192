"""Choices in steps, a path typed ahead, the help's five lines and a resumed game's short log,
driven through a pipe as a person would type them."""

from __future__ import annotations

import re
from pathlib import Path

from rich.cells import cell_len
from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.core import load_game
from cardtable.table import choices, how_to_play

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def play(tmp_path: Path, game: str, answers: str, *extra: str) -> str:
    args = ["play", game, "--vs", "random", "--seed", "4", "--record-dir", str(tmp_path), *extra]
    result = runner.invoke(app, args, input=answers, env=WIDE)
    assert "Traceback" not in result.output and result.exit_code == 0, result.output
    return result.output


def test_culdcept_asks_the_territory_command_then_the_card(tmp_path: Path) -> None:
    out = play(tmp_path, "culdcept", "1\n2\nq\ny\n")
    menu = out.split("One territory command on your land 3?", 1)[1]
    assert re.search(r"^\s*1\. Level up your land 3\s*$", menu, re.M)
    assert "So far: Level up your land 3" in menu
    assert "with Chimera" not in menu.split("So far")[0]  # a card is the second step
    assert "You chose: Level up your land 3 (City) with Salamander face down" in out


def test_a_whole_path_can_be_typed_at_once(tmp_path: Path) -> None:
    out = play(tmp_path, "culdcept", "1 2\nq\ny\n")
    assert "You chose: Level up your land 3 (City) with Salamander face down" in out
    assert "So far:" not in out  # the second step was answered before it was asked


def test_dreadnought_asks_attack_then_units_then_area() -> None:
    game = load_game("dreadnought")
    shapes = set()
    for seed in range(4):
        state = game.new_game(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            for code, path in choices.menu_paths(game, state, legal, "en").items():
                kind = state.describe_action(code)["kind"]
                if kind in ("attack", "cast"):
                    shapes.add((kind, path[0], len(path)))
            state.apply(legal[(seed + len(legal)) % len(legal)])
    assert ("attack", "Attack", 3) in shapes and ("cast", "Cast a unit", 3) in shapes


def test_help_says_how_you_win_and_the_turn_in_five_lines(tmp_path: Path) -> None:
    out = play(tmp_path, "dreadnought", "?\nq\ny\n")
    rules = how_to_play("dreadnought", "en")
    assert f"How you win: {rules['win']}" in out
    assert all(line in out for line in rules["turn"]) and len(rules["turn"]) <= 5


def test_a_resumed_game_shows_the_board_and_the_last_turn_not_the_history(
        tmp_path: Path) -> None:
    play(tmp_path, "culdcept", "1\n1\n" * 6 + "q\ny\n")
    [record] = tmp_path.glob("*.json")
    result = runner.invoke(app, ["play", "--resume", str(record), "--record-dir",
                                 str(tmp_path / "again")], input="q\ny\n", env=WIDE)
    out = result.output.split("Resumed from", 1)[1]
    turns = re.findall(r"Turn (\d+): ", out)
    assert len(turns) == 1 and int(turns[0]) > 1  # the last turn's log only
    assert "Your starting lands" not in out  # the history before it is not reprinted
    assert "▌ Turn" in out or "Turn " + turns[0] + " ·" in out  # the board


def test_a_step_that_leads_to_one_action_offers_that_action_whole(tmp_path: Path) -> None:
    """"Use an ability" with one ability behind it names the ability, and one pick uses it."""
    args = ["play", "dreadnought", "--vs", "greedy", "--seed", "3", "--record-dir",
            str(tmp_path)]
    out = runner.invoke(app, args, input="0\n2\nq\ny\n", env=WIDE).output
    window = out.split("Speed window:", 1)[1].split("You chose:", 1)[0]
    assert re.search(r"^\s*2\. Mizuha, Sage of the Blue Sea: \[Speed\] check: Draw 1 card",
                     window, re.M)
    assert "chosen automatically" not in out


def test_a_menu_of_one_asks_for_1_not_1_to_1(tmp_path: Path) -> None:
    args = ["play", "dreadnought", "--vs", "greedy", "--seed", "3", "--record-dir",
            str(tmp_path)]
    out = runner.invoke(app, args, input="0\n2\nq\ny\n", env=WIDE).output
    assert "[1-1," not in out and "Choice [1, 0 = end/pass" in out


def test_a_long_so_far_line_hangs_under_itself_at_80_columns(tmp_path: Path) -> None:
    args = ["play", "dice-and-monsters", "--vs", "greedy", "--seed", "3", "--record-dir",
            str(tmp_path)]
    typed = "1\n" * 8 + "0\ny\n" + "1 1 1 1\nq\ny\n"
    out = runner.invoke(app, args, input=typed, env={"COLUMNS": "80", "LINES": "24"}).output
    lines = out.split("So far: ", 1)[1].splitlines()
    assert lines[1].startswith("  ") and not lines[1].startswith("   ")  # hangs, not cut
    assert all(len(line) <= 80 for line in ["So far: " + lines[0], *lines[1:3]])


def test_a_long_you_chose_line_hangs_at_80_columns(tmp_path: Path) -> None:
    args = ["play", "dice-and-monsters", "--vs", "greedy", "--seed", "3", "--record-dir",
            str(tmp_path)]
    typed = "1\n" * 8 + "0\ny\n" + "1 1 1 1\n1\nq\ny\n"
    out = runner.invoke(app, args, input=typed, env={"COLUMNS": "80", "LINES": "24"}).output
    lines = out.split("You chose: [1] ", 1)[1].splitlines()
    assert lines[1].startswith("  ") and len("You chose: [1] " + lines[0]) <= 80


def test_a_whole_path_offered_at_once_has_single_spaces(tmp_path: Path) -> None:
    # DRAWS: with two cards left for lanes D and E, each pick names both lanes
    args = ["play", "draws-troidal", "--vs", "greedy", "--seed", "3", "--record-dir",
            str(tmp_path)]
    out = runner.invoke(app, args, input="1\n1 1 1\nq\ny\n", env={"COLUMNS": "80"}).output
    assert re.search(r"^\s*1\. D ← \S.* → E ← ", out, re.M)
    assert not re.search(r"\S  → ", out)


def test_a_menu_label_in_brackets_is_printed_not_read_as_markup(tmp_path: Path) -> None:
    # DRAWS labels carry a card's stats in brackets, "[none P7 R4 G0]"
    args = ["play", "draws-troidal", "--vs", "greedy", "--seed", "3", "--record-dir",
            str(tmp_path)]
    out = runner.invoke(app, args, input="1\nq\ny\n", env=WIDE).output
    assert re.search(r"^\s*1\. A ← Ancient Automaton \[none P7 R4 G0\]", out, re.M)


def test_draws_field_shuffle_choices_name_only_the_lanes_they_change() -> None:
    game = load_game("draws-troidal")
    state = game.new_game(3)
    while not any(state.describe_action(c)["kind"] == "arrange" for c in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    legal = state.legal_actions()
    for lang in ("en", "ja"):
        paths = choices.menu_paths(game, state, legal, lang)
        rows = [-(-cell_len(f"14. {paths[code][0]}") // 80) for code in legal]
        assert max(rows) <= 2 and sum(rows) <= 20, rows  # was 27 rows in English
    swap = next(c for c in legal if state.describe_action(c)["swaps"] == ["DE"])
    assert choices.menu_paths(game, state, [swap], "en")[swap][0].startswith("Swap D↔E: D ")
    assert "A " not in choices.menu_paths(game, state, [swap], "en")[swap][0]


def test_after_help_the_question_is_asked_again_above_the_choices(tmp_path: Path) -> None:
    out = play(tmp_path, "dreadnought", "?\nq\ny\n")
    after = out.split("How you win:", 1)[1]
    assert "Mulligan: discard cards to draw as many (once), or finish." in after.split("0.")[0]

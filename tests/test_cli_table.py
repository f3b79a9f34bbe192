"""The keys of the terminal table, driven through a pipe: strict numbers, the fixed end/pass key,
undo, help, card reading, quitting, resuming, replays, and a record saved on every way out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cardtable.cli import play_cmd
from cardtable.cli.app import app
from cardtable.cli.table_input import read_entry
from cardtable.core import GameRecord, load_game, replay
from cardtable.core.record import decks_from_record
from cardtable.core.undo import rebuild

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def play(tmp_path: Path, game: str, answers: str, *extra: str, code: int = 0):
    args = ["play", game, "--vs", "greedy", "--seed", "3", "--record-dir", str(tmp_path), *extra]
    result = runner.invoke(app, args, input=answers, env=WIDE)
    assert "Traceback" not in result.output
    assert result.exit_code == code, result.output
    return result.output


def saved(tmp_path: Path) -> list[GameRecord]:
    return [GameRecord.load(p) for p in sorted(tmp_path.glob("*.json"))]


@pytest.mark.parametrize(("typed", "number"), [("1", 1), ("１２", 12), (" 3 ", 3), ("0", 0)])
def test_ascii_and_full_width_digits_are_numbers(typed: str, number: int) -> None:
    assert read_entry(typed).number == number


@pytest.mark.parametrize("typed", ["²", "①", "٣", "1.0", "-1", "1e3", "9999999", "一"])
def test_other_digits_and_numerals_are_not_numbers(typed: str) -> None:
    assert read_entry(typed).number is None


def test_a_full_width_digit_chooses(tmp_path: Path) -> None:
    play(tmp_path, "draws-troidal", "１\n")
    [record] = saved(tmp_path)
    assert record.actions[0] == 0  # keep


def test_q_asks_before_leaving(tmp_path: Path) -> None:
    out = play(tmp_path, "draws-troidal", "q\nn\nq\ny\n")
    assert "Leave the game?" in out and "Going on." in out and "You left the game." in out
    assert len(saved(tmp_path)) == 1


def test_undo_takes_back_the_last_decision_of_this_turn(tmp_path: Path) -> None:
    # サラスヴァティ, seed 3: the opponent goes first; charge a card, undo it, charge nothing
    out = play(tmp_path, "sarasvati", "1\nu\n0\nq\ny\n")
    assert "Undone: Charge" in out
    assert "You chose: Charge nothing" in out.partition("Undone: Charge")[2]
    [record] = saved(tmp_path)
    assert replay(record).ok
    state = rebuild(load_game("sarasvati"), record.seed, decks_from_record(
        load_game("sarasvati"), record), record.options, record.actions)
    assert state.view(0)["you"]["voltage"] == []  # the undone charge is not in the record


def test_undo_says_why_there_is_nothing_to_undo(tmp_path: Path) -> None:
    out = play(tmp_path, "draws-troidal", "u\nq\ny\n")
    assert "Nothing to undo" in out


def test_end_asks_when_playable_cards_would_go_unused(tmp_path: Path) -> None:
    # charge, then at the imagine phase end it: asked, refused, asked again, confirmed
    out = play(tmp_path, "sarasvati", "1\n0\nn\n0\ny\nq\ny\n")
    assert "would go unused" in out and "Not ended: choose again." in out
    assert "0. End the imagine phase" in out


def test_help_rules_cards_piles_and_the_whole_table(tmp_path: Path) -> None:
    out = play(tmp_path, "draws-troidal", "?\nr\nc\nc 1\nl\nv\nq\ny\n")
    assert "Keys: a number chooses" in out
    assert "Opening: keep your five cards" in out
    assert "Cards you can read" in out
    assert "risk" in out and "(life lost when it is trashed)" in out  # card 1 in full
    assert "Opponent · Trash (0): -" in out


def test_a_card_reads_in_japanese_too(tmp_path: Path) -> None:
    out = play(tmp_path, "sarasvati", "c 1\nq\ny\n", "--lang", "ja")
    assert "コスト" in out


def test_resume_continues_an_unfinished_game(tmp_path: Path) -> None:
    first = tmp_path / "first"
    play(first, "draws-troidal", "1\n")
    [old] = first.glob("*.json")
    assert "unfinished" in old.name
    second = tmp_path / "second"
    result = runner.invoke(app, ["play", "--resume", str(old), "--record-dir", str(second)],
                           input="1\n" * 3000, env=WIDE)
    assert result.exit_code == 0, result.output
    assert "Resumed from" in result.output
    [new] = saved(second)
    before = GameRecord.load(old).actions
    assert new.actions[:len(before)] == before
    assert new.result is not None and new.players == ["human", "greedy"]
    assert replay(new).ok


def test_resume_refuses_a_finished_game(tmp_path: Path) -> None:
    play(tmp_path, "draws-troidal", "1\n" * 3000)
    [done] = tmp_path.glob("*.json")
    result = runner.invoke(app, ["play", "--resume", str(done)], env=WIDE)
    assert result.exit_code == 2 and "already over" in result.output


def test_replay_show_as_a_seat_shows_only_that_seats_choices(tmp_path: Path) -> None:
    play(tmp_path, "draws-troidal", "1\n" * 3000)
    [path] = tmp_path.glob("*.json")
    referee = runner.invoke(app, ["replay", str(path), "--show"], env=WIDE)
    seat1 = runner.invoke(app, ["replay", str(path), "--show", "--seat", "1"], env=WIDE)
    assert referee.exit_code == 0 and seat1.exit_code == 0
    assert ". Player 1:" in referee.output and ". Player 2:" in referee.output
    assert ". Player 1:" in seat1.output and ". Player 2:" not in seat1.output
    assert "Lane A:" in seat1.output and "reproduced" in seat1.output


def test_an_error_inside_the_game_still_saves_the_record(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: play_cmd.Session, seat: int) -> int:
        raise RuntimeError("a bug in an agent")

    monkeypatch.setattr(play_cmd.Session, "agent_move", broken)
    result = runner.invoke(app, ["play", "draws-troidal", "--seed", "3", "--record-dir",
                                 str(tmp_path)], input="1\n", env=WIDE)
    assert isinstance(result.exception, RuntimeError)
    assert len(saved(tmp_path)) == 1


def test_ctrl_c_saves_the_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(self: play_cmd.LineInput, prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(play_cmd.LineInput, "__call__", interrupted)
    result = runner.invoke(app, ["play", "draws-troidal", "--record-dir", str(tmp_path)],
                           env=WIDE)
    assert result.exit_code == 130
    assert "Interrupted" in result.output and len(saved(tmp_path)) == 1


# -- fuzzing the terminal's input ----------
FULL_WIDTH = "０１２３４５６７８９"


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=20))
def test_any_line_reads_as_a_number_only_when_it_is_one(line: str) -> None:
    entry = read_entry(line)
    digits = line.strip().translate({ord(c): ord("0") + i for i, c in enumerate(FULL_WIDTH)})
    if entry.number is not None:
        assert digits.isascii() and digits.isdigit() and entry.number == int(digits)
    else:
        assert not (digits and digits.isascii() and digits.isdigit() and len(digits) <= 6)


LINES = st.lists(st.one_of(st.text(max_size=8), st.sampled_from(
    ["1", "2", "0", "y", "n", "b", "u", "c", "c 1", "l", "r", "v", "?", "²", "①", "１"])),
    max_size=25)


@pytest.mark.parametrize("game_id", ["draws-troidal", "sarasvati", "dice-and-monsters"])
@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=LINES)
def test_any_input_ends_cleanly_with_a_saved_record(game_id: str, lines: list[str],
                                                    tmp_path_factory: pytest.TempPathFactory
                                                    ) -> None:
    where = tmp_path_factory.mktemp("fuzz")
    typed = "".join(line.replace("\n", " ").replace("\r", " ") + "\n" for line in lines)
    result = runner.invoke(app, ["play", game_id, "--vs", "random", "--seed", "1",
                                 "--record-dir", str(where)], input=typed, env=WIDE)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == 0, result.output
    [record] = saved(where)
    assert replay(record).ok


def test_card_reading_and_piles_never_show_a_hidden_card(tmp_path: Path) -> None:
    from tests.test_cli_play import secret_deck

    deck, names = secret_deck(tmp_path)
    # keep, set the five lane by lane, then list and read cards and piles before the field opens
    out = play(tmp_path / "records", "draws-troidal", "1\n1\n1\n1\n1\nc\nc 6\nl\nv\n",
               "--opponent-deck", str(deck))
    before = out.partition("The field opens.")[0]
    assert "Cards you can read" in before
    assert not [n for n in names if n in before]


def test_pace_shows_a_battle_round_by_round_with_a_summary(tmp_path: Path) -> None:
    out = play(tmp_path, "dice-and-monsters", "1\n" * 6 + "\n" * 8, "--deck", "holy-flame",
               "--opponent-deck", "dark-menagerie", "--pace")
    assert out.count("-- Enter: next round") >= 2
    assert "Round 1: you dealt" in out and "Round 2: you dealt" in out


def test_undo_and_resume_in_a_game_begun_from_a_scenario(tmp_path: Path) -> None:
    scenario = Path(__file__).parent / "sarasvati" / "scenarios" / "charge.txt"
    first = tmp_path / "first"
    out = play(first, "sarasvati", "1\nu\n2\n", "--scenario", str(scenario))
    assert "Undone: Charge Brawler Takeru" in out
    [old] = saved(first)
    assert old.start is not None and replay(old).ok
    second = tmp_path / "second"
    result = runner.invoke(app, ["play", "--resume", str(sorted(first.glob("*.json"))[0]),
                                 "--record-dir", str(second)], input="q\ny\n", env=WIDE)
    assert result.exit_code == 0, result.output
    [new] = saved(second)
    assert new.start == old.start and new.actions == old.actions and replay(new).ok
    shown = runner.invoke(app, ["replay", str(sorted(second.glob("*.json"))[0]), "--show"],
                          env=WIDE)
    assert shown.exit_code == 0 and "1. Player 1: Charge Transfer Student" in shown.output


def test_the_end_warning_counts_right_and_names_a_choice_it_would_skip(tmp_path: Path) -> None:
    # Dice and Monsters: a full deck with ★ units still to put in the leap deck
    out = play(tmp_path, "dice-and-monsters", "1\n" * 8 + "0\nn\nq\ny\n")
    warning = out.split("Finish the deck:", 1)[1].split("\n", 1)[0]
    assert "(attacks, cards to play)" not in warning and "choice(s)" not in warning
    assert "other choices would go unused, such as “Put in the leap deck: " in out


def test_an_auto_pass_in_japanese_says_so_in_japanese(tmp_path: Path) -> None:
    out = play(tmp_path, "culdcept", "1\n" * 12 + "q\ny\n", "--lang", "ja", "--auto-pass")
    assert "（自動）" in out and "(auto)" not in out


def test_the_end_warning_opens_with_a_capital(tmp_path: Path) -> None:
    # Dreadnought: pass the cast phase with a unit still castable
    out = play(tmp_path, "dreadnought", "0\n0\n0\nn\nq\ny\n", "--auto-pass")
    assert "Pass: " in out and "\npass: " not in out


def test_c_lists_and_shows_dreadnought_cards_too(tmp_path: Path) -> None:
    # Dreadnought's view names its cards by number; c still lists the table and c N shows one
    out = play(tmp_path, "dreadnought", "c\nc 1\nq\ny\n")
    listed = out.split("Cards you can read", 1)[1]
    assert re.search(r"^\s*1\. \S", listed, re.M)
    assert "/ " in listed.split("\n1. ", 1)[1]  # c 1: the card in full with both names


def test_l_lists_the_piles_with_capitals_in_every_game(tmp_path: Path) -> None:
    dread = play(tmp_path / "d", "dreadnought", "l\nq\ny\n")
    assert "You · Discard pile (0): -" in dread and "Opponent · Bursts (0): -" in dread
    sara = play(tmp_path / "s", "sarasvati", "1\nl\nq\ny\n")
    assert "You · Voltage (1): Who Needs Brains!" in sara


def test_the_japanese_seating_line_has_no_spaces_around_the_deck(tmp_path: Path) -> None:
    out = play(tmp_path, "draws-troidal", "q\ny\n", "--lang", "ja")
    seating = next(line for line in out.splitlines() if line.startswith("あなたはプレイヤー"))
    assert "は「" in seating and "」です。" in seating and " です" not in seating


def test_e_ends_the_turn_as_the_browser_does_and_still_stops_at_a_play_to_answer(
        tmp_path: Path) -> None:
    # Dreadnought, seed 3: keep, then End turn at the speed window; the cast, fast and action
    # windows go by themselves; the opponent's awakening on its attack is a play to answer
    out = play(tmp_path, "dreadnought", "0\ne\nq\ny\n")
    speed = out.split("Speed window:", 1)[1]
    prompt = next(line for line in speed.splitlines() if line.startswith("Choice ["))
    assert "e = end turn" in prompt
    assert "You chose: Pass (End turn)" in speed
    passed = speed.count("(End turn)")
    assert passed >= 3, speed  # the press, the cast window and the action windows
    stopped = speed.rsplit("(End turn)", 1)[1]
    assert "awakens" in stopped and "Reaction:" in stopped
    assert "e = end turn" in stopped  # offered again at the play to answer
    [record] = saved(tmp_path)
    assert replay(record).ok


def test_e_is_not_offered_where_the_browser_offers_no_end_turn(tmp_path: Path) -> None:
    # the mulligan is under no stop; Culdcept's one stop is a step of its own turn
    out = play(tmp_path, "dreadnought", "e\nq\ny\n")
    assert "e = end turn" not in out and "e (End turn) is offered only" in out
    args = ["play", "culdcept", "--vs", "greedy", "--seed", "1", "--record-dir", str(tmp_path)]
    out = runner.invoke(app, args, input="q\ny\n", env=WIDE).output  # a spell in hand
    assert "0. Cast no spell" in out and "e = end turn" not in out

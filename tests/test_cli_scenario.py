"""Scenario files through the CLI: play and simulate from one, check one, cut a record into one."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.core import GameRecord, replay

runner = CliRunner()
WIDE = {"COLUMNS": "300"}
TESTS = Path(__file__).parent
DECK_OUT = TESTS / "draws_troidal" / "scenarios" / "deck-out.txt"
BATTLE = TESTS / "dice_and_monsters" / "scenarios" / "wipeout.txt"
SUMMON = TESTS / "sarasvati" / "scenarios" / "summon.txt"


def test_play_starts_from_the_scenario_and_its_record_replays_from_there(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "draws-troidal", "--scenario", str(DECK_OUT), "--vs",
                                 "random", "--record-dir", str(tmp_path)],
                           input="1\n" * 10, env=WIDE)
    assert result.exit_code == 0, result.output
    assert "Seed: 0" in result.output and "You lose." in result.output
    [path] = tmp_path.glob("*.json")
    record = GameRecord.load(path)
    assert record.start is not None and len(record.actions) == 2
    assert replay(record).ok


def test_a_battle_in_progress_plays_out_at_once(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "dice-and-monsters", "--scenario", str(BATTLE),
                                 "--record-dir", str(tmp_path)], input="", env=WIDE)
    assert result.exit_code == 0, result.output
    assert "You win!" in result.output


def test_simulate_says_how_often_each_seat_wins_from_the_position() -> None:
    result = runner.invoke(app, ["simulate", "sarasvati", "--scenario", str(SUMMON), "--games",
                                 "6", "--agents", "greedy", "random", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["scenario"] == str(SUMMON) and summary["games"] == 6
    seats = summary["seats"]
    assert seats["a_first"]["games"] + seats["b_first"]["games"] == 6


def test_simulate_refuses_decks_with_a_scenario() -> None:
    result = runner.invoke(app, ["simulate", "sarasvati", "--scenario", str(SUMMON), "--deck",
                                 "school-mystery", "--games", "2"])
    assert result.exit_code == 2 and "a scenario sets decks" in result.output


def test_cards_check_reports_a_scenario_line_by_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("game: sarasvati\nphase: imagine\n[seat 1]\nhnad: 転校生\n", "utf-8")
    result = runner.invoke(app, ["cards", "check", "sarasvati", str(bad)], env=WIDE)
    assert result.exit_code == 1
    assert f"{bad}:4: unknown key 'hnad' in [seat 1] (did you mean 'hand'?)" in result.output
    assert f"{bad}:3: [seat 1] needs 'book 1:'" in result.output
    ok = runner.invoke(app, ["cards", "check", "sarasvati", str(SUMMON)], env=WIDE)
    assert ok.exit_code == 0 and "no problems" in ok.output


def test_replay_cuts_a_record_at_a_step_into_a_scenario(tmp_path: Path) -> None:
    saved = tmp_path / "records"
    runner.invoke(app, ["simulate", "draws-troidal", "--games", "1", "--agents", "random",
                        "random", "--save-dir", str(saved)])
    [record] = saved.glob("*.json")
    out = tmp_path / "cut.txt"
    result = runner.invoke(app, ["replay", str(record), "--scenario-at", "7", "-o", str(out)],
                           env=WIDE)
    assert result.exit_code == 0, result.output
    assert out.read_text("utf-8").splitlines()[1] == "game: draws-troidal"
    check = runner.invoke(app, ["cards", "check", "draws-troidal", str(out)], env=WIDE)
    assert check.exit_code == 0, check.output
    beyond = runner.invoke(app, ["replay", str(record), "--scenario-at", "99999"], env=WIDE)
    assert beyond.exit_code == 2 and "--scenario-at: the record has steps 0 to" in beyond.output


def test_the_readme_scenario_example_loads_and_plays(tmp_path: Path) -> None:
    readme = (TESTS.parent / "README.md").read_text("utf-8")
    section = readme.split("## Positions and puzzles", 1)[1]
    example = section.split("```\n", 2)[1]
    path = tmp_path / "puzzle.txt"
    path.write_text(example, "utf-8")
    check = runner.invoke(app, ["cards", "check", "draws-troidal", str(path)], env=WIDE)
    assert check.exit_code == 0, check.output
    result = runner.invoke(app, ["simulate", "draws-troidal", "--scenario", str(path), "-n", "4",
                                 "--agents", "greedy", "random", "--json"])
    assert result.exit_code == 0, result.output


def test_replay_cuts_a_dice_and_monsters_battle_at_a_round(tmp_path: Path) -> None:
    saved = tmp_path / "records"
    runner.invoke(app, ["simulate", "dice-and-monsters", "--games", "1", "--agents", "random",
                        "random", "--save-dir", str(saved)])
    [record] = saved.glob("*.json")
    last = len(GameRecord.load(record).actions) - 1
    out = tmp_path / "round2.txt"
    result = runner.invoke(app, ["replay", str(record), "--scenario-at", str(last), "--round",
                                 "2", "-o", str(out)], env=WIDE)
    if "ended before round 2" in result.output:
        return  # a wipeout in round 1: nothing to cut
    assert result.exit_code == 0, result.output
    assert "phase: battle" in out.read_text("utf-8")
    check = runner.invoke(app, ["cards", "check", "dice-and-monsters", str(out)], env=WIDE)
    assert check.exit_code == 0, check.output
    other = runner.invoke(app, ["replay", str(record), "--scenario-at", "1", "--round", "2"],
                          env=WIDE)
    assert other.exit_code == 2 and "seat 2 answers the team step" in other.output

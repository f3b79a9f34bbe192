"""``cardtable simulate`` through the CLI: JSON contract, worker independence, clean errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.app import app

runner = CliRunner()
BASE = ["simulate", "draws-troidal", "--games", "12", "--seed", "4", "--agents", "greedy",
        "random"]


def run_json(*extra: str) -> dict:
    result = runner.invoke(app, [*BASE, "--json", *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # exactly one JSON object, nothing else on stdout


def test_json_has_the_keys_and_ignores_worker_count() -> None:
    one = run_json("--workers", "1")
    assert {"game", "games", "agents", "seed", "wins", "draws", "win_rate", "ci95",
            "mean_turns", "seats"} <= set(one)
    assert one["games"] == 12 and one["agents"] == ["greedy", "random"]
    assert run_json("--workers", "2") == one


def test_table_output(tmp_path: Path) -> None:
    result = runner.invoke(app, [*BASE, "--save-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for words in ("A: greedy", "B: random", "95% CI", "as seat 1", "mean turns", "games/s"):
        assert words in result.stdout
    assert len(list(tmp_path.glob("game-*.json"))) == 12


def test_decks_follow_the_agents() -> None:
    summary = run_json("--deck", "sea-and-forest", "--opponent-deck", "fire-and-steel")
    assert summary["decks"] != summary["decks"][::-1]


def test_swap_decks_splits_agent_a_by_deck() -> None:
    summary = run_json("--swap-decks")
    assert summary["swap_decks"] is True
    assert [e["games"] for e in summary["a_by_deck"]] == [6, 6]
    table = runner.invoke(app, [*BASE, "--swap-decks"])
    assert table.exit_code == 0 and "A with" in table.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["simulate", "draws-troidal", "--agents", "nope", "random"], "no agent 'nope'"),
        (["simulate", "draws-troidal", "--games", "0"], "--games must be 1 to 10,000,000"),
        (["simulate", "draws-troidal", "--workers", "1000"], "--workers must be 1 to"),
        (["simulate", "sarasvati", "-o", "hand_size=0"], "'hand_size' must be 1 to 10"),
        (["simulate", "no-such-game"], "no game"),
        (["simulate", "sketch"], "not playable"),  # the conftest's unbuilt entry
        (["simulate", "draws-troidal", "--deck", "no-such-deck"], "no deck"),
    ],
)
def test_bad_arguments_give_one_clean_error(args: list[str], words: str,
                                            unbuilt_game: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code != 0
    assert words in " ".join(result.stderr.split())
    assert result.stdout == ""
    assert "Traceback" not in result.output


def test_game_options_reach_every_game_and_the_summary() -> None:
    short = run_json("--option", "life=5")
    assert short["options"] == {"life": 5}
    assert short["mean_turns"] < run_json()["mean_turns"]


@pytest.mark.parametrize("flag, words", [("life", "key=value"), ("lives=3", "did you mean")])
def test_bad_game_options_are_clean_errors(flag: str, words: str) -> None:
    result = runner.invoke(app, [*BASE, "--option", flag])
    assert result.exit_code != 0 and words in " ".join(result.output.split()).lower()
    assert "Traceback" not in result.output

"""``cardtable bench`` through the CLI: the JSON keys scripts rely on (never the speeds)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cardtable.cli.app import app

runner = CliRunner()
KEYS = {"game", "games", "seconds", "games_per_s", "steps_per_s", "mean_steps", "clone_us"}


def test_bench_json_keys() -> None:
    result = runner.invoke(app, ["bench", "draws-troidal", "--seconds", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) >= KEYS
    assert data["game"] == "draws-troidal"
    assert data["games"] >= 1 and data["mean_steps"] > 0 and data["clone_us"] > 0


def test_bench_table() -> None:
    result = runner.invoke(app, ["bench", "draws-troidal", "--seconds", "0.1"])
    assert result.exit_code == 0, result.output
    assert "games/s" in result.stdout and "clone" in result.stdout


def test_bench_bad_arguments() -> None:
    for args, words in ((["bench", "nope"], "no game"),
                        (["bench", "draws-troidal", "--seconds", "0"],
                         "--seconds must be 0.1 to 3600")):
        result = runner.invoke(app, args)
        assert result.exit_code != 0
        assert words in " ".join(result.stderr.split())
        assert "Traceback" not in result.output


def test_bench_times_the_search_agent_when_asked() -> None:
    result = runner.invoke(app, ["bench", "draws-troidal", "--seconds", "0.1", "--search", "20",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["search_iters"] == 20 and data["search_iters_per_s"] > 0
    assert data["search_decisions"] >= 1


def test_bench_passes_game_options_and_counts_the_cards() -> None:
    result = runner.invoke(app, ["bench", "draws-troidal", "--seconds", "0.1", "-o", "life=7",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["options"] == {"life": 7} and data["cards_in_game"] == 120
    bad = runner.invoke(app, ["bench", "draws-troidal", "--seconds", "0.1", "-o", "lfe=7"])
    assert bad.exit_code != 0 and "life" in " ".join(bad.stderr.split())


def test_the_search_is_timed_on_decisions_it_searches_not_on_ones_the_policy_settles() -> None:
    """Dice and Monsters' first half is deck building, which the agent leaves to its policy:
    the search figure comes from its team steps instead, so it is never zero."""
    from cardtable.sim.bench import search_speed, searched_states

    states = searched_states("dice-and-monsters", 3, seed=1)
    assert len(states) == 3
    assert all(s.view(s.current_player())["phase"] == "team" for s in states)
    figures = search_speed("dice-and-monsters", 5, seed=1, samples=2)
    assert figures["search_decisions"] == 2 and figures["search_iters_per_s"] > 0


def test_the_playout_picks_what_randbelow_picks() -> None:
    """``random_playout`` writes the generator out for speed; it must pick as ``rng.randbelow``
    does, so a bench plays the same games as before for the same seed."""
    from cardtable.core import load_game, rng
    from cardtable.sim.bench import random_playout

    game = load_game("draws-troidal")
    fast = game.new_game(3)
    steps, gen = random_playout(fast, 11)
    slow = game.new_game(3)
    state = 11
    while slow.current_player() >= 0:
        legal = slow.legal_actions()
        state, i = rng.randbelow(state, len(legal))
        slow.apply(legal[i])
    assert (steps, gen) == (len(slow.history), state)
    assert fast.history == slow.history

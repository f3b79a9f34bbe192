"""The ladder (``cardtable ladder``): a round robin fitted to Bradley–Terry ratings."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.sim.ladder import Pair, fit, markdown, pair_key, play_pair, ratings, run_ladder


def test_the_fit_orders_agents_by_their_wins_with_the_anchor_at_zero() -> None:
    pairs = [Pair("random", "easy", 40, 8, 32, 0, 0.0), Pair("easy", "hard", 40, 10, 30, 0, 0.0),
             Pair("random", "hard", 40, 2, 38, 0, 0.0)]
    r = fit(["random", "easy", "hard"], pairs, "random")
    assert r["random"] == 0.0 and 0 < r["easy"] < r["hard"]


def test_an_even_pair_is_rated_even_and_a_clean_sweep_stays_finite() -> None:
    assert abs(fit(["a", "b"], [Pair("a", "b", 20, 10, 10, 0, 0.0)], "a")["b"]) < 1e-6
    swept = fit(["a", "b"], [Pair("a", "b", 20, 0, 20, 0, 0.0)], "a")["b"]
    assert 300 < swept < 1000  # half a win of prior each side keeps it finite


def test_each_rating_comes_with_an_interval_around_it() -> None:
    pairs = [Pair("random", "greedy", 30, 6, 24, 0, 0.0)]
    r = ratings(["random", "greedy"], pairs, seed=1)
    g = r["greedy"]
    assert g["low"] <= g["rating"] <= g["high"] and g["low"] < g["high"]
    assert g["games"] == 30
    assert ratings(["random", "greedy"], pairs, seed=1) == r  # seeded: the same table again


def test_a_pairing_already_played_is_read_back(tmp_path: Path) -> None:
    key = pair_key("draws-troidal", "random", "greedy", 4, 1)
    saved = {"game": "draws-troidal", "seed": 1, "a": "random", "b": "greedy", "games": 4,
             "a_wins": 3, "b_wins": 1, "draws": 0, "seconds": 1.0}
    (tmp_path / f"pair-{key}.json").write_text(json.dumps(saved), "utf-8")
    pair = play_pair("draws-troidal", "random", "greedy", 4, 1, out=tmp_path)
    assert (pair.a_wins, pair.b_wins) == (3, 1)  # not played again (greedy would win more)


def test_a_small_ladder_rates_every_agent_and_prints_its_tables(tmp_path: Path) -> None:
    result = run_ladder("draws-troidal", ["random", "greedy", "beginner"], games=4, seed=2,
                        out=tmp_path)
    assert set(result["ratings"]) == {"random", "greedy", "beginner"}
    assert len(result["pairs"]) == 3 and len(list(tmp_path.glob("pair-*.json"))) == 3
    text = markdown(result)
    assert "| random | 0 | 0 by definition |" in text and "Wilson" in text


def test_the_ladder_command_prints_the_table(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["ladder", "draws-troidal", "--games", "2", "-a", "random",
                                      "-a", "normal", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "| normal |" in result.output


def test_a_pairing_is_kept_apart_from_another_that_plays_the_same_agents() -> None:
    # normal plays greedy: the same game, but another pairing of the table
    assert pair_key("draws-troidal", "random", "greedy", 4, 1) != \
        pair_key("draws-troidal", "random", "normal", 4, 1)


def test_a_retuned_level_is_played_again() -> None:
    from cardtable.sim.ladder import fingerprint

    assert fingerprint("draws-troidal", "normal") == "greedy"
    assert fingerprint("draws-troidal", "beginner").startswith("soft-greedy:temperature=")
    assert "@" in fingerprint("culdcept", "expert")  # the weights' digest
    assert fingerprint("draws-troidal", "hard").startswith("rollout:iters=")  # no weights

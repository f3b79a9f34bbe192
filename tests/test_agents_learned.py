"""The shipped learned weights: each game's file fits its observation, evaluates the same every
time with NumPy alone, and the search that uses it reads only samples of its own view."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardtable.agents import make_agent
from cardtable.agents.learned import has_weights, load_network, weights_path
from cardtable.core import CardtableError, list_games, load_game

PLAYABLE = [g.id for g in list_games() if g.playable]
#: the most a game's weights file may weigh (the issue's budget)
MAX_BYTES = 2_000_000


def _positions(game_id: str, seed: int = 3, most: int = 12):
    game = load_game(game_id)
    rng = random.Random(seed)
    state = game.new_game(seed)
    out = []
    while not state.is_terminal() and len(out) < most:
        if rng.random() < 0.3:
            out.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return game, out


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_game_ships_weights_that_fit_its_observation(game_id: str) -> None:
    assert has_weights(game_id), f"{game_id}: no {weights_path(game_id)}"
    assert weights_path(game_id).stat().st_size <= MAX_BYTES
    game = load_game(game_id)
    net = load_network(game)
    assert net.observation_size == game.observation_size
    assert net.num_actions == game.num_actions


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_learned_value_and_prior_evaluate_the_same_every_time(game_id: str) -> None:
    game, positions = _positions(game_id)
    net = load_network(game)
    for state in positions:
        seat = max(state.current_player(), 0)
        obs = game.encode(state.view(seat))
        v = net.value(obs)
        assert 0.0 < v < 1.0 and v == net.value(list(obs))
        # the search reads the same number from the state through the fast writer
        assert net.value_state(game, state, seat) == pytest.approx(v, abs=1e-6)
        legal = state.legal_actions()
        probs = net.probabilities(obs, legal)
        assert probs == net.probabilities(obs, legal)
        assert sum(probs) == pytest.approx(1.0)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_two_sided_value_is_seat_0s_chance_judged_by_both_seats(game_id: str) -> None:
    game, positions = _positions(game_id)
    net = load_network(game)
    for state in positions:
        both = net.value_both(game, state)
        v0, v1 = net.value_state(game, state, 0), net.value_state(game, state, 1)
        assert both == pytest.approx((v0 + 1.0 - v1) / 2, abs=1e-12)
        assert 0.0 < both < 1.0


def test_the_search_reads_one_or_both_seats_values_as_asked() -> None:
    assert make_agent("mcts-learned:iters=4").spec() == "mcts-learned:iters=4"
    assert make_agent("mcts-learned:iters=4,sides=1").spec() == "mcts-learned:iters=4,sides=1"
    with pytest.raises(CardtableError, match="sides"):
        make_agent("mcts-learned:sides=3")


def test_weights_of_another_shape_are_refused(tmp_path) -> None:
    from cardtable.agents.learned import read_network, save_network

    net = load_network(load_game("draws-troidal"))
    arrays = {k: getattr(net, k) for k in ("dense", "cards", "mean", "scale", "w", "e", "b",
                                           "v", "p", "q")}
    arrays["c"] = np.float32(net.c)
    save_network(tmp_path / "w.npz", arrays, {**net.meta, "observation_size": 5})
    assert read_network(tmp_path / "w.npz").observation_size == 5
    with pytest.raises(CardtableError, match="train them again"):
        load_network(load_game("draws-troidal"), tmp_path / "w.npz")


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_learned_search_plays_a_whole_game(game_id: str) -> None:
    from cardtable.sim.match import play_match

    game = load_game(game_id)
    agents = [make_agent("mcts-learned:iters=4"), make_agent("learned-policy")]
    assert play_match(game, agents, seed=2, quiet=True).is_terminal()

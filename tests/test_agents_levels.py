"""The five levels: every one plays every game, reproducibly, and sees only what its seat sees."""

from __future__ import annotations

import random

import pytest

from cardtable.agents import make_agent
from cardtable.agents.levels import (
    DESCRIPTIONS,
    LEVELS,
    describe,
    level_spec,
    measured_rating,
    soft_choice,
)
from cardtable.core import CardtableError, list_games, load_game
from cardtable.sim.match import play_match

PLAYABLE = [g.id for g in list_games() if g.playable]
#: every level at a budget a test can afford (the searching levels at a few iterations)
CHEAP = ["beginner", "easy", "normal", "hard:iters=4", "expert:iters=4"]


@pytest.mark.parametrize("game_id", PLAYABLE)
@pytest.mark.parametrize("spec", CHEAP)
def test_every_level_plays_a_whole_game_of_every_game(game_id: str, spec: str) -> None:
    game = load_game(game_id)
    state = play_match(game, [make_agent(spec), make_agent("random")], seed=3, quiet=True)
    assert state.is_terminal()


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_level_replays_the_same_game_from_the_same_seed(game_id: str) -> None:
    game = load_game(game_id)
    games = [play_match(game, [make_agent("beginner"), make_agent("expert:iters=4")], seed=5,
                        quiet=True).history for _ in range(2)]
    assert games[0] == games[1]


def _twin_positions(game_id: str, seed: int, every: int = 9, most: int = 4):
    """Positions of a random game where a seat decides, with that seat's hidden twin."""
    game = load_game(game_id)
    rng = random.Random(seed)
    state = game.new_game(seed)
    step = found = 0
    while not state.is_terminal() and found < most:
        legal = state.legal_actions()
        seat = state.current_player()
        if step % every == 0 and len(legal) > 1:
            twin = game.hidden_twin(state, seat, seed * 100 + step)
            assert twin.view(seat) == state.view(seat)
            yield state, twin, seat
            found += 1
        state.apply(legal[rng.randrange(len(legal))])
        step += 1


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_no_level_sees_a_hidden_card(game_id: str) -> None:
    """A position and its hidden twin (the opponent's unseen cards dealt again) look the same
    to the deciding seat, so with the same seed every level must choose the same move.
    (Dice and Monsters shows both decks: its twins differ, if at all, in a secret answer.)"""
    game = load_game(game_id)
    checked = 0
    for seed in (1, 2):
        for state, twin, seat in _twin_positions(game_id, seed):
            legal = state.legal_actions()
            assert twin.legal_actions() == legal
            for spec in [*CHEAP, "learned-policy", "mcts-learned:iters=4,deep=1",
                         "rollout:iters=4,k=2,depth=1"]:
                moves = []
                for position in (state, twin):
                    agent = make_agent(spec)
                    agent.reset(77)
                    moves.append(agent.act(game, position.view(seat), legal))
                assert moves[0] == moves[1], f"{spec} chose differently in the hidden twin"
            checked += 1
    assert checked >= 2


def test_a_searching_level_takes_a_budget_and_says_it_in_its_spec() -> None:
    assert make_agent("expert:iters=7").spec() == "expert:iters=7"
    assert make_agent("hard").spec() == "hard"
    with pytest.raises(CardtableError, match="does not search"):
        make_agent("beginner:iters=7")


def test_the_levels_are_named_and_described_in_both_languages() -> None:
    assert tuple(DESCRIPTIONS) == LEVELS
    for level in LEVELS:
        en, ja = describe(level, "en"), describe(level, "ja")
        assert en and ja and en != ja
        assert make_agent(level).name == level


def test_beginner_softens_greedy_and_normal_is_greedy() -> None:
    assert level_spec("normal", "draws-troidal") == "greedy"
    assert level_spec("beginner", "draws-troidal").startswith("soft-greedy:")


def test_a_cold_softmax_plays_the_best_score_and_a_warm_one_spreads() -> None:
    rand = random.Random(1)
    scores = [1.0, 3.0, 2.0, 0.5]
    assert {soft_choice(scores, 0.01, rand) for _ in range(50)} == {1}
    warm = [soft_choice(scores, 1.0, rand) for _ in range(400)]
    assert len(set(warm)) >= 3 and warm.count(1) == max(warm.count(i) for i in range(4))


def test_a_game_whose_levels_roll_out_plays_hard_and_expert_as_rollouts(monkeypatch) -> None:
    from cardtable.agents import levels

    settings = {**levels.DEFAULTS, "search": "rollout", "hard_iters": 8, "expert_iters": 40,
                "hard_k": 3, "hard_depth": 2, "expert_k": 4, "expert_depth": 4}
    monkeypatch.setattr(levels, "level_settings", lambda game_id: settings)
    assert level_spec("hard", "culdcept") == "rollout:iters=8,k=3,depth=2"
    assert level_spec("expert", "culdcept") == "rollout:iters=40,k=4,depth=4"
    assert level_spec("expert", "culdcept", 12) == "rollout:iters=12,k=4,depth=4"
    assert level_spec("normal", "culdcept") == "greedy"


def test_a_rollout_level_with_a_margin_keeps_greedys_move_unless_beaten_by_it(monkeypatch) -> None:
    from cardtable.agents import levels

    settings = {**levels.DEFAULTS, "search": "rollout", "hard_iters": 4, "hard_k": 2,
                "hard_depth": 1, "hard_margin": 0.2}
    monkeypatch.setattr(levels, "level_settings", lambda game_id: settings)
    spec = level_spec("hard", "culdcept")
    assert spec == "rollout:iters=4,k=2,depth=1,margin=0.2"
    assert make_agent(spec).margin == 0.2


def test_an_unmeasured_level_shows_no_rating() -> None:
    assert measured_rating("draws-troidal", "no-such-agent") is None


def test_the_gymnasium_env_takes_a_level_an_agent_or_a_callable_as_opponent() -> None:
    pytest.importorskip("gymnasium")
    from cardtable.rl import gym_env

    calls = []

    def first_legal(game, view, legal):
        calls.append(len(legal))
        return legal[0]

    for opponent in ("beginner", make_agent("easy"), first_legal):
        env = gym_env("draws-troidal", opponent=opponent, seat=0)
        _obs, info = env.reset(seed=3)
        done = False
        while not done:
            action = int(info["action_mask"].view(bool).nonzero()[0][0])
            _obs, _reward, done, _truncated, info = env.step(action)
    assert calls  # the callable played the other seat

"""The greedy サラスヴァティTCG policy: legal, view-only, and clearly better than chance."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from cardtable.agents.base import Agent
from cardtable.agents.registry import make_agent
from cardtable.core.contract import Game
from cardtable.games.sarasvati.game import GAME
from cardtable.games.sarasvati.greedy import choose
from cardtable.sim.match import play_match

Policy = Callable[[Game, dict[str, Any], list[int]], int]


class _PolicyAgent(Agent):
    name = "policy-under-test"

    def __init__(self, policy: Policy) -> None:
        super().__init__()
        self.policy = policy

    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        assert view is not None
        return self.policy(game, view, legal)


def _end_at_once(game: Game, view: dict[str, Any], legal: list[int]) -> int:
    return legal[0]  # code 0: end every phase without doing anything


def _wins_against_random(agent: Agent, games: int) -> int:
    rand = make_agent("random")
    wins = 0
    for seed in range(games):
        seat = seed % 2
        seats = [agent, rand] if seat == 0 else [rand, agent]
        wins += play_match(GAME, seats, seed).winner() == seat
    return wins


def test_greedy_plays_only_legal_codes_and_leaves_the_view_alone() -> None:
    rand = make_agent("random")
    phases: set[str] = set()
    for seed in range(4):
        rand.reset(seed)
        state = GAME.new_game(seed)
        while (seat := state.current_player()) >= 0:
            legal = state.legal_actions()
            view = state.view(seat)
            if seat == seed % 2:
                before = copy.deepcopy(view)
                code = choose(GAME, view, legal)
                assert code in legal
                assert view == before
                phases.add(view["phase"])
            else:
                code = rand.act(GAME, None, legal)
            state.apply(code)
        assert state.result() is not None
    assert {"charge", "imagine", "battle"} <= phases


def test_greedy_depends_on_the_view_alone() -> None:
    greedy, rand = make_agent("greedy"), make_agent("random")
    compared = 0
    for seed in range(3):
        rand.reset(seed)
        state = GAME.new_game(seed)
        while (seat := state.current_player()) >= 0:
            legal = state.legal_actions()
            view = state.view(seat)
            sample = GAME.sample_state(view, 1000 + seed)
            assert sample.view(seat) == view and sample.legal_actions() == legal
            assert greedy.act(GAME, sample.view(seat), legal) == greedy.act(GAME, view, legal)
            compared += 1
            state.apply(rand.act(GAME, None, legal))
    assert compared > 30


def test_greedy_beats_random() -> None:
    # Seats alternate, so greedy plays both default decks; it wins 99.9% of 1,000 games.
    games = 100
    assert _wins_against_random(make_agent("greedy"), games) >= 0.9 * games


def test_the_win_bar_rejects_a_policy_without_judgement() -> None:
    games = 100
    assert _wins_against_random(_PolicyAgent(_end_at_once), games) < 0.9 * games


def test_scores_rank_the_chosen_move_first() -> None:
    """The search's prior reads ``scores``; its best code is the move ``choose`` plays."""
    from cardtable.games.sarasvati.greedy import scores
    from cardtable.sim.bench import mid_game_states

    game = GAME
    checked = 0
    for state in mid_game_states("sarasvati", 40, seed=4):
        seat = state.current_player()
        legal = state.legal_actions()
        view = state.view(seat)
        values = scores(game, view, legal)
        assert len(values) == len(legal)
        assert max(values) == values[legal.index(choose(game, view, legal))]
        checked += len(legal) > 1
    assert checked > 10

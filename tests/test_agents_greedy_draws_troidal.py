"""The greedy DRAWS-◎-TROIDAL policy: legal, view-only, and clearly better than chance."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from cardtable.agents.base import Agent
from cardtable.agents.registry import make_agent
from cardtable.core.contract import Game
from cardtable.games.draws_troidal.game import GAME
from cardtable.games.draws_troidal.greedy import choose
from cardtable.sim.match import play_match

Policy = Callable[[Game, dict[str, Any], list[int]], int]


class _PolicyAgent(Agent):
    """Wraps a bare policy so the match loop can seat it."""

    name = "policy-under-test"

    def __init__(self, policy: Policy) -> None:
        super().__init__()
        self.policy = policy

    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        assert view is not None
        return self.policy(game, view, legal)


def _first_legal(game: Game, view: dict[str, Any], legal: list[int]) -> int:
    return legal[0]


def _wins_against_random(agent: Agent, games: int) -> int:
    """Wins over seeds ``0 .. games-1``, taking seat 1 on odd seeds (each shipped deck in turn)."""
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
    assert {"opening-redo", "opening-set", "field-set", "field-shuffle"} <= phases


def test_greedy_depends_on_the_view_alone() -> None:
    """A sampled state that shows the same view must get the same answer: nothing else leaks."""
    greedy, rand = make_agent("greedy"), make_agent("random")
    compared = hidden_differs = 0
    for seed in range(3):
        rand.reset(seed)
        state = GAME.new_game(seed)
        while (seat := state.current_player()) >= 0:
            legal = state.legal_actions()
            view = state.view(seat)
            sample = GAME.sample_state(view, 1000 + seed)
            if sample.view(seat) == view and sample.legal_actions() == legal:
                assert greedy.act(GAME, sample.view(seat), legal) == greedy.act(GAME, view, legal)
                compared += 1
                hidden_differs += sample.hand[1 - seat] != state.hand[1 - seat]
            state.apply(rand.act(GAME, None, legal))
    assert compared > 30
    assert hidden_differs > compared // 2  # the samples really hide a different opponent hand


def test_greedy_beats_random() -> None:
    # Seats alternate, so greedy plays both default decks. It wins about 80% over 1,000 games
    # and 163 of these 200; two random players split them about evenly.
    games = 200
    assert _wins_against_random(make_agent("greedy"), games) >= 0.65 * games


def test_the_win_bar_rejects_a_policy_without_judgement() -> None:
    """The bar above can fail: always taking the first legal code falls well short of it."""
    games = 200
    assert _wins_against_random(_PolicyAgent(_first_legal), games) < 0.65 * games

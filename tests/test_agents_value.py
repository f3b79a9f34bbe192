"""Position values for the search's cut-off: probabilities, symmetric, ordered, view-only.

Why these properties: the search backs a value up for both seats, so it must be a probability
and the two seats' values must add up to about one; it must prefer a won position to the
mirrored lost one; and it must read nothing the seat cannot see, or the search would cheat.
"""

from __future__ import annotations

import copy
import random
from types import ModuleType
from typing import Any

import pytest

from cardtable.core import load_game
from cardtable.games.culdcept import value as value_culdcept
from cardtable.games.draws_troidal import value as value_draws_troidal
from cardtable.games.sarasvati import value as value_sarasvati
from cardtable.sim.bench import mid_game_states

MODULES = {"draws-troidal": value_draws_troidal, "sarasvati": value_sarasvati,
           "culdcept": value_culdcept}
GAMES = sorted(MODULES)


def views_of_play(game_id: str, games: int, seed: int) -> list[tuple[Any, int]]:
    """(state, seat) pairs at every tenth step of random games, both seats."""
    game = load_game(game_id)
    rng = random.Random(seed)
    found = []
    for g in range(games):
        state = game.new_game(seed * 100 + g)
        step = 0
        while state.current_player() >= 0:
            if step % 10 == 0:
                found.append((state.clone(), rng.randrange(2)))
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            step += 1
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_value_is_a_probability_on_mid_game_views(game_id: str) -> None:
    value = MODULES[game_id].value
    seen = set()
    for state, seat in views_of_play(game_id, 6, 1):
        v = value(state.view(seat))
        assert 0.0 < v < 1.0
        seen.add(round(v, 2))
    assert len(seen) > 5  # it does tell positions apart


@pytest.mark.parametrize("game_id", GAMES)
def test_the_search_reads_the_same_value_from_the_brief_view(game_id: str) -> None:
    """The search scores a cut-off with ``brief_view`` (the view less its card table)."""
    value = MODULES[game_id].value
    for state, seat in views_of_play(game_id, 4, 2):
        brief, full = state.brief_view(seat), state.view(seat)
        assert {k: v for k, v in brief.items() if k != "cards"} == \
            {k: v for k, v in full.items() if k != "cards"}
        assert value(brief) == value(full)


@pytest.mark.parametrize("game_id", GAMES)
def test_value_is_antisymmetric_between_the_seats(game_id: str) -> None:
    value = MODULES[game_id].value
    for state in mid_game_states(game_id, 20, seed=3):
        assert abs(value(state.view(0)) + value(state.view(1)) - 1.0) < 0.02


def _won_draws(view: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    me = view["player"]
    won, lost = copy.deepcopy(view), copy.deepcopy(view)
    won["life"][me], won["life"][1 - me] = 40, 1
    lost["life"][me], lost["life"][1 - me] = 1, 40
    return won, lost


def _won_sarasvati(view: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    won, lost = copy.deepcopy(view), copy.deepcopy(view)
    for side, states in ((won["you"], "ddd"), (won["opponent"], "xxo"),
                         (lost["you"], "xxo"), (lost["opponent"], "ddd")):
        for book, s in zip(side["books"], states, strict=True):
            book["state"] = {"d": "face-down", "o": "open", "x": "destroyed"}[s]
    return won, lost


def _won_culdcept(view: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    won, lost = copy.deepcopy(view), copy.deepcopy(view)
    won["you"]["points"], won["opponent"]["points"] = 9, 0
    lost["you"]["points"], lost["opponent"]["points"] = 0, 9
    return won, lost


@pytest.mark.parametrize("game_id", GAMES)
def test_a_won_position_scores_above_the_mirrored_lost_one(game_id: str) -> None:
    value = MODULES[game_id].value
    edit = {"draws-troidal": _won_draws, "sarasvati": _won_sarasvati,
            "culdcept": _won_culdcept}[game_id]
    gaps = []
    for state in mid_game_states(game_id, 10, seed=5):
        won, lost = edit(state.view(state.current_player()))
        # in サラスヴァティ a much stronger board can still outweigh one book left (0.999
        # against 0.965 in one position), so the edit always orders the two and moves the
        # value a long way on average, without always crossing one half
        assert value(won) > value(lost)
        gaps.append(value(won) - value(lost))
    # 0.3: since サラスヴァティ's imagine phase waits for an answer whenever the hand could hide
    # a playable card, these halfway positions of random games are more lopsided on the board
    # (gaps 0.03 to 0.71, mean 0.34); before, the mean was above 0.5
    assert sum(gaps) / len(gaps) > 0.3


@pytest.mark.parametrize("game_id", GAMES)
def test_value_ignores_what_the_seat_cannot_see(game_id: str) -> None:
    """A determinization redraws the opponent's hidden cards and every deck order; the value
    read from the seat's view stays the same (it reads the view only, so by construction)."""
    game = load_game(game_id)
    value = MODULES[game_id].value
    for state in mid_game_states(game_id, 5, seed=7):
        seat = state.current_player()
        view = state.view(seat)
        for seed in range(3):
            sample = game.sample_state(view, seed)
            assert value(sample.view(seat)) == value(view)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_does_not_crash_the_value(game_id: str) -> None:
    game = load_game(game_id)
    rng = random.Random(2)
    state = game.new_game(2)
    while state.current_player() >= 0:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    for seat in range(2):
        assert 0.0 < MODULES[game_id].value(state.view(seat)) < 1.0


def test_every_feature_has_a_weight() -> None:
    modules: list[ModuleType] = list(MODULES.values())
    for module in modules:
        assert len(module.FEATURES) == len(module.WEIGHTS)


def test_the_state_value_is_the_value_of_the_view() -> None:
    """``value_state`` (what the search asks at a cut-off) reads the state's public parts in
    place of the view: at every step of random games, finished ones included, and for both
    seats, it gives the view's value to the last bit."""
    game = load_game("sarasvati")
    rng = random.Random(4)
    checked = 0
    for g in range(8):
        state = game.new_game(400 + g)
        while True:
            for seat in (0, 1):
                assert value_sarasvati.value_state(state, seat) == \
                    value_sarasvati.value(state.brief_view(seat))
                checked += 1
            if state.current_player() < 0:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 1000

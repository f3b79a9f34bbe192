"""The state plumbing every game shares (``core/match_state.py``)."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.core import registry
from cardtable.core.match_state import MatchState, plain, tuples

#: the games whose state derives from MatchState (optional for a game; all five do today)
GAMES = [g.id for g in registry.list_games() if g.playable
         and issubclass(registry.load_game(g.id).state_class, MatchState)]


def test_the_shared_state_is_in_use() -> None:
    assert GAMES


def test_plain_and_tuples_undo_each_other() -> None:
    value = (1, (2, 3), [4, (5, ())], None, "x")
    assert plain(value) == [1, [2, 3], [4, [5, []]], None, "x"]
    assert tuples(plain(value)) == (1, (2, 3), (4, (5, ())), None, "x")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_state_opens_its_json_with_the_shared_head(game_id: str) -> None:
    state = registry.load_game(game_id).new_game(seed=3)
    assert isinstance(state, MatchState)
    data = state.to_json()
    head = state.json_head()
    assert list(data)[:len(head)] == list(head)
    assert {k: data[k] for k in head} == head


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_match_reports_its_outcome_through_the_shared_accessors(game_id: str) -> None:
    game = registry.load_game(game_id)
    state = game.new_game(seed=5)
    rng = random.Random(5)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.phase == state.over
    assert state.is_draw() == (state.winner() is None)
    assert state.winner() in (None, 0, 1)
    assert state.end_reason()
    back = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert (back.winner(), back.is_draw(), back.turn) == (state.winner(), state.is_draw(),
                                                           state.turn)

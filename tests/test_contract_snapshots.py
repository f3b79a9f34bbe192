"""A snapshot is plain data: it shares nothing mutable with the state, in either direction.

Checked for every playable game at random decision points: editing every list and dict of
``to_json()`` or of a view leaves the state as it was, and a state built by
``state_from_json`` is not changed by later edits of the caller's dict.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bounded import play_on
from cardtable.core import State, list_games, load_game

PLAYABLE = [g.id for g in list_games() if g.playable]
FEW = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def canonical(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True, ensure_ascii=False)


def vandalize(data: Any) -> None:
    """Change every list and dict inside ``data`` in place."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
            value["vandal"] = 1
        elif isinstance(value, list):
            stack.extend(value)
            value.append("vandal")


def position(game_id: str, seed: int, steps: int) -> State:
    return play_on(load_game(game_id).new_game(seed), seed, steps)


@pytest.mark.parametrize("game_id", PLAYABLE)
@FEW
@given(seed=st.integers(0, 2**32), steps=st.sampled_from([0, 3, 30, 10_000]))
def test_editing_a_snapshot_never_edits_the_game(game_id: str, seed: int, steps: int) -> None:
    state = position(game_id, seed, steps)
    before = canonical(state)
    vandalize(state.to_json())
    assert canonical(state) == before


@pytest.mark.parametrize("game_id", PLAYABLE)
@FEW
@given(seed=st.integers(0, 2**32), steps=st.sampled_from([0, 3, 30, 10_000]))
def test_editing_a_view_never_edits_the_game(game_id: str, seed: int, steps: int) -> None:
    """A front end may keep and change what it was shown; the game must not notice."""
    state = position(game_id, seed, steps)
    before = canonical(state)
    for player in range(state.game.num_players):
        vandalize(state.view(player))
    assert canonical(state) == before


@pytest.mark.parametrize("game_id", PLAYABLE)
@FEW
@given(seed=st.integers(0, 2**32), steps=st.sampled_from([0, 3, 30, 10_000]))
def test_a_state_keeps_nothing_of_the_dict_it_was_built_from(
        game_id: str, seed: int, steps: int) -> None:
    game = load_game(game_id)
    data = position(game_id, seed, steps).to_json()
    state = game.state_from_json(data)
    before = canonical(state)
    vandalize(data)
    assert canonical(state) == before

"""Undo takes back only one's own decisions of this turn, never past a revealed card or die.

Run over random games of every playable game through the contract alone, so Culdcept and
Dreadnought are covered the day the registry points at them.
"""

from __future__ import annotations

import random

import pytest

from cardtable.core import CardtableError, list_games, load_game
from cardtable.core.undo import rebuild, reveals, undo, undo_depth

PLAYABLE = [g.id for g in list_games() if g.playable]
#: events that, in the games we have, show their reader a die or the face of hidden cards
DICE = {"roll", "die"}
FACES = {"draw", "open", "opening-five"}


def _shows_hidden(event: dict) -> bool:
    return event.get("type") in DICE or (event.get("type") in FACES and "cards" in event)


def _walk(game_id: str, seed: int, steps: int):
    game = load_game(game_id)
    state = game.new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        yield state
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_undo_is_the_replay_of_the_record_without_the_last_decisions(game_id: str) -> None:
    undone = 0
    for state in _walk(game_id, 5, 160):
        player = state.current_player()
        depth = undo_depth(state, player)
        if depth:
            back = undo(state, player, depth)
            assert back.history == state.history[:-depth]
            assert back == rebuild(state.game, state.seed, state.decks, state.options,
                                   back.history)
            assert back.current_player() == player
            undone += 1
    assert undone or game_id == "draws-troidal"  # DRAWS' steps are answered by both or reveal


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_undo_takes_back_only_the_deciders_own_steps_of_this_turn(game_id: str) -> None:
    for state in _walk(game_id, 9, 160):
        player = state.current_player()
        depth = undo_depth(state, player)
        assert undo_depth(state, 1 - player) == 0  # not the one deciding now
        if not depth:
            continue
        replay = rebuild(state.game, state.seed, state.decks, state.options,
                         state.history[:-depth])
        for action in state.history[-depth:]:
            assert replay.current_player() == player
            assert replay.turn == state.turn
            replay.apply(action)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_step_that_draws_rolls_or_opens_is_a_barrier(game_id: str) -> None:
    checked = 0
    for state in _walk(game_id, 11, 300):
        player = state.current_player()
        after = state.clone()
        action = state.legal_actions()[-1]
        after.apply(action)
        shown = [e for e in after.events(player, since=len(state.log)) if _shows_hidden(e)]
        if shown:
            assert reveals(state, action, player), shown
            checked += 1
    assert checked


def test_nothing_to_undo_is_a_clear_error_and_changes_nothing() -> None:
    state = load_game(PLAYABLE[0]).new_game(1)
    before = state.to_json()
    with pytest.raises(CardtableError, match="nothing to undo"):
        undo(state, state.current_player())
    assert state.to_json() == before

"""A quiet state (``State.quiet``, a search's private copy) plays exactly like a logging one.

The search turns the event log off in its samples because no rule reads it; these tests hold
every game to that: from any point of a random game, a quiet copy and the logging original
take the same actions to the same legal lists, views, generator, result and state (the log
aside), and the quiet copy's clones stay quiet and log nothing.
"""

from __future__ import annotations

import random

import pytest

from cardtable.core import list_games, load_game
from cardtable.core.event_log import QUIET

PLAYABLE = [g.id for g in list_games() if g.playable]


def _without_log(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "log"}


@pytest.mark.parametrize("game_id", PLAYABLE)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_quiet_copy_plays_the_same_game(game_id: str, seed: int) -> None:
    game = load_game(game_id)
    loud = game.new_game(seed)
    rand = random.Random(seed)
    for _ in range(rand.randrange(0, 12)):  # go quiet somewhere in the opening
        if loud.is_terminal():
            break
        legal = loud.legal_actions()
        loud.apply(legal[rand.randrange(len(legal))])
    quiet = loud.clone()
    quiet.quiet()
    steps = 0
    while not loud.is_terminal():
        assert quiet.current_player() == loud.current_player()
        assert quiet.legal_actions() == loud.legal_actions()
        if steps % 7 == 0:
            for seat in (0, 1):
                assert quiet.view(seat) == loud.view(seat)
            assert (quiet.clone().log is QUIET) == (quiet.log is QUIET)  # a clone stays quiet
        legal = loud.legal_actions()
        action = legal[rand.randrange(len(legal))]
        loud.apply(action)
        quiet.apply(action)
        steps += 1
    assert quiet.is_terminal()
    assert quiet.result() == loud.result()
    assert _without_log(quiet.to_json()) == _without_log(loud.to_json())
    if quiet.log is QUIET:  # the game supports going quiet
        assert quiet.events() == [] and quiet.clone().log is QUIET

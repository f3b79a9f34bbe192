"""What a seat cannot see never changes what it is shown: a differential test for every game.

From a position of a random game, ``Game.hidden_twin`` deals again only what one seat (the
observer) cannot see: the opponent's hand, deck and face-down cards. Both positions are played
on with the same actions, the opponent's named by their description (``describe_action``) so
that "summon 火竜" stays "summon 火竜" whatever hand position it sits in; when the opponent's
action has no twin (the twin's opponent does not hold that card) the comparison ends there, as
the opponent now does something different in public. Until then the observer's views and
events must be identical. This catches what a view test alone cannot: a decision skipped or
asked because of a hidden card (seed 193 of サラスヴァティ used to stop in the imagine phase
only when the card just drawn face down was playable).
"""

from __future__ import annotations

import random

import pytest

from cardtable.core import State, list_games, load_game

PLAYABLE = [g.id for g in list_games() if g.playable]


def compare_from(state: State, observer: int, twin_seed: int, rng: random.Random,
                 steps: int = 60) -> int:
    """Play on from ``state`` and its hidden twin; returns the steps compared."""
    game = state.game
    twin = game.hidden_twin(state, observer, twin_seed)
    real = state.clone()
    since_real, since_twin = len(real.log), len(twin.log)
    for step in range(steps):
        assert real.view(observer) == twin.view(observer), f"views differ after {step} steps"
        assert real.events(observer, since_real) == twin.events(observer, since_twin), \
            f"events differ after {step} steps"
        if real.is_terminal():
            assert twin.is_terminal()
            return step
        legal = real.legal_actions()
        a = legal[rng.randrange(len(legal))]
        if real.current_player() == observer:
            b = a
        else:
            d = {k: v for k, v in real.describe_action(a).items() if k != "code"}
            found = twin.find_actions(**d)
            if len(found) != 1:
                return step  # the opponent now does in public what its twin cannot
            b = found[0]
        assert b in twin.legal_actions(), f"the observer's action {b} is not legal in the twin"
        real.apply(a)
        twin.apply(b)
    return steps


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_what_a_seat_cannot_see_never_changes_its_views_or_events(game_id: str) -> None:
    game = load_game(game_id)
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = game.new_game(seed)
        step = 0
        while not s.is_terminal() and step < 300:
            if step % 7 == 0:
                for observer in (0, 1):
                    compared += compare_from(s, observer, seed * 1000 + step, rng)
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            step += 1
    assert compared > 100  # the comparisons did run on

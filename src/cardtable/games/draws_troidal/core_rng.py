"""The match's own random decisions, drawn from the generator the state carries."""

from __future__ import annotations

from cardtable.core.rng import roll
from cardtable.games.draws_troidal.state import DrawsState


def coin(state: DrawsState) -> int:
    """A fair choice of seat (initiative at the start of the game)."""
    state.rng, face = roll(state.rng, state.dice, 2)
    seat = face - 1
    state.log.append({"type": "initiative", "player": seat})
    return seat

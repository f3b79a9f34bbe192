"""Simultaneous steps and the end of the game: the two mechanisms every phase shares.

In a simultaneous step each deciding player answers in seat order; an answer waits in
``pending`` (hidden from the other seat) until the last decider has answered, then the phase
resolves all answers at once. ``pending`` holds -1 for "still to answer" and -2 for "has
nothing to decide in this step".
"""

from __future__ import annotations

from cardtable.core.contract import TERMINAL
from cardtable.games.draws_troidal.state import OVER, DrawsState

WAITING = -1
NOT_ASKED = -2


def begin_step(state: DrawsState, phase: int, deciders: list[int]) -> None:
    state.phase = phase
    state.pending = [WAITING if p in deciders else NOT_ASKED for p in (0, 1)]
    state.to_move = deciders[0]


def next_decider(state: DrawsState) -> int:
    """The next seat still to answer in this step, or -1 when all have answered."""
    pending = state.pending
    if pending[0] == WAITING:
        return 0
    if pending[1] == WAITING:
        return 1
    return -1


def finish(state: DrawsState, winner: int, reason: str) -> None:
    """End the game; ``winner`` -1 means a draw."""
    state.phase = OVER
    state.to_move = TERMINAL
    state.winner_seat = winner
    state.drawn = winner < 0
    state.reason = reason
    state.pending = [NOT_ASKED, NOT_ASKED]
    state.log.append({"type": "game-end", "winner": winner, "draw": winner < 0,
                      "reason": reason, "life": list(state.life)})

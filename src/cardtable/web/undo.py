"""Which of a seat's decisions the browser may take back (until ``core/undo.py`` lands).

Undo is a replay of the record without the last decisions. It is offered only for the seat's
own last decision of the current turn (again and again, one at a time), if no other seat has
decided since and nothing hidden came to light since: no card drawn, no die rolled. That test
asks the game itself: from the position before the decision, a few states the seat could not
tell apart (``Game.sample_state``) are played forward with the same moves; if the seat would
have seen anything different in any of them, what it saw depended on something hidden or
random, and the decision stands.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.core import CardtableError, State

#: how many indistinguishable positions are played forward to look for a revelation
SAMPLES = 3


def _replay(state: State, moves: Sequence[int]) -> State:
    out = state.game.new_game(state.seed, state.decks, state.options)
    for code in moves:
        out.apply(code)
    return out


def revealed_since(state: State, keep: int, seat: int) -> bool:
    """Whether ``seat`` learned something hidden or random after move ``keep``."""
    before = _replay(state, state.history[:keep])
    later = state.history[keep:]
    views = []
    probe = before.clone()
    for code in later:
        probe.apply(code)
        views.append(probe.view(seat))
    for i in range(SAMPLES):
        other = state.game.sample_state(before.view(seat), seed=1_000_003 * (i + 1) + keep)
        try:
            for code, seen in zip(later, views, strict=True):
                other.apply(code)
                if other.view(seat) != seen:
                    return True
        except CardtableError:
            return True
    return False


def undo_point(state: State, deciders: Sequence[int], seat: int) -> int | None:
    """The number of moves to keep to take back ``seat``'s last decision, or None.

    Only a decision nobody has answered since can be taken back: another seat's answer, even a
    computer's, is itself news (a simultaneous answer shown, a reaction made).
    """
    history = state.history
    k = len(history) - 1
    if k < 0 or deciders[k] != seat:
        return None
    if _replay(state, history[:k]).turn != state.turn:
        return None
    if revealed_since(state, k, seat):
        return None
    return k

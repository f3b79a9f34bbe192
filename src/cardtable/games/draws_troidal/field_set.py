"""② Field set: each player fills every empty lane from the hand, at the same time.

The opponent sees newly set cards by power only until the field opens; cards that were already
on the field stay fully visible.
"""

from __future__ import annotations

from cardtable.games.draws_troidal import actions as act
from cardtable.games.draws_troidal.state import SET, DrawsState
from cardtable.games.draws_troidal.steps import begin_step


def begin(state: DrawsState) -> bool:
    """Ask the players with empty lanes; returns False when nobody has one (step skipped)."""
    deciders = [p for p in (0, 1) if -1 in state.field[p]]
    if not deciders:
        return False
    begin_step(state, SET, deciders)
    return True


def place(state: DrawsState, player: int, source: list[int], picks: tuple[int, ...]) -> None:
    """Put ``source[picks[i]]`` into the i-th empty lane and take the picked cards out of it."""
    field, guard, wins, fresh = (state.field[player], state.guard[player], state.wins[player],
                                 state.fresh[player])
    cards = state.cards
    lanes = []
    powers = []
    names = []
    ids = state.ids[player]
    empties = [i for i in range(act.LANES) if field[i] < 0]
    for lane, pick in zip(empties, picks, strict=False):
        c = source[pick]
        field[lane] = c
        guard[lane] = cards[c].guard
        wins[lane] = 0
        fresh[lane] = True
        ids[lane] = 10 * state.turn_no + 5 * player + lane
        lanes.append(lane)
        powers.append(cards[c].power)
        names.append(cards[c].name)
    for pick in sorted(picks, reverse=True):
        del source[pick]
    state.log.append({"type": "set", "player": player, "lanes": lanes, "powers": powers,
                      "ids": [ids[lane] for lane in lanes],
                      "private": [player, {"cards": names}]})


def resolve(state: DrawsState) -> None:
    for p in (0, 1):
        code = state.pending[p]
        if code >= act.SET_BASE:
            place(state, p, state.hand[p], act.SET_TUPLES[code - act.SET_BASE])

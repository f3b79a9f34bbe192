"""② Field set: each player fills every empty lane from the hand, at the same time.

The opponent sees newly set cards by power only until the field opens; cards that were already
on the field stay fully visible.
"""

from __future__ import annotations

from cardtable.core.event_log import QUIET
from cardtable.games.draws_troidal.actions import LANES, SET_BASE, SET_TUPLES
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
    ids = state.ids[player]
    other = state.ids[1 - player]
    base = 10 * state.turn_no + 5 * player
    lanes = [i for i in range(LANES) if field[i] < 0][:len(picks)]
    for i in range(len(lanes)):  # lanes is no longer than picks
        lane = lanes[i]
        c = source[picks[i]]
        field[lane] = c
        guard[lane] = cards[c].guard
        wins[lane] = 0
        fresh[lane] = True
        uid = base + lane  # new_id, inlined
        if uid in ids or uid in other:
            uid = max(max(ids), max(other)) + 1
        ids[lane] = uid
    log = state.log
    if log is not QUIET:
        chosen = [cards[source[pick]] for pick in picks[:len(lanes)]]
        log.append({"type": "set", "player": player, "lanes": lanes,
                    "powers": [card.power for card in chosen],
                    "ids": [ids[lane] for lane in lanes],
                    "private": [player, {"cards": [card.name for card in chosen]}]})
    if len(picks) == 1:
        del source[picks[0]]
    else:
        for pick in sorted(picks, reverse=True):
            del source[pick]


def new_id(state: DrawsState, player: int, lane: int) -> int:
    """``10 × turn + 5 × seat + lane``, unique since a lane is set at most once a turn; a
    position set up by hand may already use it, and then the card gets the next free id."""
    uid = 10 * state.turn_no + 5 * player + lane
    taken = state.ids[0] + state.ids[1]
    return uid if uid not in taken else max(taken) + 1


def resolve(state: DrawsState) -> None:
    for p in (0, 1):
        code = state.pending[p]
        if code >= SET_BASE:
            place(state, p, state.hand[p], SET_TUPLES[code - SET_BASE])

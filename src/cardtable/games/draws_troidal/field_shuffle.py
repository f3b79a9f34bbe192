"""③ Field shuffle: each player may make up to two swaps of adjacent cards, at the same time.

A whole rearrangement is one action (one of the orders reachable in two swaps), so a player
answers once per turn and the other player never sees the answer before giving theirs.
"""

from __future__ import annotations

from operator import itemgetter

from cardtable.core.event_log import QUIET
from cardtable.games.draws_troidal.actions import (
    ARRANGE_BASE,
    ARRANGE_CODE,
    ARRANGEMENTS,
    IDENTITY,
    LANE_NAMES,
    swap_path,
)
from cardtable.games.draws_troidal.state import SHUFFLE, DrawsState
from cardtable.games.draws_troidal.steps import begin_step


def begin(state: DrawsState) -> None:
    begin_step(state, SHUFFLE, [0, 1])


def rearrange(state: DrawsState, player: int, perm: tuple[int, ...]) -> None:
    for lists in (state.field, state.guard, state.wins, state.fresh, state.ids):
        row = lists[player]
        lists[player] = [row[i] for i in perm]


#: per arrangement code, a function that reorders a lane row (``itemgetter`` of the
#: permutation): the five rows of a rearrangement without a Python loop each
_GETTERS = {ARRANGE_BASE + i: itemgetter(*perm) for i, perm in enumerate(ARRANGEMENTS)}


def resolve(state: DrawsState) -> None:
    max_swaps = state.options["max_swaps"]
    log = state.log
    pending = state.pending
    for p in (0, 1):
        code = pending[p]
        if code != _IDENTITY_CODE:
            get = _GETTERS[code]
            for lists in (state.field, state.guard, state.wins, state.fresh, state.ids):
                lists[p] = list(get(lists[p]))
            if log is not QUIET:
                swaps = swap_path(ARRANGEMENTS[code - ARRANGE_BASE], max_swaps) or ()
                log.append({"type": "shuffle", "player": p,
                            "swaps": [LANE_NAMES[i : i + 2] for i in swaps],
                            "ids": list(state.ids[p])})


_IDENTITY_CODE = ARRANGE_CODE[IDENTITY]

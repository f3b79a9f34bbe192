"""③ Field shuffle: each player may make up to two swaps of adjacent cards, at the same time.

A whole rearrangement is one action (one of the orders reachable in two swaps), so a player
answers once per turn and the other player never sees the answer before giving theirs.
"""

from __future__ import annotations

from cardtable.games.draws_troidal import actions as act
from cardtable.games.draws_troidal.state import SHUFFLE, DrawsState
from cardtable.games.draws_troidal.steps import begin_step


def begin(state: DrawsState) -> None:
    begin_step(state, SHUFFLE, [0, 1])


def rearrange(state: DrawsState, player: int, perm: tuple[int, ...]) -> None:
    for lists in (state.field, state.guard, state.wins, state.fresh, state.ids):
        row = lists[player]
        lists[player] = [row[i] for i in perm]


def resolve(state: DrawsState) -> None:
    max_swaps = state.options["max_swaps"]
    for p in (0, 1):
        perm = act.ARRANGEMENTS[state.pending[p] - act.ARRANGE_BASE]
        if perm != act.IDENTITY:
            rearrange(state, p, perm)
            swaps = act.swap_path(perm, max_swaps) or ()
            state.log.append({"type": "shuffle", "player": p,
                              "swaps": [act.LANE_NAMES[i : i + 2] for i in swaps],
                              "ids": list(state.ids[p])})

"""The turn: ⓪ standby, ① draw, ② field set, ③ field shuffle, ④ open, ⑤ battle, ⑥ end.

``play`` takes one player's answer; when the step's last answer is in, the engine runs every
automatic step up to the next decision (or the end of the game).
"""

from __future__ import annotations

from cardtable.games.draws_troidal import (
    draw,
    field_battle,
    field_open,
    field_set,
    field_shuffle,
    opening,
)
from cardtable.games.draws_troidal.core_rng import coin
from cardtable.games.draws_troidal.state import MULLIGAN, PLACE, SET, DrawsState
from cardtable.games.draws_troidal.steps import next_decider


def play(state: DrawsState, action: int) -> None:
    state.pending[state.to_move] = action
    nxt = next_decider(state)
    if nxt >= 0:
        state.to_move = nxt
        return
    phase = state.phase
    if phase == MULLIGAN:
        opening.resolve_redo(state)
    elif phase == PLACE:
        opening.resolve_placement(state)
        if draw.refill(state):
            state.initiative = coin(state)
            begin_turn(state)
    elif phase == SET:
        field_set.resolve(state)
        field_shuffle.begin(state)
    else:
        field_shuffle.resolve(state)
        field_open.open_field(state)
        if field_battle.fight(state):
            end_turn(state)


def begin_turn(state: DrawsState) -> None:
    """⓪ standby and ① draw, then ask for ② (or go on to ③ if no lane is empty)."""
    state.turn_no += 1
    if state.log is not None:
        state.log.append({"type": "turn", "turn": state.turn_no, "initiative": state.initiative})
    if draw.refill(state) and not field_set.begin(state):
        field_shuffle.begin(state)


def end_turn(state: DrawsState) -> None:
    """⑥ end: initiative passes to the other player, and the next turn begins."""
    state.initiative = 1 - state.initiative
    begin_turn(state)

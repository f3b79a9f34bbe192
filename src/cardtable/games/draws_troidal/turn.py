"""The turn: ⓪ standby, ① draw, ② field set, ③ field shuffle, ④ open, ⑤ battle, ⑥ end.

``play`` takes one player's answer; when the step's last answer is in, the engine runs every
automatic step up to the next decision (or the end of the game). The steps are imported by
name: a module attribute is a dictionary lookup on every call in the compiled build.
"""

from __future__ import annotations

from cardtable.core.event_log import QUIET
from cardtable.games.draws_troidal.core_rng import coin
from cardtable.games.draws_troidal.draw import refill
from cardtable.games.draws_troidal.field_battle import fight
from cardtable.games.draws_troidal.field_open import open_field
from cardtable.games.draws_troidal.field_set import begin as begin_set
from cardtable.games.draws_troidal.field_set import resolve as resolve_set
from cardtable.games.draws_troidal.field_shuffle import begin as begin_shuffle
from cardtable.games.draws_troidal.field_shuffle import resolve as resolve_shuffle
from cardtable.games.draws_troidal.opening import resolve_placement, resolve_redo
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
        resolve_redo(state)
    elif phase == PLACE:
        resolve_placement(state)
        if refill(state):
            state.initiative = coin(state)
            begin_turn(state)
    elif phase == SET:
        resolve_set(state)
        begin_shuffle(state)
    else:
        resolve_shuffle(state)
        open_field(state)
        if fight(state):
            end_turn(state)


def begin_turn(state: DrawsState) -> None:
    """⓪ standby and ① draw, then ask for ② (or go on to ③ if no lane is empty)."""
    state.turn_no += 1
    if state.log is not QUIET:
        state.log.append({"type": "turn", "turn": state.turn_no, "initiative": state.initiative})
    if refill(state) and not begin_set(state):
        begin_shuffle(state)


def end_turn(state: DrawsState) -> None:
    """⑥ end: initiative passes to the other player, and the next turn begins."""
    state.initiative = 1 - state.initiative
    begin_turn(state)

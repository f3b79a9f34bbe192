"""What a player may choose in the current step: the legal codes, by phase."""

from __future__ import annotations

from cardtable.games.draws_troidal.actions import (
    KEEP,
    LANES,
    REDO,
    arrangement_codes,
    placement_codes,
)
from cardtable.games.draws_troidal.state import OVER, PLACE, SET, SHUFFLE, DrawsState


def legal_for(state: DrawsState, player: int) -> list[int]:
    """The codes ``player`` could choose in the current step (empty if not theirs to choose)."""
    phase = state.phase
    if player < 0 or phase == OVER:
        return []
    if phase == SHUFFLE:
        # Whether a copy is newly set does not matter: the field opens right after this step.
        field = state.field[player]
        if len(set(field)) == LANES:  # no two lanes alike, whatever their guard and wins:
            return arrangement_codes(field, state.options["max_swaps"])  # the same pattern
        lanes = list(zip(field, state.guard[player], state.wins[player], strict=True))
        return arrangement_codes(lanes, state.options["max_swaps"])
    if phase == SET:
        return placement_codes(state.hand[player], state.field[player].count(-1))
    if phase == PLACE:
        return placement_codes(state.revealed[player], LANES)
    # MULLIGAN: a redo is offered while the player has redos left
    if state.redos[player] < state.options["opening_redos"]:
        return [KEEP, REDO]
    return [KEEP]


def legal_now(state: DrawsState) -> list[int]:
    """The codes of the player to move: what ``State.legal_actions`` asks."""
    return legal_for(state, state.to_move)

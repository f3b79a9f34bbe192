"""What a legal code does in a position, as data (``State.describe_action``).

Kinds: ``keep`` and ``redo`` (the opening five), ``set`` (the opening placement and every
field set: ``lanes`` maps each lane filled, ``A``..``E``, to the card put there, with
``lanes_en`` in English; an empty mapping sets nothing) and ``arrange`` (the field shuffle:
``order`` names, for each new lane from A to E, the lane its card comes from, so ``ABCDE``
keeps the order; ``swaps`` the adjacent swaps that make it; ``lanes`` the cards in their new
lanes).
"""

from __future__ import annotations

from typing import Any

from cardtable.games.draws_troidal import actions as act
from cardtable.games.draws_troidal.state import PLACE, DrawsState


def describe(state: DrawsState, code: int) -> dict[str, Any]:
    p = state.to_move
    cards = state.cards
    if code == act.KEEP:
        return {"code": code, "kind": "keep"}
    if code == act.REDO:
        return {"code": code, "kind": "redo"}
    if act.SET_BASE <= code < act.ARRANGE_BASE:
        source = state.revealed[p] if state.phase == PLACE else state.hand[p]
        picks = act.SET_TUPLES[code - act.SET_BASE]
        empties = [i for i, c in enumerate(state.field[p]) if c < 0]
        lanes = {act.LANE_NAMES[lane]: source[pick]
                 for lane, pick in zip(empties, picks, strict=False)}
        return {"code": code, "kind": "set",
                "lanes": {k: cards[c].name for k, c in lanes.items()},
                "lanes_en": {k: cards[c].name_en or cards[c].name for k, c in lanes.items()}}
    perm = act.ARRANGEMENTS[code - act.ARRANGE_BASE]
    swaps = act.swap_path(perm, state.options["max_swaps"]) or ()
    field = state.field[p]
    moved = {act.LANE_NAMES[new]: field[old] for new, old in enumerate(perm) if field[old] >= 0}
    return {"code": code, "kind": "arrange",
            "order": "".join(act.LANE_NAMES[i] for i in perm),
            "swaps": [act.LANE_NAMES[i : i + 2] for i in swaps],
            "lanes": {k: cards[c].name for k, c in moved.items()},
            "lanes_en": {k: cards[c].name_en or cards[c].name for k, c in moved.items()}}

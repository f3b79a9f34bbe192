"""④ Field open: every card on the field is shown to both players.

Cards open lane by lane from A to E, and within a lane the player holding initiative first.
The beta prints no opening effects, but this order is the one later card effects must follow,
so the engine keeps it and the log shows it.
"""

from __future__ import annotations

from cardtable.games.draws_troidal.actions import LANES
from cardtable.games.draws_troidal.state import DrawsState


def trigger_order(initiative: int) -> list[tuple[int, int]]:
    """(lane, player) pairs in the order simultaneous triggers resolve."""
    first, second = initiative, 1 - initiative
    return [(lane, p) for lane in range(LANES) for p in (first, second)]


def open_field(state: DrawsState) -> None:
    opened = []
    cards, field, fresh = state.cards, state.field, state.fresh
    for lane, p in trigger_order(state.initiative):
        if fresh[p][lane]:
            fresh[p][lane] = False
            opened.append([lane, p, cards[field[p][lane]].name, state.ids[p][lane]])
    state.log.append({"type": "open", "cards": opened})

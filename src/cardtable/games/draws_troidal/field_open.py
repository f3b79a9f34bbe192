"""④ Field open: every card on the field is shown to both players.

Cards open lane by lane from A to E, and within a lane the player holding initiative first.
The beta prints no opening effects, but this order is the one later card effects must follow,
so the engine keeps it and the log shows it.
"""

from __future__ import annotations

from cardtable.core.event_log import QUIET
from cardtable.games.draws_troidal.actions import LANES
from cardtable.games.draws_troidal.state import DrawsState


def trigger_order(initiative: int) -> list[tuple[int, int]]:
    """(lane, player) pairs in the order simultaneous triggers resolve."""
    first, second = initiative, 1 - initiative
    return [(lane, p) for lane in range(LANES) for p in (first, second)]


#: ``trigger_order`` for each seat holding initiative, worked out once
_ORDERS = (tuple(trigger_order(0)), tuple(trigger_order(1)))


def open_field(state: DrawsState) -> None:
    fresh = state.fresh
    log = state.log
    if log is QUIET:  # a quiet state names nothing: every card is simply face up now
        if True in fresh[0]:
            fresh[0] = [False] * LANES
        if True in fresh[1]:
            fresh[1] = [False] * LANES
        return
    opened = []
    cards, field, ids = state.cards, state.field, state.ids
    for lane, p in _ORDERS[state.initiative]:
        if fresh[p][lane]:
            fresh[p][lane] = False
            opened.append([lane, p, cards[field[p][lane]].name, ids[p][lane]])
    log.append({"type": "open", "cards": opened})

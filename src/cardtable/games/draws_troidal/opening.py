"""Game start: shuffle, turn over five, one optional redo, set them, draw five, initiative.

Each player turns over the top five cards and may once return them, shuffle and turn over five
new ones; then sets the five in the lanes in any order. Both steps are simultaneous: neither
player sees the other's answer until both have answered, and the opponent sees the set cards
by power only. Then both draw five cards and initiative goes to a random player.
"""

from __future__ import annotations

from cardtable.core import rng
from cardtable.games.draws_troidal import actions as act
from cardtable.games.draws_troidal.state import MULLIGAN, PLACE, DrawsState
from cardtable.games.draws_troidal.steps import begin_step


def turn_over_five(state: DrawsState, player: int) -> None:
    deck = state.deck[player]
    state.revealed[player] = [deck.pop() for _ in range(act.LANES)]
    names = [state.cards[c].name for c in state.revealed[player]]
    state.log.append({"type": "opening-five", "player": player,
                  "private": [player, {"cards": names}]})


def start(state: DrawsState) -> None:
    """Shuffle both decks and ask for the redo (or go straight to setting if none allowed)."""
    for p in (0, 1):
        state.rng = rng.shuffle(state.rng, state.deck[p])
        turn_over_five(state, p)
    if state.options["opening_redos"] > 0:
        begin_step(state, MULLIGAN, [0, 1])
    else:
        begin_step(state, PLACE, [0, 1])


def resolve_redo(state: DrawsState) -> None:
    redoers = [p for p in (0, 1) if state.pending[p] == act.REDO]
    state.log.append({"type": "opening-redo", "players": redoers})
    for p in redoers:
        state.deck[p].extend(state.revealed[p])
        state.rng = rng.shuffle(state.rng, state.deck[p])
        state.redos[p] += 1
        turn_over_five(state, p)
    again = [p for p in redoers if state.redos[p] < state.options["opening_redos"]]
    if again:
        begin_step(state, MULLIGAN, again)
    else:
        begin_step(state, PLACE, [0, 1])


def resolve_placement(state: DrawsState) -> None:
    from cardtable.games.draws_troidal.field_set import place

    for p in (0, 1):
        place(state, p, state.revealed[p], act.SET_TUPLES[state.pending[p] - act.SET_BASE])
        state.revealed[p] = []

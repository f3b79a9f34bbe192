"""The move phase: the die names one of the mover's six lands, and the opposing land decides.

A roll of n makes the mover's slot n (from the mover's own left) the destination; the
opponent's slot n is the opposing land (対向土地).

* No opposing creature: if the opposing land has level cards, its owner pays one of them (the
  owner's choice, a pending decision whenever there are two or more, even all alike:
  skipping the question would tell the mover that they are) to the mover's toll pile; then the
  territory phase.
* An opposing creature: the mover invades (with the destination's own creature, or a new one
  from hand, its condition met and cost paid) or pays the toll: the opposing land's level in
  cards from the deck to the opponent's toll pile (unpayable: the game is lost); then the
  territory phase.
"""

from __future__ import annotations

from cardtable.core import rng
from cardtable.core.event_log import QUIET
from cardtable.games.culdcept.board import (
    level_kinds,
    pay_cost,
    pay_level_card,
    pay_toll_from_deck,
    toll,
)
from cardtable.games.culdcept.state import (
    BATTLE_INV,
    CHOOSE,
    INVADE,
    OVER,
    TERRITORY,
    CuldceptState,
)


def roll(state: CuldceptState) -> None:
    p = state.active
    if state.dice:  # a scenario's scripted die
        state.rng, face = rng.roll(state.rng, state.dice, 6)
        k = face - 1
    else:  # rng.roll without a script, one call less
        state.rng, k = rng.randbelow(state.rng, 6)
    state.die = k + 1
    state.dest = k
    o = 1 - p
    if state.log is not QUIET:
        state.log.append({"type": "die", "player": p, "value": k + 1})
    if state.creature[o][k] >= 0:
        state.phase = INVADE
        return
    kinds = level_kinds(state, o, k)
    if not kinds:
        state.phase = TERRITORY
        return
    if len(state.levels[o][k]) == 1:  # two or more always ask: their faces are hidden
        pay_level_card(state, o, k, kinds[0], "toll")
        if state.phase != OVER:
            state.phase = TERRITORY
        return
    state.pending = ("toll", o, k)
    state.phase = CHOOSE


def pay_toll(state: CuldceptState) -> None:
    """b-2: the mover pays the opposing land's toll from the deck instead of invading."""
    p = state.active
    if pay_toll_from_deck(state, p, toll(state, 1 - p, state.dest), "declined"):
        state.phase = TERRITORY


def invade(state: CuldceptState, card: int, from_slot: int) -> None:
    """b-1: send an invader; one from hand pays its cost now."""
    p = state.active
    if from_slot < 0:
        state.hand[p].remove(card)
        pay_cost(state, p, state.cards[card].cost, card)
    if state.log is not QUIET:
        state.log.append({"type": "invade", "player": p, "card": state.cards[card].name,
                          "from": "land" if from_slot >= 0 else "hand", "slot": state.dest})
    state.battle = [card, from_slot, -2, -2, 0]
    state.phase = BATTLE_INV

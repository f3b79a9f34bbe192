"""The territory phase: at most one command on the mover's destination land.

* level up: any hand card face down under the land (three level cards at most, level 4);
* level down: one level card back to hand;
* terrain change: a land card from hand face up on the land (its element is the land's now);
* play: a controlling creature on the empty land (condition met, cost paid);
* exchange: a hand creature for the controlling creature, which returns to hand (the new one's
  condition and cost as usual; the lasting spell on the old one loses its target);
* move: the controlling creature to an adjacent empty land of the same row, at no cost.

A creature's play condition counts the lands that already hold the player's creatures: the
land it is played on counts only when a creature stands there already (an exchange).
"""

from __future__ import annotations

from bisect import insort

from cardtable.core.event_log import QUIET
from cardtable.games.culdcept.board import (
    give_level,
    pay_cost,
    remove_creature,
    take_level_card,
)
from cardtable.games.culdcept.spell import move_creature
from cardtable.games.culdcept.state import CuldceptState


def level_up(state: CuldceptState, card: int) -> None:
    p, slot = state.active, state.dest
    state.hand[p].remove(card)
    give_level(state, p, slot, card)
    if state.log is not QUIET:
        state.log.append({"type": "level-up", "player": p, "slot": slot, "from": "hand",
                          "level": 1 + len(state.levels[p][slot]),
                          "private": [p, {"card": state.cards[card].name}]})


def level_down(state: CuldceptState, card: int) -> None:
    p, slot = state.active, state.dest
    take_level_card(state, p, slot, card)
    insort(state.hand[p], card)
    state.log.append({"type": "level-down", "player": p, "slot": slot, "to": "hand",
                      "level": 1 + len(state.levels[p][slot]),
                      "private": [p, {"card": state.cards[card].name}]})


def terrain(state: CuldceptState, card: int) -> None:
    """The land card decides the terrain from now on (「以後この地形は、重ねた土地カードの地形
    であると見なす」): the latest change wins, so a lasting terrain spell on the land (溶岩化,
    水没) leaves play to its caster's discard pile (the rulings, 2026-12-01)."""
    p, slot = state.active, state.dest
    state.hand[p].remove(card)
    state.lands[p][slot] = state.lands[p][slot] + (card,)
    state.log.append({"type": "terrain", "player": p, "slot": slot,
                      "card": state.cards[card].name})
    sp = state.lspell[p][slot]
    if sp >= 0 and state.cards[sp].effects[0].has("terrain"):
        by = state.lspell_by[p][slot]
        state.discard[by].append(sp)
        state.lspell[p][slot] = state.lspell_by[p][slot] = -1
        state.log.append({"type": "spell-ends", "player": by, "card": state.cards[sp].name,
                          "why": "terrain"})


def summon(state: CuldceptState, card: int) -> None:
    p, slot = state.active, state.dest
    state.hand[p].remove(card)
    pay_cost(state, p, state.cards[card].cost, card)
    state.creature[p][slot] = card
    if state.log is not QUIET:
        state.log.append({"type": "summon", "player": p, "slot": slot,
                          "card": state.cards[card].name})


def exchange(state: CuldceptState, card: int) -> None:
    p, slot = state.active, state.dest
    state.hand[p].remove(card)
    pay_cost(state, p, state.cards[card].cost, card)
    old = remove_creature(state, p, slot)
    insort(state.hand[p], old)
    state.creature[p][slot] = card
    state.log.append({"type": "exchange", "player": p, "slot": slot,
                      "card": state.cards[card].name, "returned": state.cards[old].name})


def move(state: CuldceptState, direction: int) -> None:
    p, slot = state.active, state.dest
    move_creature(state, p, slot, slot - 1 if direction == 0 else slot + 1)

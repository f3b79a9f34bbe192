"""The battle phase in the seed's seven steps, on the opposing land as the battlefield.

1. Start: the terrain bonus (a defender whose element matches the battlefield's, neutral never
   matching, gets +10 × the land's level HP), the support bonus (an invader from hand while the
   mover's destination holds a creature gets +10 ST), then the creatures' own abilities and
   lasting spells.
2. Battle cards: the invader, then the defender, place at most one card face down (a pending
   decision each: the defender's is taken in the mover's turn). Revealed invader first: an item
   or a 援護 creature whose condition is met and whose cost the deck can pay is used and paid;
   a bluff or an unusable card goes back to hand at no cost. The defender's card applies first;
   a creature its damage has destroyed gets nothing from its own card.
3. Order: the invader strikes first unless only the defender has first strike.
4-6. The first attack; the check (a dead or ST-0 creature does not strike back); the second.
7. End: used battle cards to the discard pile, damage reset; then the result: a dead defender
   loses its land's level (a level card of its owner's choice, or one card from the deck at
   level 1) and a surviving invader takes the destination land if it is empty and the creature
   may stand there (else it returns to hand); a surviving defender makes the invader pay the
   battlefield's toll from the deck, and a surviving invader goes back where it came from.
"""

from __future__ import annotations

from bisect import insort

from cardtable.core.event_log import QUIET
from cardtable.games.culdcept import effects as fx
from cardtable.games.culdcept.board import (
    can_pay,
    condition_met,
    destroy,
    element,
    level,
    level_kinds,
    pay_cost,
    pay_level_card,
    pay_toll_from_deck,
    toll,
)
from cardtable.games.culdcept.cards import Card
from cardtable.games.culdcept.state import BATTLE_DEF, CHOOSE, OVER, CuldceptState

#: indices of a fighter's numbers
ST, HP, FIRST, DMG = 0, 1, 2, 3


class Fighter:
    """One side of a battle, worked out at its start (a scratch object, never stored)."""

    __slots__ = ("card", "damage", "first", "hp", "nulls", "seat", "st")

    def __init__(self, card: Card, seat: int, damage: int) -> None:
        self.card = card
        self.seat = seat
        self.st = card.st
        self.hp = card.hp
        self.first = False
        self.damage = damage
        self.nulls: list[tuple[str, int]] = []

    def alive(self) -> bool:
        return self.damage < self.hp

    def apply(self, e: fx.Effect, foe: Fighter) -> None:
        for k, v in e.ops:
            if k == "st":
                self.st += v
            elif k == "hp":
                self.hp += v
            elif k == "first":
                self.first = True
            elif k == "hit":
                foe.damage += v
            elif k == "heal":
                self.damage = max(0, self.damage - v)
            elif k in ("null-element", "null-ge", "null-le"):
                self.nulls.append((k, v))

    def nullifies(self, attacker: Fighter) -> bool:
        for k, v in self.nulls:
            if (k == "null-element" and attacker.card.element == v) or \
                    (k == "null-ge" and attacker.st >= v) or (k == "null-le" and attacker.st <= v):
                return True
        return False

    def numbers(self) -> dict[str, int | bool]:
        return {"st": self.st, "hp": self.hp, "damage": self.damage, "first": self.first}


def place(state: CuldceptState, card: int) -> None:
    """A battle card face down (-1: none) for the side whose decision it is."""
    b = state.battle
    assert b is not None
    p = state.active
    defender = state.phase == BATTLE_DEF
    seat = 1 - p if defender else p
    if card >= 0:
        state.hand[seat].remove(card)
        if state.log is not QUIET:
            state.log.append({"type": "battle-card-placed", "player": seat,
                              "private": [seat, {"card": state.cards[card].name}]})
    else:
        state.log.append({"type": "battle-card-none", "player": seat})
    if defender:
        b[3] = card
        fight(state)
    else:
        b[2] = card
        state.phase = BATTLE_DEF


def _abilities(f: Fighter, foe: Fighter, invading: bool, field: int) -> None:
    for e in f.card.battle:
        if (e.moment == fx.INVADE and not invading) or (e.moment == fx.DEFEND and invading):
            continue
        if e.terrain >= 0 and e.terrain != field:
            continue
        f.apply(e, foe)


def _reveal(state: CuldceptState, seat: int, card: int) -> bool:
    """Turn a battle card face up; True if it is used (paid), False if it goes back to hand."""
    if card < 0:
        return False
    c = state.cards[card]
    why = ""
    if not c.battle_card:
        why = "not-a-battle-card"
    elif not condition_met(state, seat, c.condition):
        why = "condition"
    elif not can_pay(state, seat, c.cost):
        why = "cost"
    if state.log is not QUIET:
        state.log.append({"type": "battle-card-revealed", "player": seat, "card": c.name,
                          "used": not why, "why": why})
    if why:
        insort(state.hand[seat], card)
        return False
    pay_cost(state, seat, c.cost, card)
    return True


def _use_card(f: Fighter, foe: Fighter, card: Card, invading: bool, field: int) -> None:
    """A used battle card acts for ``f``, unless ``f`` is already destroyed: a creature is
    destroyed the moment its damage reaches its HP (「HP以上のダメージを受けると破壊される」),
    so its own card, not resolved yet (the defender's applies first), does nothing."""
    if not f.alive():
        return
    if card.kind == "creature":  # 援護: the card's printed ST and HP join the fighter
        f.st += card.st
        f.hp += card.hp
        return
    for e in card.battle:
        if (e.moment == fx.INVADE and not invading) or (e.moment == fx.DEFEND and invading):
            continue
        if e.terrain >= 0 and e.terrain != field:
            continue
        f.apply(e, foe)


def fight(state: CuldceptState) -> None:
    """Steps 1-7 once both battle cards are down."""
    b = state.battle
    assert b is not None
    p = state.active
    o = 1 - p
    slot = state.dest
    cards = state.cards
    inv_card, from_slot, inv_bc, def_bc = b[0], b[1], b[2], b[3]
    inv = Fighter(cards[inv_card], p, state.damage[p][slot] if from_slot >= 0 else b[4])
    dfn = Fighter(cards[state.creature[o][slot]], o, state.damage[o][slot])
    field = element(state, o, slot)
    lvl = level(state, o, slot)
    # 1. start: terrain bonus, support bonus, other effects (lasting spells, abilities)
    terrain = dfn.card.element != fx.NEUTRAL and dfn.card.element == field
    if terrain:
        dfn.hp += 10 * lvl
    support = from_slot < 0 and state.creature[p][slot] >= 0
    if support:
        inv.st += 10
    for f, seat, s in ((inv, p, slot if from_slot >= 0 else -1), (dfn, o, slot)):
        if s >= 0 and state.cspell[seat][s] >= 0:
            for e in cards[state.cspell[seat][s]].effects:
                f.apply(e, dfn if f is inv else inv)
    _abilities(inv, dfn, True, field)
    _abilities(dfn, inv, False, field)
    if state.log is not QUIET:
        state.log.append({"type": "battle-start", "player": p, "slot": slot,
                          "invader": inv.card.name, "defender": dfn.card.name,
                          "field": fx.ELEMENTS[field], "level": lvl,
                          "terrain_bonus": 10 * lvl if terrain else 0,
                          "support_bonus": 10 if support else 0,
                          "invader_stats": inv.numbers(), "defender_stats": dfn.numbers()})
    # 2. battle cards: revealed invader first, applied defender first
    used_inv = _reveal(state, p, inv_bc)
    used_def = _reveal(state, o, def_bc)
    if used_def:
        _use_card(dfn, inv, cards[def_bc], False, field)
    if used_inv:
        _use_card(inv, dfn, cards[inv_bc], True, field)
    # 3. order
    first, second = (dfn, inv) if dfn.first and not inv.first else (inv, dfn)
    if state.log is not QUIET:
        state.log.append({"type": "battle-order", "player": p, "first": first.seat,
                          "invader": inv.card.name, "defender": dfn.card.name,
                          "invader_stats": inv.numbers(), "defender_stats": dfn.numbers()})
    # 4-6. attacks
    for attacker, target in ((first, second), (second, first)):
        if not attacker.alive() or not target.alive():
            continue
        if attacker.st <= 0:
            state.log.append({"type": "attack", "player": attacker.seat, "card":
                              attacker.card.name, "damage": 0, "nullified": False,
                              "cannot": True, "hp_left": target.hp - target.damage})
            continue
        nullified = target.nullifies(attacker)
        if not nullified:
            target.damage += attacker.st
        if state.log is not QUIET:
            state.log.append({"type": "attack", "player": attacker.seat,
                              "card": attacker.card.name,
                              "damage": 0 if nullified else attacker.st, "nullified": nullified,
                              "cannot": False, "hp_left": max(0, target.hp - target.damage)})
    # 7. end: cards to the discard pile, damage reset
    if used_inv:
        state.discard[p].append(inv_bc)
    if used_def:
        state.discard[o].append(def_bc)
    state.damage[o][slot] = 0
    if from_slot >= 0:
        state.damage[p][slot] = 0
    b[2] = b[3] = -1  # each battle card is in a discard pile or back in its hand now
    inv_alive, def_alive = inv.alive(), dfn.alive()
    if state.log is not QUIET:
        state.log.append({"type": "battle-end", "player": p, "winner": p if not def_alive else o,
                          "invader_alive": inv_alive, "defender_alive": def_alive})
    if not inv_alive:
        if from_slot >= 0:
            destroy(state, p, slot, "battle", dfn.card.name)
        else:
            state.discard[p].append(inv_card)
            state.log.append({"type": "destroyed", "player": p, "slot": -1,
                              "card": inv.card.name, "why": "battle", "by": dfn.card.name})
        b[0] = -1
    if not def_alive:
        destroy(state, o, slot, "battle", inv.card.name)
        _level_down(state, o, slot)
        return
    # the defender won: the invader pays the battlefield's toll, then goes back
    if pay_toll_from_deck(state, p, toll(state, o, slot), "battle"):
        send_back(state)


def _level_down(state: CuldceptState, o: int, slot: int) -> None:
    kinds = level_kinds(state, o, slot)
    if not kinds:
        if pay_toll_from_deck(state, o, 1, "level-down"):
            send_back(state)
        return
    if len(state.levels[o][slot]) == 1:  # two or more always ask, even all alike
        pay_level_card(state, o, slot, kinds[0], "battle")
        if state.phase != OVER:
            send_back(state)
        return
    state.pending = ("battle", o, slot)
    state.phase = CHOOSE


def send_back(state: CuldceptState) -> None:
    """The surviving invader returns: to the destination land if it came from there, or if
    the land is empty, the invader won and its condition is met there; else to the hand."""
    b = state.battle
    assert b is not None
    state.battle = None
    card, from_slot = b[0], b[1]
    p = state.active
    if card < 0 or from_slot >= 0:
        return
    slot = state.dest
    won = state.creature[1 - p][slot] < 0
    c = state.cards[card]
    if won and state.creature[p][slot] < 0 and condition_met(state, p, c.condition):
        state.creature[p][slot] = card
        state.log.append({"type": "invader-stays", "player": p, "slot": slot, "card": c.name})
    else:
        insort(state.hand[p], card)
        state.log.append({"type": "invader-returns", "player": p, "card": c.name})


def outcome(invader: Card, defender: Card, field: int, lvl: int, support: bool,
            inv_spell: Card | None = None, def_spell: Card | None = None,
            inv_card: Card | None = None, def_card: Card | None = None,
            inv_damage: int = 0, def_damage: int = 0) -> tuple[bool, bool, int]:
    """The battle's result by the same steps as ``fight``, without a state: (invader alive,
    defender alive, damage dealt to the defender). For players that weigh an invasion or a
    battle card; the battle cards given are taken as used (their cost paid)."""
    inv = Fighter(invader, 0, inv_damage)
    dfn = Fighter(defender, 1, def_damage)
    if defender.element != fx.NEUTRAL and defender.element == field:
        dfn.hp += 10 * lvl
    if support:
        inv.st += 10
    for f, spell, foe in ((inv, inv_spell, dfn), (dfn, def_spell, inv)):
        if spell is not None:
            for e in spell.effects:
                f.apply(e, foe)
    _abilities(inv, dfn, True, field)
    _abilities(dfn, inv, False, field)
    if def_card is not None and def_card.battle_card:
        _use_card(dfn, inv, def_card, False, field)
    if inv_card is not None and inv_card.battle_card:
        _use_card(inv, dfn, inv_card, True, field)
    first, second = (dfn, inv) if dfn.first and not inv.first else (inv, dfn)
    for attacker, target in ((first, second), (second, first)):
        if attacker.alive() and target.alive() and attacker.st > 0 \
                and not target.nullifies(attacker):
            target.damage += attacker.st
    return inv.alive(), dfn.alive(), dfn.damage

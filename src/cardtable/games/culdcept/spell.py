"""The spell phase: one optional spell, its condition met and its cost paid from the deck.

An instant spell acts and goes to the discard pile. A lasting spell stays on its target (a
creature or a land) until the target is lost (the creature is destroyed, returned to a hand or
exchanged) or a new lasting spell on the same target sends it to its caster's discard pile; it
moves with its creature. A spell is offered only at a target where it does something (a level
up needs room for a level card, a level down a level card, a move an adjacent empty land).

Damage from a spell stays on the creature until its battle ends or the turn ends (the seed:
damage does not carry across turns); a creature with damage at or above its HP is destroyed.
"""

from __future__ import annotations

from cardtable.core.event_log import QUIET
from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept import effects as fx
from cardtable.games.culdcept.board import (
    MAX_LEVEL_CARDS,
    can_pay,
    condition_met,
    destroy,
    draw,
    give_level,
    level_kinds,
    max_hp,
    pay_cost,
    pay_level_card,
    return_to_hand,
    take_level_card,
)
from cardtable.games.culdcept.cards import Card
from cardtable.games.culdcept.state import CHOOSE, CuldceptState

SLOTS = act.SLOTS
_HEAL = frozenset({"heal"})
#: this module's names for what the target scan reads per spell (a global is one cached read,
#: another module's attribute a lookup each time)
_NO_TARGET, _NO_TARGET_CODE, _CREATURE_TARGETS = fx.NO_TARGET, act.NO_TARGET, fx.CREATURE_TARGETS


def playable(state: CuldceptState, p: int, card: Card) -> bool:
    return condition_met(state, p, card.condition) and can_pay(state, p, card.cost)


_SIDES = {fx.OWN_CREATURE: (0,), fx.OWN_LAND: (0,), fx.OPP_CREATURE: (1,),
          fx.OPP_LAND: (1,), fx.ANY_CREATURE: (0, 1), fx.ANY_LAND: (0, 1)}


def targets(state: CuldceptState, p: int, card: Card) -> list[int]:
    """The target codes (0-5 own slot, 6-11 the opponent's, 12 none) where ``card`` acts."""
    tg = card.target
    if tg == _NO_TARGET:  # a draw: offered only while a card is left once the cost is paid
        return [_NO_TARGET_CODE] if len(state.deck[p]) > card.cost else []
    out = []
    creature = tg in _CREATURE_TARGETS
    heal_only = creature and card.kind != "lasting" and card.ops == _HEAL
    delta = card.level_delta
    for side in _SIDES[tg]:
        seat = p if side == 0 else 1 - p
        base = side * SLOTS
        if creature:
            row = state.creature[seat]
            if heal_only:  # healing acts only on a damaged creature
                hurt = state.damage[seat]
                out += [base + i for i in range(SLOTS) if row[i] >= 0 and hurt[i]]
            else:
                out += [base + i for i in range(SLOTS) if row[i] >= 0]
        elif delta > 0:
            # a level up lays the top card of the land owner's deck, and the caster's own
            # deck pays the cost first: a card must be left to lay once it is paid
            if len(state.deck[seat]) > (card.cost if seat == p else 0):
                lv = state.levels[seat]
                out += [base + i for i in range(SLOTS) if len(lv[i]) < MAX_LEVEL_CARDS]
        elif delta < 0:
            lv = state.levels[seat]
            out += [base + i for i in range(SLOTS) if lv[i]]
        else:
            out += range(base, base + SLOTS)
    return out


def move_targets(state: CuldceptState, p: int) -> list[int]:
    """(slot*2 + direction) for each own creature with an empty adjacent own land."""
    row = state.creature[p]
    out = []
    for i in range(SLOTS):
        if row[i] < 0:
            continue
        if i > 0 and row[i - 1] < 0:
            out.append(i * 2)
        if i < SLOTS - 1 and row[i + 1] < 0:
            out.append(i * 2 + 1)
    return out


def cast(state: CuldceptState, card_id: int, target: int) -> None:
    """Cast ``card_id`` from the active player's hand at ``target`` (a target code, or for a
    moving spell 100 + slot*2 + direction)."""
    p = state.active
    card = state.cards[card_id]
    state.hand[p].remove(card_id)
    pay_cost(state, p, card.cost, card_id)
    if target >= 100:
        slot, d = divmod(target - 100, 2)
        seat = p
        where = {"side": "own", "slot": slot}
    elif target == act.NO_TARGET:
        seat, slot, where = -1, -1, {}
    else:
        side, slot = divmod(target, SLOTS)
        seat = p if side == 0 else 1 - p
        where = {"side": "own" if side == 0 else "opponent", "slot": slot}
    if state.log is not QUIET:
        state.log.append({"type": "spell", "player": p, "card": card.name, **where})
    if card.kind == "lasting":
        _attach(state, p, card_id, card, seat, slot)
        return
    state.discard[p].append(card_id)
    for e in card.effects:
        for k, v in e.ops:
            if k == "draw":
                draw(state, p, v)
            elif k == "damage":
                if state.creature[seat][slot] >= 0:
                    state.damage[seat][slot] += v
                    state.log.append({"type": "damage", "player": seat, "slot": slot,
                                      "amount": v, "total": state.damage[seat][slot],
                                      "by": card.name})
                    if state.damage[seat][slot] >= max_hp(state, seat, slot):
                        destroy(state, seat, slot, "spell-damage", card.name)
            elif k == "heal":
                state.damage[seat][slot] = max(0, state.damage[seat][slot] - v)
            elif k == "return":
                if state.creature[seat][slot] >= 0:
                    return_to_hand(state, seat, slot, "spell")
            elif k == "move":
                move_creature(state, p, slot, slot - 1 if d == 0 else slot + 1)
            elif k == "level":
                if v > 0:
                    for _ in range(v):
                        if state.deck[seat] and len(state.levels[seat][slot]) < MAX_LEVEL_CARDS:
                            give_level(state, seat, slot, state.deck[seat].pop())
                            state.log.append({"type": "level-up", "player": seat,
                                              "slot": slot, "from": "deck",
                                              "level": 1 + len(state.levels[seat][slot])})
                else:
                    level_down_by_spell(state, seat, slot)


def level_down_by_spell(state: CuldceptState, seat: int, slot: int) -> None:
    """One level card of the owner's choice goes to the owner's discard pile. The opponent's
    land with two or more level cards always asks its owner (a pending decision), even when
    they are all alike: skipping the question would show the caster that they are. On one's
    own land only a real choice (two kinds) is asked."""
    kinds = level_kinds(state, seat, slot)
    if not kinds:
        return
    alike = len(kinds) == 1 if seat == state.active else len(state.levels[seat][slot]) == 1
    if alike:
        lose_level_card(state, seat, slot, kinds[0])
        return
    state.pending = ("spell", seat, slot)
    state.phase = CHOOSE


def lose_level_card(state: CuldceptState, seat: int, slot: int, card: int) -> None:
    take_level_card(state, seat, slot, card)
    state.discard[seat].append(card)
    state.log.append({"type": "level-down", "player": seat, "slot": slot, "to": "discard",
                      "card": state.cards[card].name,
                      "level": 1 + len(state.levels[seat][slot])})


def _attach(state: CuldceptState, p: int, card_id: int, card: Card, seat: int,
            slot: int) -> None:
    on_creature = card.target in fx.CREATURE_TARGETS
    spells, by = (state.cspell, state.cspell_by) if on_creature else (state.lspell,
                                                                       state.lspell_by)
    old = spells[seat][slot]
    if old >= 0:
        owner = by[seat][slot]
        state.discard[owner].append(old)
        state.log.append({"type": "spell-ends", "player": owner, "card": state.cards[old].name,
                          "why": "replaced"})
    spells[seat][slot] = card_id
    by[seat][slot] = p
    if on_creature and state.damage[seat][slot] >= max_hp(state, seat, slot):
        destroy(state, seat, slot, "spell-damage", card.name)


def move_creature(state: CuldceptState, seat: int, src: int, dst: int) -> None:
    """A controlling creature goes to another land of the same row with everything on it."""
    for rows in (state.creature, state.damage, state.cspell, state.cspell_by):
        row = rows[seat]
        row[src], row[dst] = row[dst], row[src]
    state.log.append({"type": "move", "player": seat, "from": src, "to": dst,
                      "card": state.cards[state.creature[seat][dst]].name})


def pay_level_for(state: CuldceptState, reason: str, seat: int, slot: int, card: int) -> None:
    """The land owner's answer to a pending level card choice."""
    if reason == "spell":
        lose_level_card(state, seat, slot, card)
    else:
        pay_level_card(state, seat, slot, card, reason)

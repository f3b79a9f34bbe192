"""The legal codes of the position: who may do what in the current phase."""

from __future__ import annotations

from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept.actions import (
    CAST,
    CAST_MOVE,
    CHOOSE_LEVEL,
    END,
    EXCHANGE,
    INVADE_HAND,
    INVADE_LAND,
    KINDS,
    MOVE,
    PAY_TOLL,
    SLOTS,
    SUMMON,
    TARGETS,
    TERRAIN,
)
from cardtable.games.culdcept.board import (
    MAX_LEVEL_CARDS,
    hand_kinds,
    held,
    level_kinds,
    meets,
)
from cardtable.games.culdcept.cards import (
    ROLE_CREATURE,
    ROLE_CREATURE_IF,
    ROLE_LAND,
    ROLE_SPELL,
    ROLE_SPELL_IF,
)
from cardtable.games.culdcept.spell import move_targets, targets
from cardtable.games.culdcept.state import (
    BATTLE_DEF,
    BATTLE_INV,
    CHOOSE,
    DISCARD,
    INVADE,
    SPELL,
    TERRITORY,
    CuldceptState,
)

_LEVEL_UPS = tuple(tuple(range(act.LEVEL_UP, act.LEVEL_UP + n)) for n in range(KINDS + 1))
_LEVEL_DOWNS = tuple(tuple(range(act.LEVEL_DOWN, act.LEVEL_DOWN + n))
                     for n in range(act.LEVEL_KINDS + 1))
_HAND_CODES = {base: tuple([base + k for k in range(n)] for n in range(KINDS + 1))
               for base in (act.BATTLE_CARD, act.DISCARD)}
#: names, not ``act.X``: a module's global is one cached read, an attribute of another module
#: a lookup each time (most of all in the compiled build)
_BATTLE_CODES, _DISCARD_CODES = _HAND_CODES[act.BATTLE_CARD], _HAND_CODES[act.DISCARD]
_CAST_SPAN, _MOVE_SPAN = TARGETS, SLOTS * 2
#: the card roles, as private names the compiled build holds in C
_LAND, _SPELL, _SPELL_IF = ROLE_LAND, ROLE_SPELL, ROLE_SPELL_IF
_CREATURE, _CREATURE_IF = ROLE_CREATURE, ROLE_CREATURE_IF


def legal_for(state: CuldceptState) -> list[int]:
    phase = state.phase
    p = state.active
    if phase == SPELL:
        return _spells(state, p)
    if phase == TERRITORY:
        return _territory(state, p)
    if phase in (BATTLE_INV, BATTLE_DEF):
        seat = p if phase == BATTLE_INV else 1 - p
        n = min(KINDS, len(hand_kinds(state.hand[seat])))
        return [END, *_BATTLE_CODES[n]]
    if phase == INVADE:
        return _invade(state, p)
    if phase == CHOOSE:
        _, seat, slot = state.pending  # type: ignore[misc]
        return [CHOOSE_LEVEL + j for j in range(len(level_kinds(state, seat, slot)))]
    if phase == DISCARD:
        n = min(KINDS, len(hand_kinds(state.hand[p])))
        return list(_DISCARD_CODES[n])
    return []


def _spells(state: CuldceptState, p: int) -> list[int]:
    cards = state.cards
    hand = state.hand[p]
    if cards.spells.isdisjoint(hand):  # type: ignore[attr-defined]
        return [END]
    out = [END]
    moves: list[int] = []
    deck = len(state.deck[p])
    roles, costs = cards.roles, cards.costs  # type: ignore[attr-defined]
    have: list[int] | None = None
    kinds = hand_kinds(hand)
    if len(kinds) > KINDS:
        kinds = kinds[:KINDS]
    for k, c in enumerate(kinds):
        role = roles[c]
        if role < _SPELL or role > _SPELL_IF or costs[c] > deck:
            continue
        card = cards[c]
        if role == _SPELL_IF:
            if have is None:
                have = held(state, p)
            if not meets(have, card.condition):
                continue
        if "move" in card.ops:
            base = CAST_MOVE + k * _MOVE_SPAN
            moves += [base + t for t in move_targets(state, p)]
            continue
        base = CAST + k * _CAST_SPAN
        out += [base + t for t in targets(state, p, card)]
    return out + moves


def _invade(state: CuldceptState, p: int) -> list[int]:
    out = []
    slot = state.dest
    if state.creature[p][slot] >= 0:
        out.append(INVADE_LAND)
    cards = state.cards
    roles, costs = cards.roles, cards.costs  # type: ignore[attr-defined]
    deck = len(state.deck[p])
    have: list[int] | None = None
    kinds = hand_kinds(state.hand[p])
    if len(kinds) > KINDS:
        kinds = kinds[:KINDS]
    for k, c in enumerate(kinds):
        role = roles[c]
        if role < _CREATURE or costs[c] > deck:
            continue
        if role == _CREATURE_IF:
            if have is None:
                have = held(state, p)
            if not meets(have, cards[c].condition):
                continue
        out.append(INVADE_HAND + k)
    out.append(PAY_TOLL)
    return out


def _territory(state: CuldceptState, p: int) -> list[int]:
    """The codes in the order the action space lists them: level up, level down, terrain,
    then summon or exchange, then move."""
    out = [END]
    slot = state.dest
    cards = state.cards
    kinds = hand_kinds(state.hand[p])
    if len(kinds) > KINDS:
        kinds = kinds[:KINDS]
    lv = state.levels[p][slot]
    if len(lv) < MAX_LEVEL_CARDS:
        out += _LEVEL_UPS[len(kinds)]
    if lv:
        out += _LEVEL_DOWNS[len(set(lv))]
    roles, costs = cards.roles, cards.costs  # type: ignore[attr-defined]
    deck = len(state.deck[p])
    have: list[int] | None = None
    creatures: list[int] = []
    for k, c in enumerate(kinds):
        role = roles[c]
        if role == _LAND:
            out.append(TERRAIN + k)
        elif role >= _CREATURE and costs[c] <= deck:
            if role == _CREATURE_IF:  # most creatures have no condition
                if have is None:
                    have = held(state, p)
                if not meets(have, cards[c].condition):
                    continue
            creatures.append(k)
    row = state.creature[p]
    if row[slot] >= 0:
        out += [EXCHANGE + k for k in creatures]
        if slot > 0 and row[slot - 1] < 0:
            out.append(MOVE)
        if slot < SLOTS - 1 and row[slot + 1] < 0:
            out.append(MOVE + 1)
    else:
        out += [SUMMON + k for k in creatures]
    return out

# cython: nonecheck=True
"""Reading the board: a seat's units by battle area, a unit's room and BP.

The rules engine (``rules``) and what a seat may choose (``choices``) both read the board this
way; it sits below both, so the engine can ask which choices a window offers without an
import circle.
"""

from __future__ import annotations

from cardtable.games.dreadnought.state import DreadnoughtState, Unit

DUMMY_BP = 50  # a dummy's BP (a card cast closed: size S)
#: a target that is a link of the reaction chain: ``CHAIN_TARGET + depth`` (0 the bottom)
CHAIN_TARGET = 100


def area_units(s: DreadnoughtState, seat: int, area: int) -> list[Unit]:
    return [u for u in s.units if u.seat == seat and u.area == area]


def unit_index(s: DreadnoughtState, uid: int) -> int:
    for i, u in enumerate(s.units):
        if u.uid == uid:
            return i
    return -1


def size_of(s: DreadnoughtState, u: Unit) -> int:
    return 1 if u.dummy else s.cards[u.card].size


def room(s: DreadnoughtState, seat: int, area: int, size: int, leaving: int = -1) -> bool:
    """Whether a unit of ``size`` fits: at most 2 units and 3 sizes per battle area."""
    n = total = 0
    for u in s.units:
        if u.seat == seat and u.area == area and u.uid != leaving:
            n += 1
            total += 1 if u.dummy else s.cards[u.card].size
    return n < 2 and total + size <= 3


def aura(s: DreadnoughtState, seat: int) -> int:
    """BP every unit of ``seat`` gets from 《Auto》 abilities on the table."""
    cards = s.cards
    total = 0
    for k in range(4):
        c = cards[s.casters[k]]
        total += c.own_aura if k // 2 == seat else c.enemy_aura
    for u in s.units:
        if not u.dummy:
            c = cards[u.card]
            total += c.own_aura if u.seat == seat else c.enemy_aura
    return total


def bp(s: DreadnoughtState, u: Unit, viewer: int | None = None) -> int:
    """A unit's BP; closed enchantments count only for their owner (``viewer``) or the
    referee (``None``), so a player's choices never depend on what it cannot see."""
    uid = u.uid
    card = s.cards[u.card]
    total = DUMMY_BP if u.dummy else card.bp + card.self_aura
    total += aura(s, u.seat)
    for m in s.mods:
        if m.uid == uid:
            total += m.amount
    for e in s.enchants:
        if e.uid == uid and (e.is_open or viewer is None or e.owner == viewer):
            total += e.amount
    return max(total, 0)

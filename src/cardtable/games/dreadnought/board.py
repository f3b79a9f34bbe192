"""Reading the board: a seat's units by battle area, a unit's room and BP.

The rules engine (``rules``) and what a seat may choose (``choices``) both read the board this
way; it sits below both, so the engine can ask which choices a window offers without an
import circle.
"""

from __future__ import annotations

from cardtable.games.dreadnought.state import DreadnoughtState

#: a unit is a tuple: its uid, seat, battle area, card, whether it is checked, and whether it
#: is a dummy (a card cast face down: size 1, ``DUMMY_BP``)
UID, SEAT, AREA, CARD, CHK, DUMMY = range(6)
DUMMY_BP = 50
#: a target that is a link of the reaction chain: ``CHAIN_TARGET + depth`` (0 the bottom)
CHAIN_TARGET = 100


def area_units(s: DreadnoughtState, seat: int, area: int) -> list[tuple[int, ...]]:
    return [u for u in s.units if u[SEAT] == seat and u[AREA] == area]


def unit_index(s: DreadnoughtState, uid: int) -> int:
    for i, u in enumerate(s.units):
        if u[UID] == uid:
            return i
    return -1


def size_of(s: DreadnoughtState, u: tuple[int, ...]) -> int:
    return 1 if u[DUMMY] else s.cards[u[CARD]].size


def room(s: DreadnoughtState, seat: int, area: int, size: int, leaving: int = -1) -> bool:
    """Whether a unit of ``size`` fits: at most 2 units and 3 sizes per battle area."""
    n = total = 0
    for u in s.units:
        if u[SEAT] == seat and u[AREA] == area and u[UID] != leaving:
            n += 1
            total += 1 if u[DUMMY] else s.cards[u[CARD]].size
    return n < 2 and total + size <= 3


def aura(s: DreadnoughtState, seat: int) -> int:
    """BP every unit of ``seat`` gets from 《Auto》 abilities on the table."""
    cards = s.cards
    total = 0
    for k in range(4):
        c = cards[s.casters[k]]
        total += c.own_aura if k // 2 == seat else c.enemy_aura
    for u in s.units:
        if not u[DUMMY]:
            c = cards[u[CARD]]
            total += c.own_aura if u[SEAT] == seat else c.enemy_aura
    return total


def bp(s: DreadnoughtState, u: tuple[int, ...], viewer: int | None = None) -> int:
    """A unit's BP; closed enchantments count only for their owner (``viewer``) or the
    referee (``None``), so a player's choices never depend on what it cannot see."""
    uid = u[UID]
    total = DUMMY_BP if u[DUMMY] else s.cards[u[CARD]].bp + s.cards[u[CARD]].self_aura
    total += aura(s, u[SEAT])
    for m in s.mods:
        if m[0] == uid:
            total += m[1]
    for e in s.enchants:
        if e[0] == uid and (e[3] or viewer is None or e[2] == viewer):
            total += e[4]
    return max(total, 0)

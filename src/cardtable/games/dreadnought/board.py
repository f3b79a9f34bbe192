"""Reading the board: a seat's units by battle area, a unit's room and BP.

The rules engine (``rules``) and what a seat may choose (``choices``) both read the board this
way; it sits below both, so the engine can ask which choices a window offers without an
import circle.
"""

from __future__ import annotations

from cardtable.games.dreadnought.state import DreadnoughtState, Unit

#: a unit's field numbers (``state.Unit``), for the loops here and in ``choices`` that read
#: every unit in every window: on Python 3.11 reading a NamedTuple's field by name costs
#: about twice an index (its field getter is not specialized) and unpacking one is slower
#: still, which made random playouts 5-10% slower (docs/architecture.md); everywhere else the
#: fields are read by name
UID, SEAT, AREA, CARD, CHECKED, DUMMY = (Unit._fields.index(f) for f in (
    "uid", "seat", "area", "card", "checked", "dummy"))
DUMMY_BP = 50  # a dummy's BP (a card cast closed: size S)
#: a target that is a link of the reaction chain: ``CHAIN_TARGET + depth`` (0 the bottom)
CHAIN_TARGET = 100


def area_units(s: DreadnoughtState, seat: int, area: int) -> list[Unit]:
    return [u for u in s.units if u[SEAT] == seat and u[AREA] == area]


def unit_index(s: DreadnoughtState, uid: int) -> int:
    for i, u in enumerate(s.units):
        if u[UID] == uid:
            return i
    return -1


def size_of(s: DreadnoughtState, u: Unit) -> int:
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


def bp(s: DreadnoughtState, u: Unit, viewer: int | None = None) -> int:
    """A unit's BP; closed enchantments count only for their owner (``viewer``) or the
    referee (``None``), so a player's choices never depend on what it cannot see."""
    uid = u[UID]
    card = s.cards[u[CARD]]
    total = DUMMY_BP if u[DUMMY] else card.bp + card.self_aura
    total += aura(s, u[SEAT])
    for m in s.mods:
        if m.uid == uid:
            total += m.amount
    for e in s.enchants:
        if e.uid == uid and (e.is_open or viewer is None or e.owner == viewer):
            total += e.amount
    return max(total, 0)

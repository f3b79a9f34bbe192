"""Deck building: a seat given a pool (more cards than a deck holds) builds its deck from it.

One card at a time, hidden from the opponent: a main deck of exactly ``deck_size`` cards with at
least ``min_units`` units and ``min_commands`` commands, one copy of each, and a leap deck of at
most ``leap_max`` ★ units. A pick that would make a legal deck impossible is not offered, so a
player can never paint themselves into a corner. Seats build one after the other and neither
sees the other's deck until both are done; then both decks are revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.event_log import QUIET
from cardtable.games.dice_and_monsters.actions import DONE, MAX_POOL

if TYPE_CHECKING:
    from cardtable.games.dice_and_monsters.state import DiceState


UNIT, COMMAND, STAR = range(3)

#: a pool's shape: (unit positions, command positions, ★ positions, size, units, commands): the
#: positions as bit masks, then the pool's size and its numbers of (non-★) units and commands
Shape = tuple[int, int, int, int, int, int]


def kinds_of(cards: Any, pool: list[int]) -> Shape:
    """Where the pool's units, commands and ★ units are, as bit masks over pool positions."""
    masks = [0, 0, 0]
    for i, c in enumerate(pool):
        card = cards[c]
        masks[STAR if card.star else UNIT if card.kind == "unit" else COMMAND] |= 1 << i
    return (masks[0], masks[1], masks[2], len(pool), masks[0].bit_count(),
            masks[1].bit_count())


def legal(state: DiceState, p: int) -> list[int]:
    """The picks that keep a legal deck reachable.

    Computed afresh each time: a few bit counts and a table look-up per byte of the pool
    cost less than a memo's tuple key did, whose table grew to 100,000 entries in random
    play (the picks so far are a random subset of the pool) and missed more than it hit."""
    opts = state.options
    return _legal(state.kinds[p], state.picked[p], opts["deck_size"], opts["min_units"],
                  opts["min_commands"], opts["leap_max"])


def _feasible(u: int, c: int, au: int, ac: int, size: int, min_u: int, min_c: int) -> bool:
    """Can ``u`` units and ``c`` commands still grow into a legal deck from what is left?"""
    need_u, need_c = max(0, min_u - u), max(0, min_c - c)
    slots = size - u - c
    return need_u <= au and need_c <= ac and need_u + need_c <= slots and au + ac >= slots


def reachable(state: DiceState, p: int) -> bool:
    """Whether seat ``p``'s picks so far can still grow into a legal deck under the state's
    options. Play never leaves a seat where this fails (``legal`` offers only such picks); a
    loaded document can, when its options were edited after the picks were made."""
    opts = state.options
    units, cmds, stars, _, n_units, n_cmds = state.kinds[p]
    mask = state.picked[p]
    u, c, s = (mask & units).bit_count(), (mask & cmds).bit_count(), (mask & stars).bit_count()
    au, ac = n_units - u, n_cmds - c
    return s <= opts["leap_max"] and _feasible(u, c, au, ac, opts["deck_size"],
                                               opts["min_units"], opts["min_commands"])


#: ``_POSITIONS[k][byte]``: the pool positions ``8 * k + i`` of the bits ``i`` set in ``byte``
_POSITIONS = tuple(tuple(tuple(base + i for i in range(8) if byte >> i & 1) for byte in range(256))
                   for base in range(0, MAX_POOL, 8))


def _legal(shape: Shape, mask: int, size: int, min_u: int, min_c: int,
           leap_max: int) -> list[int]:
    units, cmds, stars, _, n_units, n_cmds = shape
    u, c, s = (mask & units).bit_count(), (mask & cmds).bit_count(), (mask & stars).bit_count()
    au, ac = n_units - u, n_cmds - c  # the units and commands not picked yet
    allowed = 0
    if u + c < size:
        if _feasible(u + 1, c, au - 1, ac, size, min_u, min_c):
            allowed |= units
        if _feasible(u, c + 1, au, ac - 1, size, min_u, min_c):
            allowed |= cmds
    if s < leap_max:
        allowed |= stars
    allowed &= ~mask
    out: list[int] = []
    for table in _POSITIONS:  # a byte of the pool at a time, lowest positions first
        if not allowed:
            break
        out += table[allowed & 255]
        allowed >>= 8
    if u + c == size:
        out.append(DONE)
    return out


def can_build(cards: Any, pool: list[int], opts: dict[str, Any]) -> bool:
    units = sum(1 for ci in pool if cards[ci].kind == "unit" and not cards[ci].star)
    cmds = sum(1 for ci in pool if cards[ci].kind == "command")
    return (units >= opts["min_units"] and cmds >= opts["min_commands"]
            and units + cmds >= opts["deck_size"]
            and opts["min_units"] + opts["min_commands"] <= opts["deck_size"])


def pick(state: DiceState, p: int, code: int) -> bool:
    """Take pool card ``code`` (or finish); True when this seat's deck is done."""
    if code == DONE:
        return True
    ci = state.pool[p][code]
    card = state.cards[ci]
    (state.leap if card.star else state.deck)[p].append(ci)
    state.picked[p] |= 1 << code
    if state.log is not QUIET:
        state.log.append({"type": "pick", "player": p, "only": p, "card": card.name})
    nxt = legal(state, p)
    if nxt == [DONE]:
        return True
    state._legal = nxt  # the same seat decides next: its legal list is known already
    return False


def finish(state: DiceState, p: int) -> None:
    """Sort the picks into pool order, so a deck's card indices do not betray pick order."""
    order = {ci: i for i, ci in enumerate(state.pool[p])}
    state.deck[p].sort(key=order.__getitem__)
    state.leap[p].sort(key=order.__getitem__)
    state.built[p] = True
    if state.log is not QUIET:
        state.log.append({"type": "deck-built", "player": p})

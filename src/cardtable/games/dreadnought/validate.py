"""Reading a state back from JSON, checked: a snapshot that is not a Dreadnought position
(wrong shapes, card numbers out of range, a card in two places) is refused with a reason
instead of failing later in the middle of a game."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core.checks import StateError
from cardtable.core.deck import Deck
from cardtable.core.errors import CardtableError
from cardtable.games.dreadnought.cards import Card
from cardtable.games.dreadnought.state import (
    _FLAT,
    _SCALARS,
    _SEAT,
    _TUPLES,
    OVER,
    PHASE_NAMES,
    DreadnoughtState,
    tup,
)


def _fail(why: str) -> CardtableError:
    return StateError(f"not a valid dreadnought state: {why}")


def checked_state(cls: type[DreadnoughtState], data: dict[str, Any]) -> DreadnoughtState:
    try:
        s = _read(cls, data)
    except CardtableError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise _fail(f"{type(exc).__name__}: {exc}") from None
    check(s)
    return s


def _read(cls: type[DreadnoughtState], data: dict[str, Any]) -> DreadnoughtState:
    s = cls.__new__(cls)
    s.cards = tuple(Card.from_json(c) for c in data["cards"])
    by_name = {c.name: c for c in s.cards}
    s.seed = int(data["seed"])
    s.options = dict(data["options"])
    s.decks = tuple(Deck(d["name"], tuple(by_name[n] for n in d["cards"]), d.get("name_en", ""))
                    for d in data["decks"])
    s.history = [int(a) for a in data["history"]]
    s.log = list(data["log"])
    s.rng = int(data["rng"])
    for name in _SCALARS:
        setattr(s, name, data[name])
    for name in _SEAT:
        setattr(s, name, [[int(x) for x in row] for row in data[name]])
    for name in _FLAT:
        setattr(s, name, [int(x) for x in data[name]])
    for name in _TUPLES:
        setattr(s, name, [tup(x) if isinstance(x, list) else x for x in data[name]])
    s.used = [int(x) for x in data["used"]]
    s.ask = tup(data["ask"])
    s.building = tup(data["building"])
    s.attack = tup(data["attack"])
    s._legal = None
    return s


def check(s: DreadnoughtState) -> None:
    """Every card of each deck in exactly one place, parallel lists in step, a decision
    waited for while the game runs. Run by ``from_json`` and the scenario reader; not yet
    offered as ``Game.check_state``, because it does not yet check the shape of every pending
    step, decision and chain link, which a mutated document could break."""
    n = len(s.cards)
    if len(s.decks) != 2:
        raise _fail("two decks are needed")
    if not 0 <= s.phase < len(PHASE_NAMES):
        raise _fail(f"unknown phase {s.phase}")
    if len(s.hp) != 4 or len(s.casters) != 4 or len(s.cchk) != 4:
        raise _fail("four casters (two a seat) with HP and a checked flag are needed")
    for name in ("deck", "hand", "discard", "burst", "bchk"):
        if len(getattr(s, name)) != 2:
            raise _fail(f"'{name}' needs one list per seat")
    for p in (0, 1):
        if len(s.burst[p]) != len(s.bchk[p]):
            raise _fail(f"seat {p + 1}: bursts and their checked flags differ in number")
    for name in ("speed", "sclosed", "gear", "out", "mulled"):
        if len(getattr(s, name)) != 2:
            raise _fail(f"'{name}' needs one entry per seat")
    # every card of each deck is in exactly one place
    for p in (0, 1):
        where: list[int] = []
        where += s.deck[p] + s.hand[p] + s.discard[p] + s.burst[p] + s.hp[2 * p] + s.hp[2 * p + 1]
        where += [s.casters[2 * p], s.casters[2 * p + 1]]
        if s.speed[p] >= 0:
            where.append(s.speed[p])
        where += [u[3] for u in s.units if u[1] == p]
        where += [e[1] for e in s.enchants if e[2] == p]
        where += [i[2] for i in s.chain if i[0] in ("code", "awk", "enh") and i[1] == p]
        if s.building is not None and s.building[0] == "code" and s.building[1] == p:
            where.append(s.building[2])
        if s.building is not None and s.building[0] in ("awk", "enh") and s.building[1] == p:
            where.append(s.building[2])
        where += [o[2] for o in s.ops if o[0] == "enter" and o[1] == p]
        if any(not 0 <= c < n for c in where):
            raise _fail(f"seat {p + 1}: a card number outside the card table")
        want = Counter(s.cards.index(c) for c in s.decks[p].cards) if s.decks[p].cards else None
        if want is not None and Counter(where) != want:
            raise _fail(f"seat {p + 1}: the cards on the table are not the deck's cards")
    if s.phase != OVER and s.ask is None and s.started:
        raise _fail("a running game must wait for a decision")

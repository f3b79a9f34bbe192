"""Fatal Leap: a ★ unit from the leap deck replaces one of its side's units when its printed
condition is met.

The leap unit takes the replaced unit's square, HP and place in the action order; if the
replaced unit has had its turn this round, so has the leap unit. The action order is decided
again at the start of the next round. A side with a ★ unit on its field cannot leap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core.event_log import QUIET
from cardtable.games.dice_and_monsters.cards import Unit as UnitCard

if TYPE_CHECKING:
    from cardtable.games.dice_and_monsters.battle import Battle, Unit


def _fits(b: Battle, card: UnitCard, u: Unit) -> bool:
    leap = card.leap
    assert leap is not None
    if not 0 < u.hp <= leap.hp:
        return False
    if leap.kind == "feature-hp":
        return leap.who in b.features(u)
    return leap.who in (u.card.name, u.card.given_name)


def threshold(b: Battle, u: Unit) -> int:
    """The highest HP at which some leap card of its side could replace ``u`` (0: none).

    Matched on the printed name and features, so the battle can skip the leap check for a
    unit no leap card names; ``_fits`` confirms (features may be lost to 無明の霧).
    """
    mine = u.card
    if mine.star:  # a ★ unit is never replaced
        return 0
    names = (mine.name, mine.given_name)
    top = 0
    for card in b.leap_deck[u.side]:
        leap = card.leap
        if leap is None:
            continue
        named = leap.who in mine.features if leap.kind == "feature-hp" else leap.who in names
        if named and leap.hp > top:
            top = leap.hp
    return top


def check(b: Battle) -> None:
    """Leap every unit whose condition holds now (at most one ★ per side)."""
    units = b.units
    for p in (0, 1):  # most checks find no unit at a leap's HP: stop at the first that is
        if not b.leap_hp[p]:  # no leap card left on this side: every unit's leap_hp is 0
            continue
        for x in b.board[p]:
            if x >= 0:
                u = units[x]
                if 0 < u.hp <= u.leap_hp:
                    break
        else:
            continue
        break
    else:
        return
    for p in b.sides():
        mine = [units[x] for x in b.board[p] if x >= 0]
        ready = False  # some unit at a leap's HP, and no ★ on the side
        for u in mine:
            if u.card.star:
                ready = False
                break
            if 0 < u.hp <= u.leap_hp:
                ready = True
        if not ready:
            continue
        for card in b.leap_deck[p]:
            for u in mine:
                if _fits(b, card, u):
                    replace(b, p, card, u)
                    break
            else:
                continue
            break


def replace(b: Battle, p: int, card: UnitCard, old: Unit) -> Unit:
    b.leap_deck[p] = tuple([c for c in b.leap_deck[p] if c is not card])
    b.leap_hp[p] = max([c.leap.hp for c in b.leap_deck[p] if c.leap], default=0)
    new = b.add_unit(card, p, old.sq)
    new.hp = old.hp
    new.max_hp = max(card.hp, old.hp)
    new.acted = old.acted
    old.on = False
    old.gone = "leap"
    b.board[p][old.sq] = new.id
    b.order[b.order.index(old.id)] = new.id
    b.reorder = True
    for x in b.board[p]:
        if x >= 0:
            b.units[x].leap_hp = threshold(b, b.units[x])
    if b.log is not QUIET:
        b.log.append({"type": "leap", "player": p, "square": old.sq + 1, "out": old.card.name,
                      "in": card.name, "hp": new.hp, "out_id": old.id, "in_id": new.id})
    return new

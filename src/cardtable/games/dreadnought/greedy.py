"""Greedy Dreadnought policy: fill the battle areas, hit casters that cannot be shielded,
block so that as little HP breaks as possible.

Every decision is scored from the view alone and the best code wins (ties: the first legal
code, so the policy is deterministic).

* Mulligan and speed phase: keep, no gear change (the log is worth more than the order).
* Cast: the strongest affordable unit into the area with room (an empty area first), a dummy
  into an empty area when nothing better fits, draw codes when the log allows.
* Fast and action: a damage or destroy effect that destroys an enemy unit; an attack with
  every normal unit on an area whose caster must block (no unit there), else one whose units
  the damage destroys; never an attack that only feeds a bigger blocker.
* Reactions: cancel an enemy code; raise a blocking or attacking unit's BP when that changes
  the outcome; else pass.
* Blocks: a unit that survives; else the cheaper of the caster's HP breaks and losing a unit
  (with the attack bonus if it was the last one).
* Targets: the strongest enemy unit the effect destroys (else the strongest), own best unit.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.contract import Game
from cardtable.core.view_cards import card_reader
from cardtable.games.dreadnought import actions as A
from cardtable.games.dreadnought.cards import Card

JSON = dict[str, Any]
UID, SEAT, AREA, CARD, CHK, DUMMY, BP = range(7)


_card = card_reader(Card.from_json)


_catalog: dict[str, Any] = {"source": None, "cards": ()}


def catalog(view: JSON) -> tuple[Card, ...]:
    if _catalog["source"] != view["cards"]:  # views carry copies: compare, not identity
        _catalog["cards"] = tuple(_card(c) for c in view["cards"])
        _catalog["source"] = view["cards"]
    return _catalog["cards"]


def _area(view: JSON, seat: int, area: int) -> list[list[Any]]:
    return [u for u in view["units"] if u[SEAT] == seat and u[AREA] == area]


def _slot(view: JSON, seat: int, slot: int) -> list[Any]:
    return _area(view, seat, slot // 2)[slot % 2]


def _hp(view: JSON, seat: int) -> list[int]:
    side = view["you"] if seat == view["player"] else view["opponent"]
    return side["hp"]


def scores(game: Game, view: JSON, legal: list[int]) -> list[float]:
    cards = catalog(view)
    return [_score(view, code, cards) for code in legal]


def choose(game: Game, view: JSON, legal: list[int]) -> int:
    if len(legal) == 1:
        return legal[0]
    cards = catalog(view)
    best, best_score = legal[0], float("-inf")
    for code in legal:
        sc = _score(view, code, cards)
        if sc > best_score:
            best, best_score = code, sc
    return best


def _score(view: JSON, code: int, cards: tuple[Card, ...]) -> float:
    ask = view["ask"]
    kind = ask[0]
    if kind == "block":
        return _block(view, code)
    if kind == "target":
        return _target(view, code, cards)
    if kind == "pay":
        return 2.0 if code == A.PAY + 2 else 1.0  # bursts first: casters keep their abilities
    if kind == "discard":
        c = cards[code - A.DISCARD]
        return -(c.bp + 30 * c.log) if c.kind == "unit" else -60.0
    if kind == "search":
        return float(cards[code - A.PICK].bp)
    if kind in ("mull", "hp"):
        return 1.0 if code in (A.PASS, A.HP) else 0.0
    if code == A.PASS:
        return 0.0
    if code == A.GOD:
        return -1.0
    window = ask[2]
    return _window(view, code, cards, window)


def _window(view: JSON, code: int, cards: tuple[Card, ...], window: int) -> float:
    me = view["player"]
    opp = 1 - me
    if A.CAST <= code < A.DUMMY or A.CAST_SPEED <= code < A.DISCARD_UNIT:
        if code < A.DUMMY:
            c, area = divmod(code - A.CAST, 2)
        else:
            c, area = view["you"]["speed"], code - A.CAST_SPEED
        card = cards[c]
        empty = not _area(view, me, area)
        return 10.0 + card.bp / 10 + (5 if empty else 0) + (3 if code >= A.CAST_SPEED else 0)
    if A.DUMMY <= code < A.CAST_SPEED:
        c, area = divmod(code - A.DUMMY, 2)
        card = cards[c]
        if _area(view, me, area):
            return -1.0
        # a dummy shields an empty area; spend the card least worth keeping
        return 4.0 - (card.log + card.bp / 100)
    if A.CODE <= code < A.SUB:
        c, m = divmod(code - A.CODE, 2)
        return _effect_value(view, cards[c].modes[m], cards) - cards[c].log
    if A.ABILITY <= code < A.CODE:
        return _ability_value(view, code, cards)
    if A.ATTACK <= code < A.BLOCK:
        return _attack(view, code)
    if A.SUB <= code < A.ATTACK:
        c, slot = divmod(code - A.SUB, 4)
        card = cards[c]
        if card.sub == "enhance":
            u = _slot(view, me, slot)
            return 0.5 if not u[CHK] else -1.0
        return _awaken(view, slot, card.sub_amount)
    if A.GEAR <= code < A.CAST:
        return -1.0
    if A.DISCARD_UNIT <= code < A.ABILITY:
        return -1.0
    del opp
    return -1.0


def _ability_value(view: JSON, code: int, cards: tuple[Card, ...]) -> float:
    me = view["player"]
    src, j = divmod(code - A.ABILITY, 2)
    card = cards[view["you"]["casters"][src]] if src < 2 else cards[_slot(view, me, src - 2)[CARD]]
    ab = card.abilities[j]
    value = _effect_value(view, ab, cards)
    if ab.check and src >= 2:
        value -= 3.0  # a checked unit cannot attack
    return value - ab.log


def _effect_value(view: JSON, ab: Any, cards: tuple[Card, ...]) -> float:
    me = view["player"]
    enemy = [u for u in view["units"] if u[SEAT] != me]
    own = [u for u in view["units"] if u[SEAT] == me]
    value = 0.0
    for e in ab.effects:
        if e.verb == "draw":
            value += 2.0 * e.amount
        elif e.verb == "burst":
            value += 1.5 * e.amount
        elif e.verb == "damage":
            kills = [u for u in enemy if u[BP] <= e.amount]
            value += 4.0 + max(u[BP] for u in kills) / 50 if kills else -2.0
        elif e.verb == "destroy":
            ok = [u for u in enemy if not e.limit or u[BP] <= e.limit]
            value += 4.0 + max(u[BP] for u in ok) / 50 if ok else -2.0
        elif e.verb == "check":
            value += 1.0 if any(not u[CHK] for u in enemy) else -1.0
        elif e.verb == "bp":
            if e.target in ("enemy-units", "enemy-unit"):
                value += 0.5 if enemy else -1.0
            else:
                value += 0.5 if own else -1.0
        elif e.verb in ("bounce",):
            value += 2.0 if enemy and e.target == "enemy-unit" else -2.0
        elif e.verb == "cancel":
            value += 5.0
        elif e.verb in ("normal", "goddraw", "search"):
            value += 0.5
        else:
            value -= 0.5
    return value


def _attack(view: JSON, code: int) -> float:
    me = view["player"]
    opp = 1 - me
    mask, area = divmod(code - A.ATTACK, 2)
    attackers = [_slot(view, me, sl) for sl in range(4) if mask >> sl & 1]
    damage = sum(u[BP] for u in attackers)
    defenders = _area(view, opp, area)
    hp = _hp(view, opp)[area]
    n = len(attackers)
    if not defenders:
        return 20.0 + min(damage // 50, hp) * 10 - n * 0.1
    # the defender picks its cheapest block: a survivor, else the lesser loss
    if any(u[BP] > damage for u in defenders):
        return -5.0
    loss = min((1 if len(defenders) == 1 else 0) * 10 + 5 for _ in defenders)
    if hp:
        loss = min(loss, min(damage // 50, hp) * 10)
    return 5.0 + loss - n * 0.1


def _awaken(view: JSON, slot: int, amount: int) -> float:
    me = view["player"]
    u = _slot(view, me, slot)
    att = view["attack"]
    chain = view["chain"]
    if not chain or chain[0][0] != "atk":
        return -1.0
    item = chain[0]
    if item[1] == me and u[UID] in item[2]:
        return 1.0  # more damage to the caster or the blocker
    if item[1] != me and item[3] == me and u[AREA] == item[4]:
        del att
        return 1.5  # a blocker that may now survive
    return -1.0


def _block(view: JSON, code: int) -> float:
    if code == A.GOD:
        return -100.0
    _, ts, ta, damage = view["attack"]
    k = code - A.BLOCK
    units = _area(view, ts, ta)
    hp = _hp(view, ts)[ta]
    if k == 0:
        return -10.0 * min(damage // 50, hp)
    u = units[k - 1]
    if u[BP] > damage:
        return 100.0
    bonus = 10.0 if len(units) == 1 and hp else 0.0
    return -5.0 - bonus - u[BP] / 100


def _target(view: JSON, code: int, cards: tuple[Card, ...]) -> float:
    me = view["player"]
    if code >= A.CHAIN_CODE:  # the code a cancel names: the opponent's, never one's own
        return 1.0 if view["chain"][code - A.CHAIN_CODE][1] != me else -1.0
    t = code - A.TARGET
    if t < 8:
        seat, rest = divmod(t, 4)
        u = _area(view, seat, rest // 2)[rest % 2]
        return u[BP] + (0 if seat != me else -1000) * _hurts(view, cards)
    if t < 12:
        seat, area = divmod(t - 8, 2)
        return sum(u[BP] for u in _area(view, seat, area))
    return 1.0 if (t - 12) % 2 == 0 else 0.5


def _hurts(view: JSON, cards: tuple[Card, ...]) -> int:
    """1 when the effect waiting for a target harms it (aim at the enemy), else -1."""
    ask = view["ask"]
    if ask[2] == "trig":
        ab = cards[ask[3]].abilities[ask[4]]
    else:
        b = view["building"]
        ab = (cards[b[2]].abilities if b[0] == "abil" else cards[b[2]].modes)[b[3]]
    for e in ab.effects:
        if e.verb in ("damage", "destroy", "check", "bounce", "move"):
            return 1
        if e.verb == "bp" and e.amount < 0:
            return 1
    return -1

# cython: nonecheck=True
"""Legal actions for the decision a state waits for, and playing one of them.

The lists are built from what a seat may choose (``choices``); playing an answer hands the
rest to the rules engine (``rules``).
"""

from __future__ import annotations

from cardtable.core.event_log import QUIET
from cardtable.games.dreadnought.actions import (
    ABILITY,
    ATTACK,
    BLOCK,
    CAST,
    CAST_SPEED,
    CODE,
    DISCARD,
    DISCARD_UNIT,
    GEAR,
    GOD,
    HP,
    MOVE,
    MULLIGAN,
    PASS,
    PAY,
    PICK,
    SUB,
)
from cardtable.games.dreadnought.actions import DUMMY as DUMMY_CODE  # DUMMY: a unit field
from cardtable.games.dreadnought.board import bp, unit_index
from cardtable.games.dreadnought.choices import (
    _distinct,
    _source,
    action_target,
    cast_key,
    encode_target,
    own_slots,
    search_options,
    slot_unit,
    speed_key,
    target_action,
    target_codes,
    window_actions,
)
from cardtable.games.dreadnought.effects import Ability
from cardtable.games.dreadnought.rules import (
    block,
    block_options,
    deliver,
    ev,
    fire,
    god_draw,
    pass_window,
    pay_bursts,
    remove_unit,
    run,
    take_from_discard,
)
from cardtable.games.dreadnought.state import (
    W_ACTION,
    W_CAST,
    W_REACT,
    AbilityLink,
    AttackLink,
    CodeLink,
    DreadnoughtState,
    Link,
    SubLink,
    Unit,
)


def legal_for(s: DreadnoughtState) -> list[int]:
    ask = s.ask
    if ask is None:
        return []
    kind, p = ask[0], ask[1]
    if kind == "win":
        return window_actions(s, p, ask[2])
    if kind == "mull":
        return [PASS] + [MULLIGAN + c for c in _distinct(s.hand[p])]
    if kind == "block":
        out = [BLOCK + k for k in block_options(s)]
        if 0 in s.bchk[p]:
            out.insert(0, GOD)
        return out
    if kind == "target":
        ab = _ask_ability(s)
        b = s.building  # a record or None (``is not None``: a record's truth would ask its length)
        src = b.src if ask[2] == "play" and b is not None and b.kind == "abil" \
            else (ask[5] if ask[2] == "trig" else -1)
        return [target_action(t) for t in target_codes(s, p, ab.target, src, ab.effects)]
    if kind == "pay":
        out = [PAY + k for k in (0, 1) if not s.cchk[2 * p + k]]
        if 0 in s.bchk[p]:
            out.append(PAY + 2)
        return out
    if kind == "discard":
        return [DISCARD + c for c in _distinct(s.hand[p])]
    if kind == "search":
        return [PICK + c for c in search_options(s, p, ask[2])]
    if kind == "hp":
        return [HP, HP + 1]
    raise AssertionError(f"unknown ask {ask!r}")


def _ask_ability(s: DreadnoughtState) -> Ability:
    ask = s.ask
    assert ask is not None
    if ask[2] == "trig":
        return s.cards[ask[3]].abilities[ask[4]]
    b = s.building
    assert b is not None
    if b.kind == "abil":
        return s.cards[b.card].abilities[b.line]
    return s.cards[b.card].modes[b.mode]


# -- playing an action ----------

def _take_hand(s: DreadnoughtState, p: int, c: int) -> None:
    s.hand[p].remove(c)


def _start_play(s: DreadnoughtState, p: int, kind: int, item: Link, log: int,
                ab: Ability | None) -> None:
    """Queue the steps of a play: target, cost, then the chain or immediate resolution."""
    ops = s.ops
    if kind == W_ACTION:
        ops.extend((("win", 1 - p, W_ACTION, 0), ("chain",), ("win", 1 - p, W_REACT, 0),
                    ("place",)))
    elif kind == W_REACT:
        ops.extend((("win", 1 - p, W_REACT, 0), ("place",)))
    else:
        ops.extend((("win", p, kind, 0), ("do",)))
    if log:
        ops.append(("pay", p, log))
    s.building = item
    if ab is not None and ab.target:
        src = item.src if item.kind == "abil" else -1
        options = target_codes(s, p, ab.target, src, ab.effects)
        if len(options) == 1:
            _set_target(s, encode_target(s, options[0]))
        else:
            s.ask = ("target", p, "play")


def _set_target(s: DreadnoughtState, target: int) -> None:
    b = s.building
    assert b is not None
    s.building = b._replace(target=target)


def play(s: DreadnoughtState, action: int) -> None:
    ask = s.ask
    assert ask is not None
    kind, p = ask[0], ask[1]
    cards = s.cards
    if action == GOD:
        god_draw(s, p)
        return  # the same decision stays open: a god draw comes before a declaration
    if kind == "mull":
        if action == PASS:
            s.ask = None
            n = s.mulled[p]
            ev(s, "mulligan", {"seat": p, "count": n})
            s.ops.extend([("take", p, "hand", 0) for _ in range(n)])
        else:
            c = action - MULLIGAN
            _take_hand(s, p, c)
            s.discard[p].append(c)
            s.mulled[p] += 1
            ev(s, "mulligan-card", {"seat": p, "card": cards[c].name})
            return
    elif kind == "win":
        _window(s, p, ask[2], ask[3], action)
    elif kind == "block":
        s.ask = None
        block(s, action - BLOCK)
    elif kind == "target":
        s.ask = None
        t = encode_target(s, action_target(action))
        if ask[2] == "play":
            _set_target(s, t)
        else:
            s.ops.append(("eff", p, ask[3], 0, ask[4], t, ask[5]))
    elif kind == "pay":
        s.ask = None
        n = ask[2]
        k = action - PAY
        if k < 2:
            s.cchk[2 * p + k] = 1
        else:
            pay_bursts(s, p, 1)
        if s.log is not QUIET:
            ev(s, "pay", {"seat": p, "casters": [k] if k < 2 else [], "bursts": 1 if k == 2 else 0})
        if n > 1:
            s.ops.append(("pay", p, n - 1))
    elif kind == "discard":
        s.ask = None
        c = action - DISCARD
        _take_hand(s, p, c)
        s.discard[p].append(c)
        ev(s, "discard", {"seat": p, "card": cards[c].name})
        s.ops.append(("limit", p))
    elif kind == "search":
        s.ask = None
        take_from_discard(s, p, action - PICK)
    elif kind == "hp":
        s.ask = None
        k = 2 * p + action - HP
        deliver(s, p, s.hp[k].pop(), ask[2], True, k)
    run(s)


def _window(s: DreadnoughtState, p: int, kind: int, passes: int, action: int) -> None:
    cards = s.cards
    if action == PASS:
        s.ask = None
        if s.log is not QUIET:
            ev(s, "pass", {"seat": p, "window": kind})
        pass_window(s, p, kind, passes)
        return
    if GEAR <= action < CAST:
        c = action - GEAR
        _take_hand(s, p, c)
        s.discard[p].append(s.speed[p])
        ev(s, "gear-change", {"seat": p, "old": cards[s.speed[p]].name,
                              "private": [p, {"card": cards[c].name}]})
        s.speed[p] = c
        s.sclosed[p] = 1
        s.gear[p] = 1
        return
    if DUMMY_CODE <= action < CAST_SPEED:
        c, a = divmod(action - DUMMY_CODE, 2)
        _take_hand(s, p, c)
        uid = s.next_uid
        s.next_uid += 1
        s.units.append(Unit(uid, p, a, c, 1, 1))
        s.used.append(cast_key(p))
        if s.log is not QUIET:
            ev(s, "dummy", {"seat": p, "area": a, "uid": uid,
                            "private": [p, {"card": cards[c].name}]})
        return
    if DISCARD_UNIT <= action < MOVE:
        u = slot_unit(s, p, action - DISCARD_UNIT)
        s.used.append(cast_key(p))
        remove_unit(s, unit_index(s, u.uid), "discard", "discarded")
        return
    if MOVE <= action < ABILITY:
        u = slot_unit(s, p, action - MOVE)
        del s.units[unit_index(s, u.uid)]
        s.units.append(Unit(u.uid, u.seat, 1 - u.area, u.card, u.checked, u.dummy))
        s.used.append(cast_key(p))
        if s.log is not QUIET:
            ev(s, "move", {"uid": u.uid, "seat": p, "area": 1 - u.area})
        return
    s.ask = None
    if CAST <= action < DUMMY_CODE or CAST_SPEED <= action < DISCARD_UNIT:
        if action < DUMMY_CODE:
            c, a = divmod(action - CAST, 2)
            _take_hand(s, p, c)
        else:
            a = action - CAST_SPEED
            c = s.speed[p]
            s.speed[p] = -1
        s.used.append(cast_key(p))
        s.ops.extend((("win", p, W_CAST, 0), ("enter", p, c, a)))
        if cards[c].log:
            s.ops.append(("pay", p, cards[c].log))
        return
    if ABILITY <= action < CODE:
        src, j = divmod(action - ABILITY, 2)
        card, uid, key = _source(s, p, src)
        ab = cards[card].abilities[j]
        s.used.append(key * 4 + j)
        if ab.timing == "speed":
            s.used.append(speed_key(p))
        if ab.check:
            if src < 2:
                s.cchk[key] = 1
            else:
                i = unit_index(s, uid)
                u = s.units[i]
                s.units[i] = Unit(u.uid, u.seat, u.area, u.card, 1, u.dummy)
        ev(s, "ability", {"seat": p, "card": cards[card].name, "index": j, "uid": uid,
                          "caster": key % 2 if src < 2 else -1})
        _start_play(s, p, kind, AbilityLink("abil", p, card, j, uid, -1), ab.log, ab)
        return
    if CODE <= action < SUB:
        c, m = divmod(action - CODE, 2)
        _take_hand(s, p, c)
        ab = cards[c].modes[m]
        ev(s, "code", {"seat": p, "card": cards[c].name, "mode": m})
        _start_play(s, p, kind, CodeLink("code", p, c, m, -1), cards[c].log, ab)
        return
    if SUB <= action < ATTACK:
        c, slot = divmod(action - SUB, 4)
        _take_hand(s, p, c)
        u = slot_unit(s, p, slot)
        card = cards[c]
        if card.sub == "awaken":
            ev(s, "awaken", {"seat": p, "card": card.name, "uid": u.uid,
                             "amount": card.sub_amount})
            _start_play(s, p, kind, SubLink("awk", p, c, u.uid, card.sub_amount), 0, None)
        else:
            ev(s, "enhance", {"seat": p, "uid": u.uid, "private": [p, {"card": card.name}]})
            _start_play(s, p, kind, SubLink("enh", p, c, u.uid, card.sub_amount), 0, None)
        return
    if ATTACK <= action < BLOCK:
        mask, area = divmod(action - ATTACK, 2)
        uids = []
        for slot, u in own_slots(s, p):
            if mask >> slot & 1:
                i = unit_index(s, u.uid)
                s.units[i] = Unit(u.uid, u.seat, u.area, u.card, 1, u.dummy)
                uids.append(u.uid)
        o = 1 - p
        ev(s, "attack", {"seat": p, "uids": uids, "target_seat": o, "area": area,
                         "bp": [bp(s, s.units[unit_index(s, x)], -1) for x in uids]})
        s.ops.extend((("win", o, W_ACTION, 0), ("chain",), ("win", o, W_REACT, 0)))
        s.chain.append(AttackLink("atk", p, tuple(uids), o, area))
        for uid in reversed(uids):
            u = s.units[unit_index(s, uid)]
            fire(s, p, u.card, uid, "attack")
        return
    raise AssertionError(f"unhandled action {action}")

# cython: nonecheck=True
"""The rules engine: a stack of small steps (``ops``) run until a player must decide.

Why a stack of plain tuples: every decision in this game can come in the middle of something
else (a target while an effect resolves, a block inside an attack inside a reaction chain, a
god draw before a reaction, a discard in the end phase). Keeping what is left to do as data
means a state can stop at any of them, be serialized, cloned or sampled, and carry on.

The turn is the seed's six phases in order: speed (open, compare with burns, the faster then
the slower side's speed actions, the order decided), draw, cast, fast, action (alternating
declarations, each opening a reaction chain resolved last in, first out; two passes end it),
end. ``run`` pops steps until ``ask`` is set or the game is over.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.event_log import QUIET
from cardtable.games.dreadnought.board import (
    CHAIN_TARGET,
    area_units,
    bp,
    room,
    size_of,
    unit_index,
)
from cardtable.games.dreadnought.choices import can_act, encode_target, search_options, target_codes
from cardtable.games.dreadnought.state import (
    ACTION,
    CAST,
    DRAW,
    END,
    FAST,
    OVER,
    SPEED,
    W_ACTION,
    W_CAST,
    W_FAST,
    W_REACT,
    W_SPEED,
    Attack,
    DreadnoughtState,
    Enchant,
    Link,
    Mod,
    Unit,
)

HAND_LIMIT = 7
#: steps that hold a card of their seat while they wait: a unit about to enter its battle
#: area, a code whose effect is resolving (it reaches the discard pile when the effect ends)
CARD_STEPS = ("enter", "spent")


def ev(s: DreadnoughtState, kind: str, fields: dict[str, Any]) -> None:
    """Log an event: ``fields``, then its ``type`` (records hash the text, so the order is
    the format); a quiet state's log (``QUIET``) drops it. The fields come as a dict, not as
    keywords: a call with keywords builds the dict twice."""
    fields["type"] = kind
    s.log.append(fields)


def open_enchants(s: DreadnoughtState, uid: int) -> None:
    """Closed enchantments on a unit open when its BP is used (attack, block, damage)."""
    for i, e in enumerate(s.enchants):
        if e.uid == uid and not e.is_open:
            s.enchants[i] = Enchant(uid, e.card, e.owner, 1, e.amount)
            ev(s, "enchant-open", {"uid": uid, "card": s.cards[e.card].name,
                                   "seat": e.owner, "amount": e.amount})


def remove_unit(s: DreadnoughtState, i: int, to: str, why: str) -> None:
    """Take unit ``i`` off the table to its owner's discard pile (or hand), with its
    enchantments and BP changes; a destroyed unit's 《Trigger》 fires."""
    u = s.units.pop(i)
    uid, seat, card = u.uid, u.seat, u.card
    if to == "hand":
        hand = s.hand[seat]
        hand.append(card)
        hand.sort()
    else:
        s.discard[seat].append(card)
    keep = []
    for e in s.enchants:
        if e.uid == uid:
            s.discard[e.owner].append(e.card)
        else:
            keep.append(e)
    s.enchants = keep
    s.mods = [m for m in s.mods if m.uid != uid]
    shown = {"uid": uid, "seat": seat, "why": why}
    if u.dummy and to == "hand":
        ev(s, "unit-gone", {"to": to, "dummy": True,
                            "private": [seat, {"card": s.cards[card].name}], **shown})
    else:
        if s.log is not QUIET:
            ev(s, "unit-gone", {"to": to, "dummy": bool(u.dummy), "card": s.cards[card].name,
                                **shown})
    if why == "destroyed" and not u.dummy:
        fire(s, seat, card, uid, "destroyed")


def fire(s: DreadnoughtState, seat: int, card: int, uid: int, when: str) -> None:
    """Queue a unit's 《Trigger》 abilities for ``when`` (they resolve next, first listed first)."""
    abilities = s.cards[card].abilities
    todo = [("trig", seat, card, i, uid) for i, a in enumerate(abilities)
            if a.timing == "trigger" and a.when == when]
    s.ops.extend(reversed(todo))


def break_hp(s: DreadnoughtState, k: int, n: int, why: str) -> int:
    """Break up to ``n`` HP cards of caster ``k``: each goes to the burst area, closed, checked."""
    seat = k // 2
    done = 0
    while done < n and s.hp[k]:
        s.burst[seat].append(s.hp[k].pop())
        s.bchk[seat].append(1)
        done += 1
    if done:
        ev(s, "hp-break", {"seat": seat, "caster": k % 2, "count": done, "left": len(s.hp[k]),
                           "why": why})
    return done


# -- taking cards from the deck ----------

def take(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    """One card from the deck to hand, burst or speed area; from HP when the deck is empty."""
    p, dest = op[1], op[2]
    if s.deck[p]:
        deliver(s, p, s.deck[p].pop(), dest, False)
        return
    a, b = len(s.hp[2 * p]), len(s.hp[2 * p + 1])
    if a == 0 and b == 0:
        s.out[p] = 1
        ev(s, "cannot-take", {"seat": p, "dest": dest})
        return
    if a == b:
        s.ask = ("hp", p, dest)
        return
    k = 2 * p + (0 if a > b else 1)
    deliver(s, p, s.hp[k].pop(), dest, True, k)


def deliver(s: DreadnoughtState, p: int, card: int, dest: str, from_hp: bool,
            k: int = -1) -> None:
    src = {"from_hp": k % 2} if from_hp else {}
    if dest == "hand":
        hand = s.hand[p]
        hand.append(card)
        hand.sort()
        if s.log is not QUIET:
            ev(s, "draw", {"seat": p, "private": [p, {"cards": [s.cards[card].name]}], **src})
    elif dest == "burst":
        s.burst[p].append(card)
        s.bchk[p].append(0)
        if s.log is not QUIET:
            ev(s, "burst", {"seat": p, **src})
    else:
        s.speed[p] = card
        s.sclosed[p] = 0
        if s.log is not QUIET:
            ev(s, "speed-open", {"seat": p, "card": s.cards[card].name, "sp": s.cards[card].sp,
                                 **src})


def god_draw(s: DreadnoughtState, p: int) -> bool:
    """A normal burst (the first one: closed bursts are alike to everyone) into hand; a
    checked burst never (「任意のノーマル状態のバーストカードを手札にすること」)."""
    chk = s.bchk[p]
    if 0 not in chk:
        return False
    i = chk.index(0)
    card = s.burst[p].pop(i)
    chk.pop(i)
    hand = s.hand[p]
    hand.append(card)
    hand.sort()
    if s.log is not QUIET:
        ev(s, "god-draw", {"seat": p, "private": [p, {"card": s.cards[card].name}]})
    return True


# -- the turn ----------

def op_start(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    """After both mulligans: the casters are revealed and take their HP cards from the deck."""
    for k in range(4):
        p = k // 2
        n = min(s.cards[s.casters[k]].hp, len(s.deck[p]))
        s.hp[k] = [s.deck[p].pop() for _ in range(n)]
    ev(s, "casters", {"casters": [s.cards[c].name for c in s.casters],
                      "hp": [len(h) for h in s.hp]})
    s.started = 1
    s.ops.append(("turn",))


def op_mull(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    s.ask = ("mull", op[1])


def op_turn(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    s.turn_no += 1
    if s.turn_no > s.options["turn_limit"]:
        finish(s, -1, "turn-limit")
        return
    s.gear = [0, 0]
    s.phase = SPEED
    s.used = []
    ev(s, "turn", {"turn": s.turn_no})
    s.ops.extend((("speed_cmp", 0), ("take", 1, "speed", 0), ("take", 0, "speed", 1)))


def op_speed_cmp(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    """Compare the speed cards; equal grades burn; after the speed actions, decide the order."""
    stage = op[1]
    if stage == 1:
        for p in (0, 1):
            if s.sclosed[p]:
                s.sclosed[p] = 0
                c = s.speed[p]
                ev(s, "gear-open", {"seat": p, "card": s.cards[c].name, "sp": s.cards[c].sp})
    a, b = s.cards[s.speed[0]].sp, s.cards[s.speed[1]].sp
    if a == b:
        ev(s, "speed-burn", {"sp": a,
                             "cards": [s.cards[s.speed[0]].name, s.cards[s.speed[1]].name]})
        for p in (0, 1):
            s.discard[p].append(s.speed[p])
            s.speed[p] = -1
        s.ops.extend((("speed_cmp", stage), ("take", 1, "speed", 0), ("take", 0, "speed", 1)))
        return
    fast = 0 if a > b else 1
    if stage == 0:
        ev(s, "speed-compare", {"faster": fast, "sp": [a, b]})
        s.ops.extend((("speed_cmp", 1), ("win", 1 - fast, W_SPEED, 0),
                      ("win", fast, W_SPEED, 0)))
        return
    s.first = fast
    ev(s, "order", {"first": fast, "sp": [a, b]})
    f, g = fast, 1 - fast
    s.ops.extend(reversed((
        ("phase", DRAW),
        ("take", f, "hand", 0), ("take", f, "burst", 0),
        ("take", g, "hand", 0), ("take", g, "hand", 0), ("take", g, "burst", 0),
        ("phase", CAST), ("win", f, W_CAST, 0), ("win", g, W_CAST, 0),
        ("phase", FAST), ("win", f, W_FAST, 0), ("win", g, W_FAST, 0),
        ("phase", ACTION), ("win", f, W_ACTION, 0),
        ("end",),
    )))


def op_phase(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    s.phase = op[1]
    s.used = []
    if s.log is not QUIET:
        ev(s, "phase", {"phase": op[1]})


def op_win(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    """Open a window; skip it only when public information shows the seat cannot act."""
    p, kind = op[1], op[2]
    if can_act(s, p, kind):
        s.ask = ("win", p, kind, op[3])
        return
    pass_window(s, p, kind, op[3])



def pass_window(s: DreadnoughtState, p: int, kind: int, passes: int) -> None:
    if kind == W_ACTION:
        if passes:
            ev(s, "action-end", {})
        else:
            s.ops.append(("win", 1 - p, W_ACTION, 1))
    elif kind == W_REACT and not passes:
        s.ops.append(("win", 1 - p, W_REACT, 1))


def op_end(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    """End phase: speed cards, enchantments and dummies to the discard pile, then the hand
    limit (first player first), then everything normal and the next turn."""
    s.phase = END
    for p in (0, 1):
        if s.speed[p] >= 0:
            s.discard[p].append(s.speed[p])
            s.speed[p] = -1
            s.sclosed[p] = 0
    for e in s.enchants:
        s.discard[e.owner].append(e.card)
    s.enchants = []
    for u in [u for u in s.units if u.dummy]:
        remove_unit(s, unit_index(s, u.uid), "discard", "end")
    f = s.first
    s.ops.extend((("turn",), ("normal",), ("limit", 1 - f), ("limit", f)))


def op_limit(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    p = op[1]
    if len(s.hand[p]) > HAND_LIMIT:
        # asked even when every card in hand is the same: settling it alone would tell
        s.ask = ("discard", p)


def op_normal(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    s.units = [u if not u.checked else Unit(u.uid, u.seat, u.area, u.card, 0, u.dummy)
               for u in s.units]
    s.cchk = [0, 0, 0, 0]
    s.bchk = [[0] * len(s.bchk[0]), [0] * len(s.bchk[1])]
    s.mods = []
    ev(s, "end", {"turn": s.turn_no})


# -- plays, the chain, resolution ----------

def op_pay(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    """Pay ``n`` log by checking normal casters or bursts; asked only when it is a choice."""
    p, n = op[1], op[2]
    if n <= 0:
        return
    casters = [k for k in (2 * p, 2 * p + 1) if not s.cchk[k]]
    bursts = s.bchk[p].count(0)
    if len(casters) + bursts <= n or (not casters and bursts) or (len(casters) == 1
                                                                  and not bursts):
        for k in casters[:n]:
            s.cchk[k] = 1
        left = n - min(n, len(casters))
        pay_bursts(s, p, left)
        ev(s, "pay", {"seat": p, "casters": [k % 2 for k in casters[:n]], "bursts": left})
        return
    s.ask = ("pay", p, n)


def pay_bursts(s: DreadnoughtState, p: int, n: int) -> None:
    chk = s.bchk[p]
    for i in range(len(chk)):
        if n <= 0:
            break
        if not chk[i]:
            chk[i] = 1
            n -= 1


def op_place(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    """The play being built goes onto the chain."""
    item = s.building
    s.building = None
    assert item is not None
    s.chain.append(item)
    ev(s, "chain-add", {"depth": len(s.chain), "item": public_item(s, item), "seat": item.seat,
                        **({"private": [item.seat, {"card": s.cards[item.card].name}]}
                           if item.kind == "enh" else {})})


def op_do(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    """The play being built resolves at once (speed, cast and fast timings open no chain)."""
    item = s.building
    s.building = None
    assert item is not None
    resolve_item(s, item)


def public_item(s: DreadnoughtState, item: Link) -> list[Any]:
    """A chain item as both players may see it (an enhancement's card is closed), a list
    in the link's field order."""
    if item.kind == "enh":
        return ["enh", item.seat, None, item.uid, None]
    if item.kind == "atk":
        return ["atk", item.seat, list(item.uids), item.target_seat, item.area]
    return [item.kind, item.seat, s.cards[item.card].name, *item[3:]]


def op_chain(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    """Resolve the top of the chain; when it is empty, BP changes 'until the chain ends' end."""
    if not s.chain:
        if any(m.duration == "chain" for m in s.mods):
            s.mods = [m for m in s.mods if m.duration != "chain"]
        if s.log is not QUIET:
            ev(s, "chain-end", {})
        return
    item = s.chain.pop()
    s.ops.append(("chain",))
    if s.log is not QUIET:
        ev(s, "chain-resolve", {"depth": len(s.chain) + 1, "item": public_item(s, item)})
    resolve_item(s, item)


def resolve_item(s: DreadnoughtState, item: Link) -> None:
    kind = item.kind
    if kind == "abil":
        s.ops.append(("eff", item.seat, item.card, 0, item.line, item.target, item.src))
    elif kind == "code":
        # the card reaches the discard pile only once its effect is done (「コード効果を発揮し
        # 終わると捨札になります」), so a search of the pile cannot find it; an enchantment
        # stays on its unit instead
        ab = s.cards[item.card].modes[item.mode]
        if not ab.enchant:
            s.ops.append(("spent", item.seat, item.card))
        s.ops.append(("eff", item.seat, item.card, 1, item.mode, item.target, -1))
    elif kind == "awk":
        s.discard[item.seat].append(item.card)
        if unit_index(s, item.uid) >= 0:
            s.mods.append(Mod(item.uid, item.amount, "chain"))
            ev(s, "bp", {"uid": item.uid, "amount": item.amount, "duration": "chain"})
    elif kind == "enh":
        if unit_index(s, item.uid) >= 0:
            s.enchants.append(Enchant(item.uid, item.card, item.seat, 0, item.amount))
            ev(s, "enchant", {"uid": item.uid, "seat": item.seat, "closed": True,
                              "private": [item.seat, {"card": s.cards[item.card].name,
                                                      "amount": item.amount}]})
        else:
            s.discard[item.seat].append(item.card)
            ev(s, "fizzle", {"seat": item.seat, "card": s.cards[item.card].name})
    else:  # attack
        s.ops.append(("atk_res", item))


def op_spent(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    """A code whose effect is done goes to its owner's discard pile."""
    s.discard[op[1]].append(op[2])


def target_valid(s: DreadnoughtState, t: int) -> bool:
    if t >= 1000:
        return unit_index(s, t - 1000) >= 0
    if t >= CHAIN_TARGET:
        d = t - CHAIN_TARGET
        return d < len(s.chain) and s.chain[d].kind == "code"
    return t >= 0


def op_trig(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    """A 《Trigger》 resolves at once; its owner picks a target when there is a choice."""
    _, seat, card, idx, uid = op
    ab = s.cards[card].abilities[idx]
    ev(s, "trigger", {"seat": seat, "card": s.cards[card].name, "uid": uid, "when": ab.when})
    if ab.target:
        options = target_codes(s, seat, ab.target, uid, ab.effects)
        if not options:
            ev(s, "fizzle", {"seat": seat, "card": s.cards[card].name})
            return
        if len(options) > 1:
            s.ask = ("target", seat, "trig", card, idx, uid)
            return
        s.ops.append(("eff", seat, card, 0, idx, encode_target(s, options[0]), uid))
        return
    s.ops.append(("eff", seat, card, 0, idx, -1, uid))


def op_eff(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    """Apply one ability or code mode: ``(eff, seat, card, where, idx, target, src_uid)``."""
    _, seat, card, where, idx, target, src = op
    c = s.cards[card]
    ab = (c.modes if where else c.abilities)[idx]
    if ab.target and not target_valid(s, target):
        ev(s, "fizzle", {"seat": seat, "card": c.name})
        if ab.enchant:
            s.discard[seat].append(card)
        return
    later: list[tuple[Any, ...]] = []
    for e in ab.effects:
        apply_effect(s, seat, card, ab, e, target, src, later)
    s.ops.extend(reversed(later))


def _units_of(s: DreadnoughtState, e_target: str, seat: int, target: int,
              src: int) -> list[int]:
    """uids an effect touches."""
    if e_target == "self":
        return [src] if unit_index(s, src) >= 0 else []
    if e_target == "own-units":
        return [u.uid for u in s.units if u.seat == seat]
    if e_target == "enemy-units":
        return [u.uid for u in s.units if u.seat != seat]
    if e_target == "enemy-area":
        ts, ta = divmod(target - 10, 2)
        return [u.uid for u in s.units if u.seat == ts and u.area == ta]
    if target >= 1000 and unit_index(s, target - 1000) >= 0:
        return [target - 1000]
    return []


def apply_effect(s: DreadnoughtState, seat: int, card: int, ab: Any, e: Any, target: int,
                 src: int, later: list[tuple[Any, ...]]) -> None:
    verb = e.verb
    name = s.cards[card].name
    if verb == "bp":
        for uid in _units_of(s, e.target, seat, target, src):
            if e.duration == "enchant":
                s.enchants.append(Enchant(uid, card, seat, 1, e.amount))
                ev(s, "enchant", {"uid": uid, "seat": seat, "card": name, "amount": e.amount,
                                  "closed": False})
            else:
                s.mods.append(Mod(uid, e.amount, e.duration))
                ev(s, "bp", {"uid": uid, "amount": e.amount, "duration": e.duration,
                             "card": name})
        if e.duration == "enchant" and not _units_of(s, e.target, seat, target, src):
            s.discard[seat].append(card)
    elif verb in ("damage", "destroy"):
        for uid in _units_of(s, e.target, seat, target, src):
            i = unit_index(s, uid)
            if i < 0:
                continue
            open_enchants(s, uid)
            power = bp(s, s.units[i])
            if verb == "damage":
                dies = power <= e.amount
                ev(s, "damage", {"uid": uid, "amount": e.amount, "bp": power, "destroyed": dies,
                                 "card": name})
            else:
                dies = not e.limit or power <= e.limit
                if not dies:
                    ev(s, "fizzle", {"seat": seat, "card": name, "uid": uid, "bp": power})
            if dies:
                remove_unit(s, i, "discard", "destroyed")
    elif verb == "draw":
        later.extend(("take", seat, "hand", 0) for _ in range(e.amount))
    elif verb == "burst":
        later.extend(("take", seat, "burst", 0) for _ in range(e.amount))
    elif verb == "goddraw":
        for _ in range(e.amount):
            god_draw(s, seat)
    elif verb in ("check", "normal"):
        flag = 1 if verb == "check" else 0
        if e.target in ("own-caster", "enemy-caster"):
            k = target - 20
            s.cchk[k] = flag
            ev(s, verb, {"caster": k, "card": name})
        elif e.target == "own-burst":
            chk = s.bchk[seat]
            if 1 in chk:
                chk[chk.index(1)] = 0
                ev(s, "normal", {"burst": seat, "card": name})
        else:
            for uid in _units_of(s, e.target, seat, target, src):
                i = unit_index(s, uid)
                u = s.units[i]
                s.units[i] = Unit(uid, u.seat, u.area, u.card, flag, u.dummy)
                ev(s, verb, {"uid": uid, "card": name})
    elif verb == "move":
        for uid in _units_of(s, e.target, seat, target, src):
            i = unit_index(s, uid)
            u = s.units[i]
            other = 1 - u.area
            if room(s, u.seat, other, size_of(s, u)):
                s.units.pop(i)
                s.units.append(Unit(uid, u.seat, other, u.card, u.checked, u.dummy))
                ev(s, "move", {"uid": uid, "seat": u.seat, "area": other, "card": name})
            else:
                ev(s, "fizzle", {"seat": seat, "card": name, "uid": uid})
    elif verb == "bounce":
        for uid in _units_of(s, e.target, seat, target, src):
            remove_unit(s, unit_index(s, uid), "hand", "bounced")
    elif verb == "cancel":
        cancel_code(s, target - CHAIN_TARGET, name)
    elif verb == "search":
        later.append(("search", seat, e.kind))


def cancel_code(s: DreadnoughtState, d: int, by: str) -> None:
    """The code the cancelling player chose (link ``d`` of the chain, checked still there by
    ``target_valid``) goes to the discard pile unresolved; the other cancels still waiting on
    the chain keep naming their own codes, whose links below them moved down by one."""
    item = s.chain.pop(d)
    s.discard[item.seat].append(item.card)
    ev(s, "cancel", {"seat": item.seat, "card": s.cards[item.card].name, "by": by})
    for i in range(d, len(s.chain)):
        link = s.chain[i]
        if link.kind in ("abil", "code") and CHAIN_TARGET + d < link.target < 1000:
            s.chain[i] = link._replace(target=link.target - 1)


def op_search(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    options = search_options(s, op[1], op[2])
    if not options:
        ev(s, "fizzle", {"seat": op[1], "card": ""})
        return
    if len(options) == 1:
        take_from_discard(s, op[1], options[0])
        return
    s.ask = ("search", op[1], op[2])


def take_from_discard(s: DreadnoughtState, p: int, card: int) -> None:
    pile = s.discard[p]
    pile.pop(len(pile) - 1 - pile[::-1].index(card))
    s.hand[p].append(card)
    s.hand[p].sort()
    ev(s, "search", {"seat": p, "card": s.cards[card].name})


def op_enter(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    """A cast unit enters its battle area normal, after its log cost is paid."""
    _, p, c, a = op
    uid = s.next_uid
    s.next_uid += 1
    s.units.append(Unit(uid, p, a, c, 0, 0))
    if s.log is not QUIET:
        ev(s, "cast", {"seat": p, "card": s.cards[c].name, "area": a, "uid": uid})
    fire(s, p, c, uid, "cast")


# -- attacks ----------

def op_atk_res(s: DreadnoughtState, op: tuple[Any, ...]) -> None:
    """The declared attack resolves: damage is the attackers' BP now; the defender blocks."""
    item = op[1]  # the AttackLink declared
    p, ts, ta = item.seat, item.target_seat, item.area
    power = 0
    for uid in item.uids:
        i = unit_index(s, uid)
        if i >= 0:
            open_enchants(s, uid)
            power += bp(s, s.units[i])
    k = 2 * ts + ta
    units = area_units(s, ts, ta)
    if power <= 0 or (not units and not s.hp[k]):
        ev(s, "attack-fizzle", {"seat": p, "damage": power})
        return
    s.attack = Attack(p, ts, ta, power)
    options = block_options(s)
    ev(s, "attack-damage", {"seat": p, "damage": power, "target_seat": ts, "area": ta})
    if len(options) == 1 and 0 not in s.bchk[ts]:
        block(s, options[0])
        return
    s.ask = ("block", ts)


def block_options(s: DreadnoughtState) -> list[int]:
    """0: the caster, 1 + i: the i-th unit of the attacked area."""
    assert s.attack is not None
    ts, ta = s.attack.target_seat, s.attack.area
    units = area_units(s, ts, ta)
    out = [1 + i for i in range(len(units))]
    if not units or s.hp[2 * ts + ta]:
        out.insert(0, 0)
    return out


def block(s: DreadnoughtState, choice: int) -> None:
    """The block and what it breaks: a unit with BP at or below the damage is destroyed (the
    attack bonus breaks one HP if that empties the area); a caster breaks ⌊damage / 50⌋ HP."""
    a = s.attack
    assert a is not None
    ts, ta, power = a.target_seat, a.area, a.damage
    s.attack = None
    k = 2 * ts + ta
    if choice == 0:
        n = power // 50
        ev(s, "block", {"seat": ts, "caster": ta, "damage": power,
                        "breaks": min(n, len(s.hp[k]))})
        break_hp(s, k, n, "block")
        return
    u = area_units(s, ts, ta)[choice - 1]
    open_enchants(s, u.uid)
    power_u = bp(s, u)
    dies = power_u <= power
    ev(s, "block", {"seat": ts, "uid": u.uid, "damage": power, "bp": power_u,
                    "destroyed": dies, "card": None if u.dummy else s.cards[u.card].name})
    if dies:
        remove_unit(s, unit_index(s, u.uid), "discard", "destroyed")
        if not area_units(s, ts, ta) and s.hp[k]:
            ev(s, "attack-bonus", {"seat": ts, "caster": ta})
            break_hp(s, k, 1, "bonus")


# -- the end of the game ----------

def finish(s: DreadnoughtState, winner: int, reason: str) -> None:
    s.phase = OVER
    s.winner_seat = winner
    s.reason = reason
    s.ask = None
    for op in s.ops:  # a card a step still holds (a code whose effect ended the game)
        if op[0] in CARD_STEPS:
            s.discard[op[1]].append(op[2])
    s.ops = []
    ev(s, "game-over", {"winner": winner, "reason": reason})


def check_end(s: DreadnoughtState) -> bool:
    """A seat whose two casters have no HP, or that had to take a card it did not have,
    loses; both at once is a draw."""
    if not s.started or s.phase == OVER:
        return s.phase == OVER
    hp = s.hp
    lost0 = s.out[0] or not (hp[0] or hp[1])
    lost1 = s.out[1] or not (hp[2] or hp[3])
    if not (lost0 or lost1):
        return False
    if lost0 and lost1:
        finish(s, -1, "both-down")
    else:
        finish(s, 1 if lost0 else 0, "deck-out" if s.out[0] or s.out[1] else "hp")
    return True


HANDLERS = {
    "start": op_start, "turn": op_turn, "speed_cmp": op_speed_cmp, "take": take,
    "phase": op_phase, "win": op_win, "end": op_end, "limit": op_limit, "normal": op_normal,
    "pay": op_pay, "place": op_place, "do": op_do, "chain": op_chain, "trig": op_trig,
    "eff": op_eff, "search": op_search, "atk_res": op_atk_res, "enter": op_enter,
    "mull": op_mull, "spent": op_spent,
}


def run(s: DreadnoughtState) -> None:
    """Run steps until someone must decide or the game is over.

    ``check_end`` follows every step; its common answer (both seats still have HP and
    cards) is read here first, without the call: the loop is the engine's inner loop."""
    handlers = HANDLERS
    if s.ask is None and check_end(s):
        return
    while s.ask is None:
        ops = s.ops
        if not ops:
            raise AssertionError("the step stack ran dry")  # op_end always queues a turn
        op = ops.pop()
        handlers[op[0]](s, op)
        if s.phase == OVER:
            return
        if op[0] == "take" and op[3]:
            continue
        if s.started:
            hp, out = s.hp, s.out
            if (out[0] or out[1] or not (hp[0] or hp[1]) or not (hp[2] or hp[3])) \
                    and check_end(s):
                return

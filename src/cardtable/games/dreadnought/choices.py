# cython: nonecheck=True
"""What a seat may choose now: the targets an effect allows, the plays of each window, and
whether a window may be skipped.

Every window (speed, cast, fast, action, reaction), block, target, payment, discard and pick is
an ``ask`` of the seat that answers, whoever's turn it is. ``can_act`` decides whether a window
may be skipped, and it reads public information only (cards in hand, normal bursts, abilities
on the table): skipping a window because the hand holds no reaction would tell the opponent
what the hand holds. These read the state and the board (``board``) and change nothing, so the
rules engine (``rules``) asks them while a chain resolves and ``legal`` lists them, and neither
imports the other.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.dreadnought.actions import (
    ABILITY,
    ATTACK,
    CAST,
    CAST_SPEED,
    CHAIN_CODE,
    CODE,
    DISCARD_UNIT,
    GEAR,
    GOD,
    MOVE,
    PASS,
    SUB,
    TARGET,
)
from cardtable.games.dreadnought.actions import DUMMY as DUMMY_CODE  # DUMMY: a unit field
from cardtable.games.dreadnought.board import CHAIN_TARGET, area_units, bp
from cardtable.games.dreadnought.effects import Ability
from cardtable.games.dreadnought.state import (
    W_ACTION,
    W_CAST,
    W_FAST,
    W_REACT,
    W_SPEED,
    DreadnoughtState,
    Unit,
)

TIMING_OF = {W_SPEED: "speed", W_CAST: "cast", W_FAST: "fast", W_ACTION: "ac", W_REACT: "re"}



def cast_key(p: int) -> int:
    """The entry in ``used`` that counts one cast action of seat ``p`` this cast phase.

    The seed's four cast actions (a unit cast, a dummy cast, a unit discarded, a slot move)
    are done "in any order and any number of times" (「任意の順番で任意の回数実行できる」); a
    unit moving back and forth could then hold a turn forever, so the option
    ``cast_action_cap`` bounds them, as ``infinite_cap`` bounds 無限 (the rulings). Ability
    keys in ``used`` are never negative, so these cannot clash with them.
    """
    return -1 - p

def speed_key(p: int) -> int:
    """The entry in ``used`` that marks seat ``p``'s 《Speed》 ability of this speed phase.

    The ruling allows one speed ability a speed phase (a seat's, not each card's): after it
    no other 《Speed》 ability of that seat is offered. Below every ``cast_key``, so it cannot
    clash with them or with ability keys."""
    return -(1 << 30) - p


def cast_actions_left(s: DreadnoughtState, p: int) -> bool:
    """Whether seat ``p`` may take another cast action this cast phase (``cast_key``)."""
    return s.used.count(-1 - p) < s.options["cast_action_cap"]


def own_slots(s: DreadnoughtState, p: int) -> list[tuple[int, Unit]]:
    """(slot, unit) for the seat's units: slot ``2 area + i``."""
    out = []
    back = None
    for u in s.units:
        if u.seat == p:
            if u.area:
                if back is None:
                    back = [u]
                else:
                    back.append(u)
            else:
                out.append((len(out), u))
    if back is not None:
        out.extend([(2 + i, u) for i, u in enumerate(back)])
    return out


def slot_unit(s: DreadnoughtState, p: int, slot: int) -> Unit:
    a, i = divmod(slot, 2)
    return area_units(s, p, a)[i]


def normal_casters(s: DreadnoughtState, p: int) -> int:
    return (not s.cchk[2 * p]) + (not s.cchk[2 * p + 1])


def log_available(s: DreadnoughtState, p: int) -> int:
    return normal_casters(s, p) + s.bchk[p].count(0)


# -- targets ----------

def target_codes(s: DreadnoughtState, chooser: int, kind: str, src: int,
                 effects: tuple[Any, ...]) -> list[int]:
    """Position codes (0-15) of the targets ``kind`` allows, as the chooser sees the table."""
    limit = 0
    for e in effects:
        if e.verb == "destroy" and e.limit:
            limit = e.limit
    out = []
    if kind in ("own-unit", "enemy-unit", "any-unit"):
        seats = {"own-unit": (chooser,), "enemy-unit": (1 - chooser,),
                 "any-unit": (0, 1)}[kind]
        for seat in sorted(seats):
            for a in (0, 1):
                for i, u in enumerate(area_units(s, seat, a)):
                    if limit and bp(s, u, chooser) > limit:
                        continue
                    out.append(4 * seat + 2 * a + i)
    elif kind == "enemy-area":
        o = 1 - chooser
        out = [8 + 2 * o, 9 + 2 * o]
    elif kind == "own-caster":
        out = [12 + 2 * chooser, 13 + 2 * chooser]
    elif kind == "enemy-caster":
        o = 1 - chooser
        out = [12 + 2 * o, 13 + 2 * o]
    elif kind == "chain-code":  # the cancelling player picks any code on the chain
        out = [CHAIN_TARGET + d for d, link in enumerate(s.chain[:CHAIN_LINKS])
               if link.kind == "code"]
    return out


#: the chain links a cancel can name (the action codes ``CHAIN_CODE + d`` count 16)
CHAIN_LINKS = 16


def target_action(t: int) -> int:
    """The action code of position code ``t``: ``TARGET + t``, or a chain link's code."""
    return CHAIN_CODE + t - CHAIN_TARGET if t >= CHAIN_TARGET else TARGET + t


def action_target(action: int) -> int:
    """The position code an answer to a target decision names (``target_action`` reversed)."""
    return CHAIN_TARGET + action - CHAIN_CODE if action >= CHAIN_CODE else action - TARGET


def has_target(s: DreadnoughtState, chooser: int, kind: str,
               effects: tuple[Any, ...]) -> bool:
    """Whether ``target_codes`` would offer anything: asked of every targeted ability and
    code in every window, so it stops at the first target instead of listing them all."""
    if kind in ("own-unit", "enemy-unit", "any-unit"):
        limit = 0
        for e in effects:
            if e.verb == "destroy" and e.limit:
                limit = e.limit
        for u in s.units:
            if (kind == "any-unit" or (u.seat == chooser) == (kind == "own-unit")) \
                    and (not limit or bp(s, u, chooser) <= limit):
                return True
        return False
    if kind == "chain-code":
        for link in s.chain[:CHAIN_LINKS]:  # noqa: SIM110
            if link.kind == "code":
                return True
        return False
    return kind in ("enemy-area", "own-caster", "enemy-caster")


def encode_target(s: DreadnoughtState, t: int) -> int:
    """A position code turned into what an item stores: 1000 + uid, 10 + area, 20 + caster,
    ``CHAIN_TARGET`` + the depth of a chain link (stored as it is)."""
    if t >= CHAIN_TARGET:
        return t
    if t < 8:
        seat, rest = divmod(t, 4)
        a, i = divmod(rest, 2)
        return 1000 + area_units(s, seat, a)[i].uid
    if t < 12:
        return 10 + t - 8
    return 20 + t - 12


def search_options(s: DreadnoughtState, p: int, kind: str) -> list[int]:
    cards = s.cards
    return sorted({c for c in s.discard[p] if kind == "card" or cards[c].kind == kind})


# -- abilities and codes ----------

def _source(s: DreadnoughtState, p: int, src: int) -> tuple[int, int, int]:
    """(card, uid or -1, use key base) of source ``src`` (0-1 casters, 2-5 unit slots)."""
    if src < 2:
        k = 2 * p + src
        return s.casters[k], -1, k
    u = slot_unit(s, p, src - 2)
    return u.card, u.uid, 4 + u.uid


def ability_ok(s: DreadnoughtState, p: int, ab: Ability, key: int, checked: bool,
               is_caster_src: bool, uid: int) -> bool:
    if ab.check and checked:
        return False
    if s.used.count(key) >= (s.options["infinite_cap"] if ab.infinite else 1):
        return False
    avail = log_available(s, p) - (1 if ab.check and is_caster_src else 0)
    if ab.log > avail:
        return False
    if ab.cancels and not _code_on_chain(s):
        return False
    if ab.target and not has_target(s, p, ab.target, ab.effects):
        return False
    return uid >= 0 or not _targets_self(ab.effects)


def _code_on_chain(s: DreadnoughtState) -> bool:
    """Whether a code waits on the chain (what a cancel needs). Loops, not ``any`` over a
    generator, here and below: these run for every ability in every window, and the
    compiled build makes them C calls only without a generator inside (legal.pxd)."""
    for i in s.chain:  # noqa: SIM110
        if i.kind == "code":
            return True
    return False


def _targets_self(effects: tuple[Any, ...]) -> bool:
    for e in effects:  # noqa: SIM110
        if e.target == "self":
            return True
    return False


def _occupied(s: DreadnoughtState, seat: int, area: int) -> bool:
    for u in s.units:  # noqa: SIM110
        if u.seat == seat and u.area == area:
            return True
    return False


def ability_plays(s: DreadnoughtState, p: int, timing: str,
                  slots: list[tuple[int, Unit]] | None = None) -> list[int]:
    out: list[int] = []
    if timing == "speed" and speed_key(p) in s.used:
        return out  # one 《Speed》 ability a speed phase for the seat
    cards = s.cards
    if slots is None:
        slots = own_slots(s, p)
    for src in (0, 1):
        k = 2 * p + src
        for j, ab in cards[s.casters[k]].by_timing.get(timing, ()):
            if ability_ok(s, p, ab, k * 4 + j, bool(s.cchk[k]), True, -1):
                out.append(ABILITY + 2 * src + j)
    for slot, u in slots:
        if u.dummy:
            continue
        for j, ab in cards[u.card].by_timing.get(timing, ()):
            if j < 2 and ability_ok(s, p, ab, (4 + u.uid) * 4 + j, bool(u.checked), False,
                                    u.uid):
                out.append(ABILITY + 2 * (2 + slot) + j)
    return out


def code_plays(s: DreadnoughtState, p: int, timing: str) -> list[int]:
    out = []
    cards = s.cards
    avail = -1
    last = -1
    for c in s.hand[p]:
        if c == last:
            continue
        last = c
        card = cards[c]
        if timing not in card.mode_timings:
            continue
        if avail < 0:
            avail = log_available(s, p)
        if card.log > avail:
            continue
        for m, ab in enumerate(card.modes):
            if ab.timing != timing:
                continue
            if ab.cancels and not _code_on_chain(s):
                continue
            if ab.target and not has_target(s, p, ab.target, ab.effects):
                continue
            out.append(CODE + 2 * c + m)
    return out


def sub_plays(s: DreadnoughtState, p: int, sub: str,
              slots: list[tuple[int, Unit]]) -> list[int]:
    out: list[int] = []
    cards = s.cards
    if not slots:
        return out
    last = -1
    for c in s.hand[p]:
        if c == last:
            continue
        last = c
        card = cards[c]
        if card.sub != sub:
            continue
        for slot, u in slots:
            if sub == "awaken" and (u.dummy or not _shares(card.clusters,
                                                            cards[u.card].clusters)):
                continue
            out.append(SUB + 4 * c + slot)
    return out


def _shares(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    return "all" in a or "all" in b or bool(set(a) & set(b))


def attack_plays(s: DreadnoughtState, p: int,
                 slots: list[tuple[int, Unit]] | None = None) -> list[int]:
    if slots is None:
        slots = own_slots(s, p)
    bits = [1 << slot for slot, u in slots if not u.checked and not u.dummy]
    if not bits:
        return []
    o = 1 - p
    areas = [a for a in (0, 1) if s.hp[2 * o + a] or _occupied(s, o, a)]
    if not areas:
        return []
    masks = set()
    n = len(bits)
    for sub in range(1, 1 << n):
        m = 0
        for i in range(n):
            if sub >> i & 1:
                m |= bits[i]
        masks.add(m)
    return sorted([ATTACK + 2 * m + a for m in masks for a in areas])


def can_act(s: DreadnoughtState, p: int, kind: int) -> bool:
    """Whether the seat may be able to act in this window, from public information alone."""
    if s.hand[p] or 0 in s.bchk[p]:
        return True
    if kind == W_CAST and cast_actions_left(s, p):
        for u in s.units:
            if u.seat == p:
                return True
        sp = s.speed[p]
        if sp >= 0 and not s.sclosed[p] and s.cards[sp].kind == "unit":
            return True
    if kind == W_ACTION and attack_plays(s, p):
        return True
    return bool(ability_plays(s, p, TIMING_OF[kind]))


# -- the legal list ----------

def _distinct(hand: list[int]) -> list[int]:
    """The hand's distinct cards in order (the hand is kept sorted)."""
    return sorted(set(hand))


def window_actions(s: DreadnoughtState, p: int, kind: int) -> list[int]:
    """The window's codes, ascending. The cast window, asked again after every cast, move
    and dummy of the phase, is most of a random game's decisions: its blocks are written
    out (the hand's distinct cards listed once, a unit card's terms read once for both
    areas)."""
    out = [PASS]
    bchk = s.bchk[p]
    if 0 in bchk:
        out.append(GOD)
    hand = s.hand[p]
    cards = s.cards
    slots = own_slots(s, p)
    if kind == W_CAST and cast_actions_left(s, p):
        cchk = s.cchk
        avail = (not cchk[2 * p]) + (not cchk[2 * p + 1]) + bchk.count(0)
        count0 = count1 = size0 = size1 = 0
        for _, u in slots:
            if u.area:
                count1 += 1
                size1 += 1 if u.dummy else cards[u.card].size
            else:
                count0 += 1
                size0 += 1 if u.dummy else cards[u.card].size
        fit0 = 3 - size0 if count0 < 2 else 0
        fit1 = 3 - size1 if count1 < 2 else 0
        if hand and (fit0 or fit1):
            distinct = sorted(set(hand))
            castable = []
            for c in distinct:
                card = cards[c]
                if card.kind == "unit" and card.log <= avail:
                    castable.append((c, card.size))
            if fit0:
                out += [DUMMY_CODE + 2 * c for c in distinct]
                out += [CAST + 2 * c for c, size in castable if size <= fit0]
            if fit1:
                out += [DUMMY_CODE + 2 * c + 1 for c in distinct]
                out += [CAST + 2 * c + 1 for c, size in castable if size <= fit1]
        sp = s.speed[p]
        if sp >= 0 and not s.sclosed[p]:
            card = cards[sp]
            if card.kind == "unit" and card.log <= avail:
                if card.size <= fit0:
                    out.append(CAST_SPEED)
                if card.size <= fit1:
                    out.append(CAST_SPEED + 1)
        if slots:
            for slot, u in slots:
                out.append(DISCARD_UNIT + slot)
                if (1 if u.dummy else cards[u.card].size) <= (fit1 if slot < 2 else fit0):
                    out.append(MOVE + slot)
    elif kind == W_SPEED:
        if not s.gear[p] and s.speed[p] >= 0:
            out += [GEAR + c for c in _distinct(hand)]
    elif kind == W_ACTION:
        out.extend(attack_plays(s, p, slots))
        out.extend(sub_plays(s, p, "enhance", slots))
    elif kind == W_REACT:
        out.extend(sub_plays(s, p, "awaken", slots))
    timing = TIMING_OF[kind]
    out.extend(ability_plays(s, p, timing, slots))
    if hand:
        out.extend(code_plays(s, p, timing))
    out.sort()
    return out

"""The legal codes of the position: who may do what in the current phase or choice."""

from __future__ import annotations

from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.battle import attackers, targets
from cardtable.games.sarasvati.imagine import evolution_places, usable
from cardtable.games.sarasvati.state import BATTLE, CHARGE, IMAGINE, MOVE, SarasvatiState
from cardtable.games.sarasvati.stats import cost_deltas, cost_with

END, PLAY, USE, REEQUIP, MOVE_, ATTACK, TARGETS, PLACES, ROW, KEEP, CHOOSE = (
    act.END, act.PLAY, act.USE, act.REEQUIP, act.MOVE, act.ATTACK, act.TARGETS, act.PLACES,
    act.ROW, act.KEEP, act.CHOOSE)

#: the charge phase's lists by number of distinct hand cards (shared: never mutated)
_CHARGES = tuple([act.END, *range(act.CHARGE, act.CHARGE + n)] for n in range(act.KINDS + 1))


def legal_for(state: SarasvatiState) -> list[int]:
    phase = state.phase
    p = state.active
    choice = state.choice
    if choice is not None:
        if choice[0] == "keep":
            return sorted((KEEP + choice[3], KEEP + choice[4]))
        return sorted([CHOOSE + (0 if s == p else PLACES) + i for s, i in choice[3]])
    if phase == IMAGINE:
        return _imagine(state, p)
    if phase == BATTLE:
        ready = attackers(state, p)
        if not ready:
            return [END]
        ts = targets(state, 1 - p)
        out = [END]
        for a in ready:  # loops, not a comprehension: no temporary list per decision
            base = ATTACK + a * TARGETS
            for t in ts:
                out.append(base + t)
        return out
    if phase == MOVE:
        r = state.ready[p]
        if True not in r:
            return [END]
        return _moves(state.field[p], r)
    if phase == CHARGE:
        return _CHARGES[len(set(state.hand[p]))]
    return []


def _moves(f: list[int], r: list[bool]) -> list[int]:
    """END, then every ready character to the leftmost empty place of the other row (codes
    ascend with the character's place: the front row's moves come first)."""
    out = [END]
    back = first_empty(f, ROW)
    if back >= 0:
        base = MOVE_ + back
        for i in range(ROW):
            if r[i]:
                out.append(base + i * PLACES)
    front = first_empty(f, 0)
    if front >= 0:
        base = MOVE_ + front
        for i in range(ROW, PLACES):
            if r[i]:
                out.append(base + i * PLACES)
    return out


def first_empty(f: list[int], start: int) -> int:
    """The leftmost empty place of the row beginning at ``start``, or -1.

    Places within a row are alike under the rules (nothing refers to a column), so summons and
    moves go to the leftmost empty place: one code per distinct outcome, not five.
    """
    for i in range(start, start + ROW):
        if f[i] == -1:
            return i
    return -1


def _imagine(state: SarasvatiState, p: int) -> list[int]:
    """Codes come out ascending without a sort: plays by hand kind then place, then supports,
    then re-equips (each block above the one before)."""
    out = [END]
    budget = len(state.voltage[p]) - state.tapped[p]
    if budget <= 0:
        return out
    cards = state.cards
    f = state.field[p]
    traits = cards.traits  # type: ignore[attr-defined]
    affected = traits.cost_affected
    # None: no card whose cost could change is in hand (a re-equip pays the printed cost)
    deltas = cost_deltas(state, p) if affected and not affected.isdisjoint(state.hand[p]) else None
    choosers = traits.choosers
    plays = traits.plays
    uses: list[int] = []
    occupied: list[int] | None = None
    front = back = -2
    k = -1
    prev = -1
    for c in state.hand[p]:
        if c == prev:
            continue
        prev = c
        k += 1
        cost, kind, evolves = plays[c]
        if deltas is not None:
            cost = cost_with(cards[c], deltas)
        if cost > budget:
            continue
        base = PLAY + k * PLACES
        if kind == "character":
            if evolves:
                out.extend([base + i for i in evolution_places(state, p, cards[c])])
                continue
            if front == -2:
                front, back = first_empty(f, 0), first_empty(f, ROW)
            if front >= 0:
                out.append(base + front)
            if back >= 0:
                out.append(base + back)
        elif kind == "equipment":
            if occupied is None:
                occupied = [i for i in range(PLACES) if f[i] >= 0]
            out.extend([base + i for i in occupied])
        elif kind == "support" and (c not in choosers or usable(state, p, cards[c])):
            uses.append(USE + k)
    out += uses
    eq = state.equip[p]
    relocatable = traits.relocatable
    if relocatable and not relocatable.isdisjoint(eq):
        if occupied is None:
            occupied = [i for i in range(PLACES) if f[i] >= 0]
        for i in occupied:
            e = eq[i]
            if e in relocatable and cards[e].cost <= budget:  # printed: not a hand card
                out.extend([REEQUIP + i * PLACES + j for j in occupied if j != i])
    return out

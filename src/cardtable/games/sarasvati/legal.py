"""The legal codes of the position: who may do what in the current phase or choice."""

from __future__ import annotations

from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.battle import attackers, targets
from cardtable.games.sarasvati.imagine import evolution_places, usable
from cardtable.games.sarasvati.state import BATTLE, CHARGE, IMAGINE, MOVE, SarasvatiState
from cardtable.games.sarasvati.stats import cost_deltas, cost_with

END, PLAY, USE, REEQUIP, MOVE_, ATTACK, TARGETS, PLACES, ROW = (
    act.END, act.PLAY, act.USE, act.REEQUIP, act.MOVE, act.ATTACK, act.TARGETS, act.PLACES,
    act.ROW)

#: the charge phase's lists by number of distinct hand cards (shared: never mutated)
_CHARGES = tuple([act.END, *range(act.CHARGE, act.CHARGE + n)] for n in range(act.KINDS + 1))


def legal_for(state: SarasvatiState) -> list[int]:
    phase = state.phase
    p = state.active
    choice = state.choice
    if choice is not None:
        if choice[0] == "keep":
            return sorted((act.KEEP + choice[3], act.KEEP + choice[4]))
        return sorted(act.CHOOSE + (0 if s == p else PLACES) + i for s, i in choice[3])
    if phase == IMAGINE:
        return _imagine(state, p)
    if phase == BATTLE:
        ready = attackers(state, p)
        if not ready:
            return [END]
        out = [END]
        ts = targets(state, 1 - p)
        for a in ready:
            base = ATTACK + a * TARGETS
            out.extend([base + t for t in ts])
        return out
    if phase == MOVE:
        f, r = state.field[p], state.ready[p]
        if True not in r:
            return [END]
        out = [END]
        back = front = -2
        for i in range(PLACES):
            if r[i]:
                if back == -2:
                    back, front = first_empty(f, ROW), first_empty(f, 0)
                j = back if i < ROW else front
                if j >= 0:
                    out.append(MOVE_ + i * PLACES + j)
        return out
    if phase == CHARGE:
        return _CHARGES[len(set(state.hand[p]))]
    return []


def first_empty(f: list[int], start: int) -> int:
    """The leftmost empty place of the row beginning at ``start``, or -1.

    Places within a row are alike under the rules (nothing refers to a column), so summons and
    moves go to the leftmost empty place: one code per distinct outcome, not five.
    """
    try:
        return f.index(-1, start, start + ROW)
    except ValueError:
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
    deltas = cost_deltas(state, p)
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
        card = cards[c]
        if (card.cost if deltas is None else cost_with(card, deltas)) > budget:
            continue
        kind = card.kind
        base = PLAY + k * PLACES
        if kind == "character":
            if card.evolves_from:
                out.extend([base + i for i in evolution_places(state, p, card)])
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
        elif kind == "support" and usable(state, p, card):
            uses.append(USE + k)
    out += uses
    eq = state.equip[p]
    if max(eq) >= 0:
        if occupied is None:
            occupied = [i for i in range(PLACES) if f[i] >= 0]
        for i in occupied:
            e = eq[i]
            if e >= 0 and cards[e].relocatable and cost_with(cards[e], deltas) <= budget:
                out.extend([REEQUIP + i * PLACES + j for j in occupied if j != i])
    return out

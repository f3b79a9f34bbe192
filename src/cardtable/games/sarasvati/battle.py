"""⑥ Battle: attackers, targets, the front-row wall, battles with counterattack, books.

An attacker is a ready character of the active player that was not summoned this turn (an
evolution may attack at once) and whose attack is not below 0. While the defender has a ready
character in the front row, only front-row characters (ready or not) can be attacked;
otherwise any character or any forbidden book not yet destroyed. The attacker's row does not
matter.

Battle: the attacker destroys the defender if its attack >= the defender's defense; a defender
that was ready strikes back at the same time with the same test (unless its attack is below 0).
Survivors are exhausted. A book attacked face down opens (its オープン時 effects fire for its
owner); attacked face up it is destroyed and goes to its owner's graveyard, leaving its place
marked destroyed; the player whose three books are destroyed loses.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.event_log import QUIET
from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati import effects as fx
from cardtable.games.sarasvati.resolve import RESUME, expire, run, trigger
from cardtable.games.sarasvati.state import DESTROYED, FACE_DOWN, OPEN, SarasvatiState
from cardtable.games.sarasvati.stats import auras, in_force, stats
from cardtable.games.sarasvati.zones import check, destroy, find, finish

#: bound once (a module attribute is a dictionary lookup at every read)
PLACES, ROW = act.PLACES, act.ROW
_BATTLE = fx.BATTLE


def walled(state: SarasvatiState, seat: int) -> bool:
    """True while ``seat`` has a ready character in its front row (only a place that holds a
    character is ever marked ready)."""
    r = state.ready[seat]
    return True in r and r.index(True) < ROW


def targets(state: SarasvatiState, defender: int) -> list[int]:
    """Target numbers open to an attack on ``defender``: places 0-9, books 10-12."""
    f = state.field[defender]
    if walled(state, defender):
        return [i for i in range(ROW) if f[i] >= 0]
    out = [i for i in range(PLACES) if f[i] >= 0]
    bs = state.bstate[defender]
    for b in range(len(bs)):  # a loop, not a comprehension: no temporary list
        if bs[b] != DESTROYED:
            out.append(PLACES + b)
    return out


def attackers(state: SarasvatiState, seat: int) -> list[int]:
    r, s = state.ready[seat], state.sick[seat]
    if True not in r:
        return []
    places = [i for i in range(PLACES) if r[i] and not s[i]]
    if not places or not (state.mods or state.cards.traits.weakening):  # type: ignore[attr-defined]
        return places  # nothing could have put an attack below 0
    if not _may_weaken(state):
        return places
    wide = auras(state)
    return [i for i in places if stats(state, seat, i, wide)[0] >= 0]


def _may_weaken(state: SarasvatiState) -> bool:
    """Cheap test: only lowered attack (a change, or a lasting effect) can go below 0."""
    for m in state.mods:
        if m[1] < 0:
            return True
    weakening_at = state.cards.traits.weakening_at  # type: ignore[attr-defined]
    return bool(weakening_at.ids) and in_force(state, weakening_at)


def attack(state: SarasvatiState, place: int, target: int) -> None:
    """Declare an attack: 攻撃時 effects first, then the battle."""
    p = state.active
    c = state.field[p][place]
    u = state.uid[p][place]
    if state.log is not QUIET:
        ev = {"type": "attack", "player": p, "place": place, "card": state.cards[c].name,
              "uid": u}
        if target >= PLACES:
            ev["book"] = target - PLACES
        else:
            ev["target"] = target
            ev["target_card"] = state.cards[state.field[1 - p][target]].name
            ev["target_uid"] = state.uid[1 - p][target]
        state.log.append(ev)
    eq = state.equip[p][place]
    cards = state.cards
    if "attack" not in cards[c].triggers and (eq < 0 or "attack" not in cards[eq].triggers):
        # nothing happens before the battle: fight at once (the common case, kept cheap)
        if fight(state, u, target, (p, place)) and cards.traits.raising:  # type: ignore[attr-defined]
            check(state)
        if state.queue:
            state.cont.append(("battle-end",))
            run(state)
        elif state.mods:
            expire(state, _BATTLE)
        return
    state.cont.append(("battle-end",))
    state.cont.append(("battle", u, target))
    trigger(state, p, c, "attack", u)
    if eq >= 0:
        trigger(state, p, eq, "attack", u)
    run(state)


def fight(state: SarasvatiState, uid: int, target: int,
          where: tuple[int, int] | None = None) -> bool:
    """The battle (or the hit on a book); True when a character was destroyed.

    ``where`` is the attacker's place when the caller knows it is still there."""
    if where is None:
        where = find(state, uid)
    if where is None:
        state.log.append({"type": "attack-cancelled", "why": "attacker-gone"})
        return False
    p, place = where
    o = 1 - p
    if target >= PLACES:
        _hit_book(state, p, place, target - PLACES)
        return False
    if state.field[o][target] < 0:
        state.log.append({"type": "attack-cancelled", "why": "target-gone"})
        state.ready[p][place] = False
        return False
    wide = auras(state)
    a_atk, a_def = stats(state, p, place, wide)
    d_atk, d_def = stats(state, o, target, wide)
    d_ready = state.ready[o][target]
    kills = a_atk >= 0 and a_atk >= d_def
    counter = d_ready and d_atk >= 0
    killed = counter and d_atk >= a_def
    a_card, d_card = state.field[p][place], state.field[o][target]
    a_eq, d_eq = state.equip[p][place], state.equip[o][target]
    d_uid = state.uid[o][target]
    if state.log is not QUIET:
        state.log.append({
            "type": "battle", "player": p, "place": place, "target": target,
            "cards": [state.cards[a_card].name, state.cards[d_card].name],
            "uids": [uid, d_uid],
            "attack": a_atk, "defense": d_def, "counter": counter,
            "counter_attack": d_atk, "attacker_defense": a_def,
            "destroyed": [killed, kills]})
    if kills:
        destroy(state, o, target, "battle", {"card": state.cards[a_card].name, "uid": uid})
    else:
        state.ready[o][target] = False
    if killed:
        destroy(state, p, place, "battle", {"card": state.cards[d_card].name, "uid": d_uid})
    else:
        state.ready[p][place] = False
    if kills and not killed:
        _won(state, p, a_card, a_eq, uid)
    elif killed and not kills:
        _won(state, o, d_card, d_eq, d_uid)
    return kills or killed


def _won(state: SarasvatiState, seat: int, card: int, equip: int, uid: Any) -> None:
    """The side of a fight that destroyed the other and stood: its ``battle-won`` event, then
    the ``win`` triggers of its character and of its equipment (the same for either side)."""
    state.log.append({"type": "battle-won", "player": seat, "card": state.cards[card].name,
                      "uid": uid})
    trigger(state, seat, card, "win", uid)
    if equip >= 0:
        trigger(state, seat, equip, "win", uid)


def _resume(state: SarasvatiState, step: tuple[Any, ...]) -> None:
    """A fight that waited behind its attack triggers (``("battle", uid, target)``)."""
    if fight(state, step[1], step[2]) and state.cards.traits.raising:  # type: ignore[attr-defined]
        check(state)  # a fallen card may have held up others' defense


RESUME["battle"] = _resume


def _hit_book(state: SarasvatiState, p: int, place: int, b: int) -> None:
    o = 1 - p
    book = state.books[o][b]
    name = state.cards[book].name
    state.ready[p][place] = False
    traits = state.cards.traits  # type: ignore[attr-defined]
    if state.bstate[o][b] == FACE_DOWN:
        if book in traits.unsettling:
            state.dirty = True  # its オープン中 effects lower a defense or depend on a hand
        state.bstate[o][b] = OPEN
        state.log.append({"type": "book-opened", "player": o, "book": b, "card": name,
                          "by": {"card": state.cards[state.field[p][place]].name,
                                 "uid": state.uid[p][place]}})
        trigger(state, o, book, "open", -1)
        return
    if book in traits.raising:
        state.dirty = True  # its オープン中 effects held up others' defense
    state.bstate[o][b] = DESTROYED
    state.books[o][b] = -1
    state.grave[o].append(book)  # 墓地: 破壊されたカードを置く
    state.log.append({"type": "book-destroyed", "player": o, "book": b, "card": name,
                      "by": {"card": state.cards[state.field[p][place]].name,
                             "uid": state.uid[p][place]}})
    if all([st == DESTROYED for st in state.bstate[o]]):
        finish(state, p, "books")

"""④ Imagine: pay voltage to summon characters, evolve them, equip them and use supports.

Paying a cost of N turns N untapped voltage cards sideways. A character is summoned ready to
an empty place of either row and cannot attack this turn. An evolution goes onto its base
(進化元) and counts with it as one card: it keeps the base's place, equipment and stat
changes, comes in ready and may attack at once. From two equipped bases only one equipment
can stay, and the player chooses which. Equipment goes on one of the player's own characters;
equipping a character that already holds equipment destroys the old one. Equipment marked
付け替え可能 may be moved to another of the player's characters by paying its cost again.
A support is used, goes to the graveyard, and its effects resolve.
"""

from __future__ import annotations

from cardtable.core.event_log import QUIET
from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati import effects as fx
from cardtable.games.sarasvati.cards import Card
from cardtable.games.sarasvati.resolve import run, trigger
from cardtable.games.sarasvati.state import SarasvatiState
from cardtable.games.sarasvati.stats import cost, in_force
from cardtable.games.sarasvati.zones import check, vacate

#: bound once (a module attribute is a dictionary lookup at every read)
PLACES = act.PLACES
_CHOOSE_OWN, _CHOOSE_OPP, _CHOOSE_ANY = fx.CHOOSE_OWN, fx.CHOOSE_OPP, fx.CHOOSE_ANY


def kinds(hand: list[int]) -> list[int]:
    """The distinct cards of a (sorted) hand, in order: what hand-kind codes number."""
    return sorted(set(hand))


def kind_at(hand: list[int], k: int) -> int:
    """``kinds(hand)[k]`` without building the list: a play decodes one hand kind per action."""
    prev = -1
    for c in hand:
        if c != prev:
            if not k:
                return c
            k -= 1
            prev = c
    raise IndexError("hand kind out of range")


def untapped(state: SarasvatiState, seat: int) -> int:
    return len(state.voltage[seat]) - state.tapped[seat]


def pay(state: SarasvatiState, seat: int, amount: int) -> None:
    state.tapped[seat] += amount



def evolution_places(state: SarasvatiState, seat: int, card: Card) -> list[int]:
    """Places holding a base ``card`` can evolve from (with its second base, if any, present)."""
    f = state.field[seat]
    bases = state.cards.traits.matching(card.evolves_from[0])  # type: ignore[attr-defined]
    if bases.isdisjoint(f):
        return []  # the common case: no base on the field
    first = [i for i in range(PLACES) if f[i] in bases]
    if len(card.evolves_from) == 1:
        return first
    return [i for i in first if second_base(state, seat, card, i) is not None]


def second_base(state: SarasvatiState, seat: int, card: Card, place: int) -> int | None:
    """The other base of a two-base evolution: the first matching place, front row first."""
    f = state.field[seat]
    bases = state.cards.traits.matching(card.evolves_from[1])  # type: ignore[attr-defined]
    for i in range(PLACES):
        if i != place and f[i] in bases:
            return i
    return None


def usable(state: SarasvatiState, seat: int, card: Card) -> bool:
    """A support can be used only if every choice it makes has a character to choose."""
    f = state.field
    for e in card.effects:
        scope = e.scope
        if scope == _CHOOSE_OWN:
            if max(f[seat]) < 0:
                return False
        elif scope == _CHOOSE_OPP:
            if max(f[1 - seat]) < 0:
                return False
        elif scope == _CHOOSE_ANY and max(f[0]) < 0 and max(f[1]) < 0:
            return False
    return True


def _take(state: SarasvatiState, seat: int, c: int) -> None:
    state.hand[seat].remove(c)
    state.tapped[seat] += cost(state, seat, state.cards[c])  # pay


def play(state: SarasvatiState, c: int, place: int) -> None:
    """Play hand card ``c`` at ``place``: summon, evolve or equip, by its kind."""
    p = state.active
    card = state.cards[c]
    traits = state.cards.traits  # type: ignore[attr-defined]
    if card.kind == "equipment":
        _take(state, p, c)
        equip(state, p, c, place, from_hand=True)
    elif card.evolves_from:
        other = second_base(state, p, card, place) if len(card.evolves_from) > 1 else None
        if other is not None and state.equip[p][place] >= 0 and state.equip[p][other] >= 0:
            state.choice = ("keep", p, c, place, other)
            return
        evolve(state, c, place, other, place)
    else:
        _take(state, p, c)
        u = state.next_uid
        state.next_uid += 1
        if c in traits.unsettling or (traits.lowering_wide and in_force(
                state, traits.lowering_wide_at)):
            state.dirty = True  # it lowers a defense, or comes in under a lowering aura
        state.field[p][place] = c
        state.ready[p][place] = True
        state.sick[p][place] = True
        state.uid[p][place] = u
        if state.log is not QUIET:
            state.log.append({"type": "summon", "player": p, "place": place, "card": card.name,
                              "uid": u})
        trigger(state, p, c, "summon", u)
    if c in traits.lowering:
        check(state)  # its own lasting effect may put a defense below 0 at once
    run(state)


def evolve(state: SarasvatiState, c: int, place: int, other: int | None, keep: int) -> None:
    """Put evolution ``c`` on the base at ``place`` (and ``other``); keep equipment of ``keep``."""
    p = state.active
    _take(state, p, c)
    state.dirty = True  # a new card with its own stats and effects, perhaps a base lost
    grave = state.grave[p]
    under = state.under[p][place] + (state.field[p][place],)
    if other is not None:
        under += state.under[p][other] + (state.field[p][other],)
        alt = other if keep == place else place
        kept_at = keep if state.equip[p][keep] >= 0 else alt
        kept = state.equip[p][kept_at]
        for q in (place, other):
            e = state.equip[p][q]
            if e >= 0 and q != kept_at:
                grave.append(e)
                state.log.append({"type": "equipment-destroyed", "player": p, "place": q,
                                  "card": state.cards[e].name, "uid": state.uid[p][q]})
        u_other = state.uid[p][other]
        state.mods = [m for m in state.mods if m[0] != u_other]
        vacate(state, p, other)
        state.equip[p][place] = kept
    state.field[p][place] = c
    state.under[p][place] = under
    state.ready[p][place] = True
    state.sick[p][place] = False
    state.log.append({"type": "evolve", "player": p, "place": place,
                      "card": state.cards[c].name, "uid": state.uid[p][place],
                      "bases": [state.cards[b].name for b in under]})
    trigger(state, p, c, "summon", state.uid[p][place])
    if c in state.cards.traits.lowering or (other is not None):  # type: ignore[attr-defined]
        check(state)  # a lowering card came in, or an equipment left with a base


def equip(state: SarasvatiState, p: int, c: int, place: int, from_hand: bool) -> None:
    old = state.equip[p][place]
    if old >= 0:
        state.grave[p].append(old)
        state.log.append({"type": "equipment-destroyed", "player": p, "place": place,
                          "card": state.cards[old].name, "uid": state.uid[p][place]})
    traits = state.cards.traits  # type: ignore[attr-defined]
    if old in traits.upholding or c in traits.unsettling:
        state.dirty = True  # a defense-giving card left, or one that lowers came in
    state.equip[p][place] = c
    if state.log is not QUIET:
        state.log.append({"type": "equip", "player": p, "place": place,
                          "card": state.cards[c].name,
                          "on": state.cards[state.field[p][place]].name,
                          "uid": state.uid[p][place], "from_hand": from_hand})
    trigger(state, p, c, "equip", state.uid[p][place])
    if old >= 0 or c in state.cards.traits.lowering:  # type: ignore[attr-defined]
        check(state)  # a lowering card came in, or a defense-giving one left


def re_equip(state: SarasvatiState, src: int, dst: int) -> None:
    """付け替え: pay the equipment's cost again and move it to the character at ``dst``.

    The printed cost: the only cost changes are 「自分の手札の…」 ones, and the equipment is
    not in the hand."""
    p = state.active
    c = state.equip[p][src]
    pay(state, p, state.cards[c].cost)
    state.equip[p][src] = -1
    if c in state.cards.traits.upholding:  # type: ignore[attr-defined]
        state.dirty = True  # the old holder lost the defense it gave
    equip(state, p, c, dst, from_hand=False)
    check(state)  # the old holder lost what the equipment gave it
    run(state)


def use(state: SarasvatiState, c: int) -> None:
    p = state.active
    _take(state, p, c)
    state.grave[p].append(c)
    state.log.append({"type": "use", "player": p, "card": state.cards[c].name})
    trigger(state, p, c, "use", -1)
    run(state)


def charge(state: SarasvatiState, c: int) -> None:
    """③ Charge: one hand card goes to the voltage zone, untapped."""
    p = state.active
    state.hand[p].remove(c)
    state.voltage[p].append(c)
    if state.log is not QUIET:
        state.log.append({"type": "charge", "player": p, "card": state.cards[c].name})


"""What a legal code does in a position, as data (``State.describe_action``).

Kinds: ``end-phase`` (with the ``phase`` it ends), ``charge``, ``summon``, ``evolve``,
``equip``, ``use``, ``re-equip``, ``move``, ``attack``, ``choose`` (a character an effect
waits for) and ``keep-equipment``. Cards by name (``card``, ``card_en``), places by the names
the table prints (``F1``..``F5`` front, ``B1``..``B5`` back), a character's ``uid`` where it
has one, costs as they would be paid now.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.imagine import kind_at
from cardtable.games.sarasvati.state import BOOK_STATES, PHASE_NAMES, SarasvatiState
from cardtable.games.sarasvati.stats import cost


def _card(state: SarasvatiState, c: int, key: str = "card") -> dict[str, Any]:
    card = state.cards[c]
    return {key: card.name, f"{key}_en": card.name_en or card.name}


def _at(state: SarasvatiState, seat: int, place: int, key: str) -> dict[str, Any]:
    """The character at ``place`` of ``seat``: its name and the id it keeps while it stays."""
    return {**_card(state, state.field[seat][place], key),
            f"{key}_uid" if key != "card" else "uid": state.uid[seat][place]}


def describe(state: SarasvatiState, code: int) -> dict[str, Any]:
    p = state.active
    name = act.place_name
    if state.choice is not None:
        if state.choice[0] == "keep":
            place = code - act.KEEP
            return {"code": code, "kind": "keep-equipment", "place": name(place),
                    **_card(state, state.equip[p][place])}
        side, place = divmod(code - act.CHOOSE, act.PLACES)
        seat = p if side == 0 else 1 - p
        item = state.choice[2]
        return {"code": code, "kind": "choose", "side": "own" if side == 0 else "opponent",
                "place": name(place), **_at(state, seat, place, "card"),
                **_card(state, item[1], "for")}
    if code == act.END:
        return {"code": code, "kind": "end-phase", "phase": PHASE_NAMES[state.phase]}
    hand = state.hand[p]
    if act.CHARGE <= code < act.PLAY:
        return {"code": code, "kind": "charge", **_card(state, kind_at(hand, code - act.CHARGE))}
    if act.PLAY <= code < act.USE:
        k, place = divmod(code - act.PLAY, act.PLACES)
        c = kind_at(hand, k)
        card = state.cards[c]
        out = {"code": code, "kind": "summon", **_card(state, c), "place": name(place),
               "cost": cost(state, p, card)}
        if card.kind == "equipment":
            out.update(kind="equip", **_at(state, p, place, "on"))
        elif card.evolves_from:
            out.update(kind="evolve", **_at(state, p, place, "base"))
        return out
    if act.USE <= code < act.REEQUIP:
        c = kind_at(hand, code - act.USE)
        return {"code": code, "kind": "use", **_card(state, c),
                "cost": cost(state, p, state.cards[c])}
    if act.REEQUIP <= code < act.MOVE:
        src, dst = divmod(code - act.REEQUIP, act.PLACES)
        e = state.equip[p][src]
        return {"code": code, "kind": "re-equip", **_card(state, e), "from": name(src),
                "to": name(dst), **_at(state, p, dst, "on"), "cost": state.cards[e].cost}
    if act.MOVE <= code < act.ATTACK:
        src, dst = divmod(code - act.MOVE, act.PLACES)
        return {"code": code, "kind": "move", **_at(state, p, src, "card"), "from": name(src),
                "to": name(dst), "row": "back" if src < act.ROW else "front"}
    a, t = divmod(code - act.ATTACK, act.TARGETS)
    out = {"code": code, "kind": "attack", **_at(state, p, a, "card"), "place": name(a)}
    if t >= act.PLACES:
        b = t - act.PLACES
        out.update(book=b + 1, book_state=BOOK_STATES[state.bstate[1 - p][b]])
    else:
        out.update(target=name(t), **_at(state, 1 - p, t, "target_card"))
    return out

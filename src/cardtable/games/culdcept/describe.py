"""What a legal code does in a position, as data (``State.describe_action``).

Kinds: ``decline`` (with the ``phase`` it passes), ``cast``, ``cast-move``, ``invade``,
``pay-toll``, ``battle-card``, ``choose-level``, ``level-up``, ``level-down``, ``terrain``,
``summon``, ``exchange``, ``move`` and ``discard``. Cards by name (``card``, ``card_en``),
lands by their number from their owner's left (``land``: 1-6) and ``side`` (``own`` or
``opponent``, from the player who decides).
"""

from __future__ import annotations

from typing import Any

from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept.board import hand_kinds, level_kinds, toll
from cardtable.games.culdcept.state import PHASE_NAMES, CuldceptState


def _card(state: CuldceptState, c: int, key: str = "card") -> dict[str, Any]:
    card = state.cards[c]
    return {key: card.name, f"{key}_en": card.name_en or card.name}


def describe(state: CuldceptState, code: int) -> dict[str, Any]:
    p = state.active
    seat = state.current_player()
    phase = PHASE_NAMES[state.phase]
    if phase == "choose-level":
        reason, owner, slot = state.pending  # type: ignore[misc]
        c = level_kinds(state, owner, slot)[code - act.CHOOSE_LEVEL]
        return {"code": code, "kind": "choose-level", "reason": reason, "land": slot + 1,
                **_card(state, c)}
    if code == act.END:
        return {"code": code, "kind": "decline", "phase": phase}
    kinds = hand_kinds(state.hand[seat])
    if code < act.CAST_MOVE:
        k, t = divmod(code - act.CAST, act.TARGETS)
        out: dict[str, Any] = {"code": code, "kind": "cast", **_card(state, kinds[k])}
        if t < act.NO_TARGET:
            side, slot = divmod(t, act.SLOTS)
            out.update(side="own" if side == 0 else "opponent", land=slot + 1)
            tseat = p if side == 0 else 1 - p
            if state.cards[kinds[k]].target.endswith("creature"):
                out.update(_card(state, state.creature[tseat][slot], "target"))
        return out
    if code < act.INVADE_LAND:
        k, rest = divmod(code - act.CAST_MOVE, act.SLOTS * 2)
        slot, d = divmod(rest, 2)
        return {"code": code, "kind": "cast-move", **_card(state, kinds[k]), "land": slot + 1,
                "to": slot if d == 0 else slot + 2,
                **_card(state, state.creature[p][slot], "target")}
    if code == act.INVADE_LAND:
        return {"code": code, "kind": "invade", "from": "land", "land": state.dest + 1,
                **_card(state, state.creature[p][state.dest])}
    if code < act.PAY_TOLL:
        return {"code": code, "kind": "invade", "from": "hand", "land": state.dest + 1,
                **_card(state, kinds[code - act.INVADE_HAND])}
    if code == act.PAY_TOLL:
        return {"code": code, "kind": "pay-toll", "land": state.dest + 1,
                "amount": toll(state, 1 - p, state.dest)}
    if code < act.CHOOSE_LEVEL:
        return {"code": code, "kind": "battle-card",
                **_card(state, kinds[code - act.BATTLE_CARD])}
    if code >= act.DISCARD:
        return {"code": code, "kind": "discard", **_card(state, kinds[code - act.DISCARD])}
    land = state.dest + 1
    if code < act.LEVEL_DOWN:
        return {"code": code, "kind": "level-up", "land": land,
                **_card(state, kinds[code - act.LEVEL_UP])}
    if code < act.TERRAIN:
        c = level_kinds(state, p, state.dest)[code - act.LEVEL_DOWN]
        return {"code": code, "kind": "level-down", "land": land, **_card(state, c)}
    if code < act.SUMMON:
        return {"code": code, "kind": "terrain", "land": land,
                **_card(state, kinds[code - act.TERRAIN])}
    if code < act.EXCHANGE:
        return {"code": code, "kind": "summon", "land": land,
                **_card(state, kinds[code - act.SUMMON])}
    if code < act.MOVE:
        return {"code": code, "kind": "exchange", "land": land,
                **_card(state, kinds[code - act.EXCHANGE]),
                **_card(state, state.creature[p][state.dest], "returned")}
    return {"code": code, "kind": "move", "land": land,
            "to": land - 1 if code == act.MOVE else land + 1,
            **_card(state, state.creature[p][state.dest])}

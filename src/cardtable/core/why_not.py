"""Why a card the seat holds cannot be played now, for a front end to dim it with the reason.

Worked out from what the seat may know and nothing more: its view, the descriptions of its
legal actions (``State.describe_action``) and its drawn table. A card in the seat's hand that
no legal action names is not playable now; a game may say why in its record's ``why_not`` part
with ``reasons(view, described, lang) -> {card key: reason}`` (and ``ZONES``, the ids of
other zones whose cards it explains) ("needs 3 voltage, 1 free", "only
in the imagine phase"); without one, or for a card it has no word for, the reason is plain.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.registry import part

JSON = dict[str, Any]

PLAIN = {"en": "no legal play for it now", "ja": "今は出せる手がありません"}


def unplayable(game_id: str, view: JSON, described: list[JSON], table: JSON, seat: int,
               lang: str) -> list[JSON]:
    """``[{"refs": ["hand.0#key"], "why": reason}]`` for each face-up card in the seat's hand
    that no legal action names (once per key)."""
    named: set[str] = set()
    # the cards each description names: its ``card``, and the cards of a placement by lanes
    # (DRAWS-◎-TROIDAL's ``set`` names each card in ``lanes``)
    for d in described:
        if d.get("card") is not None:
            named.add(str(d["card"]))
        lanes = d.get("lanes")
        if isinstance(lanes, dict):
            named.update(map(str, lanes.values()))
    module = part(game_id, "why_not")
    # the seat's hand, and the zones a game names as holding cards played from them (Dice and
    # Monsters' leap pile: ``ZONES = ("leap",)``)
    others = tuple(getattr(module, "ZONES", ())) if module is not None else ()
    hands = [z for z in table.get("zones", [])
             if z.get("owner") == seat
             and (z.get("kind") == "hand" or str(z.get("id", "")).split(".")[0] in others)]
    said: dict[str, str] = module.reasons(view, described, lang) if module is not None else {}
    out: list[JSON] = []
    seen: set[str] = set()
    for zone in hands:
        for card in zone.get("cards", []):
            key = card.get("key") if card and card.get("face_up") else None
            if not key or key in named or key in seen:
                continue
            seen.add(key)
            out.append({"refs": [f"{zone['id']}#{key}"],
                        "why": said.get(key) or PLAIN.get(lang, PLAIN["en"])})
    return out

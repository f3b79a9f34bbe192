"""カルドセプト: what each action names on the table (``core/picks.py``): the card in hand, then
the land (numbered 1-6 from its owner's left) it is played on, cast at or invades."""

from __future__ import annotations

from typing import Any

from cardtable.core.picks import card_in, clean, held, slot

JSON = dict[str, Any]


def _land(table: JSON, seat: int, n: Any) -> str | None:
    return slot(table, f"lands.{seat}", n - 1) if isinstance(n, int) else None


def picks(d: JSON, table: JSON, seat: int) -> list[str]:
    kind = d.get("kind")
    opp = 1 - seat
    card = d.get("card")
    if kind in ("battle-card", "discard"):
        return clean([held(table, seat, card)])
    if kind == "cast":
        side = opp if d.get("side") == "opponent" else seat
        return clean([held(table, seat, card),
                      _land(table, side, d.get("land")) if "land" in d else None])
    if kind == "cast-move":
        return clean([held(table, seat, card), _land(table, seat, d.get("land")),
                      _land(table, seat, d.get("to"))])
    if kind == "invade":
        if d.get("from") == "land":
            return clean([_land(table, seat, d.get("land")), _land(table, opp, d.get("land"))])
        return clean([held(table, seat, card), _land(table, opp, d.get("land"))])
    if kind in ("level-up", "terrain", "summon", "exchange"):
        return clean([held(table, seat, card), _land(table, seat, d.get("land"))])
    if kind in ("level-down", "choose-level"):
        return clean([card_in(table, f"levels.{seat}", card)])
    if kind == "move":
        return clean([_land(table, seat, d.get("land")), _land(table, seat, d.get("to"))])
    return []

"""サラスヴァティ: what each action names on the table (``core/picks.py``): the card in hand,
then the slot (F1..B5) it goes to; a character, then where it moves or which book it attacks."""

from __future__ import annotations

from typing import Any

from cardtable.core.picks import clean, held, labelled, slot

JSON = dict[str, Any]


def picks(d: JSON, table: JSON, seat: int) -> list[str]:
    kind = d.get("kind")
    opp = 1 - seat
    if kind in ("charge", "use"):
        return clean([held(table, seat, d.get("card"))])
    if kind in ("summon", "equip", "evolve"):
        return clean([held(table, seat, d.get("card")), labelled(table, seat, d.get("place"))])
    if kind in ("move", "re-equip"):
        return clean([labelled(table, seat, d.get("from")), labelled(table, seat, d.get("to"))])
    if kind == "choose":
        side = seat if d.get("side") == "own" else opp
        return clean([labelled(table, side, d.get("place"))])
    if kind == "attack":
        out = [labelled(table, seat, d.get("place"))]
        if isinstance(d.get("book"), int):
            out.append(slot(table, f"books.{opp}", d["book"] - 1))
        return clean(out)
    if "card" in d and "place" not in d:
        return clean([held(table, seat, d.get("card"))])
    return []

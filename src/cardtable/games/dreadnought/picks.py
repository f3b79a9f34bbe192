"""Dreadnought: what each action names on the table (``core/picks.py``): a card in hand (cast,
dummy, code, mulligan, gear change, enhancement), then the area it goes to; a unit to move or
discard. Abilities, targets, blocks, attacks and payments name units by internal numbers the
table does not carry: they stay buttons, worded by the game."""

from __future__ import annotations

from typing import Any

from cardtable.core.picks import clean, held, slot, zone

JSON = dict[str, Any]


def _area(table: JSON, seat: int, area: Any) -> str | None:
    zone_id = f"area{area}.{seat}"
    return zone_id if zone(table, zone_id) is not None else None


def picks(d: JSON, table: JSON, seat: int) -> list[str]:
    kind = d.get("kind")
    if kind in ("cast", "dummy"):
        return clean([held(table, seat, d.get("card")), _area(table, seat, d.get("area"))])
    if kind == "cast-speed-card":
        return clean([_area(table, seat, d.get("area"))])
    if kind in ("mulligan", "gear-change", "code", "sub-effect"):
        return clean([held(table, seat, d.get("card"))])
    if kind in ("discard-unit", "move") and isinstance(d.get("index"), int):
        return clean([slot(table, f"area{d.get('area')}.{seat}", d["index"] + 1)])
    return []

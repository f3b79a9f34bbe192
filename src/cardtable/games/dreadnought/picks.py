"""Dreadnought: what each action names on the table (``core/picks.py``): a card in hand (cast,
dummy, code, mulligan, gear change, enhancement), then the area or unit it goes to (a dummy's
area is a button); a unit to
move or discard; the caster or unit whose ability is used; the attackers, then the enemy area;
a target; the caster checked or the bursts to pay a log. Unit slots count a seat's units area
by area in the order they were placed (``actions.py``), as the areas draw them after the caster.
A block names the caster or a unit of the attacked area (its description carries the area)."""

from __future__ import annotations

from typing import Any

from cardtable.core.picks import clean, held, slot, zone

JSON = dict[str, Any]


def _area(table: JSON, seat: int, area: Any) -> str | None:
    zone_id = f"area{area}.{seat}"
    return zone_id if zone(table, zone_id) is not None else None


def _unit(table: JSON, seat: int, u: int) -> str | None:
    """Unit slot ``u`` (0-3) of ``seat``: area ``u // 2``, the unit after the caster."""
    return slot(table, f"area{u // 2}.{seat}", 1 + u % 2)


def _target(table: JSON, t: int) -> str | None:
    if t < 8:
        return _unit(table, t // 4, t % 4)
    if t < 12:
        return _area(table, (t - 8) // 2, (t - 8) % 2)
    return slot(table, f"area{(t - 12) % 2}.{(t - 12) // 2}", 0)


def picks(d: JSON, table: JSON, seat: int) -> list[str]:
    kind = d.get("kind")
    if kind == "ability" and isinstance(d.get("source"), int):
        s = d["source"]
        return clean([slot(table, f"area{s}.{seat}", 0) if s < 2 else _unit(table, seat, s - 2)])
    if kind == "sub-effect" and isinstance(d.get("slot"), int):
        return clean([held(table, seat, d.get("card")), _unit(table, seat, d["slot"])])
    if kind == "attack" and isinstance(d.get("mask"), int):
        units = [_unit(table, seat, u) for u in range(4) if d["mask"] >> u & 1]
        return clean([*units, _area(table, 1 - seat, d.get("area"))])
    if kind == "block" and isinstance(d.get("blocker"), int) and d.get("area") in (0, 1):
        # blocker 0 is the area's caster, 1 + i its i-th unit: the area's slots in that order
        return clean([slot(table, f"area{d['area']}.{seat}", d["blocker"])])
    if kind == "target" and isinstance(d.get("target"), int):
        return clean([_target(table, d["target"])])
    if kind == "pay" and isinstance(d.get("source"), int):
        s = d["source"]
        return clean([slot(table, f"area{s}.{seat}", 0) if s < 2 else
                      (f"bursts.{seat}" if zone(table, f"bursts.{seat}") else None)])
    if kind == "cast":
        return clean([held(table, seat, d.get("card")), _area(table, seat, d.get("area"))])
    if kind == "dummy":
        # the card only, its area a button: a unit card clicked, then an area, is cast at
        # once, not asked "cast or dummy?" by a third click (a dummy is the rarer play)
        return clean([held(table, seat, d.get("card"))])
    if kind == "cast-speed-card":
        return clean([_area(table, seat, d.get("area"))])
    if kind in ("mulligan", "gear-change", "code"):
        return clean([held(table, seat, d.get("card"))])
    if kind in ("discard-unit", "move") and isinstance(d.get("index"), int):
        return clean([slot(table, f"area{d.get('area')}.{seat}", d["index"] + 1)])
    return []

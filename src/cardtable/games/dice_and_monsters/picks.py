"""Dice and Monsters: what each action names on the table (``core/picks.py``): a card taken
from the pool (the table lists only the cards still there, so a pick is found by its card and
which copy of it, never by its position in the whole pool); a team as its command, then the
units for squares 2-4 (the square the command takes, which the table cannot show before the
team is set, stays a question)."""

from __future__ import annotations

from typing import Any

from cardtable.core.picks import clean, held, slot, zone

JSON = dict[str, Any]


def picks(d: JSON, table: JSON, seat: int) -> list[str]:
    kind = d.get("kind")
    if kind == "pick" and isinstance(d.get("copy"), int):
        pool = zone(table, f"pool.{seat}")
        where = [] if pool is None else [
            i for i, c in enumerate(pool["cards"]) if c and c.get("key") == d.get("card")]
        return clean([slot(table, f"pool.{seat}", where[d["copy"]])
                      if d["copy"] < len(where) else None])
    if kind == "team" and isinstance(d.get("squares"), dict):
        command = d.get("command")
        units = [n for _, n in sorted(d["squares"].items()) if n != command]
        return clean([held(table, seat, n, prefer=("deck",)) for n in [command, *units]])
    return []

"""Dice and Monsters: what each action names on the table (``core/picks.py``): a card taken
from the pool; a team as its command, then the units for squares 2-4 (the square the command
takes, which the table cannot show before the team is set, stays a question)."""

from __future__ import annotations

from typing import Any

from cardtable.core.picks import clean, held, slot

JSON = dict[str, Any]


def picks(d: JSON, table: JSON, seat: int) -> list[str]:
    kind = d.get("kind")
    if kind == "pick" and isinstance(d.get("pool_index"), int):
        return clean([slot(table, f"pool.{seat}", d["pool_index"])])
    if kind == "team" and isinstance(d.get("squares"), dict):
        command = d.get("command")
        units = [n for _, n in sorted(d["squares"].items()) if n != command]
        return clean([held(table, seat, n, prefer=("deck",)) for n in [command, *units]])
    return []

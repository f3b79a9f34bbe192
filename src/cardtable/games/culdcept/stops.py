"""Culdcept's stops (``table/stops.py``): the spell step before the die asks "Cast no spell"
whenever a spell in hand could be cast; a player who does not want to be asked every turn
turns the stop off, and the step is declined for them. Read from the seat's pending step (its
view's phase) and its legal actions only."""

from __future__ import annotations

from typing import Any

from cardtable.table.stops import Stop

JSON = dict[str, Any]

STOPS = (
    Stop("spell", "Spell step", "スペルステップ",
         ("Ask me before the die whether to cast a spell", "ダイスの前にスペルを使うか聞く"),
         on=True),
)


def stop(view: JSON, described: list[JSON]) -> tuple[str, int] | None:
    if view.get("phase") != "spell":
        return None
    for i, d in enumerate(described):
        if d.get("kind") == "decline" and d.get("phase") == "spell":
            return "spell", i
    return None

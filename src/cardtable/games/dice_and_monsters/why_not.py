"""Dice and Monsters: why a card the seat holds cannot be played now (``core/why_not.py``). The
team set-up places three units and a command from the main deck; a ★ unit of the leap deck is
never placed: it leaps in by itself in battle, the moment its printed condition holds. Read
from the seat's view only."""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]

#: the leap deck's zone: its cards are explained too, not only a hand's
ZONES = ("leap",)

_LEAP = ("a ★ unit is never placed: it leaps in by itself in battle when its condition holds",
         "★ユニットは配置しません：戦闘中に条件を満たすと自動でリープします")


def reasons(view: JSON, described: list[JSON], lang: str) -> dict[str, str]:
    if view.get("phase") not in ("team", "deck-building"):
        return {}
    why = _LEAP[1 if lang == "ja" else 0]
    return {name: why for name in view["you"].get("leap", [])}

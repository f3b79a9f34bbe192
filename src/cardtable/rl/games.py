"""The games every adapter offers: below the adapters, so each reads the list without
importing the package that imports it.

Read from the registry when asked: each registered game whose record declares rules and an
observation encoding, so a game registered later (a plug-in, a test's toy game) is offered too.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.registry import GAMES, parts


def game_ids() -> tuple[str, ...]:
    return tuple(game_id for game_id in GAMES
                 if parts(game_id).rules is not None and parts(game_id).encoding is not None)


def __getattr__(name: str) -> Any:
    if name == "GAME_IDS":  # the same list, read at use
        return game_ids()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""Choices both front ends offer alike: which key passes, and when passing can be automatic.

``auto_pass`` is the "pass for me" a player may switch on (``cardtable play --auto-pass``): it
answers only a window in which passing is the one legal action, so it never costs a play the
seat could have made, and, since the seat's legal actions are its own knowledge, it tells the
opponent nothing the game did not already show by asking.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.core.contract import Game

#: ``describe_action`` kinds that end a phase or pass: always on the key ``0``
PASS_KINDS = frozenset({"end-phase", "end-turn", "pass", "finish-deck", "decline"})


def is_pass(game: Game, code: int) -> bool:
    return game.describe_action(code).get("kind") in PASS_KINDS


def pass_code(game: Game, legal: Sequence[int]) -> int | None:
    """The legal action that ends the phase or passes, if the game marks one."""
    return next((code for code in legal if is_pass(game, code)), None)


def auto_pass(game: Game, legal: Sequence[int]) -> int | None:
    """The pass to play for the seat when passing is all it may do, else None (ask)."""
    if len(legal) == 1 and is_pass(game, legal[0]):
        return legal[0]
    return None


def menu_paths(game: Game, state: Any, legal: Sequence[int], lang: str
               ) -> dict[int, tuple[str, ...]]:
    """Each legal action as the small steps a menu asks one at a time ("Level up your land
    3", then which card), by the game's ``sentences.menu_path`` where it groups its actions,
    else the state's own ``action_path``."""
    from cardtable.table.sentences import sentences_module

    module = sentences_module(game)
    grouping = getattr(module, "menu_path", None) if module is not None else None
    view = state.view(state.current_player()) if grouping is not None else None
    paths: dict[int, tuple[str, ...]] = {}
    for code in legal:
        path = None
        if grouping is not None:
            path = grouping(state.describe_action(code), state.action_label(code, lang), view,
                            lang)
        paths[code] = tuple(path) if path else tuple(state.action_path(code, lang))
    return paths

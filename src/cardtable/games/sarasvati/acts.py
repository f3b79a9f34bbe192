"""What each triggered wording of ``wordings.py`` does, under the wording's exact text.

The wording table is read while card files are parsed (``cards``, ``effects``), below the
zones these acts move cards between, so the code lives here, above both: ``resolve`` runs a
wording's act, and ``tests/sarasvati`` checks that every triggered wording has one. An act takes
``(state, player, target)``, ``target`` the place ``(seat, place)`` of the chosen or own
character, or None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.games.sarasvati.zones import ramp, return_to_hand


def _ramp(state: Any, player: int, target: tuple[int, int] | None) -> None:
    ramp(state, player)


def _ready(state: Any, player: int, target: tuple[int, int] | None) -> None:
    if target is not None:
        seat, place = target
        state.ready[seat][place] = True


def _exhaust(state: Any, player: int, target: tuple[int, int] | None) -> None:
    if target is not None:
        seat, place = target
        state.ready[seat][place] = False


def _bounce(state: Any, player: int, target: tuple[int, int] | None) -> None:
    if target is not None:
        return_to_hand(state, *target)


#: wording text -> its act
ACTS: dict[str, Callable[[Any, int, tuple[int, int] | None], None]] = {
    "山札の上から1枚をボルテージゾーンに置く": _ramp,
    "臨戦状態にする": _ready,
    "無防備状態にする": _exhaust,
    "持ち主の手札に戻す": _bounce,
}

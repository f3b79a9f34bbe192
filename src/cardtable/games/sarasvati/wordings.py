"""Effect wordings beyond the vocabulary, each registered as code under its exact text.

A card that uses one of these phrases (after its trigger and target, with or without the final
する) gets the code below; a new card reusing the phrase needs nothing new. Triggered wordings
take ``(state, player, target)`` where ``target`` is the place ``(seat, place)`` of the chosen
or own character, or None. Static wordings only change costs and are read by ``stats.cost``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Wording:
    text: str
    en: str
    #: lasting (static / オープン中) rather than triggered
    static: bool = False
    #: triggered only: acts on a character (chosen, or the card itself / its holder)
    needs_target: bool = False
    #: static only: cost change for the owner's cards of ``cost_kind`` in hand
    cost: int = 0
    cost_kind: str = ""
    fn: Callable[[Any, int, tuple[int, int] | None], None] | None = None


def _ramp(state: Any, player: int, target: tuple[int, int] | None) -> None:
    from cardtable.games.sarasvati.zones import ramp

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
    from cardtable.games.sarasvati.zones import return_to_hand

    if target is not None:
        return_to_hand(state, *target)


WORDINGS: dict[str, Wording] = {w.text: w for w in (
    Wording("山札の上から1枚をボルテージゾーンに置く",
            "put the top card of your deck into your voltage zone", fn=_ramp),
    Wording("臨戦状態にする", "make it ready", needs_target=True, fn=_ready),
    Wording("無防備状態にする", "make it exhausted", needs_target=True, fn=_exhaust),
    Wording("持ち主の手札に戻す", "return it to its owner's hand", needs_target=True,
            fn=_bounce),
    Wording("自分の手札のキャラクターカードのコストを-1する", "your character cards cost 1 less",
            static=True, cost=-1, cost_kind="character"),
    Wording("自分の手札の装備カードのコストを-1する", "your equipment cards cost 1 less",
            static=True, cost=-1, cost_kind="equipment"),
    Wording("自分の手札のサポートカードのコストを-1する", "your support cards cost 1 less",
            static=True, cost=-1, cost_kind="support"),
)}


def wording_key(phrase: str) -> str | None:
    """The registered wording ``phrase`` spells, with or without the final する."""
    for key in (phrase, phrase + "する", phrase[:-2] if phrase.endswith("する") else ""):
        if key in WORDINGS:
            return key
    return None

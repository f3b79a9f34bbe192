"""What every game's projection module (``games/<id>/projection.py``) starts from: a card's
shown name, the view's seats and sides, and ``card_face`` made from its way of drawing a card.
Each game wrote these out alike; the table they draw is ``core/projection.py``, their words
``core/words.worded``."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from cardtable.core.projection import JSON, Card


def card_name(defs: dict[str, JSON], name: str, lang: str) -> str:
    """A card's name as the table shows it: its English name in English where it has one."""
    d = defs.get(name, {})
    return name if lang == "ja" or not d.get("name_en") else str(d["name_en"])


class Seats(NamedTuple):
    """What every game's ``project`` starts from."""

    me: int
    opp: int
    #: the match's card definitions by name
    defs: dict[str, JSON]
    #: each seat's side of the view (``you``, ``opponent``)
    sides: dict[int, JSON]


def seats(view: JSON) -> Seats:
    me = view["player"]
    return Seats(me, 1 - me, {c["name"]: c for c in view.get("cards", [])},
                 {me: view["you"], 1 - me: view["opponent"]})


def face_of(draw: Callable[[dict[str, JSON], str, str], Card]) -> Callable[..., Card]:
    """A projection module's ``card_face`` from its way of drawing a card out of the match's
    definitions (``draw(defs, name, lang)``)."""

    def card_face(card: JSON, lang: str = "en") -> Card:
        """One card by itself, face up, as the table draws it in a hand (its printed numbers,
        not a position's): what a printed sheet or the workbench's preview draws."""
        return draw({str(card["name"]): card}, str(card["name"]), lang)

    return card_face

"""The part of a game's state that every game in the registry keeps alike.

Each game's state class lists its own zones, and its ``clone`` copies them by hand because a
clone is the inner loop of every search. What follows was once written five times, once per
state class: the outcome kept as ``winner_seat`` (-1 for none) and ``reason``, a finished match
marked by a phase of its own, and the head of the JSON form (the match's identity, its cards
and decks, its record and its generator). A game that keeps these fields derives from
``MatchState`` and writes only what is its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from cardtable.core.contract import State
from cardtable.core.deck import Deck


def plain(x: Any) -> Any:
    """Tuples turned into lists, recursively: the JSON shape of a value."""
    if isinstance(x, tuple | list):
        return [plain(v) for v in x]
    return x


def tuples(x: Any) -> Any:
    """Lists turned into tuples, recursively: ``plain`` undone for values kept as tuples."""
    if isinstance(x, list):
        return tuple(tuples(v) for v in x)
    return x


class MatchState(State):
    """A two-seat match whose end is a phase (``over``) and whose outcome is a seat."""

    __slots__ = ()

    #: the phase number a finished match is in
    over: ClassVar[int]

    cards: Any
    rng: int
    phase: int
    turn_no: int
    winner_seat: int
    reason: str

    # -- contract: the end ----------
    def winner(self) -> int | None:
        return self.winner_seat if self.winner_seat >= 0 else None

    def is_draw(self) -> bool:
        return self.phase == self.over and self.winner_seat < 0

    @property
    def turn(self) -> int:
        return self.turn_no

    def end_reason(self) -> str:
        return self.reason

    # -- the JSON form ----------
    def json_head(self) -> dict[str, Any]:
        """The keys that open every game's ``to_json``, in the order records have always had
        them (digests hash the text, so the order is part of the format)."""
        return {
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "seed": self.seed,
            "options": dict(self.options),
            "decks": [d.to_json() for d in self.decks],
            "cards": [c.to_json() for c in self.cards],
            "history": list(self.history),
            "log": list(self.log or ()),  # a quiet state (``State.quiet``) keeps none
            "rng": self.rng,
        }

    def read_head(self, data: dict[str, Any], cards: Iterable[Any]) -> None:
        """``json_head`` read back, with ``cards`` the match's card definitions already
        rebuilt from ``data["cards"]`` (each game keeps them in its own container)."""
        self.cards = cards
        by_name = {c.name: c for c in self.cards}
        self.seed = data["seed"]
        self.options = dict(data["options"])
        self.decks = tuple(Deck(d["name"], tuple(by_name[n] for n in d["cards"]),
                                d.get("name_en", "")) for d in data["decks"])
        self.history = list(data["history"])
        self.log = list(data["log"])
        self.rng = data["rng"]

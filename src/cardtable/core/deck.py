"""A deck as the core sees it: a name and card definitions, whatever the game's card type."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any


@dataclass(frozen=True)
class Deck:
    """An ordered list of card definitions (the order is the file's, before any shuffle).

    Each card must have a unique ``name`` within its game and a ``to_json()`` method; the core
    needs nothing else to store a deck in a record and rebuild it later.
    """

    name: str
    cards: tuple[Any, ...]
    name_en: str = ""

    def __len__(self) -> int:
        return len(self.cards)

    def counts(self) -> Counter[str]:
        return Counter(c.name for c in self.cards)

    @cached_property
    def sorted_names(self) -> tuple[str, ...]:
        """The card names in sorted order: what a public decklist shows, computed once."""
        return tuple(sorted(c.name for c in self.cards))

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "name_en": self.name_en, "cards": [c.name for c in self.cards]}

    def definitions(self) -> dict[str, Any]:
        """Card name -> JSON definition, for the cards this deck uses."""
        return {c.name: c.to_json() for c in self.cards}


def shared_card_table(decks: tuple[Deck, ...] | list[Deck]) -> list[Any]:
    """Every distinct card of both decks, sorted by name: the table a state indexes cards by.

    Two decks may define a card of the same name only if the definitions are equal; otherwise
    the indices of a record or a view would mean two different cards.
    """
    from cardtable.core.errors import DeckError

    by_name: dict[str, Any] = {}
    for deck in decks:
        for card in deck.cards:
            seen = by_name.setdefault(card.name, card)
            if seen is not card and seen != card:
                raise DeckError(f"two different cards are both named '{card.name}'")
    return sorted(by_name.values(), key=lambda c: c.name)

"""A deck as the core sees it: a name and card definitions, whatever the game's card type."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
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


def refuse_broken_decks(decks: Iterable[Deck], opts: dict[str, Any],
                        problems_of: Callable[[tuple[Any, ...], dict[str, Any]], list[str]]
                        ) -> None:
    """Raise ``DeckError`` for the first of ``decks`` that breaks the game's deck rules
    (``problems_of(cards, opts)``: what is wrong, each problem a sentence), naming the deck
    and every problem: what three games' ``new_game`` checked first, in the same words."""
    from cardtable.core.errors import DeckError

    for deck in decks:
        problems = problems_of(deck.cards, opts)
        if problems:
            raise DeckError(f"deck '{deck.name}': " + "; ".join(problems))


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


def seen_decklists(state: Any, p: int, names: Callable[[Deck], Any] | None = None
                   ) -> list[list[str] | None]:
    """Each seat's decklist as seat ``p`` may see it (a view's ``decklists``): its own, and the
    opponent's only when the ``open_decklists`` option opens them. ``names``: what of a deck
    its list holds (all its cards' names, sorted, unless the game keeps some apart)."""
    out: list[list[str] | None] = [list(d.sorted_names if names is None else names(d))
                                   for d in state.decks]
    if not state.options["open_decklists"]:
        out[1 - p] = None
    return out


def seen_decks(state: Any, p: int) -> tuple[Deck, Deck | None]:
    """The decks seat ``p``'s view names (as ``seen_decklists`` lists them): its own, and the
    opponent's when the ``open_decklists`` option opens them, else None."""
    return state.decks[p], state.decks[1 - p] if state.options["open_decklists"] else None


def with_deck_names(names: Iterable[str], decks: Iterable[Deck | None]) -> set[str]:
    """``names`` and the names of every card of ``decks`` (a None skipped): the names a view's
    card table holds before any card in sight (the shipped pool's, and the seen decks')."""
    out = set(names)
    for d in decks:
        if d is not None:
            out.update(c.name for c in d.cards)
    return out


class PreparedDecks:
    """What a game derives from a pair of decks (checked, indexed), kept per pair of deck objects.

    Simulations start thousands of games from the same two decks, so the deck check and the
    card index are done once. Decks are immutable, so identity is a safe key; the options are
    compared too, because the deck rules (size, copies) are options. A bounded dict: a long
    balance run that builds many decks does not grow it without end.
    """

    LIMIT = 64

    def __init__(self) -> None:
        self._entries: dict[tuple[int, int], tuple[tuple[Deck, ...], dict[str, Any], Any]] = {}

    def get(self, decks: tuple[Deck, ...], opts: dict[str, Any],
            build: Callable[[tuple[Deck, ...], dict[str, Any]], Any]) -> Any:
        key = (id(decks[0]), id(decks[1]))
        hit = self._entries.get(key)
        if hit is not None and hit[0][0] is decks[0] and hit[0][1] is decks[1] \
                and hit[1] == opts:
            return hit[2]
        made = build(decks, opts)
        if len(self._entries) >= self.LIMIT:
            self._entries.clear()
        self._entries[key] = (decks, dict(opts), made)
        return made

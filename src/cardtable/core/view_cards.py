"""A view's card table (``view["cards"]``, one JSON object a card) read the ways its readers
read it: by name, named in the reader's language, printed, and turned back into the game's
cards.

The sentences of four games looked a card up by name and named it the same way (two of them
printed it the same way), and the greedy policies of three games turned the table back into
card objects with the same cache: one written copy here keeps them from drifting apart.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

JSON = dict[str, Any]
C = TypeVar("C")


def cards_of(view: JSON) -> dict[str, JSON]:
    """The view's cards by name (none when the view carries no table: a brief view)."""
    return {c["name"]: c for c in view.get("cards", [])}


def card_name(cards: dict[str, JSON], n: str, lang: str) -> str:
    """One language at a time: the English name in English, the printed name in Japanese (and
    the printed name for a card the table lacks or one without an English name)."""
    c = cards.get(n)
    if lang == "ja" or not c or not c.get("name_en"):
        return n
    return str(c["name_en"])


def printed_lines(game_id: str, card: JSON, lang: str,
                  errors: tuple[type[Exception], ...] = ()) -> list[str]:
    """The game's ``card_lines`` of one of a view's cards, or the card's name alone when it
    does not read as one of the game's cards (a ``CardtableError``, or one of ``errors``): a
    sentence quoting a card must not fail on a card made by hand."""
    from cardtable.core.errors import CardtableError
    from cardtable.core.registry import load_game

    try:
        return load_game(game_id).card_lines(card, lang)
    except (CardtableError, *errors):
        return [str(card.get("name", "?"))]


def card_reader(from_json: Callable[[JSON], C]) -> Callable[[JSON], C]:
    """``from_json`` of one of a view's cards, made once per distinct card: a view carries
    copies of the table, so a policy that reads it at every decision would otherwise parse
    the same cards again each time (the cache is keyed by the card's content)."""

    @cache
    def made(items: tuple[tuple[str, Any], ...]) -> C:
        return from_json({k: list(v) if isinstance(v, tuple) else v for k, v in items})

    def read(c: JSON) -> C:
        return made(tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                                 for k, v in c.items())))

    return read

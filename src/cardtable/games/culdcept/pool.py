"""The shipped card pool and deck folder, read once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from cardtable.core.cardfile import read_pool
from cardtable.games.culdcept.cards import Card, check_pool, parse_document

DATA = Path(__file__).parent / "data"
POOL_FILE = DATA / "cards.txt"
DECK_DIR = DATA / "decks"


@cache
def shipped_pool() -> dict[str, Card]:
    return read_pool((POOL_FILE,), parse_document, check_pool)

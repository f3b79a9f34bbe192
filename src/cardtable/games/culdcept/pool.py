"""The shipped card pool and deck folder, read once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from cardtable.core.errors import CardFileError
from cardtable.core.userfile import read_text
from cardtable.games.culdcept.cards import Card, check_pool, parse_document

DATA = Path(__file__).parent / "data"
POOL_FILE = DATA / "cards.txt"
DECK_DIR = DATA / "decks"


@cache
def shipped_pool() -> dict[str, Card]:
    doc = parse_document(read_text(POOL_FILE), str(POOL_FILE))
    check_pool(doc, str(POOL_FILE))
    if doc.diagnostics:
        raise CardFileError(doc.diagnostics)
    return {c.name: c for c in doc.cards}

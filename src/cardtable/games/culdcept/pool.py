"""The shipped card pool and deck folder, read once."""

from __future__ import annotations

from cardtable.core.cardfile import ShippedCards
from cardtable.games.culdcept.cards import check_pool, parse_document

SHIPPED = ShippedCards(__file__, parse_document, check_pool)
DATA, (POOL_FILE,), DECK_DIR = SHIPPED.data, SHIPPED.files, SHIPPED.deck_dir
shipped_pool = SHIPPED.pool

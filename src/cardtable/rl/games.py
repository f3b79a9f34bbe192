"""The games every adapter offers: below the adapters, so each reads the list without
importing the package that imports it."""

from __future__ import annotations

GAME_IDS = ("draws-troidal", "dice-and-monsters", "sarasvati", "culdcept", "dreadnought")

"""``--option key=value`` flags: game options from the command line, typed as they read."""

from __future__ import annotations

from typing import Any

from cardtable.core.errors import CardtableError
from cardtable.core.options import typed_value


def parse_options(items: list[str] | None) -> dict[str, Any] | None:
    """``["deck_size=40", "life=30"]`` -> ``{"deck_size": 40, "life": 30}``; none -> None."""
    if not items:
        return None
    options: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise CardtableError(f"--option '{item}' must be key=value, e.g. --option life=30")
        options[key.strip()] = typed_value(value.strip())
    return options

"""Option values written as text (``life=30``, ``mcts:iters=2000``), typed the way they read.

Agent specs and game options on the command line share this reading, so ``true``, ``40`` and
``0.5`` mean the same wherever a player writes them.
"""

from __future__ import annotations

from typing import Any


def typed_value(text: str) -> Any:
    """``true``/``false`` are booleans, then whole numbers, then decimals, else the text."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text

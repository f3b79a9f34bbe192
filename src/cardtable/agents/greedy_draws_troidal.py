"""Greedy DRAWS-◎-TROIDAL policy (placeholder: first legal action until written)."""

from __future__ import annotations

from typing import Any

from cardtable.core.contract import Game


def choose(game: Game, view: dict[str, Any], legal: list[int]) -> int:
    return legal[0]

"""Uniformly random over the legal actions: the baseline every other agent must beat."""

from __future__ import annotations

from typing import Any

from cardtable.agents.base import Agent
from cardtable.core import rng
from cardtable.core.contract import Game


class RandomAgent(Agent):
    name = "random"
    needs_view = False

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._rng = rng.seed_state(0)

    def reset(self, seed: int) -> None:
        self._rng = rng.seed_state(seed)

    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        self._rng, i = rng.randbelow(self._rng, len(legal))
        return legal[i]

"""The agent interface: an agent sees a view and the legal codes, never a state.

Agents that do not look at the view at all (``random``) say so with ``needs_view = False`` so
match runners can skip building it; everything else gets ``state.view(seat)``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from cardtable.core.contract import Game


class Agent(ABC):
    """A player: ``reset`` once per game with its own seed, then ``act`` at each decision."""

    name: ClassVar[str]
    needs_view: ClassVar[bool] = True

    def __init__(self, **options: Any) -> None:
        if options:
            raise ValueError(f"agent '{self.name}' takes no options, got {sorted(options)}")

    def reset(self, seed: int) -> None:  # noqa: B027 - optional hook
        """Start a new game; agents that use chance reseed here so games are reproducible."""

    @abstractmethod
    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        """One legal code from ``legal`` (never empty)."""

    def spec(self) -> str:
        """The string that makes this agent again (``make_agent(agent.spec())``)."""
        return self.name


class ChanceAgent(Agent):
    """An agent that draws by chance, from a generator of its own: seeded with 0 when made and
    with the game's seed at each ``reset``, so a game replays move for move."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._rng = random.Random(0)

    def reset(self, seed: int) -> None:
        self._rng = random.Random(seed)

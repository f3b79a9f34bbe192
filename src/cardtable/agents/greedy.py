"""A cheap heuristic player, one policy per game, chosen by the game id of the view."""

from __future__ import annotations

from typing import Any

from cardtable.agents.base import Agent
from cardtable.core.contract import Game
from cardtable.core.errors import CardtableError


class GreedyAgent(Agent):
    name = "greedy"

    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        assert view is not None
        if game.id == "draws-troidal":
            from cardtable.agents.greedy_draws_troidal import choose

            return choose(game, view, legal)
        raise CardtableError(f"greedy has no policy for {game.id} yet")

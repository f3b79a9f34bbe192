"""A cheap heuristic player, one policy per game, chosen by the game id of the view.

Each game's policy lives in ``cardtable.agents.greedy_<game id with underscores>`` and exposes
``choose(game, view, legal) -> int`` and, optionally, ``scores(game, view, legal) -> list[float]``
(the policy's score of every legal code, which the search agent uses as its prior) and
``SETTLED_PHASES`` (view phases whose decisions a search should leave to the policy, because its
rollouts cannot judge them); a new game adds its module and nothing here changes.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from cardtable.agents.base import Agent
from cardtable.core.contract import Game
from cardtable.core.errors import CardtableError
from cardtable.core.registry import optional_module


def policy_module(game_id: str) -> str:
    return "cardtable.agents.greedy_" + game_id.replace("-", "_")


class GreedyAgent(Agent):
    name = "greedy"

    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        assert view is not None
        return _policy(game.id)(game, view, legal)


@cache
def policy_scores(game_id: str) -> Callable[[Game, dict[str, Any], list[int]], list[float]] | None:
    """The policy's score of every legal code (higher is better), where the game's policy
    module offers one; a search uses it to order and nudge its first tries."""
    module = optional_module(policy_module(game_id))
    return getattr(module, "scores", None) if module is not None else None


@cache
def settled_phases(game_id: str) -> frozenset[str]:
    """View phases whose decisions the game's policy asks a search to leave to it
    (``SETTLED_PHASES`` in the policy module; none where it names none)."""
    module = optional_module(policy_module(game_id))
    return frozenset(getattr(module, "SETTLED_PHASES", ())) if module is not None else frozenset()


@cache
def _policy(game_id: str) -> Callable[[Game, dict[str, Any], list[int]], int]:
    module = optional_module(policy_module(game_id))
    if module is None:
        raise CardtableError(f"greedy has no policy for {game_id} yet")
    return module.choose

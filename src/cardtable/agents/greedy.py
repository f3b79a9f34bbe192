"""A cheap heuristic player, one policy per game, chosen by the game id of the view.

Each game's policy is its record's ``policy`` part (``games/<id>/greedy.py``, see
``core/parts.py``): ``choose(game, view, legal) -> int`` and, optionally, ``scores(game, view,
legal) -> list[float]`` (the policy's score of every legal code, which the search agent uses as
its prior) and ``SETTLED_PHASES`` (view phases whose decisions a search should leave to the
policy, because its rollouts cannot judge them); a new game declares its module and nothing
here changes. Each lookup is made once per game id and cached: searches call them in their loop.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import Any

from cardtable.agents.base import Agent
from cardtable.core.contract import Game
from cardtable.core.errors import CardtableError
from cardtable.core.registry import part


class GreedyAgent(Agent):
    name = "greedy"

    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        assert view is not None
        return _policy(game.id)(game, view, legal)


def policy_module(game_id: str) -> ModuleType | None:
    """The game's policy module (its record's ``policy`` part), or None where it has none."""
    return part(game_id, "policy")


@cache
def policy_scores(game_id: str) -> Callable[[Game, dict[str, Any], list[int]], list[float]] | None:
    """The policy's score of every legal code (higher is better), where the game's policy
    module offers one; a search uses it to order and nudge its first tries."""
    return getattr(policy_module(game_id), "scores", None)


@cache
def settled_phases(game_id: str) -> frozenset[str]:
    """View phases whose decisions the game's policy asks a search to leave to it
    (``SETTLED_PHASES`` in the policy module; none where it names none)."""
    return frozenset(getattr(policy_module(game_id), "SETTLED_PHASES", ()))


@cache
def _policy(game_id: str) -> Callable[[Game, dict[str, Any], list[int]], int]:
    module = policy_module(game_id)
    if module is None:
        raise CardtableError(f"greedy has no policy for {game_id} yet")
    return module.choose  # type: ignore[no-any-return]

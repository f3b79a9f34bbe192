"""The search with learned parts: today's information-set search (``mcts``) with the learned
value at its cut-off and the learned prior at the root and below.

Why a subclass and not new paths in ``mcts.py``: the search itself is unchanged (same
determinizations from the searcher's view, same tree, same backups); only the two questions
it asks a game are answered by the network instead of the hand-fitted value and the greedy
policy. The network reads observations, which are encodings of views, and the search holds
only states sampled from its own view, so it cannot see a hidden card either.

Options beyond ``mcts``'s: ``value`` (``learned``: the network; ``hand``: the game's
hand-fitted value module, as ``mcts``), ``prior`` (``learned``, ``greedy`` or ``none``) and
``weights`` (a weights file instead of the game's shipped one) and ``sides`` (2, the default:
the cut-off's value is the mean of both seats' learned values, seat 0's and one minus seat
1's; 1: seat 0's alone, as the first version did).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.agents.base import Agent
from cardtable.agents.learned import Network, load_network
from cardtable.agents.mcts import MCTSAgent
from cardtable.core.contract import Game, State

VALUES = ("learned", "hand")
LEARNED_PRIORS = ("learned", "greedy", "none")
#: rollout steps before the learned value judges, for a game without a hand value module
DEFAULT_CUTOFF = 4


class LearnedSearchAgent(MCTSAgent):
    name = "mcts-learned"

    def __init__(self, value: str = "learned", prior: str = "learned",
                 weights: str | None = None, sides: int = 2, **options: Any) -> None:
        if sides not in (1, 2):
            raise ValueError(f"sides must be 1 (seat 0's observation) or 2 (both seats'), "
                             f"got {sides!r}")
        if value not in VALUES:
            raise ValueError(f"value must be one of {', '.join(VALUES)}, got {value!r}")
        if prior not in LEARNED_PRIORS:
            raise ValueError(f"prior must be one of {', '.join(LEARNED_PRIORS)}, got {prior!r}")
        super().__init__(prior="none" if prior == "learned" else prior, **options)
        self.value_kind = value
        #: how many seats' observations the learned value reads at the cut-off
        self.sides = sides
        self.learned_prior = prior == "learned"
        self.weights = weights
        self._net: Network | None = None
        self._net_game: str | None = None

    def spec(self) -> str:
        base = super().spec()
        _, _, rest = base.partition(":")
        parts = [p for p in rest.split(",") if p and not p.startswith("prior=")]
        if self.value_kind != "learned":
            parts.append(f"value={self.value_kind}")
        if not self.learned_prior:
            parts.append(f"prior={self.prior}")
        if self.weights is not None:
            parts.append(f"weights={self.weights}")
        if self.sides != 2:
            parts.append(f"sides={self.sides}")
        return self.name + (":" + ",".join(parts) if parts else "")

    def network(self, game: Game) -> Network:
        if self._net is None or self._net_game != game.id:
            self._net = load_network(game, self.weights)
            self._net_game = game.id
        return self._net

    # -- the two hooks ----------
    def _prior(self, game: Game, view: dict[str, Any], legal: list[int]) -> dict[int, float]:
        """The learned prior's weight of each legal code, scaled so the likeliest weighs 1
        (the greedy prior's first rank weighs 1 too, so ``bias`` means the same)."""
        if not self.learned_prior:
            return super()._prior(game, view, legal)
        if self.bias == 0:
            return {}
        probs = self.network(game).probabilities(game.encode(view), legal)
        top = max(probs)
        return {a: p / top for a, p in zip(legal, probs, strict=True)}

    def _evaluation(self, game: Game) -> tuple[Callable[[dict[str, Any]], float] | None, int]:
        if self.value_kind == "hand":
            return super()._evaluation(game)
        net = self.network(game)
        cutoff = self.cutoff
        if cutoff is None:
            module = self._value_module(game)
            cutoff = module.CUTOFF if module is not None else DEFAULT_CUTOFF
        if cutoff <= 0:
            return None, 0

        def value(view: dict[str, Any]) -> float:
            return net.value(game.encode(view))

        return value, cutoff

    def _judge(self, game: Game, value: Callable[[dict[str, Any]], float] | None  # type: ignore[override]
               ) -> Callable[[State], float] | None:
        if self.value_kind == "hand":
            return MCTSAgent._judge(game, value)
        if value is None:
            return None
        net = self.network(game)
        if self.sides == 1:
            return lambda state: net.value_state(game, state, 0)
        return lambda state: net.value_both(game, state)


class LearnedPolicyAgent(Agent):
    """The learned prior alone: the legal code it finds likeliest, without searching (a cheap
    baseline and what the training report rates each generation by)."""

    name = "learned-policy"

    def __init__(self, weights: str | None = None, **options: Any) -> None:
        super().__init__(**options)
        self.weights = weights
        self._net: Network | None = None

    def spec(self) -> str:
        return self.name + (f":weights={self.weights}" if self.weights is not None else "")

    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        assert view is not None
        if len(legal) == 1:
            return legal[0]
        if self._net is None or self._net.game_id != game.id:
            self._net = load_network(game, self.weights)
        scores = self._net.logits(game.encode(view), legal)
        return legal[max(range(len(legal)), key=scores.__getitem__)]

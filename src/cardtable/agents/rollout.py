"""Policy rollouts at the root: each of greedy's few best moves judged by greedy-played
continuations from the same sampled states (simulation-based move choice, Tesauro and
Galperin 1996; Bjarnason, Fern and Tadepalli 2009 in Klondike).

Why beside the tree search: at the budgets a second a move allows on one core, ``mcts``
spreads a few hundred noisy *random* endings over the root's actions and beats the one-move
heuristic only narrowly (hard against normal 52.5–62.5% over 40 games, docs/search.md). A
card game's heuristic is a far better player than a random one, so an ending played by it on
both sides says much more about a move than a random ending does, and comparing only the few
moves the heuristic itself ranks best keeps every sample on a move worth telling apart. The
search then improves on the heuristic where the heuristic's one-move view is wrong and follows
it elsewhere (a rollout policy is improved upon by one step of policy iteration).

One decision: draw ``n`` states from the player's view (``Game.sample_state``: the opponent's
hidden cards and every deck order redistributed, so nothing hidden is read), and for each
state and each of the ``k`` moves greedy scores highest, apply the move to a copy and play on
with greedy for both seats, for ``cutoff`` steps (then the game's value judges) or to the end.
Every candidate is played from the same states, each with the same generator, so the
candidates are compared on the same luck (common random numbers: the difference of two moves
is far less noisy than either's mean). ``iters`` is the number of continuations a decision,
``n = iters // k``; the move with the best mean is played, greedy's own unless another beats
it by more than ``margin``.

Options: ``iters`` (continuations a decision, 64), ``k`` (candidates, 4), ``cutoff`` (steps
before the value judges: the game's value module's ``CUTOFF`` times ``depth``; 0 plays to the
end), ``depth`` (4), ``margin`` (0.0), ``value`` (``hand`` or ``learned``, as ``mcts-learned``),
``model`` (the chance that an answer the opponent gave in secret is sampled as greedy's, 1),
``soft`` (the continuation policy's temperature: 0, the default, plays greedy for both seats;
above 0 each continuation move is drawn as the ``soft-greedy`` level draws it, from the
standardized greedy scores, so a continuation is not blind where greedy is; every candidate of
a sample draws from the same generator, so the common random numbers hold).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.agents.learned_search import LearnedSearchAgent
from cardtable.core.contract import Game, State
from cardtable.core.errors import CardtableError


class PolicyRolloutAgent(LearnedSearchAgent):
    name = "rollout"

    def __init__(self, iters: int = 64, k: int = 4, depth: int = 4, margin: float = 0.0,
                 value: str = "hand", model: float = 1.0, soft: float = 0.0,
                 **options: Any) -> None:
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise ValueError(f"k must be a whole number of candidates of at least 1, got {k!r}")
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 1:
            raise ValueError(f"depth must be a whole number of at least 1, got {depth!r}")
        if not isinstance(margin, int | float) or isinstance(margin, bool) or margin < 0:
            raise ValueError(f"margin must be a non-negative number, got {margin!r}")
        if not isinstance(soft, int | float) or isinstance(soft, bool) or not 0 <= soft < 1e9:
            raise ValueError(f"soft must be a temperature of 0 or more, got {soft!r}")
        options.setdefault("prior", "greedy")
        super().__init__(iters=iters, value=value, model=model, **options)
        self.k = k
        self.depth = depth
        self.margin = float(margin)
        self.soft = float(soft)
        #: the candidates of the last decision and their mean rewards (for tests and studies)
        self.last_means: dict[int, float] = {}

    def spec(self) -> str:
        parts = [f"iters={self.iters}"]
        if self.k != 4:
            parts.append(f"k={self.k}")
        if self.depth != 4:
            parts.append(f"depth={self.depth}")
        if self.cutoff is not None:
            parts.append(f"cutoff={self.cutoff}")
        if self.margin:
            parts.append(f"margin={self.margin:g}")
        if self.value_kind != "hand":
            parts.append(f"value={self.value_kind}")
        if self.model != 1.0:
            parts.append(f"model={self.model:g}")
        if self.soft:
            parts.append(f"soft={self.soft:g}")
        if self.weights is not None:
            parts.append(f"weights={self.weights}")
        return self.name + ":" + ",".join(parts)

    def _evaluation(self, game: Game) -> tuple[Callable[[dict[str, Any]], float] | None, int]:
        """The cut-off: ``depth`` times the value module's ``CUTOFF`` unless ``cutoff`` is
        given (a greedy step is worth more than a random one, so the continuation may go
        further before it is judged)."""
        if self.cutoff is None:
            module = self._value_module(game)
            if module is not None:
                self.cutoff = int(module.CUTOFF) * self.depth
                try:
                    return super()._evaluation(game)
                finally:
                    self.cutoff = None
        return super()._evaluation(game)

    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        from cardtable.agents.greedy import _policy, policy_scores

        if view is None:
            raise CardtableError("rollout needs the player's view")
        self.last_means = {}
        if len(legal) == 1:
            return legal[0]
        if self.follow:
            settled = self._settled_move(game, view, legal)
            if settled is not None:
                return settled
        scorer = policy_scores(game.id)
        if scorer is None:  # no ranking to pick candidates from: the tree search decides
            return super().act(game, view, legal)
        values = scorer(game, view, legal)
        order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
        candidates = [legal[i] for i in order[:self.k]]
        if len(candidates) == 1:
            return candidates[0]
        choose = _policy(game.id) if not self.soft else None
        value, cutoff = self._evaluation(game)
        judge = self._judge(game, value)
        answer = self._answerer(game) if self.model > 0 else None
        rand = self._rng
        per = max(1, (self.iters or 0) // len(candidates))
        totals = dict.fromkeys(candidates, 0.0)
        me = -1
        for _ in range(per):
            sample = game.sample_state(view, rand.getrandbits(63), answer)
            sample.quiet()
            if me < 0:
                me = sample.current_player()
            noise = rand.getrandbits(63) if self.soft else 0
            for code in candidates:
                state = sample.clone()
                state.apply(code)
                pick = choose if choose is not None else _soft_policy(scorer, self.soft, noise)
                totals[code] += _continue(game, state, pick, judge, cutoff, me)
        means = {code: total / per for code, total in totals.items()}
        self.last_means = means
        best = max(candidates, key=lambda c: means[c])  # ties: greedy's order
        first = candidates[0]
        return best if means[best] > means[first] + self.margin else first


def _soft_policy(scorer: Callable[[Game, Any, list[int]], list[float]], temperature: float,
                 seed: int) -> Callable[[Game, Any, list[int]], int]:
    """The continuation policy of ``soft``: greedy's scores drawn by softmax, from a generator
    seeded the same for every candidate of a sample (so their continuations share their luck)."""
    import random

    from cardtable.agents.levels import soft_choice

    rand = random.Random(seed)

    def pick(game: Game, view: Any, legal: list[int]) -> int:
        return legal[soft_choice(scorer(game, view, legal), temperature, rand)]

    return pick


def _continue(game: Game, state: State, choose: Callable[[Game, Any, list[int]], int],
              judge: Callable[[State], float] | None, cutoff: int, me: int) -> float:
    """Play on with the greedy policy for both seats and return ``me``'s reward in [0, 1]:
    the result, or after ``cutoff`` steps the judge's value (seat 0's chance)."""
    steps = cutoff if judge is not None else -1
    while (seat := state.current_player()) >= 0 and steps != 0:
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else choose(game, state.view(seat), legal))
        steps -= 1
    if state.current_player() < 0 or judge is None:
        return (state.returns()[me] + 1.0) / 2.0
    v = judge(state)
    return v if me == 0 else 1.0 - v

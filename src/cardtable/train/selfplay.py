"""Self-play games for training, and what each teaches: observations, results and moves.

NumPy and the game engine only (no deep-learning library), so the worker processes start
fast and the games are the same whatever trains on them.

A game is played between two behaviour players drawn from its seed: the greedy policy
softened at a temperature (``soft-greedy``: sensible moves and real mistakes, so the data
holds good and bad positions alike) or, once a network exists, a move drawn from the network's
own prior (self-play proper). Afterwards ``rows`` of its decisions are drawn at random and
the game is replayed to them; each gives

* the observation of both seats (``Game.observe``: the leak-tested encoding of a seat's view)
  with that seat's result as the value target (1 won, ½ drawn, 0 lost: DouZero's Monte-Carlo
  return, no bootstrapping), and
* for the seat that decided, the code it played, weighted by its result, as the prior's target
  (moves of the winner count fully, of a draw half, of the loser not at all: a reward-weighted
  imitation, which moves the prior towards the moves that won).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardtable.agents.base import Agent, ChanceAgent
from cardtable.agents.learned import Network
from cardtable.agents.levels import SoftGreedyAgent
from cardtable.core import derive_seed, load_game
from cardtable.core.contract import Game

#: the temperatures of the softened greedy behaviour players
TEMPERATURES = (0.15, 0.3, 0.6, 1.0)


@dataclass(frozen=True)
class GameData:
    """What one self-play game teaches (arrays of rows)."""

    obs: Any  # float16 (rows, observation_size)
    value: Any  # float32 (rows,): the observing seat's result
    action: Any  # int32 (rows,): the code played by the observing seat, -1 where it did not decide
    weight: Any  # float32 (rows,): the prior target's weight
    winner: int  # -1 for a draw
    decisions: int


class PriorPlayer(ChanceAgent):
    """Draws its move from a network's prior (softmax over the legal codes)."""

    name = "prior-sampler"

    def __init__(self, net: Network, temperature: float = 1.0) -> None:
        super().__init__()
        self.net = net
        self.temperature = temperature

    def act(self, game: Game, view: dict[str, Any] | None, legal: list[int]) -> int:
        assert view is not None
        if len(legal) == 1:
            return legal[0]
        z = np.asarray(self.net.logits(game.encode(view), legal), dtype=np.float64)
        z = np.exp((z - z.max()) / self.temperature)
        r = self._rng.random() * float(z.sum())
        for a, w in zip(legal, z, strict=True):
            r -= float(w)
            if r < 0:
                return a
        return legal[-1]


def behaviour(seed: int, seat: int, net: Network | None, learned_share: float) -> Agent:
    """The behaviour player of one seat of one game, drawn from the game's seed."""
    rand = random.Random(derive_seed(seed, "behaviour", seat))
    if net is not None and rand.random() < learned_share:
        return PriorPlayer(net)
    return SoftGreedyAgent(temperature=TEMPERATURES[rand.randrange(len(TEMPERATURES))],
                           mistake=0.2)


def play_game(game_id: str, seed: int, net: Network | None, rows: int,
              learned_share: float = 0.5) -> GameData:
    """One self-play game and the rows it teaches; the same seed gives the same rows."""
    game = load_game(game_id)
    agents = [behaviour(seed, s, net, learned_share) for s in (0, 1)]
    state = game.new_game(seed)
    state.quiet()
    for s, agent in enumerate(agents):
        agent.reset(derive_seed(seed, "agent", s))
    while (seat := state.current_player()) >= 0:
        legal = state.legal_actions()
        state.apply(agents[seat].act(game, state.view(seat), legal))
    history = list(state.history)
    returns = [(r + 1.0) / 2.0 for r in state.returns()]
    winner = state.winner()
    chosen = sorted(random.Random(derive_seed(seed, "rows")).sample(
        range(len(history)), min(rows, len(history))))
    # replay to the chosen decisions (the game is deterministic from its seed and actions)
    replay = game.new_game(seed)
    replay.quiet()
    size = game.observation_size
    obs = np.zeros((2 * len(chosen), size), dtype=np.float32)
    value = np.zeros(2 * len(chosen), dtype=np.float32)
    action = np.full(2 * len(chosen), -1, dtype=np.int32)
    weight = np.zeros(2 * len(chosen), dtype=np.float32)
    k = 0
    at = set(chosen)
    for step, code in enumerate(history):
        if step in at:
            decider = replay.current_player()
            for s in (0, 1):
                game.observe_into(replay, s, obs[k])
                value[k] = returns[s]
                if s == decider:
                    action[k] = code
                    weight[k] = returns[s]
                k += 1
        replay.apply(code)
    return GameData(obs.astype(np.float16), value, action, weight,
                    -1 if winner is None else int(winner), len(history))


def play_chunk(game_id: str, seeds: list[int], arrays: dict[str, Any] | None,
               meta: dict[str, Any] | None, rows: int, learned_share: float
               ) -> list[GameData]:
    """A worker's share of a generation (the network is sent as plain arrays)."""
    net = Network(arrays, meta) if arrays is not None and meta is not None else None
    return [play_game(game_id, s, net, rows, learned_share) for s in seeds]


def concat(parts: list[GameData]) -> dict[str, Any]:
    """The rows of many games as one set of arrays."""
    return {"obs": np.concatenate([p.obs for p in parts]),
            "value": np.concatenate([p.value for p in parts]),
            "action": np.concatenate([p.action for p in parts]),
            "weight": np.concatenate([p.weight for p in parts])}

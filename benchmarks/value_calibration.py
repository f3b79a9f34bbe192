"""How well each cut-off judge predicts the winner on the positions a search asks it about.

Why these positions: the search judges a *sample* drawn from the searcher's view after a few
random rollout steps (``CUTOFF``), never a position of real play, so a value fitted on
self-play positions can be good on its training data and poor where the search reads it. For
``--games`` games between softened greedy players (temperatures 0.15 to 1, as in training),
at four random decisions of each, two samples are drawn from the deciding seat's view and
rolled out at random for the game's ``CUTOFF`` steps; each is judged by the hand-fitted value
(``value.py``), by the network from seat 0's observation, from seat 1's (as one minus it),
by the mean of the two (``sides=2``) and by the mean of that and the hand value, then played
to the end by ``greedy`` against ``greedy``, whose result is the label.

For each judge: log-loss, Brier score, spread, and the scale ``s`` of its logit that would
minimise the log-loss (below 1: overconfident) with the log-loss it would then reach. ::

    .venv/bin/python benchmarks/value_calibration.py draws-troidal --games 50

Prints one JSON object. A benchmark, not a test: it measures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

import numpy as np

from cardtable.agents.greedy import GreedyAgent
from cardtable.agents.learned import load_network
from cardtable.agents.learned_search import DEFAULT_CUTOFF
from cardtable.agents.levels import SoftGreedyAgent
from cardtable.agents.mcts import MCTSAgent
from cardtable.core import derive_seed, load_game

TEMPERATURES = (0.15, 0.3, 0.6, 1.0)


def log_loss(p: Any, y: Any) -> float:
    p = np.clip(p, 1e-4, 1 - 1e-4)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def best_scale(p: Any, y: Any) -> tuple[float, float]:
    """The logit scale (0.1 to 5) that minimises the log-loss, and that log-loss."""
    q = np.clip(p, 1e-4, 1 - 1e-4)
    z = np.log(q / (1 - q))
    return min((log_loss(1 / (1 + np.exp(-s * z)), y), float(s))
               for s in np.linspace(0.1, 5, 50))[::-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args()
    game = load_game(args.game)
    hand_value, cutoff = MCTSAgent()._evaluation(game)
    hand = MCTSAgent._judge(game, hand_value) if hand_value is not None else None
    cutoff = cutoff or DEFAULT_CUTOFF
    net = load_network(game)
    greedy = GreedyAgent()
    rows = []
    for i in range(args.games):
        seed = derive_seed(args.seed, args.game, i)
        rand = random.Random(seed)
        agents = [SoftGreedyAgent(temperature=rand.choice(TEMPERATURES), mistake=0.2)
                  for _ in (0, 1)]

        def fresh(agents: list[SoftGreedyAgent] = agents, seed: int = seed) -> Any:
            for s, agent in enumerate(agents):
                agent.reset(seed + s)
            state = game.new_game(seed)
            state.quiet()
            return state

        state, length = fresh(), 0
        while (p := state.current_player()) >= 0:
            state.apply(agents[p].act(game, state.view(p), state.legal_actions()))
            length += 1
        picks = set(rand.sample(range(length), min(4, length)))
        state, step = fresh(), 0
        while (p := state.current_player()) >= 0:
            if step in picks:
                view = state.view(p)
                for _ in range(2):
                    sample = game.sample_state(view, rand.getrandbits(63))
                    sample.quiet()
                    left = cutoff
                    while sample.current_player() >= 0 and left:
                        legal = sample.legal_actions()
                        sample.apply(legal[rand.randrange(len(legal))])
                        left -= 1
                    if sample.current_player() < 0:
                        continue
                    h = hand(sample) if hand is not None else float("nan")
                    v0 = net.value_state(game, sample, 0)
                    v1 = 1.0 - net.value_state(game, sample, 1)
                    end = sample.clone()
                    while (q := end.current_player()) >= 0:
                        end.apply(greedy.act(game, end.view(q), end.legal_actions()))
                    rows.append((h, v0, v1, (end.returns()[0] + 1) / 2))
            state.apply(agents[p].act(game, state.view(p), state.legal_actions()))
            step += 1
    a = np.array(rows)
    y = a[:, 3]
    judges = {"hand": a[:, 0], "learned_seat0": a[:, 1], "learned_seat1": a[:, 2],
              "learned_both": (a[:, 1] + a[:, 2]) / 2,
              "hand_and_learned": (a[:, 0] + (a[:, 1] + a[:, 2]) / 2) / 2}
    out: dict[str, Any] = {"game": args.game, "games": args.games, "positions": len(a),
                           "cutoff": cutoff, "constant_log_loss": round(log_loss(
                               np.full_like(y, y.mean()), y), 4)}
    for name, p in judges.items():
        if np.isnan(p).any():
            continue
        scale, scaled = best_scale(p, y)
        out[name] = {"log_loss": round(log_loss(p, y), 4),
                     "brier": round(float(np.mean((p - y) ** 2)), 4),
                     "spread": round(float(p.std()), 3), "best_scale": round(scale, 2),
                     "log_loss_at_best_scale": round(scaled, 4)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()

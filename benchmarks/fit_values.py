"""Fit the weights of a game's position value (its record's ``value`` part) to play data.

    .venv/bin/python benchmarks/fit_values.py draws-troidal --games 3000 --seed 1
    .venv/bin/python benchmarks/fit_values.py sarasvati --games 3000 --seed 1

Why this data: the search asks the value function about positions its rollouts reach, which are
neither perfect nor random play, so the training games mix the two: each move is the game's
greedy move with probability 0.7, else a uniformly random legal move. Each game's two decks are a
random pairing of the shipped decks (mirrors included), so the weights are not tuned to one
match-up. A few positions per game are taken at random decision points, each from the view of a
random seat, labelled 1 if that seat won and 0 if it lost (draws are dropped: they are rare and
carry no side).

Why this fit: plain-Python logistic regression by Newton's method (a few thousand samples and
fewer than ten features: a handful of iterations, no numpy). There is no intercept, since every
feature is "mine minus the opponent's": the value from one seat is then one minus the value from
the other. A small ridge term keeps the Newton steps well posed when a feature barely varies.
The held-out split is by game (the last fifth), so positions of one game never sit on both sides.

Printed: the weights (paste them into the module's ``WEIGHTS``), then log-loss and accuracy on
the held-out positions for the fitted model, for the weights now in the module (when they
differ: a check that pasted weights still hold on new data, e.g. with another ``--seed``), for
the model's first feature alone, and for the trivial baseline that always says 0.5.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.agents.greedy import GreedyAgent
from cardtable.core import derive_seed, load_game
from cardtable.core.registry import part

GREEDY_SHARE = 0.7
Sample = tuple[list[float], float]


def value_module(game_id: str) -> Any:
    """The game's value module, its record's ``value`` part."""
    module = part(game_id, "value")
    if module is None:
        raise SystemExit(f"{game_id} declares no value function")
    return module


def play_positions(game_id: str, games: int, seed: int, per_game: int,
                   features: Callable[[dict[str, Any]], list[float]]) -> list[list[Sample]]:
    """Samples of each training game (a list per game, so the split can be made by game)."""
    game = load_game(game_id)
    decks = [game.load_deck(name) for name in game.deck_names()] or list(game.default_decks())
    greedy = GreedyAgent()
    out: list[list[Sample]] = []
    for i in range(games):
        rng = random.Random(derive_seed(seed, "fit-values", i))
        pair = [decks[rng.randrange(len(decks))] for _ in range(2)]
        game_seed = derive_seed(seed, "fit-values-game", i)
        state = game.new_game(game_seed, pair)
        while (seat := state.current_player()) >= 0:
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < GREEDY_SHARE:
                action = greedy.act(game, state.view(seat), legal)
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
        winner = state.winner()
        history = list(state.history)
        if winner is None or not history:
            out.append([])
            continue
        picks = set(rng.sample(range(len(history)), min(per_game, len(history))))
        # replay the game, reading the picked decision points from a random seat's view
        replay = game.new_game(game_seed, pair)
        samples: list[Sample] = []
        for step, action in enumerate(history):
            if step in picks:
                who = rng.randrange(2)
                samples.append((features(replay.view(who)), 1.0 if who == winner else 0.0))
            replay.apply(action)
        out.append(samples)
    return out


def _sigmoid(z: float) -> float:
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a is small and dense)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        for r in range(n):
            if r != col and m[r][col] != 0.0:
                f = m[r][col] / p
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(samples: Sequence[Sample], ridge: float = 1e-3, rounds: int = 25) -> list[float]:
    """Logistic regression weights without intercept, by Newton's method with a ridge term."""
    k = len(samples[0][0])
    w = [0.0] * k
    n = len(samples)
    for _ in range(rounds):
        grad = [ridge * n * wi for wi in w]
        hess = [[ridge * n * (i == j) for j in range(k)] for i in range(k)]
        for x, y in samples:
            p = _sigmoid(sum(wi * xi for wi, xi in zip(w, x, strict=True)))
            d = p - y
            s = p * (1.0 - p)
            for i in range(k):
                grad[i] += d * x[i]
                sx = s * x[i]
                row = hess[i]
                for j in range(k):
                    row[j] += sx * x[j]
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


def score(samples: Sequence[Sample], predict: Callable[[list[float]], float]
          ) -> tuple[float, float]:
    """Mean log-loss and accuracy (a prediction of exactly 0.5 counts as half right)."""
    loss = right = 0.0
    for x, y in samples:
        p = min(1 - 1e-12, max(1e-12, predict(x)))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        right += 0.5 if p == 0.5 else float((p > 0.5) == (y > 0.5))
    return loss / len(samples), right / len(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-game", type=int, default=4, help="positions taken per game")
    args = parser.parse_args()
    module = value_module(args.game)
    names: Sequence[str] = module.FEATURES

    start = time.perf_counter()
    per_game = play_positions(args.game, args.games, args.seed, args.per_game, module.features)
    cut = len(per_game) * 4 // 5
    train = [s for g in per_game[:cut] for s in g]
    test = [s for g in per_game[cut:] for s in g]
    print(f"{args.game}: {len(train)} training and {len(test)} held-out positions from "
          f"{args.games} games in {time.perf_counter() - start:.0f} s")

    w = fit(train)
    print("weights:")
    for name, wi in zip(names, w, strict=True):
        print(f"  {name:<12} {wi:+.4f}")
    print("WEIGHTS = (" + ", ".join(f"{wi:.3g}" for wi in w) + ")")

    def linear(weights: Sequence[float]) -> Callable[[list[float]], float]:
        return lambda x: _sigmoid(sum(a * b for a, b in zip(weights, x, strict=False)))

    w1 = fit([(x[:1], y) for x, y in train])
    rows = [("fitted model", linear(w)),
            (f"{names[0]} alone", linear(w1)),
            ("always 0.5", lambda x: 0.5)]
    if list(w) != list(module.WEIGHTS) and any(module.WEIGHTS):
        rows.insert(1, ("module WEIGHTS", linear(module.WEIGHTS)))
    print(f"held out ({len(test)} positions):")
    for label, predict in rows:
        loss, acc = score(test, predict)
        print(f"  {label:<16} log-loss {loss:.4f}  accuracy {acc:.3f}")


if __name__ == "__main__":
    main()

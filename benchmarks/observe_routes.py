"""Microseconds per call of each observation route, on mid-game positions (CPU time).

For each game, positions are taken from the middle third of seeded random matches (every
decision point there, both seats); each route is timed over all of them, the routes
alternating in rounds, and the median over rounds is printed:

* ``view``: ``State.view(p)`` (with its card table);
* ``encode``: ``Game.encode(State.view(p))``, the definition;
* ``brief``: the encoding of the view less its card table, the route ``Game.observe`` took
  before the fast paths (Culdcept's brief view is its whole view; Dreadnought's encoding
  takes the table's names apart, ``encoding.encode_with``);
* ``observe``: ``Game.observe(state, p)``;
* ``observe_into``: ``Game.observe_into(state, p, buffer)`` into a zero-filled list (the
  zeroing, ``[0.0] * n``, included);
* ``step``, for scale: one decision of the raw engine (``legal_actions`` and ``apply`` with a
  uniformly random code), over the same seeded matches.

Usage: ``python benchmarks/observe_routes.py [--rounds 5] [--games 6] [--only culdcept]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from cardtable.core import State, load_game, registry

#: the games whose record declares a writer module beside the encoding
GAMES = tuple(g for g in registry.GAMES if registry.parts(g).writer is not None)


def positions(game_id: str, games: int) -> list[tuple[State, int]]:
    game = load_game(game_id)
    rng = random.Random(5)
    out: list[tuple[State, int]] = []
    for seed in range(games):
        s = game.new_game(1000 + seed)
        states = []
        while not s.is_terminal():
            states.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        third = len(states) // 3
        out += [(x, p) for x in states[third:2 * third] for p in (0, 1)]
    return out


def step_cost(game_id: str, games: int) -> float:
    """CPU microseconds per decision of the raw engine, random codes, the same matches."""
    game = load_game(game_id)
    rng = random.Random(5)
    steps = 0
    t = time.process_time()
    for seed in range(games):
        s = game.new_game(1000 + seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        steps += len(s.history)
    return (time.process_time() - t) / steps * 1e6


def routes(game_id: str) -> dict[str, Callable[[State, int], object]]:
    game = load_game(game_id)
    n = game.observation_size
    out: dict[str, Callable[[State, int], object]] = {
        "view": lambda s, p: s.view(p),
        "encode": lambda s, p: game.encode(s.view(p)),
        "brief": lambda s, p: game.encode(s.brief_view(p)),
        "observe": game.observe,
    }
    if game_id == "dreadnought":
        from cardtable.games.dreadnought.encoding import encode_with

        def brief(s: State, p: int) -> object:
            return encode_with(s.brief_view(p), [c.name for c in s.cards])  # type: ignore[attr-defined]

        out["brief"] = brief
    if hasattr(game, "observe_into"):
        out["observe_into"] = lambda s, p: game.observe_into(s, p, [0.0] * n)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--only", choices=GAMES)
    args = ap.parse_args()
    for game_id in [args.only] if args.only else GAMES:
        pos = positions(game_id, args.games)
        fns = routes(game_id)
        times: dict[str, list[float]] = {k: [] for k in fns}
        times["step"] = []
        for _ in range(args.rounds):
            times["step"].append(step_cost(game_id, args.games))
            for name, fn in fns.items():
                t = time.process_time()
                for s, p in pos:
                    fn(s, p)
                times[name].append((time.process_time() - t) / len(pos) * 1e6)
        cells = "  ".join(f"{k} {statistics.median(v):6.1f}" for k, v in times.items())
        print(f"{game_id:12s} {len(pos):5d} positions  µs/call: {cells}")


if __name__ == "__main__":
    main()

"""How long a level takes a move: CPU and wall seconds per decision it searches, mean and 99th
percentile, over whole games against ``greedy`` or ``--opponent`` (seats alternate, each seat
with its own deck), and the agent's score in those games with its Wilson 95% interval.

Why CPU time beside wall time: the target is "within 1 s a move on one core", and on a shared
machine the wall clock measures the other jobs too; a process's CPU time is what one idle core
would need. ::

    .venv/bin/python benchmarks/level_timing.py draws-troidal --agent expert --games 4

Prints one JSON object. A benchmark, not a test: it measures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from cardtable.agents import make_agent
from cardtable.core import Game, derive_seed, load_game
from cardtable.sim.match import play_match
from cardtable.sim.stats import wilson


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * (len(s) - 1) + 0.5))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--agent", default="expert")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponent", default="greedy")
    args = parser.parse_args()
    game = load_game(args.game)
    cpu: list[float] = []
    wall: list[float] = []
    score = 0.0
    for i in range(args.games):
        agent = make_agent(args.agent)
        act = agent.act

        def timed(g: Game, view: dict[str, Any] | None, legal: list[int], act: Any = act) -> int:
            c, w = time.process_time(), time.perf_counter()
            code = act(g, view, legal)
            if len(legal) > 1:
                cpu.append(time.process_time() - c)
                wall.append(time.perf_counter() - w)
            return code

        agent.act = timed  # type: ignore[method-assign]
        seats = [agent, make_agent(args.opponent)]
        if i % 2:
            seats.reverse()
        end = play_match(game, seats, derive_seed(args.seed, "timing", i), quiet=True)
        winner = end.winner()
        score += 0.5 if winner is None else float(winner == i % 2)
        print(f"game {i + 1}/{args.games}: score {score:g}, decisions {len(cpu)}, "
              f"cpu p99 so far {_percentile(cpu, 0.99):.3f} s", file=sys.stderr, flush=True)
    low, high = wilson(round(score), args.games)
    print(json.dumps({
        "game": args.game, "agent": args.agent, "opponent": args.opponent, "games": args.games,
        "score": score, "wilson95": [round(low, 3), round(high, 3)], "decisions": len(cpu),
        "cpu_mean_s": round(sum(cpu) / max(1, len(cpu)), 4),
        "cpu_p99_s": round(_percentile(cpu, 0.99), 4),
        "cpu_max_s": round(max(cpu, default=0.0), 4),
        "wall_mean_s": round(sum(wall) / max(1, len(wall)), 4),
        "wall_p99_s": round(_percentile(wall, 0.99), 4)}))


if __name__ == "__main__":
    main()

"""How long a level takes a move: CPU and wall seconds per decision it searches, mean and 99th
percentile, over whole games against ``greedy`` (seats alternate).

Why CPU time beside wall time: the target is "within 1 s a move on one core", and on a shared
machine the wall clock measures the other jobs too; a process's CPU time is what one idle core
would need. ::

    .venv/bin/python benchmarks/level_timing.py draws-troidal --agent expert --games 4

Prints one JSON object. A benchmark, not a test: it measures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from cardtable.agents import make_agent
from cardtable.core import Game, derive_seed, load_game
from cardtable.sim.match import play_match


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
    args = parser.parse_args()
    game = load_game(args.game)
    cpu: list[float] = []
    wall: list[float] = []
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
        seats = [agent, make_agent("greedy")]
        if i % 2:
            seats.reverse()
        play_match(game, seats, derive_seed(args.seed, "timing", i), quiet=True)
    print(json.dumps({
        "game": args.game, "agent": args.agent, "games": args.games, "decisions": len(cpu),
        "cpu_mean_s": round(sum(cpu) / max(1, len(cpu)), 4),
        "cpu_p99_s": round(_percentile(cpu, 0.99), 4),
        "cpu_max_s": round(max(cpu, default=0.0), 4),
        "wall_mean_s": round(sum(wall) / max(1, len(wall)), 4),
        "wall_p99_s": round(_percentile(wall, 0.99), 4)}))


if __name__ == "__main__":
    main()

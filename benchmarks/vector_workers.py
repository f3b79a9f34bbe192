"""The vector env split over worker processes: decisions per wall second and CPU per decision.

Each route is ``rl_adapters.py``'s ``vector`` route (N matches, one seat each against
``random``, seats alternating, the seat's codes drawn from the mask in one NumPy pass, here
until ``--matches`` matches have ended) through ``vector_env(game, N, workers=K)`` for each K
of ``--workers`` (0: in this process, as ``rl_adapters.py`` runs it; K >= 1: K subprocesses).
For each it gives
the decisions per wall second, the CPU time a decision costs in all the processes together
(this one's ``time.process_time`` and each worker's), and the wall speed-up over K = 0. The
envs are made once, outside the timing, and the routes alternate in rounds; medians.

CPU time per decision is what a core's share of a decision costs (the price of the pipes and
of waking the workers shows there); wall time is what a learner waits, and only it can show
scaling, so read it beside the machine's load, printed before and after (a loaded machine
gives no process a whole core).
Usage: ``python benchmarks/vector_workers.py [--rounds 3] [--envs 64] [--matches 256]
[--workers 0,1,2] [--only sarasvati]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rl_adapters import vector

from cardtable import accel
from cardtable.rl import GAME_IDS, vector_env


def measured(env: Any, matches: int) -> tuple[int, float, float]:
    """Decisions, wall seconds and CPU seconds (all processes) of one ``vector`` run."""
    workers = env.worker_cpu() if hasattr(env, "worker_cpu") else []
    cpu, wall = time.process_time(), time.perf_counter()
    decisions = vector(env, matches)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if workers:
        cpu += sum(env.worker_cpu()) - sum(workers)
    return decisions, wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--matches", type=int, default=256,
                        help="matches to end per round (a round of 64 is a tenth of a second, "
                             "too short for a wall clock on a shared machine)")
    parser.add_argument("--workers", default="0,1,2", help="the K to run, comma-separated")
    parser.add_argument("--only", action="append", help="a game id (repeatable)")
    args = parser.parse_args()
    games = args.only or list(GAME_IDS)
    ks = [int(k) for k in args.workers.split(",")]
    path = accel.status()
    where = "the compiled build" if path["compiled"] else "the pure path"
    print(f"vector_env({args.envs} envs) over K workers on {where}, median of {args.rounds} "
          f"alternated rounds, {os.cpu_count()} cores, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}\n")
    print("| Game | K | decisions / wall s | CPU µs / decision | wall speed-up over K = 0 |")
    print("|---|---:|---:|---:|---:|")
    for game_id in games:
        envs = {k: vector_env(game_id, args.envs, opponent="random", seat="alternate",
                              copy=False, workers=k) for k in ks}
        try:
            for env in envs.values():  # warm caches outside the timing
                vector(env, args.envs)
            runs: dict[int, list[tuple[int, float, float]]] = {k: [] for k in ks}
            for _ in range(args.rounds):
                for k, env in envs.items():
                    runs[k].append(measured(env, args.matches))
        finally:
            for env in envs.values():
                env.close()
        rate = {k: statistics.median(d / w for d, w, _c in r) for k, r in runs.items()}
        cost = {k: statistics.median(c / d * 1e6 for d, _w, c in r) for k, r in runs.items()}
        for k in ks:
            up = f"{rate[k] / rate[0]:.2f}×" if 0 in rate else "–"
            print(f"| {game_id} | {k} | {rate[k]:,.0f} | {cost[k]:.1f} | {up} |", flush=True)
    print(f"\nload average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

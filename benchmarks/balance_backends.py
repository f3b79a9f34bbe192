"""Games per second of one balance study on each backend, and what Ray costs on top.

Why: ``cardtable balance`` promises the same report on one process, a process pool or Ray, so
the only thing a backend may change is the time. This script runs one study on each (fresh
output folders), checks that the reports are byte for byte the same, and prints wall-clock
games per second (of each backend's fastest round, the least disturbed on a shared machine);
Ray is timed on a running local Ray and once more starting its own, so its fixed cost and its
per-game cost show separately.

    nice -n 10 .venv/bin/python benchmarks/balance_backends.py draws-troidal --games 300 \\
        --agents random

Figures go to stdout as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from cardtable.balance.backends import start_ray
from cardtable.balance.metrics import build_report, dumps
from cardtable.balance.study import make_study, run_study


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=300, help="games per pairing")
    parser.add_argument("--agents", nargs="+", default=["random"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="pool size and Ray CPUs")
    parser.add_argument("--repeat", type=int, default=1,
                        help="rounds of pool-1, pool-2, Ray; each backend's fastest counts")
    args = parser.parse_args()
    study = make_study(args.game, None, args.agents, args.games, args.seed)
    out: dict[str, object] = {"game": args.game, "agents": args.agents,
                              "games": study.total, "workers": args.workers}
    reports = {}
    runs: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        def timed(name: str, **kw: object) -> None:
            folder = Path(tmp) / f"{name}-{len(runs.get(name, []))}"
            start, cpu = time.perf_counter(), time.process_time()
            results = run_study(study, folder, **kw)  # type: ignore[arg-type]
            wall = time.perf_counter() - start
            if name == "pool-1":  # one process: its CPU time is the study's
                out["pool-1_cpu_seconds"] = round(time.process_time() - cpu, 2)
            reports[folder.name] = dumps(build_report(study, results))
            runs.setdefault(name, []).append(wall)
            print(f"{name}: {wall:.2f} s", file=sys.stderr)

        start = time.perf_counter()
        ray, _ = start_ray("local", args.workers)
        out["ray_start_seconds"] = round(time.perf_counter() - start, 2)
        for _ in range(args.repeat):
            timed("pool-1", workers=1)
            timed("pool-2", workers=args.workers)
            timed("ray-running", workers=args.workers, ray_address="local")
        ray.shutdown()
        timed("ray-cold", workers=args.workers, ray_address="local")
    for name, walls in runs.items():
        best = min(walls)
        out[name] = {"seconds": [round(w, 2) for w in walls],
                     "games_per_s": round(study.total / best, 1)}
    out["identical_reports"] = len(set(reports.values())) == 1
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

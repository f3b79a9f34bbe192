"""Games per second of one balance study on each backend, and what Ray costs on top.

Why: ``cardtable balance`` promises the same report on one process, a process pool or Ray, so
the only thing a backend may change is the time. This script runs one study on each (fresh
output folders), checks that the reports are byte for byte the same, and prints wall-clock
games per second; the Ray run is timed twice, with and without starting the local Ray, so its
fixed cost and its per-game cost show separately.

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
    args = parser.parse_args()
    study = make_study(args.game, None, args.agents, args.games, args.seed)
    out: dict[str, object] = {"game": args.game, "agents": args.agents,
                              "games": study.total, "workers": args.workers}
    reports = {}
    with tempfile.TemporaryDirectory() as tmp:
        def timed(name: str, **kw: object) -> None:
            start = time.perf_counter()
            results = run_study(study, Path(tmp) / name, **kw)  # type: ignore[arg-type]
            wall = time.perf_counter() - start
            reports[name] = dumps(build_report(study, results))
            out[name] = {"seconds": round(wall, 2), "games_per_s": round(study.total / wall, 1)}
            print(f"{name}: {wall:.2f} s", file=sys.stderr)

        timed("pool-1", workers=1)
        timed("pool-2", workers=args.workers)
        start = time.perf_counter()
        ray, _ = start_ray("local", args.workers)
        out["ray_start_seconds"] = round(time.perf_counter() - start, 2)
        timed("ray-running", workers=args.workers, ray_address="local")
        ray.shutdown()
        timed("ray-cold", workers=args.workers, ray_address="local")
    out["identical_reports"] = len(set(reports.values())) == 1
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

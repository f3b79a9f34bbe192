"""The compiled build against the pure path and a base tree, in one run, as ratios.

Three sides, alternated round by round (the order rotates, so drift on a shared machine falls
on every side alike): the base tree, the new tree on the pure path (CARDTABLE_PURE=1), and the
new tree with its compiled build (CARDTABLE_REQUIRE_COMPILED=1, so a missing or stale build
fails instead of quietly measuring the pure path). Each measurement is a fresh process running
``perf_compare.py``'s worker (the same playout harness and search for every side, CPU seconds).

    python -m cardtable.accel_build           # in the new tree, first
    python benchmarks/compiled_compare.py --base ../base/src --new src --rounds 3
    python benchmarks/compiled_compare.py --base ../base/src --new src --only search

Prints per game and measure the median of each side and the ratios compiled/base,
pure/base and compiled/pure; for the search, whether all three picked the same moves.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from perf_compare import registered_games  # noqa: E402

SIDES = ("base", "pure", "compiled")


def _run(tree: str, side: str, args: list[str]) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("CARDTABLE_PURE", "CARDTABLE_REQUIRE_COMPILED")}
    env["PYTHONPATH"] = os.path.abspath(tree)
    if side == "pure":
        env["CARDTABLE_PURE"] = "1"
    elif side == "compiled":
        env["CARDTABLE_REQUIRE_COMPILED"] = "1"
    out = subprocess.run([sys.executable, str(HERE / "perf_compare.py"), "--worker", *args],
                         env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the src folder of the base tree")
    parser.add_argument("--new", required=True, help="the src folder of the new tree (built)")
    parser.add_argument("--games", nargs="*", default=None,
                        help="default: every game the new tree registers")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--search", type=int, default=300, help="iterations per decision")
    parser.add_argument("--samples", type=int, default=4, help="decisions searched per round")
    parser.add_argument("--only", choices=("play", "search"), default=None)
    parser.add_argument("--base-for", nargs="*", default=[], metavar="GAME=SRC",
                        help="another base tree for some games, e.g. culdcept=../b2/src")
    a = parser.parse_args()
    bases = dict(item.split("=", 1) for item in a.base_for)
    for game_id in a.games or registered_games(a.new):
        for kind in [k for k in ("play", "search") if a.only in (None, k)]:
            figures: dict[str, list[float]] = {side: [] for side in SIDES}
            moves: dict[str, object] = {}
            for r in range(a.rounds):
                order = SIDES[r % 3:] + SIDES[: r % 3]
                for side in order:
                    tree = bases.get(game_id, a.base) if side == "base" else a.new
                    if kind == "play":
                        res = _run(tree, side, ["play", game_id, str(a.seconds)])
                        figures[side].append(float(res["steps_per_cpu_s"]))  # type: ignore[arg-type]
                    else:
                        res = _run(tree, side, ["search", game_id, str(a.search),
                                                str(a.samples)])
                        figures[side].append(float(res["iters_per_cpu_s"]))  # type: ignore[arg-type]
                        moves[side] = res["moves"]
            b, p, c = (statistics.median(figures[s]) for s in SIDES)
            unit = "iterations/CPU s" if kind == "search" else "steps/CPU s"
            agree = moves.get("base") == moves.get("pure") == moves.get("compiled")
            same = "" if kind != "search" else f"  same moves: {'yes' if agree else 'NO'}"
            print(f"{game_id:18} {kind:6} base {b:9,.0f} pure {p:9,.0f} compiled {c:9,.0f} "
                  f"{unit}  compiled/base {c / b:5.2f}  pure/base {p / b:5.2f}  "
                  f"compiled/pure {c / p:5.2f}{same}", flush=True)


if __name__ == "__main__":
    main()

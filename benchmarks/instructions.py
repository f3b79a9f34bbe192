"""Two source trees of cardtable, side by side, counted in instructions instead of seconds.

Why: on a shared machine CPU seconds drift by ±10% between runs, more than the 5% that issue 37
bounds a change by; ``valgrind --tool=callgrind`` counts the instructions a process executes,
which other jobs on the machine do not change. Each figure runs ``benchmarks/callgrind_count.py``
(the workload: ``perf_compare.py``'s seeded random playouts, by a number of games, or
``MCTSAgent`` at a fixed number of iterations over two of the bench's searched decisions) twice
in fresh processes, small and big, and keeps the difference, so the interpreter's start-up and
the imports (the wording catalogs) drop out; the search's moves are compared.

    python benchmarks/instructions.py --base ../base/src --new src
    python benchmarks/instructions.py --base ../base/src --new src --games culdcept --only search
    CARDTABLE_PURE=1 python benchmarks/instructions.py --base ../base/src --new src

Prints, per game and measure, instructions a step (playouts) or a searched iteration (search)
for both trees and the ratio base/new: above 1 the new tree does less work. Instructions are not
seconds (a cache miss costs more than an add), so a figure near a bound is worth a timed run
too. Needs valgrind (Debian's ``valgrind``); each tree should have its own fresh compiled build,
or ``CARDTABLE_PURE=1`` for the pure path.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from perf_compare import registered_games  # the script's own folder is on the path

#: the workload, one tree and one size a process
WORKLOAD = str(Path(__file__).with_name("callgrind_count.py"))
#: (small, big) sizes: games for playouts, iterations for the search (over SEARCHED decisions)
PLAY_GAMES = (2, 20)
SEARCH_ITERS = (40, 240)
SEARCHED = 2


def count(src: str, args: list[str]) -> tuple[int, dict[str, object]]:
    """Instructions of one run of the workload, and what it reports."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             sys.executable, WORKLOAD, *args],
            capture_output=True, text=True, env={**os.environ, "PYTHONPATH": src,
                                                 "PYTHONHASHSEED": "0"})
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(args)}: the measured run failed:\n{done.stderr[-2000:]}")
        total = re.search(r"^totals:\s+(\d+)", out.read_text(), re.MULTILINE)
        if total is None:
            raise SystemExit(f"{' '.join(args)}: callgrind wrote no total")
    return int(total.group(1)), json.loads(done.stdout.strip().splitlines()[-1])


def per_unit(src: str, game: str, measure: str) -> tuple[float, object]:
    """Instructions a step (playouts) or an iteration (search): the big run less the small."""
    if measure == "play":
        (small, a), (big, b) = (count(src, [game, "play", str(n)]) for n in PLAY_GAMES)
        return (big - small) / (int(b["steps"]) - int(a["steps"])), None  # type: ignore[call-overload]
    (small, a), (big, b) = (count(src, [game, "search", str(n), str(SEARCHED)])
                            for n in SEARCH_ITERS)
    return (big - small) / (int(b["iters"]) - int(a["iters"])), b["moves"]  # type: ignore[call-overload]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the base tree's src folder")
    parser.add_argument("--new", required=True, help="the new tree's src folder")
    parser.add_argument("--games", nargs="*", default=None, help="default: every registered game")
    parser.add_argument("--only", choices=("play", "search"), default=None)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt install valgrind)")
    games = args.games or registered_games(args.new)
    path = "pure" if os.environ.get("CARDTABLE_PURE") else "compiled where built"
    print(f"instructions, base {args.base} against new {args.new} ({path})")
    for game in games:
        for measure in ("play", "search"):
            if args.only not in (None, measure):
                continue
            base, base_moves = per_unit(args.base, game, measure)
            new, new_moves = per_unit(args.new, game, measure)
            unit = "a step" if measure == "play" else "an iteration"
            same = "" if measure == "play" else \
                f", same moves: {'yes' if base_moves == new_moves else 'NO'}"
            print(f"{game:18} {measure:6} base {base:12,.0f}  new {new:12,.0f} {unit}  "
                  f"base/new {base / new:.3f}{same}", flush=True)


if __name__ == "__main__":
    main()

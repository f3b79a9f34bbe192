"""Culdcept's observation writer on the compiled build: ``_write`` against ``observe_into``.

Issue 37 asks for one writer body a game unless a benchmark shows a hand-written fast path
beating it by a stated margin. This times, on the compiled build, the module's ``_write`` (the
body the pure path runs, compiled as it is) against ``observe_into`` (the route a caller
takes, which runs whichever body the module chooses for a state and a buffer), into each kind
of buffer a caller hands: a zero-filled list, an ``array('f')`` and a float32 NumPy array (the
research adapters' case). Positions are every decision point of the middle third of seeded
random matches, both seats; the routes alternate in rounds and the median of the rounds is
printed, in CPU microseconds per call, with the ratio ``_write`` / ``observe_into``.

Usage (with the compiled build present: ``make compiled``)::

    python benchmarks/culdcept_writer_bodies.py [--rounds 7] [--games 6]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from observe_routes import positions

from cardtable import accel
from cardtable.core import load_game

MODULE = "cardtable.games.culdcept.observe_fast"


def buffers(n: int) -> dict[str, Callable[[], Any]]:
    """A fresh zero-filled buffer of each kind (its making is timed alike for both routes)."""
    out: dict[str, Callable[[], Any]] = {"list": lambda: [0.0] * n,
                                         "array-f": lambda: array("f", bytes(4 * n))}
    try:
        import numpy as np
    except ImportError:
        return out
    out["numpy-f32"] = lambda: np.zeros(n, dtype=np.float32)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--games", type=int, default=6)
    args = ap.parse_args()
    import importlib

    mod = importlib.import_module(MODULE)
    if MODULE not in accel.status()["compiled_modules"]:
        raise SystemExit(f"{MODULE} runs from its .py: build the compiled path first")
    pos = positions("culdcept", args.games)
    n = load_game("culdcept").observation_size
    routes = {"observe_into": mod.observe_into, "_write": mod._write}
    for kind, make in buffers(n).items():
        times: dict[str, list[float]] = {k: [] for k in routes}
        for _ in range(args.rounds):
            for name, fn in routes.items():
                t = time.process_time()
                for s, p in pos:
                    fn(s, p, make())
                times[name].append((time.process_time() - t) / len(pos) * 1e6)
        med = {k: statistics.median(v) for k, v in times.items()}
        print(f"{kind:10s} {len(pos):5d} positions  µs/call: observe_into "
              f"{med['observe_into']:6.2f}  _write {med['_write']:6.2f}  "
              f"_write/observe_into {med['_write'] / med['observe_into']:.2f}")


if __name__ == "__main__":
    main()

"""Head-to-head pairings of agents in one game, each score with its Wilson 95% interval.

Why beside the ladder: spacing the levels (a temperature, a budget) needs a few chosen
pairings at a few hundred games, not a whole round robin. Each pairing is the ladder's own
(``sim/ladder.py``'s ``play_pair``: seats alternated, decks traded, seeded the same way) and is
cached in ``--out``, so a ladder run later with the same games and seed reads it back. ::

    .venv/bin/python benchmarks/pairings.py draws-troidal --games 400 \\
        --pair greedy soft-greedy:temperature=1,mistake=0.15 --pair beginner random

Prints one markdown row a pairing; the games played so far go to stderr (a long pairing on a
shared machine should say it is alive). A benchmark, not a test: it measures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardtable.sim.ladder import play_pair
from cardtable.sim.stats import wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--pair", nargs=2, action="append", metavar=("A", "B"), required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    for a, b in args.pair:
        p = play_pair(args.game, a, b, args.games, args.seed, args.workers, args.out,
                      progress=lambda done, total, a=a, b=b: print(f"{a} vs {b}: {done}/{total}",
                                                         file=sys.stderr, flush=True))
        lo, hi = wilson(round(p.a_score), p.games)
        print(f"| {args.game} | {a} vs {b} | {p.a_score:g}/{p.games} ({p.a_score / p.games:.1%}) "
              f"| {lo:.0%} – {hi:.0%} | {p.draws} | {p.seconds:g} s |", flush=True)


if __name__ == "__main__":
    main()

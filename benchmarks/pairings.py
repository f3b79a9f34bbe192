"""Head-to-head pairings of agents in one game, each score with its Wilson 95% interval.

Why beside the ladder: spacing the levels (a temperature, a budget) needs a few chosen
pairings at a few hundred games, not a whole round robin. Each pairing is the ladder's own
(``sim/ladder.py``'s ``play_pair``: seats alternated, decks traded, seeded the same way) and is
cached in ``--out``, so a ladder run later with the same games and seed reads it back. ::

    .venv/bin/python benchmarks/pairings.py draws-troidal --games 400 \\
        --pair greedy soft-greedy:temperature=1,mistake=0.15 --pair beginner random

Prints one markdown row a pairing; the games played so far go to stderr (a long pairing on a
shared machine should say it is alive). Ctrl-C or SIGTERM stops the pairing being played and
prints its row for the games finished, marked "stopped": each game's result depends only on its
index, so those are the games of a shorter run (``--games N``), and no finished game is lost.
A benchmark, not a test: it measures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path
from types import FrameType

from cardtable.sim.ladder import Pair, play_pair
from cardtable.sim.simulate import Interrupted
from cardtable.sim.stats import wilson


def _stop(signum: int, frame: FrameType | None) -> None:
    """SIGTERM as Ctrl-C: a pairing run in the background (where SIGINT is ignored) can still
    be stopped with its finished games counted."""
    raise KeyboardInterrupt


def _row(game: str, p: Pair, note: str = "") -> str:
    lo, hi = wilson(round(p.a_score), p.games) if p.games else (0.0, 1.0)
    share = p.a_score / p.games if p.games else 0.0
    return (f"| {game} | {p.a} vs {p.b}{note} | {p.a_score:g}/{p.games} ({share:.1%}) "
            f"| {lo:.0%} – {hi:.0%} | {p.draws} | {p.seconds:g} s |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--pair", nargs=2, action="append", metavar=("A", "B"), required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, _stop)
    for a, b in args.pair:
        try:
            p = play_pair(args.game, a, b, args.games, args.seed, args.workers, args.out,
                          progress=lambda done, total, a=a, b=b: print(
                              f"{a} vs {b}: {done}/{total}", file=sys.stderr, flush=True))
        except Interrupted as stopped:
            p = Pair.of(a, b, stopped.outcomes, 0.0)
            print(_row(args.game, p, f" (stopped at {p.games} of {args.games})"), flush=True)
            sys.exit(130)
        print(_row(args.game, p), flush=True)


if __name__ == "__main__":
    main()

"""Write one level's rating into a game's ``weights/ladder.json``, chained from a pairing.

Why: a search level costs too much for the round robin at the ladder's scale, so its rating is
one pairing against a level the ladder rated (normally ``normal``): that level's rating plus
400 log10(p / (1 - p)), its interval the anchor's ends plus the Elo of the Wilson ends. The
lobby and ``play --vs`` read the file, so a level whose play changed must be rated again. ::

    .venv/bin/python benchmarks/chain_rating.py draws-troidal expert --score 68 --games 100 \\
        --against normal --when 2026-12-04 \\
        --command "benchmarks/pairings.py draws-troidal --games 100 --seed 11 --pair SPEC greedy"

Prints the entry it wrote. A benchmark helper, not a test.
"""

from __future__ import annotations

import argparse
import json
import math

from cardtable.agents.levels import ladder_path, level_spec
from cardtable.sim.stats import wilson


def elo(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return 400 * math.log10(p / (1 - p))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("level")
    ap.add_argument("--score", type=float, required=True, help="the level's points (a draw ½)")
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--against", default="normal", help="a level already rated in the file")
    ap.add_argument("--when", required=True, help="the date the pairing was played")
    ap.add_argument("--command", required=True, help="the pairing's command, as run")
    ap.add_argument("--note", default="", help="anything else the entry should say")
    args = ap.parse_args()
    path = ladder_path(args.game)
    data = json.loads(path.read_text("utf-8"))
    anchor = data["ratings"][args.against]
    p = args.score / args.games
    lo, hi = wilson(round(args.score), args.games)
    spec = level_spec(args.level, args.game)
    entry = {
        "rating": round(anchor["rating"] + elo(p), 1),
        "low": round(anchor["low"] + elo(lo), 1),
        "high": round(anchor["high"] + elo(hi), 1),
        "games": args.games,
        "from": (f"{args.when}, `{args.command}` ({args.level}'s spec, {spec}, against "
                 f"{args.against}'s agent{'; ' + args.note if args.note else ''}): "
                 f"{args.score:g}/{args.games} against {args.against} ({p:.1%}, Wilson 95% "
                 f"[{lo:.0%}, {hi:.0%}]), rating = {args.against}'s + 400 log10(p / (1 - p)); "
                 f"interval = {args.against}'s ends plus the Wilson ends' Elo"),
    }
    data["ratings"][args.level] = entry
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")
    print(json.dumps({args.level: entry}, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()

"""Play (or resume) the studies the flag-rule measurements read, once, so every rule is judged
on the same games: the shipped decks of each game at ``--games`` a pairing, and each plant at
``--plant-games`` a pairing (a look of ``n`` games is the first ``n`` of each pairing, so one
folder serves 100 games and every ``--until-decided`` look up to the budget).

    PYTHONPATH=src nice -n 19 python benchmarks/balance_flag_studies.py [GAME ...]
        [--seeds 5] [--games 100] [--plant-games 300] [--workers 2] [--out balance-flags]

``benchmarks/balance_flag_rules.py`` reads the folders this writes.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from cardtable.balance.study import make_study, run_study

GAMES = ["draws-troidal", "sarasvati", "culdcept", "dreadnought", "dice-and-monsters"]


def main() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from balance_targets import others, plant_files

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games_ids", nargs="*", metavar="GAME")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--plant-games", type=int, default=300)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path("balance-flags"))
    ap.add_argument("--what", choices=["shipped", "plants", "both"], default="both")
    ap.add_argument("--only", default=None, help="one plant file's stem (plant-culdcept-50)")
    args = ap.parse_args()
    for game_id in args.games_ids or GAMES:
        jobs = []
        if args.what in ("shipped", "both"):
            jobs += [(f"shipped-{s}", None, args.games, s) for s in range(args.seeds)]
        if args.what in ("plants", "both"):
            for planted in plant_files(game_id):
                if args.only and planted.stem != args.only:
                    continue
                decks = [str(planted), *others(game_id, planted)]
                jobs += [(f"{planted.stem}-{s}", decks, args.plant_games, s)
                         for s in range(args.seeds)]
        for name, decks, games, seed in jobs:
            t0, w0 = time.process_time(), time.time()
            study = make_study(game_id, decks, ["greedy"], games, seed)
            results = run_study(study, args.out / game_id / name, args.workers)
            print(f"{game_id} {name}: {len(results)} games, {time.time() - w0:.0f} s wall",
                  flush=True)
            del t0


if __name__ == "__main__":
    main()

"""The balance lab's targets, measured: does it find a planted card, and are its flags stable?

For every game (or the ones named):

* **plants**: the planted deck (``tests/data/plant-GAME.txt``, a card far above the cost curve
  in a shipped deck) against the game's other shipped decks, greedy agents, seeds 0..S-1: at
  ``--games`` games a pairing, and where the plant is not the first card flagged above, again
  with ``--until-decided --max-games MAX``. The plant's rank among the cards flagged above, and
  how many games a pairing the study needed;
* **stability**: the shipped decks alone over the same seeds: each card's flags, a card flagged
  in one seed only counted as a false alarm, one flagged in at least S-1 of S as stable.

    PYTHONPATH=src python benchmarks/balance_targets.py [GAME ...] [--seeds 5] [--games 100]
        [--max-games 300] [--workers 2] [--out DIR] [--skip-stability]

Studies go to ``DIR/GAME/...`` (default ``balance-targets``) and resume like any study; the
table is printed as Markdown for docs/balance.md and written to ``DIR/targets.json``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from cardtable.balance.effects import FDR
from cardtable.balance.metrics import build_report, finish_cards
from cardtable.balance.restricted import flag_by_restriction, restricted_play, untestable
from cardtable.balance.sequential import run_until_decided
from cardtable.balance.study import make_study, run_study
from cardtable.core import load_game
from cardtable.core.registry import list_games

HERE = Path(__file__).resolve().parent.parent / "tests" / "data"
PLANT = "試作の巨人"


def plant_files(game_id: str) -> list[Path]:
    """``plant-GAME.txt`` and its variants (``plant-culdcept-50.txt``: the issue's weaker
    plant)."""
    return sorted(p for p in HERE.glob(f"plant-{game_id}*.txt")
                  if p.stem == f"plant-{game_id}" or p.stem[len(f"plant-{game_id}"):][1:].isdigit())


def others(game_id: str, planted: Path) -> list[str]:
    """The shipped decks the plant's deck meets: every one but the deck it was planted in
    (and a deck that is the whole pool, which no player brings)."""
    game = load_game(game_id)
    mine = game.load_deck(str(planted)).name
    return [n for n in game.deck_names() if game.load_deck(n).name != mine
            and n != "all-cards"]


def rank(report: dict[str, Any]) -> int | None:
    """The plant's place among the cards flagged above (1 = first), or None."""
    above = [c["card"] for c in report["cards"] if c.get("flag") == "above"]
    return above.index(PLANT) + 1 if PLANT in above else None


def plants(game_id: str, planted: Path, seeds: int, games: int, max_games: int, workers: int,
           out: Path) -> list[dict[str, Any]]:
    decks = [str(planted), *others(game_id, planted)]
    out = out / planted.stem
    rows = []
    for seed in range(seeds):
        t0 = time.process_time()
        study = make_study(game_id, decks, ["greedy"], games, seed)
        results = run_study(study, out / game_id / f"plant-{seed}", workers)
        report = build_report(study, results)
        if PLANT in untestable(report):  # always played: restricted play is its test
            # the untestable cards of the plant's own deck: the question is the plant's
            mine = [n for n in untestable(report) if n in study.decks[0].counts()]
            barred = {name: restricted_play(study, results, name, out / f"plant-{seed}",
                                            games, workers) for name in mine}
            flag_by_restriction(report, barred, FDR)
            finish_cards(report, study)
        row: dict[str, Any] = {"seed": seed, "rank": rank(report), "games": games,
                               "flagged_above": [c["card_en"] for c in report["cards"]
                                                 if c.get("flag") == "above"]}
        if row["rank"] != 1 and PLANT not in untestable(report):
            seq = make_study(game_id, decks, ["greedy"], max_games, seed)
            report, _ = run_until_decided(seq, out / game_id / f"plant-decided-{seed}",
                                          workers=workers)
            row["decided_rank"] = rank(report)
            row["decided_games"] = report["decided"]["games_per_pairing"]
            row["decided_flagged_at"] = next((c.get("flagged_at") for c in report["cards"]
                                              if c["card"] == PLANT), None)
        row["cpu_s"] = round(time.process_time() - t0, 1)
        rows.append(row)
        print(f"{game_id} plant seed {seed}: {row}", flush=True)
    return rows


def stability(game_id: str, seeds: int, games: int, workers: int, out: Path
              ) -> dict[str, Any]:
    flags: Counter[tuple[str, str]] = Counter()
    names: dict[str, str] = {}
    for seed in range(seeds):
        study = make_study(game_id, None, ["greedy"], games, seed)
        results = run_study(study, out / game_id / f"shipped-{seed}", workers)
        report = build_report(study, results)
        for c in report["cards"]:
            if c.get("flag"):
                flags[(c["card"], c["flag"])] += 1
                names[c["card"]] = c["card_en"]
        print(f"{game_id} shipped seed {seed}: "
              f"{[(names[n], f) for (n, f), k in flags.items()]}", flush=True)
    return {"seeds": seeds, "games": games,
            "stable": sorted(f"{names[n]} ({f})" for (n, f), k in flags.items()
                             if k >= seeds - 1),
            "false_alarms": sorted(f"{names[n]} ({f})" for (n, f), k in flags.items()
                                   if k == 1),
            "in_between": sorted(f"{names[n]} ({f}, {k} of {seeds})"
                                 for (n, f), k in flags.items() if 1 < k < seeds - 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games_ids", nargs="*", metavar="GAME")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--max-games", type=int, default=300)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("balance-targets"))
    ap.add_argument("--skip-stability", action="store_true")
    args = ap.parse_args()
    ids = args.games_ids or [g.id for g in list_games() if plant_files(g.id)]
    table: dict[str, Any] = {}
    for game_id in ids:
        for planted in plant_files(game_id):
            table[planted.stem] = {"game": game_id, "plants": plants(
                game_id, planted, args.seeds, args.games, args.max_games, args.workers,
                args.out)}
        if not args.skip_stability:
            table[f"plant-{game_id}"]["stability"] = stability(
                game_id, args.seeds, args.games, args.workers, args.out)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "targets.json").write_text(json.dumps(table, ensure_ascii=False, indent=1)
                                           + "\n", "utf-8")
    print("\n| game | plant first at 100 games | first by --until-decided (games a pairing) "
          "| stable flags | false alarms |")
    print("|---|---|---|---|---|")
    for key, e in table.items():
        game_id = key.removeprefix("plant-")
        ps = e["plants"]
        first = sum(p["rank"] == 1 for p in ps)
        decided = [p for p in ps if p["rank"] != 1]
        later = sum(p.get("decided_rank") == 1 for p in decided)
        needed = ", ".join(str(p.get("decided_games")) for p in decided) or "—"
        st = e.get("stability") or {}
        print(f"| {game_id} | {first} of {len(ps)} | {first + later} of {len(ps)} ({needed}) "
              f"| {', '.join(st.get('stable', [])) or '—'} "
              f"| {len(st.get('false_alarms', []))} |")


if __name__ == "__main__":
    main()

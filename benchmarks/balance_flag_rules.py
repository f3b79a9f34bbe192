"""Judge flag rules on saved studies: which cards each rule flags across seeds (false alarms,
stable flags) and where it puts each plant, at 100 games a pairing and by ``--until-decided``.

Reads the folders ``benchmarks/balance_flag_studies.py`` writes (``DIR/GAME/shipped-S``: the
shipped decks at 100 games a pairing; ``DIR/GAME/plant-…-S``: the planted deck against the
game's other shipped decks at 300), replays no game, and refits only the card regressions, so
a rule costs seconds of CPU per study:

    PYTHONPATH=src python benchmarks/balance_flag_rules.py [GAME ...] [--out balance-flags]
        [--rule FDR:MIN_EFFECT ...] [--control NAME]

A rule ``0.10:0`` is Benjamini–Hochberg at 10% against zero (the lab before); ``0.10:0.05``
also asks the effect to lie beyond ±5 points. ``--until-decided`` is the lab's own rule
(``sequential.decide``) on each folder, its looks sliced out of the budget's games.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from cardtable.balance.effects import card_effects, evidence_order
from cardtable.balance.sequential import decide
from cardtable.balance.study import Study, make_study, run_study, within

PLANT = "試作の巨人"
GAMES = ["draws-troidal", "sarasvati", "culdcept", "dreadnought", "dice-and-monsters"]


def study_of(game_id: str, folder: Path, decks: list[str] | None, seed: int
             ) -> tuple[Study, list[dict[str, Any]]] | None:
    """The study a folder holds and its games, when every game is there (none is played
    here: a folder not complete is skipped)."""
    if not (folder / "games.jsonl").exists():
        return None
    games = json.loads((folder / "study.json").read_text("utf-8"))["games_per_pairing"]
    study = make_study(game_id, decks, ["greedy"], games, seed)
    n = sum(1 for x in (folder / "games.jsonl").read_text("utf-8").splitlines() if x.strip())
    if n < study.total:
        return None
    return study, run_study(study, folder)  # every game is there: nothing is played


def fits(study: Study, results: list[dict[str, Any]], fdr: float, min_effect: float,
         n: int | None = None) -> dict[str, Any]:
    if n is not None:
        results = [r for r in results if r["index"] % study.games < n]
        study = replace(study, games=n)
    return card_effects(study, results, fdr=fdr, min_effect=min_effect)["cards"]


def flagged(cards: dict[str, Any]) -> dict[str, str]:
    return {n: c["flag"] for n, c in cards.items() if c.get("tested") and c.get("flag")}


def plant_rank(cards: dict[str, Any], flags: dict[str, str]) -> int | None:
    above = sorted((n for n, f in flags.items() if f == "above"),
                   key=lambda n: evidence_order(cards[n]))
    return above.index(PLANT) + 1 if PLANT in above else None


def until_decided(study: Study, results: list[dict[str, Any]], fdr: float, min_effect: float,
                  step: int = 50) -> dict[str, Any] | None:
    """``--until-decided`` on a folder of the budget's games: the lab's own rule
    (``sequential.decide``), each look sliced out of the folder, no game played."""
    if study.games <= 100:  # a folder of 100 games a pairing has no later looks
        return None
    report, _ = decide(study, lambda grown: [r for r in results
                                             if within(study, grown, r["index"])],
                       step, min_effect=min_effect, fdr=fdr)
    cards = {c["card"]: c["effect"] for c in report["cards"] if c.get("effect")}
    flags = {n: c["flag"] for n, c in cards.items() if c.get("flag")}
    at = next((c.get("flagged_at") for c in report["cards"] if c["card"] == PLANT), None)
    return {"games": report["decided"]["games_per_pairing"],
            "pairings": report["decided"]["pairings"], "rank": plant_rank(cards, flags),
            "flagged_at": at}


def main() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from balance_targets import others, plant_files

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games_ids", nargs="*", metavar="GAME")
    ap.add_argument("--out", type=Path, default=Path("balance-flags"))
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--rule", action="append", default=None)
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--penalize-always", action="store_true",
                    help="fit the in-hand reading with the log-F(1,1) penalty in every study")
    args = ap.parse_args()
    if args.penalize_always:
        import cardtable.balance.effects as effects

        effects.MAX_COEF = 0.0
    rules = [tuple(float(x) for x in r.split(":")) for r in
             (args.rule or ["0.10:0", "0.05:0", "0.10:0.03", "0.10:0.05", "0.05:0.05"])]
    table: dict[str, Any] = {}
    for game_id in args.games_ids or GAMES:
        shipped = [study_of(game_id, args.out / game_id / f"shipped-{s}", None, s)
                   for s in range(args.seeds)]
        shipped = [x for x in shipped if x]
        plants = {}
        for planted in plant_files(game_id):
            decks = [str(planted), *others(game_id, planted)]
            got = [study_of(game_id, args.out / game_id / f"{planted.stem}-{s}", decks, s)
                   for s in range(args.seeds)]
            plants[planted.stem] = [x for x in got if x]
        for fdr, min_effect in rules:
            key = f"{game_id} fdr {fdr:g} min {min_effect * 100:g}"
            row: dict[str, Any] = {}
            if shipped:
                counts: Counter[tuple[str, str]] = Counter()
                for study, results in shipped:
                    counts.update(flagged(fits(study, results, fdr, min_effect)).items())
                k = len(shipped)
                row["shipped_seeds"] = k
                row["stable"] = sorted(f"{n} {f}" for (n, f), c in counts.items()
                                       if c >= k - 1)
                row["between"] = sorted(f"{n} {f} {c}" for (n, f), c in counts.items()
                                        if 1 < c < k - 1)
                row["false_alarms"] = sorted(f"{n} {f}" for (n, f), c in counts.items()
                                             if c == 1)
            for stem, runs in plants.items():
                out = []
                for study, results in runs:
                    cards = fits(study, results, fdr, min_effect, 100)
                    r100 = plant_rank(cards, flagged(cards))
                    e = {"rank100": r100}
                    if r100 != 1:
                        e["decided"] = until_decided(study, results, fdr, min_effect)
                    out.append(e)
                row[stem] = {"seeds": len(out),
                             "first100": sum(e["rank100"] == 1 for e in out),
                             "first_by_300": sum(e["rank100"] == 1
                                                 or (e.get("decided") or {}).get("rank") == 1
                                                 for e in out),
                             "runs": out}
            table[key] = row
            print(key, json.dumps(row, ensure_ascii=False), flush=True)
    if args.json:
        args.json.write_text(json.dumps(table, ensure_ascii=False, indent=1) + "\n", "utf-8")


if __name__ == "__main__":
    main()

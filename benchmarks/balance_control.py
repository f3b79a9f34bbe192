"""Does a pre-game control narrow the card effects' intervals? Measured on saved studies.

The control is **the opening hand's strength**, seat 1's minus seat 2's: the summed price the
shipped pool pays for the numbers of the cards in a seat's opening hand (``Game.curve_point``
through the cost curve of ``cards check``; a card off the curve counts 0), added to both card
regressions beside the seat and deck-pair terms (regression adjustment, CUPED's idea). For
each study: the median ratio of the card effects' interval widths with and without it, and the
planted card's effect both ways (an adjustment that shrinks it absorbs the very effect looked
for: the opening hand is drawn by the same shuffle that decides a card's early copies).

    PYTHONPATH=src python benchmarks/balance_control.py GAME FOLDER ... [--out balance-flags]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

from cardtable.balance.effects import card_effects
from cardtable.core import load_game
from cardtable.core.cost_curve import pool_curves

PLANT = "試作の巨人"


def prices(game: Any, study: Any) -> dict[str, float]:
    curves = pool_curves(game)
    out: dict[str, float] = {}
    for deck in study.decks:
        for card in deck.cards:
            point = game.curve_point(card.to_json())
            curve = curves.get(point.group) if point is not None else None
            out[card.name] = curve.predict(point) if curve is not None else 0.0
    return out


def strength(result: dict[str, Any], price: dict[str, float]) -> float:
    hands = [seat.get("opening") or [] for seat in result["cards"]]
    return sum(price.get(c, 0.0) for c in hands[0]) - sum(price.get(c, 0.0) for c in hands[1])


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from balance_flag_rules import study_of
    from balance_targets import others

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--out", type=Path, default=Path("balance-flags"))
    ap.add_argument("--games", type=int, default=100, help="the first N games a pairing")
    args = ap.parse_args()
    game = load_game(args.game)
    for name in args.folders:
        stem, seed = name.rsplit("-", 1)
        decks = None
        if stem.startswith("plant"):
            planted = Path(__file__).resolve().parent.parent / "tests" / "data" / f"{stem}.txt"
            decks = [str(planted), *others(args.game, planted)]
        got = study_of(args.game, args.out / args.game / name, decks, int(seed))
        if not got:
            print(f"{name}: not complete")
            continue
        study, results = got
        results = [r for r in results if r["index"] % study.games < args.games]
        from dataclasses import replace

        study = replace(study, games=min(args.games, study.games))
        price = prices(game, study)
        control = [strength(r, price) for r in results]
        plain = card_effects(study, results)["cards"]
        adjusted = card_effects(study, results, control=control)["cards"]
        ratios = {"early": [], "hand": []}
        for card, e in plain.items():
            a = adjusted.get(card, {})
            if e.get("tested") and a.get("tested") and a["basis"] == e["basis"]:
                w0 = e["ci95"][1] - e["ci95"][0]
                w1 = a["ci95"][1] - a["ci95"][0]
                if w0 > 0:
                    ratios["early" if e["basis"] == "early" else "hand"].append(w1 / w0)
        nonzero = sum(1 for v in control if v)
        line = (f"{args.game} {name}: control non-zero in {nonzero} of {len(control)} games; "
                + "; ".join(f"{k} width ratio median {statistics.median(v):.3f} "
                            f"(n {len(v)})" for k, v in ratios.items() if v))
        if PLANT in plain and plain[PLANT].get("tested"):
            p, a = plain[PLANT], adjusted[PLANT]
            line += (f"; plant {100 * p['effect']:+.1f} [{100 * p['ci95'][0]:+.1f}, "
                     f"{100 * p['ci95'][1]:+.1f}] ({p['basis']}) -> {100 * a['effect']:+.1f} "
                     f"[{100 * a['ci95'][0]:+.1f}, {100 * a['ci95'][1]:+.1f}] ({a['basis']})")
        print(line, flush=True)


if __name__ == "__main__":
    main()

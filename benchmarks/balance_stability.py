"""Are the flags stable? ``--until-decided`` on the shipped decks in five seeds, and per card the
number of seeds that flag it: in 4 or 5 (stable), in 2–3 (unstable), in 1 (a false alarm).

Reads the folders ``benchmarks/balance_flag_studies.py --what shipped --games N`` writes
(``DIR/GAME/shipped-S``, the budget's games) and runs the lab's own sequential rule on them
(``sequential.decide``, each look the first games of each pairing, as ``run_until_decided``
plays them: tested), so no game is played here:

    PYTHONPATH=src python benchmarks/balance_stability.py GAME [--out DIR] [--step 100]
        [--seeds 5] [--fixed 100] [--smallest 10] [--no-near-line] [--json FILE]

A card counts by name and direction ("above" and "below" are two flags). ``--fixed N`` adds
the same count for a fixed study of the first N games a pairing at the lab's 5% (the figure
before; N the budget: the budget's games read once). ``until_decided_not_in_line`` counts a
variant: a flag kept only when the card is not also "in line"; ``until_decided_early_looks``
another: only the flags of the looks before the last (at 0.1% each), the last look's left
undecided.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from cardtable.balance.metrics import build_report
from cardtable.balance.sequential import decide
from cardtable.balance.study import Result, Study, within


def stability(flags: list[dict[str, str]]) -> dict[str, Any]:
    """Per (card, direction): in how many of the seeds it is flagged, sorted into stable
    (at least all seeds but one), unstable (2 to all but two) and false alarms (1)."""
    counts: Counter[tuple[str, str]] = Counter()
    for f in flags:
        counts.update(f.items())
    k = len(flags)
    rows = sorted(counts.items(), key=lambda x: (-x[1], x[0]))
    return {"seeds": k,
            "stable": [f"{n} {d} {c}" for (n, d), c in rows if c >= k - 1],
            "unstable": [f"{n} {d} {c}" for (n, d), c in rows if 1 < c < k - 1],
            "false_alarms": [f"{n} {d}" for (n, d), c in rows if c == 1]}


def flagged(report: dict[str, Any], beyond_smallest: bool = False) -> dict[str, str]:
    """The flagged cards; with ``beyond_smallest``, only those whose interval also reaches
    past ±``--smallest-effect`` (not "in line": a variant rule, measured, not the lab's)."""
    smallest = report["card_model"].get("smallest_effect", 0.1)
    return {c["card"]: c["flag"] for c in report["cards"] if c.get("effect") and c.get("flag")
            and not (beyond_smallest and -smallest <= c["effect"]["ci95"][0]
                     and c["effect"]["ci95"][1] <= smallest)}


def fixed(study: Study, results: list[Result], n: int) -> dict[str, Any]:
    look = [r for r in results if r["index"] % study.games < n]
    return build_report(replace(study, games=n), look)


def main() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from balance_flag_rules import study_of

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game_id", metavar="GAME")
    ap.add_argument("--out", type=Path, default=Path("balance-flags"))
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--step", type=int, default=100)
    ap.add_argument("--fixed", type=int, action="append", default=[])
    ap.add_argument("--smallest", type=float, default=10.0,
                    help="--smallest-effect, in points: what 'in line' means")
    ap.add_argument("--no-near-line", action="store_true",
                    help="the rule before: a card in line is settled however near the line")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    if args.no_near_line:
        from cardtable.balance import sequential

        sequential.near_line = lambda effect, final: False
    runs, seq_flags, worth_flags, early_flags = [], [], [], []
    fixed_flags: dict[int, list[dict[str, str]]] = {n: [] for n in args.fixed}
    for s in range(args.seeds):
        got = study_of(args.game_id, args.out / args.game_id / f"shipped-{s}", None, s)
        if not got:
            print(f"seed {s}: no complete folder", flush=True)
            continue
        study, results = got
        t0 = time.process_time()
        report, played = decide(study, lambda grown, study=study, results=results: [
            r for r in results if within(study, grown, r["index"])], args.step,
            smallest=args.smallest / 100)
        d = report["decided"]
        flags = flagged(report)
        seq_flags.append(flags)
        worth_flags.append(flagged(report, beyond_smallest=True))
        last = d["looks"][-1]["games_per_pairing"]
        early_flags.append({c["card"]: c["flag"] for c in report["cards"]
                            if c.get("flag") and (c.get("flagged_at") or last) < last})
        runs.append({"seed": s, "stopped": d["stopped"], "games_per_pairing": d["pairings"],
                     "games": len(played), "undecided": d["undecided"],
                     "near_line": len(d["near_line_cards"]),
                     "verdicts": report["card_model"].get("verdicts"),
                     "flagged": {n: [f, next(c.get("flagged_at") for c in report["cards"]
                                             if c["card"] == n)] for n, f in flags.items()},
                     "fit_cpu_s": round(time.process_time() - t0, 1)})
        print(json.dumps(runs[-1], ensure_ascii=False), flush=True)
        # every card's combined z at the last look, signed: whether a card flagged in some
        # seeds leans the same way in the others
        runs[-1]["z"] = {c["card"]: c["effect"]["z"] for c in report["cards"]
                         if c.get("effect")}
        for n in args.fixed:
            fixed_flags[n].append(flagged(fixed(study, results, n)))
    out = {"game": args.game_id, "runs": runs, "until_decided": stability(seq_flags),
           "until_decided_not_in_line": stability(worth_flags),
           "until_decided_early_looks": stability(early_flags),
           "fixed": {str(n): stability(f) for n, f in fixed_flags.items()}}
    print(json.dumps({k: v for k, v in out.items() if k != "runs"}, ensure_ascii=False,
                     indent=1), flush=True)
    if args.json:
        args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", "utf-8")


if __name__ == "__main__":
    main()

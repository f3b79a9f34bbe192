"""Refit the card-effect regression with other measures of a card's presence (docs/balance.md,
"Other measures of a card's presence, tried and not adopted").

Plays a planted-card study (greedy agents, the plant's deck first), keeps each game's log, and
fits ``balance/effects.py``'s model (deck-pair and seat terms, each card against its deck's
average card, BH at the same FDR) with the card's term measured each way below; prints the
plant's rank by p, its q and the cards flagged. Every measure here is read from the game's card
facts (``Game.card_facts``), so it runs for any game:

    PYTHONPATH=src python benchmarks/balance_presence_terms.py draws-troidal 100 --seed 0
    PYTHONPATH=src python benchmarks/balance_presence_terms.py sarasvati 100
    PYTHONPATH=src python benchmarks/balance_presence_terms.py culdcept 100

A study of 300 games takes about 20 s of CPU.
"""

from __future__ import annotations

import argparse
import collections
from collections.abc import Callable
from typing import Any

import numpy as np

from cardtable.agents import make_agent
from cardtable.balance import effects
from cardtable.balance.study import make_study
from cardtable.core import load_game
from cardtable.sim.match import play_match

OTHERS = {"draws-troidal": ["fire-and-steel", "sea-and-forest"],
          "sarasvati": ["school-mystery", "science-and-sorcery"],
          "culdcept": ["neutral-legion", "water-and-earth"]}
PLANT = "試作の巨人"


def _fit(study: Any, results: list[dict], term: Callable[[str], Any]) -> tuple[int, float, int]:
    """(the plant's rank by p, its q, cards flagged) with ``term(card)`` as each card's column."""
    from statistics import NormalDist

    from statsmodels.stats.multitest import multipletests

    y = np.array([1.0 if r["winner"] == 0 else 0.5 if r["winner"] < 0 else 0.0 for r in results])
    base = [np.ones(len(results)), np.array([1.0 if r["first"] == 0 else -1.0 for r in results])]
    for i, j in study.pairs:
        base.append(np.array([0.0 if set(r["decks"]) != {i, j} else
                              1.0 if r["decks"][0] == i else -1.0 for r in results]))
    span = effects._Span(np, len(results))
    xb = np.column_stack(base)
    xb = xb[:, [j for j in range(xb.shape[1]) if span.add(xb[:, j])]]
    names = sorted({c for d in study.decks for c in d.counts()})
    cols, tested = [], []
    for name in names:
        col = term(name)
        if span.add(col):
            cols.append(col)
            tested.append(name)
    k = xb.shape[1]
    fit, _ = effects._fit(np, np.column_stack([xb, *cols]), y, k)
    coefs, cov = np.asarray(fit.params)[k:], np.asarray(fit.cov_params())[k:, k:]
    index = {n: i for i, n in enumerate(tested)}
    pvals = []
    for i, name in enumerate(tested):
        others = sorted({index[m] for d in study.decks if name in d.counts()
                         for m in d.counts() if m in index and m != name})
        a = np.zeros(len(tested))
        a[i] = 1.0
        if others:
            a[others] -= 1.0 / len(others)
        z = float(a @ coefs) / float(np.sqrt(a @ cov @ a))
        pvals.append(2 * (1 - NormalDist().cdf(abs(z))))
    reject, q, _, _ = multipletests(pvals, alpha=effects.FDR, method="fdr_bh")
    order = list(np.argsort(pvals))
    if PLANT not in index:
        return 0, 1.0, int(reject.sum())
    return order.index(index[PLANT]) + 1, float(q[index[PLANT]]), int(reject.sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(OTHERS))
    parser.add_argument("games", type=int, help="games per pairing")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = load_game(args.game)
    study = make_study(args.game, [f"tests/data/plant-{args.game}.txt", *OTHERS[args.game]],
                       ["greedy"], args.games, args.seed)
    results, counts = [], []
    for index in range(study.total):
        seats, specs, seed = study.schedule(index)
        state = play_match(game, [make_agent(s) for s in specs], seed,
                           [study.decks[d] for d in seats], study.options)
        log = list(state.log)
        end = next((i for i, e in enumerate(log) if e.get("type") == game.opening_end_event),
                   len(log))
        winner = state.winner()
        results.append({"decks": list(seats), "winner": -1 if winner is None else winner,
                        "first": game.first_player(log)})
        seat: list[dict[str, Any]] = [{"hand": set(), "order": [], "opening": collections.Counter()}
                                      for _ in range(2)]
        for fact in game.card_facts(log):
            seat[fact.seat]["hand"].add(fact.card)
            if fact.kind in ("drawn", "seen"):
                seat[fact.seat]["order"].append(fact.card)
        for fact in game.card_facts(log[:end]):
            if fact.kind in ("drawn", "seen"):
                seat[fact.seat]["opening"][fact.card] += 1
        counts.append(seat)

    def diff(value: Callable[[dict[str, Any], str], float]) -> Callable[[str], Any]:
        return lambda c: np.array([value(s[0], c) - value(s[1], c) for s in counts])

    terms = {
        "in hand at all (the model)": diff(lambda s, c: float(c in s["hand"])),
        "copies drawn or seen in the game": diff(lambda s, c: s["order"].count(c)),
        "copies drawn or seen in the opening": diff(lambda s, c: s["opening"][c]),
        "in the opening hand at all": diff(lambda s, c: float(s["opening"][c] > 0)),
        **{f"copies among the first {k} drawn or seen":
           diff(lambda s, c, k=k: s["order"][:k].count(c)) for k in (10, 15, 20)},
    }
    print(f"{args.game}, {args.games} games per pairing, seed {args.seed}")
    for label, term in terms.items():
        rank, q, flagged = _fit(study, results, term)
        print(f"  {label:42s} plant rank {rank:2d}  q {q:.3g}  flagged {flagged}")


if __name__ == "__main__":
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        main()
    else:
        with threadpool_limits(limits=1, user_api="blas"):
            main()

"""Card effects that control for the deck and the opponent: one logistic regression per study.

Why a regression: a card's win rate carries its deck's strength and its opponents' (a card of
the deck that beat everyone looks good), and a card of one deck is compared with cards of
another only through the games they met in. Here every game is one row:

* the outcome is seat 1's result (won 1, lost 0, a draw 0.5);
* an intercept (seat 1's own edge) and, when it varies, the first player (+1 when seat 1
  started, −1 when seat 2 did): the seat terms;
* one term per pairing of decks (+1 when the pairing's first deck sits in seat 1, −1 when its
  second does, 0 in other pairings): the deck-pair terms, which absorb every matchup's own
  balance, so a card is never credited with its deck's strength or its opponent's weakness;
* one term per card: its presence for seat 1 minus its presence for seat 2, presence being
  "in its owner's hand" (drawn, seen or played: 17lands' GIH) or, for a card whose hand
  presence says nothing beyond the deck terms (always in hand whenever its deck plays, as in
  Dice and Monsters), "played".

The fit is statsmodels' GLM with a binomial family (maximum likelihood). When that is
unstable, that is when a card's presence separates wins from losses (a card seen only in won
games), the fit does not converge, or an estimate or its error is out of bounds, the study is
refitted with a **log-F(1,1) penalty** on the card terms (Greenland and Mansournia 2015: one
pseudo-game per card, half won, added by data augmentation), a Firth-like shrinkage that keeps
every estimate finite and lets the same GLM report standard errors. ``method`` says which fit
the figures come from.

A card's **effect** is the coefficient turned into win-rate points at an even game:
``expit(β) − ½`` (+10 points: a 50% game becomes a 60% one when the card is in hand), with the
Wald 95% interval transformed the same way. Cards are **flagged** under Benjamini–Hochberg
control of the false discovery rate at ``FDR`` (10%): of the cards flagged, at most one in ten
is expected to be a false alarm; with no real differences, no card is flagged 9 times in 10.

What it cannot do: a card held in nearly every game of its deck (four copies drawn early) has
little presence to vary, so its effect is estimated from few games and most of its strength
sits in its deck's terms. The deck figures show that strength; the card's estimate then has a
wide interval, which says so. ``docs/balance.md`` gives the planted-card figures.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from typing import Any

from cardtable.balance.study import Result, Study
from cardtable.core.facts import DRAWN, PLAYED, SEEN
from cardtable.sim.stats import Z95, rounded

#: the false discovery rate under which cards are flagged (Benjamini–Hochberg)
FDR = 0.10
#: a coefficient (log-odds) or standard error beyond these marks a maximum-likelihood fit as
#: unstable (separation), and the penalized fit is used instead
MAX_COEF = 8.0
MAX_SE = 20.0
#: the weight of each card's pseudo-game (half a win) in the penalized fit: 1 gives log-F(1,1)
PENALTY_WEIGHT = 1.0

HAND = "hand"


def _presence(facts: dict[str, list[str]], basis: str) -> set[str]:
    if basis == HAND:
        return set(facts.get(DRAWN, ())) | set(facts.get(SEEN, ())) | set(facts.get(PLAYED, ()))
    return set(facts.get(PLAYED, ()))


def _expit(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


def card_effects(study: Study, results: Sequence[Result]) -> dict[str, Any]:
    """The regression of a study: its method, FDR and one entry per card tested or not.

    Returns ``{"method", "fdr", "games", "cards": {name: entry}}``; an entry holds ``basis``
    (``hand`` or ``played``), ``coef`` and ``se`` (log-odds), ``effect`` and ``ci95`` (win-rate
    points as fractions), ``p``, ``q`` (the BH-adjusted p) and ``flag`` (``above``, ``below``
    or None), or ``tested: False`` when the card's presence is fixed by its deck.
    """
    import numpy as np

    names = sorted({c for d in study.decks for c in d.counts()})
    out: dict[str, Any] = {"model": "logit(seat 1 wins) ~ seat + first player + deck pair "
                                    "+ card presence (seat 1 - seat 2)",
                           "fdr": FDR, "games": len(results), "method": None, "cards": {}}
    if len(results) < 2:
        return out
    y = np.array([1.0 if r["winner"] == 0 else 0.5 if r["winner"] < 0 else 0.0
                  for r in results])
    base = [np.ones(len(results))]
    first = np.array([1.0 if r["first"] == 0 else -1.0 for r in results])
    if first.min() != first.max():
        base.append(first)
    for i, j in study.pairs:
        col = np.zeros(len(results))
        for row, r in enumerate(results):
            a, b = r["decks"]
            if {a, b} == {i, j}:
                col[row] = 1.0 if a == i else -1.0
        if col.any():
            base.append(col)
    x_base = np.column_stack(base)
    # drop deck-pair columns that are themselves dependent (a study of two decks, one seat)
    x_base = _independent(np, x_base, 0)
    columns: list[Any] = []
    tested: list[tuple[str, str]] = []
    for name in names:
        for basis in (HAND, PLAYED):
            col = np.array([(name in _presence(r["cards"][0], basis))
                            - float(name in _presence(r["cards"][1], basis))
                            for r in results])
            trial = np.column_stack([x_base, *columns, col])
            if np.linalg.matrix_rank(trial) == trial.shape[1]:
                columns.append(col)
                tested.append((name, basis))
                break
        else:
            out["cards"][name] = {"tested": False}
    if not tested:
        return out
    x = np.column_stack([x_base, *columns])
    k = x_base.shape[1]
    fit, method = _fit(np, x, y, k)
    params, bse = np.asarray(fit.params), np.asarray(fit.bse)
    coefs = params[k:]
    ses = bse[k:]
    from statistics import NormalDist

    norm = NormalDist()
    pvals = [2 * (1 - norm.cdf(abs(b) / s)) if s > 0 else 1.0 for b, s in zip(coefs, ses,
                                                                            strict=True)]
    from statsmodels.stats.multitest import multipletests

    reject, qvals, _, _ = multipletests(pvals, alpha=FDR, method="fdr_bh")
    out["method"] = method
    for (name, basis), b, s, p, q, rej in zip(tested, coefs, ses, pvals, qvals, reject,
                                               strict=True):
        out["cards"][name] = {
            "tested": True, "basis": basis, "coef": rounded(float(b)), "se": rounded(float(s)),
            "effect": rounded(_expit(float(b)) - 0.5),
            "ci95": [rounded(_expit(float(b) - Z95 * float(s)) - 0.5),
                     rounded(_expit(float(b) + Z95 * float(s)) - 0.5)],
            "p": rounded(float(p)), "q": rounded(float(q)),
            "flag": ("above" if b > 0 else "below") if rej else None,
        }
    return out


def _independent(np: Any, x: Any, keep_first: int) -> Any:
    """The columns of ``x`` that add rank, in order (the first ``keep_first`` always)."""
    kept: list[int] = []
    for j in range(x.shape[1]):
        trial = x[:, [*kept, j]]
        if j < keep_first or np.linalg.matrix_rank(trial) == len(kept) + 1:
            kept.append(j)
    return x[:, kept]


def _fit(np: Any, x: Any, y: Any, k: int) -> tuple[Any, str]:
    """Maximum likelihood, or the log-F(1,1)-penalized fit when that is unstable."""
    import statsmodels.api as sm
    from statsmodels.tools.sm_exceptions import (
        ConvergenceWarning,
        PerfectSeparationError,
        PerfectSeparationWarning,
    )

    family = sm.families.Binomial()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", PerfectSeparationWarning)
            warnings.simplefilter("error", ConvergenceWarning)
            warnings.simplefilter("ignore", RuntimeWarning)
            fit = sm.GLM(y, x, family=family).fit()
        params, bse = np.asarray(fit.params), np.asarray(fit.bse)
        if (fit.converged and np.all(np.isfinite(bse)) and np.all(np.abs(params[k:]) < MAX_COEF)
                and np.all(bse[k:] < MAX_SE)):
            return fit, "maximum likelihood"
    except (PerfectSeparationError, PerfectSeparationWarning, ConvergenceWarning,
            np.linalg.LinAlgError, ValueError):
        pass
    # log-F(1,1) on each card term: one pseudo-game per card, with that card's presence 1,
    # nothing else, and half a win, weighted PENALTY_WEIGHT
    n_cards = x.shape[1] - k
    pseudo = np.zeros((n_cards, x.shape[1]))
    pseudo[:, k:] = np.eye(n_cards)
    xa = np.vstack([x, pseudo])
    ya = np.concatenate([y, np.full(n_cards, 0.5)])
    weights = np.concatenate([np.ones(len(y)), np.full(n_cards, PENALTY_WEIGHT)])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fit = sm.GLM(ya, xa, family=family, freq_weights=weights).fit()
    return fit, "log-F(1,1) penalized (maximum likelihood was unstable)"

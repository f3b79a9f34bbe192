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

A card's **effect** is its coefficient minus the mean coefficient of the other cards of its
deck (of its decks, for a card several decks hold), with the standard error of that contrast
from the fit's covariance: "this card in hand instead of an average card of its deck". Why
not the coefficient itself: a shift that every card shares is not about any card, and in
DRAWS-◎-TROIDAL there is one (a player who loses lanes refills, so sees, more cards: at 600
games per pairing 23 cards were flagged against zero, nearly all "below", and 8 against the
deck); and the
designer's question is which card of a deck to change. ``reference="zero"`` gives the plain
coefficients. The effect is turned into win-rate points at an even game, ``expit(effect) −
½`` (+10 points: a 50% game becomes a 60% one), with the Wald 95% interval transformed the
same way. Cards are **flagged** under Benjamini–Hochberg control of the false discovery rate
at ``FDR`` (10%): of the cards flagged, at most one in ten is expected to be a false alarm.

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
#: the presence tried for each card, first that says something beyond the other terms wins
BASES = (HAND, PLAYED)


def _presence(facts: dict[str, list[str]], basis: str) -> set[str]:
    if basis == HAND:
        return set(facts.get(DRAWN, ())) | set(facts.get(SEEN, ())) | set(facts.get(PLAYED, ()))
    return set(facts.get(basis, ()))


def _expit(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


def card_effects(study: Study, results: Sequence[Result],
                 bases: Sequence[str] = BASES, reference: str = "deck") -> dict[str, Any]:
    """The regression of a study (see ``_card_effects``), on one BLAS thread.

    Why one thread: the matrices are small (games × cards), and a multi-threaded BLAS on a
    busy machine spends its time waiting for its threads: the culdcept plant study took 7 s
    with OpenBLAS's default threads and 0.15 s with one (threadpoolctl, the balance extra).
    """
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return _card_effects(study, results, bases, reference)
    with threadpool_limits(limits=1, user_api="blas"):
        return _card_effects(study, results, bases, reference)


def _card_effects(study: Study, results: Sequence[Result], bases: Sequence[str],
                  reference: str) -> dict[str, Any]:
    """The regression of a study: its method, FDR and one entry per card tested or not.

    Returns ``{"model", "reference", "method", "fdr", "games", "cards": {name: entry}}``; an
    entry holds ``basis`` (``hand`` or ``played``), ``coef`` and ``se`` (log-odds, against
    ``reference``), ``effect`` and ``ci95`` (win-rate points as fractions), ``p``, ``q`` (the
    BH-adjusted p) and ``flag`` (``above``, ``below`` or None), or ``tested: False`` when the
    card's presence is fixed by its deck.
    """
    import numpy as np

    names = sorted({c for d in study.decks for c in d.counts()})
    out: dict[str, Any] = {"model": "logit(seat 1 wins) ~ seat + first player + deck pair "
                                    "+ card presence (seat 1 - seat 2)",
                           "reference": "the average card of its deck" if reference == "deck"
                           else "zero",
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
    basis = _Span(np, len(results))
    # deck-pair columns that are themselves dependent (a pairing seen from one seat only) go
    kept = [j for j in range(x_base.shape[1]) if basis.add(x_base[:, j])]
    x_base = x_base[:, kept]
    columns: list[Any] = []
    tested: list[tuple[str, str]] = []
    for name in names:
        for how in bases:
            col = np.array([(name in _presence(r["cards"][0], how))
                            - float(name in _presence(r["cards"][1], how))
                            for r in results])
            if basis.add(col):
                columns.append(col)
                tested.append((name, how))
                break
        else:
            out["cards"][name] = {"tested": False}
    if not tested:
        return out
    x = np.column_stack([x_base, *columns])
    k = x_base.shape[1]
    try:
        fit, method = _fit(np, x, y, k)
    except (np.linalg.LinAlgError, ValueError) as exc:  # a study too small or degenerate
        out["error"] = f"the card model could not be fitted ({exc}); no card effects"
        out["cards"] = {name: {"tested": False} for name in names}
        return out
    params, bse = np.asarray(fit.params), np.asarray(fit.bse)
    coefs = params[k:]
    ses = bse[k:]
    if reference == "deck":
        # each card against the mean of the other tested cards of its deck(s): a shift that
        # every card shares (in DRAWS-◎-TROIDAL a player who loses lanes draws, so sees, more
        # cards) cancels, and the question becomes the designer's: which card of this deck?
        cov = np.asarray(fit.cov_params())[k:, k:]
        index = {name: i for i, (name, _) in enumerate(tested)}
        decks_of = {name: [d for d, deck in enumerate(study.decks) if name in deck.counts()]
                    for name, _ in tested}
        rel, rel_se = [], []
        for i, (name, _) in enumerate(tested):
            others = sorted({index[m] for d in decks_of[name] for m in study.decks[d].counts()
                             if m in index and m != name})
            a = np.zeros(len(tested))
            a[i] = 1.0
            if others:
                a[others] -= 1.0 / len(others)
            rel.append(float(a @ coefs))
            rel_se.append(float(np.sqrt(max(a @ cov @ a, 0.0))))
        coefs, ses = np.array(rel), np.array(rel_se)
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


class _Span:
    """The span of the columns kept so far (an orthonormal basis, by Gram–Schmidt): a column
    that adds nothing to it is dependent on the others and cannot be estimated. Why not
    ``matrix_rank``: one SVD per card on a shared machine cost seconds; this is a few dot
    products per card."""

    def __init__(self, np: Any, rows: int) -> None:
        self.np = np
        self.q = np.zeros((rows, 0))

    def add(self, col: Any) -> bool:
        np = self.np
        norm = float(np.linalg.norm(col))
        if norm == 0:
            return False
        v = col.astype(float)
        for _ in range(2):  # twice: classical Gram–Schmidt keeps its accuracy so
            v = v - self.q @ (self.q.T @ v)
        rest = float(np.linalg.norm(v))
        if rest <= 1e-8 * norm:
            return False
        self.q = np.column_stack([self.q, v / rest])
        return True


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

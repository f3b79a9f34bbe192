"""Card effects that control for the deck and the opponent: two regressions per study.

Why a regression: a card's win rate carries its deck's strength and its opponents' (a card of
the deck that beat everyone looks good), and a card of one deck is compared with cards of
another only through the games they met in. Every game is one row, with:

* an intercept (seat 1's own edge) and, when it varies, the first player (+1 when seat 1
  started, −1 when seat 2 did): the seat terms;
* one term per pairing of decks (+1 when the pairing's first deck sits in seat 1, −1 when its
  second does, 0 in other pairings): the deck-pair terms, which absorb every matchup's own
  balance, so a card is never credited with its deck's strength or its opponent's weakness;
* one term per card, seat 1's minus seat 2's.

Each card is read two ways, both fixed before any data (``READINGS``):

* **early copies on the margin**: the card term counts the copies among a seat's first cards
  drawn or seen (half the median number a seat draws or sees in a game of the study,
  ``early_cards``), and the outcome is the final score margin (the score that decides the
  game, from the game's table: life, toll points, books), fitted by least squares with
  robust errors. Which copies come early is the shuffle's doing, before anything happens, so
  the term carries no agent's choice; and a margin says more than a win. This is what finds a
  card held in nearly every game of its deck (four copies in a game that draws most of it),
  whose presence barely varies;
* **presence on the win**: the term is the card's presence "in its owner's hand" (drawn, seen
  or played: 17lands' GIH), or "played" for a card always in hand whenever its deck plays
  (Dice and Monsters), and the outcome is the result (won 1, lost 0, a draw ½), fitted by
  statsmodels' GLM (binomial). When that is unstable (separation, no convergence, an estimate
  or its error out of bounds) it is refitted with a **log-F(1,1) penalty** on the card terms
  (Greenland and Mansournia 2015: one pseudo-game per card, half won), a Firth-like shrinkage
  that keeps every estimate finite. This finds a single copy, in hand in about half the games.

A card's **effect** is its coefficient minus the mean coefficient of the other cards of its
deck (of its decks, for a card several decks hold), with the standard error of that contrast
from the fit's covariance: "this card instead of an average card of its deck". Why not the
coefficient itself: a shift that every card shares is not about any card (in DRAWS-◎-TROIDAL a
player who loses lanes refills, so sees, more cards), and the designer's question is which
card of a deck to change. ``reference="zero"`` gives the plain coefficients. Effects are win-
rate points at an even game: ``expit(b) − ½`` on the win, ``Φ(b / σ) − ½`` on the margin (σ the
margin's residual spread: the latent-margin reading of a win), with the 95% interval mapped
the same way. Cards are **flagged** under Benjamini–Hochberg control of the false discovery
rate at ``FDR`` (10%) over every test of both readings; each card shows the reading with its
stronger evidence.

A study kept before orders and scores were recorded, or a game without a numeric score, falls
back to presence on the win. ``docs/balance.md`` gives the planted-card figures.
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

EARLY = "early"
HAND = "hand"
MARGIN = "margin"
WIN = "win"


def _presence(facts: dict[str, list[str]], basis: str) -> set[str]:
    if basis == HAND:
        return set(facts.get(DRAWN, ())) | set(facts.get(SEEN, ())) | set(facts.get(PLAYED, ()))
    return set(facts.get(basis, ()))


def early_cards(results: Sequence[Result]) -> int | None:
    """How many of a seat's first draws count as early: half the median number of cards a
    seat draws in a game of the study (at least 1), or None when a game kept no draw order
    (a study stored before orders were kept) or nobody draws.

    Why half the median: a copy drawn in the first half of a typical game has time to act
    (it can be played, it can win), one drawn later often has not, and which copies come
    first is the shuffle's doing. One rule for every game, from the study itself, so no game
    needs its own cut-off."""
    if not results or any(r.get("order") is None for r in results):
        return None
    counts = sorted(len(seat) for r in results for seat in r["order"])
    median = counts[len(counts) // 2]
    return max(1, round(median / 2)) if median else None


def outcome(results: Sequence[Result]) -> str:
    """``margin`` when every game kept both seats' final scores and they differ somewhere,
    else ``win``."""
    if not results or any(not r.get("score") for r in results):
        return WIN
    margins = {r["score"][0] - r["score"][1] for r in results}
    return MARGIN if len(margins) > 1 else WIN


def _expit(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


#: the readings of a card every study fits, each fixed in advance: (card term, outcome). The
#: flags come from Benjamini–Hochberg over the tests of both, so reading a card twice does
#: not loosen the false discovery rate. Why two: four copies drawn in nearly every game give
#: presence little to vary, and their early copies carry the card (the planted cards of
#: docs/balance.md); a single copy is in hand in about half the games, and presence carries it
READINGS: tuple[tuple[str, str], ...] = ((EARLY, MARGIN), (HAND, WIN))


def card_effects(study: Study, results: Sequence[Result],
                 readings: Sequence[tuple[str, str]] = READINGS,
                 reference: str = "deck", fdr: float = FDR) -> dict[str, Any]:
    """The regressions of a study (see ``_card_effects``), on one BLAS thread.

    Why one thread: the matrices are small (games × cards), and a multi-threaded BLAS on a
    busy machine spends its time waiting for its threads: the culdcept plant study took 7 s
    with OpenBLAS's default threads and 0.15 s with one (threadpoolctl, the balance extra).
    """
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return _card_effects(study, results, readings, reference, fdr)
    with threadpool_limits(limits=1, user_api="blas"):
        return _card_effects(study, results, readings, reference, fdr)


def _describe(term: str, how: str, early: int | None) -> str:
    left = "score margin (seat 1 - seat 2) at the end" if how == MARGIN else "logit(seat 1 wins)"
    card = (f"copies among its first {early} cards drawn or seen" if term == EARLY
            else "presence in hand (else played)")
    return f"{left} ~ seat + first player + deck pair + card {card} (seat 1 - seat 2)"


def _card_effects(study: Study, results: Sequence[Result],
                  readings: Sequence[tuple[str, str]], reference: str,
                  fdr: float = FDR) -> dict[str, Any]:
    """The regressions of a study: their method, FDR and one entry per card tested or not.

    Returns ``{"model", "readings", "outcome", "early_draws", "reference", "method", "fdr",
    "games", "cards": {name: entry}}``; an entry holds the reading that gives the card its
    strongest evidence: ``basis`` (``early``, ``hand`` or ``played``) and ``outcome``
    (``margin`` or ``win``), ``coef`` and ``se`` (score points or log-odds, against
    ``reference``), ``effect`` and ``ci95`` (win-rate points as fractions), ``p``, ``q`` (the
    BH-adjusted p over every test of every reading) and ``flag`` (``above``, ``below`` or
    None), or ``tested: False`` when no reading can tell the card from its deck.
    """
    import numpy as np

    names = sorted({c for d in study.decks for c in d.counts()})
    early = early_cards(results)
    scored = outcome(results)
    usable = [(term, how) for term, how in readings
              if (term != EARLY or early) and (how != MARGIN or scored == MARGIN)]
    if not usable:  # a study kept before orders and scores: presence on the win
        usable = [(HAND, WIN)]
    out: dict[str, Any] = {
        "model": "; ".join(_describe(t, h, early) for t, h in usable),
        "readings": [f"{t}/{h}" for t, h in usable],
        "outcome": usable[0][1], "early_draws": early if any(t == EARLY for t, _ in usable)
        else None,
        "reference": "the average card of its deck" if reference == "deck" else "zero",
        "fdr": fdr, "games": len(results), "method": None, "cards": {}}
    if len(results) < 2:
        return out
    tests: list[tuple[str, str, str, float, float, Any]] = []
    methods, failures = [], []
    for term, how in usable:
        try:
            fitted, method, points = _reading(np, study, results, names, term, how, early,
                                              reference)
        except (np.linalg.LinAlgError, ValueError) as exc:  # a study too small or degenerate
            failures.append(str(exc))
            methods.append(f"{term}/{how}: not fitted ({exc})")
            continue
        methods.append(f"{term}/{how}: {method}")
        tests.extend((name, basis, how, b, se, points) for name, basis, b, se in fitted)
    from statistics import NormalDist

    if len(failures) == len(usable):
        out["error"] = f"the card model could not be fitted ({failures[0]}); no card effects"
        out["cards"] = {name: {"tested": False} for name in names}
        return out
    norm = NormalDist()
    tests = [t for t in tests if math.isfinite(t[3]) and math.isfinite(t[4]) and t[4] > 0]
    pvals = [2 * (1 - norm.cdf(abs(b) / se)) for *_, b, se, _ in tests]
    out["method"] = "; ".join(methods)
    for name in names:
        out["cards"][name] = {"tested": False}
    if not tests:
        return out
    from statsmodels.stats.multitest import multipletests

    reject, qvals, _, _ = multipletests(pvals, alpha=fdr, method="fdr_bh")
    best: dict[str, int] = {}
    for i, (name, *_rest) in enumerate(tests):
        if name not in best or pvals[i] < pvals[best[name]]:
            best[name] = i
    for name, i in best.items():
        _, basis, how, b, se, points = tests[i]
        out["cards"][name] = {
            "tested": True, "basis": basis, "outcome": how,
            "coef": rounded(b), "se": rounded(se), "effect": rounded(points(b)),
            "ci95": [rounded(points(b - Z95 * se)), rounded(points(b + Z95 * se))],
            "p": rounded(pvals[i]), "q": rounded(float(qvals[i])),
            "flag": ("above" if b > 0 else "below") if reject[i] else None,
        }
    return out


def _reading(np: Any, study: Study, results: Sequence[Result], names: list[str], term: str,
             how: str, early: int | None, reference: str
             ) -> tuple[list[tuple[str, str, float, float]], str, Any]:
    """One regression: ``(name, basis, coef, se)`` per card it tests, its method, and the map
    from a coefficient to win-rate points at an even game."""
    if how == MARGIN:
        y = np.array([float(r["score"][0] - r["score"][1]) for r in results])
    else:
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
    span = _Span(np, len(results))
    # deck-pair columns that are themselves dependent (a pairing seen from one seat only) go
    kept = [j for j in range(x_base.shape[1]) if span.add(x_base[:, j])]
    x_base = x_base[:, kept]
    columns: list[Any] = []
    tested: list[tuple[str, str]] = []
    for name in names:
        if term == EARLY:
            col = np.array([float(r["order"][0][:early].count(name)
                                  - r["order"][1][:early].count(name)) for r in results])
            if span.add(col):
                columns.append(col)
                tested.append((name, EARLY))
            continue
        for basis in (HAND, PLAYED):  # the first that says something beyond the other terms
            col = np.array([(name in _presence(r["cards"][0], basis))
                            - float(name in _presence(r["cards"][1], basis))
                            for r in results])
            if span.add(col):
                columns.append(col)
                tested.append((name, basis))
                break
    if not tested:
        return [], "no card term varies", None
    x = np.column_stack([x_base, *columns])
    k = x_base.shape[1]
    fit, method = _fit_margin(x, y) if how == MARGIN else _fit(np, x, y, k)
    coefs = np.asarray(fit.params)[k:]
    cov = np.asarray(fit.cov_params())[k:, k:]
    ses = np.sqrt(np.maximum(np.diag(cov), 0.0))
    if reference == "deck":
        # each card against the mean of the other tested cards of its deck(s): a shift that
        # every card shares (in DRAWS-◎-TROIDAL a player who loses lanes refills, so sees,
        # more cards) cancels, and the question becomes the designer's: which card of this
        # deck?
        index = {name: i for i, (name, _) in enumerate(tested)}
        rel, rel_se = [], []
        for i, (name, _) in enumerate(tested):
            others = sorted({index[m] for d in study.decks if name in d.counts()
                             for m in d.counts() if m in index and m != name})
            a = np.zeros(len(tested))
            a[i] = 1.0
            if others:
                a[others] -= 1.0 / len(others)
            rel.append(float(a @ coefs))
            rel_se.append(float(np.sqrt(max(a @ cov @ a, 0.0))))
        coefs, ses = np.array(rel), np.array(rel_se)
    if how == MARGIN:
        # a margin of b at an even game, the rest of the margin spread as it was, is won with
        # probability Phi(b / sigma): the latent-margin reading of a win
        from statistics import NormalDist

        sigma = float(np.sqrt(fit.scale))
        cdf = NormalDist().cdf

        def points(b: float) -> float:
            return cdf(b / sigma) - 0.5 if sigma > 0 else 0.0
    else:
        def points(b: float) -> float:
            return _expit(b) - 0.5
    fitted = [(name, basis, float(b), float(se))
              for (name, basis), b, se in zip(tested, coefs, ses, strict=True)]
    return fitted, method, points


def evidence_order(fit: dict[str, Any]) -> tuple[float, float]:
    """The sort key of flagged cards, strongest evidence first: the smallest q, then the
    largest |coefficient / error| (q is rounded to six places, so two strong cards can tie
    on it; their z still orders them as their p-values do)."""
    se = float(fit.get("se") or 0.0)
    z = abs(float(fit.get("coef") or 0.0)) / se if se > 0 else 0.0
    return float(fit["q"]), -z


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


def _fit_margin(x: Any, y: Any) -> tuple[Any, str]:
    """Least squares on the margin, with heteroskedasticity-robust (HC1) standard errors:
    a margin's spread differs between matchups (a lopsided pairing ends in routs), and the
    robust errors do not assume it is one."""
    import statsmodels.api as sm

    if x.shape[0] <= x.shape[1]:
        raise ValueError(f"{x.shape[0]} games for {x.shape[1]} terms")
    return sm.OLS(y, x).fit(cov_type="HC1"), "least squares, robust (HC1) errors"


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

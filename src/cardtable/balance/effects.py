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
the same way. Cards are **flagged** by one test per card (``flag_cards``): both readings'
evidence that the effect lies beyond ±``MIN_EFFECT`` (1 point), combined as correlated z,
under Benjamini–Hochberg control of the false discovery rate at ``FDR`` (5%) over the cards;
each card shows the reading with its stronger evidence in the direction it leans. A card is
``in line`` when its interval lies within ±``SMALLEST`` (10 points) and ``undecided`` when it
is neither flagged nor in line (``verdict``).

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

#: the false discovery rate under which cards are flagged (Benjamini–Hochberg over one
#: combined test per card, ``flag_cards``). 5%, not the 10% of before: with the minimum effect
#: below it left one card flagged in a single seed of five in DRAWS-◎-TROIDAL, サラスヴァティ
#: and Culdcept together (18 at 10% against zero, one test per reading), and kept every
#: planted card (docs/balance.md, "The flag rule")
FDR = 0.05
#: the smallest effect a flag asserts (win-rate points as a fraction): a card is flagged only
#: when its effect is clearly beyond ± this, not merely beyond zero (``flag_cards``)
MIN_EFFECT = 0.01
#: the smallest effect worth changing a card for (win-rate points as a fraction): a card whose
#: 95% interval lies within ± this is "in line", whatever it is (``verdict``);
#: ``--smallest-effect`` sets it, and ``--until-decided`` plays until no card is undecided
SMALLEST = 0.10
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
#: flag combines both into one test per card (``flag_cards``), so reading a card twice does
#: not loosen the false discovery rate. Why two: four copies drawn in nearly every game give
#: presence little to vary, and their early copies carry the card (the planted cards of
#: docs/balance.md); a single copy is in hand in about half the games, and presence carries it
READINGS: tuple[tuple[str, str], ...] = ((EARLY, MARGIN), (HAND, WIN))


def card_effects(study: Study, results: Sequence[Result],
                 readings: Sequence[tuple[str, str]] = READINGS,
                 reference: str = "deck", fdr: float = FDR,
                 min_effect: float = MIN_EFFECT, smallest: float = SMALLEST,
                 control: Sequence[float] | None = None,
                 collect: list[Any] | None = None) -> dict[str, Any]:
    """The regressions of a study (see ``_card_effects``), on one BLAS thread.

    Why one thread: the matrices are small (games × cards), and a multi-threaded BLAS on a
    busy machine spends its time waiting for its threads: the culdcept plant study took 7 s
    with OpenBLAS's default threads and 0.15 s with one (threadpoolctl, the balance extra).
    """
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return _card_effects(study, results, readings, reference, fdr, min_effect, smallest,
                             control, collect)
    with threadpool_limits(limits=1, user_api="blas"):
        return _card_effects(study, results, readings, reference, fdr, min_effect, smallest,
                             control, collect)


def _describe(term: str, how: str, early: int | None) -> str:
    left = "score margin (seat 1 - seat 2) at the end" if how == MARGIN else "logit(seat 1 wins)"
    card = (f"copies among its first {early} cards drawn or seen" if term == EARLY
            else "presence in hand (else played)")
    return f"{left} ~ seat + first player + deck pair + card {card} (seat 1 - seat 2)"


def _card_effects(study: Study, results: Sequence[Result],
                  readings: Sequence[tuple[str, str]], reference: str,
                  fdr: float = FDR, min_effect: float = MIN_EFFECT,
                  smallest: float = SMALLEST, control: Sequence[float] | None = None,
                  collect: list[Any] | None = None) -> dict[str, Any]:
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
        "fdr": fdr, "min_effect": min_effect, "smallest_effect": smallest,
        "games": len(results), "method": None, "cards": {}}
    if len(results) < 2:
        return out
    tests: list[tuple[str, str, str, float, float, Any, float]] = []
    methods, failures = [], []
    for term, how in usable:
        try:
            fitted, method, points, line = _reading(np, study, results, names, term, how,
                                                    early, reference, min_effect, control)
        except (np.linalg.LinAlgError, ValueError) as exc:  # a study too small or degenerate
            failures.append(str(exc))
            methods.append(f"{term}/{how}: not fitted ({exc})")
            continue
        methods.append(f"{term}/{how}: {method}")
        tests.extend((name, basis, how, b, se, points, line)
                     for name, basis, b, se in fitted)

    if len(failures) == len(usable):
        out["error"] = f"the card model could not be fitted ({failures[0]}); no card effects"
        out["cards"] = {name: {"tested": False} for name in names}
        return out
    tests = [t for t in tests if math.isfinite(t[3]) and math.isfinite(t[4]) and t[4] > 0]
    out["method"] = "; ".join(methods)
    for name in names:
        out["cards"][name] = {"tested": False}
    if not tests:
        return out
    if collect is not None:  # every test, for benchmarks that judge other rules on them
        collect.extend((name, basis, how, b, se, line, points(b), points(b - Z95 * se),
                        points(b + Z95 * se)) for name, basis, how, b, se, points, line in tests)
    per_card: dict[str, list[int]] = {}
    for i, t in enumerate(tests):
        per_card.setdefault(t[0], []).append(i)
    rho = reading_correlation([[tests[i][3] / tests[i][4] for i in idx]
                               for idx in per_card.values()])
    out["reading_correlation"] = rounded(rho)
    cards = list(per_card)
    pvals, qvals, flags, zs = flag_cards(
        [[(tests[i][3], tests[i][4], tests[i][6], _precision(tests[i]))
          for i in per_card[name]] for name in cards], rho, fdr)
    for name, p, q, flag, z in zip(cards, pvals, qvals, flags, zs, strict=True):
        # the reading shown: the one with the strongest evidence in the direction the card
        # leans (the flag's, for a flagged card)
        lean = 1.0 if (flag or ("above" if z >= 0 else "below")) == "above" else -1.0
        i = max(per_card[name], key=lambda i: lean * tests[i][3] / tests[i][4])
        _, basis, how, b, se, points, _line = tests[i]
        low, high = points(b - Z95 * se), points(b + Z95 * se)
        out["cards"][name] = {
            "tested": True, "basis": basis, "outcome": how,
            "coef": rounded(b), "se": rounded(se), "effect": rounded(points(b)),
            "ci95": [rounded(low), rounded(high)],
            "p": rounded(p), "q": rounded(q), "z": rounded(z),
            "p_zero": rounded(p_beyond(b, se, 0.0)), "readings": len(per_card[name]),
            "flag": flag, "verdict": verdict(flag, low, high, smallest),
        }
    return out


def _precision(test: tuple[str, str, str, float, float, Any, float]) -> float:
    """A reading's weight in its card's combined test: one over its standard error in
    win-rate points (its 95% interval's width over 2 × 1.96). It depends on the games and
    the fit, not on which way the card leans, and it lets the reading that can see the card
    speak for it: the DRAWS-◎-TROIDAL plant is in hand in 94% of its deck's games, so its
    in-hand reading is vague and its early copies carry it."""
    _, _, _, b, se, points, _ = test
    width = points(b + Z95 * se) - points(b - Z95 * se)
    return 2 * Z95 / width if width > 0 else 0.0


def reading_correlation(zs: Sequence[Sequence[float]]) -> float:
    """The correlation of a card's two readings' z (``b / se``), across the cards that have
    both, clipped to [0, 1]: the two readings are fitted on the same games, so their
    evidence is not independent, and the combined test (``flag_cards``) must not count it
    twice. Taken over every card, true effects too (which agree across readings), so it errs
    high, towards a stricter test; 1 (no gain from a second reading) when fewer than four
    cards have both."""
    pairs = [z for z in zs if len(z) == 2]
    if len(pairs) < 4:
        return 1.0
    xs, ys = [a for a, _ in pairs], [b for _, b in pairs]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in pairs)
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx <= 0 or syy <= 0:
        return 1.0
    return min(1.0, max(0.0, sxy / math.sqrt(sxx * syy)))


def flag_cards(cards: Sequence[Sequence[tuple[float, ...]]], rho: float, fdr: float
               ) -> tuple[list[float], list[float], list[str | None], list[float]]:
    """The flag rule: one test per card over its readings, ``(coef, se, line[, weight])``
    each, ``line`` the coefficient of the smallest effect a flag asserts (``MIN_EFFECT`` on the
    reading's scale) and ``weight`` its precision (1 when not given). Per direction, each
    reading's distance beyond the line in standard errors, ``z = (±b − line) / se``, combined
    as correlated z by their weights (Stouffer's weighted sum over the spread of the sum,
    ``Σ w z / √(Σ w² + 2 ρ Σ_{i<j} w_i w_j)``, ``rho`` the readings' correlation); the card's p
    is two-sided on the larger direction, and Benjamini–Hochberg over the cards at ``fdr``
    flags it ``above`` or ``below``. Returns (p, q, flag, z) per card, z the combined
    statistic signed by direction.

    Why one test per card and not one per reading: a card's fluke in one reading alone (a
    ±40-point "in hand" effect its early copies do not show) no longer flags it, readings that
    agree add up, and there are half as many tests to pay for (the planted Culdcept card, at
    z ≈ 3.1 and 3.4 in its two readings, barely passed among 128 tests). Why a minimum effect
    and not zero: a card a point or two off its deck is "significant" in one seed of five and
    not in the next; a flag now says: clearly off, by more than that."""
    if not cards:
        return [], [], [], []
    from statistics import NormalDist

    from statsmodels.stats.multitest import multipletests

    norm = NormalDist()
    pvals, zs = [], []
    for readings in cards:
        ws = [(r[3] if len(r) > 3 else 1.0) for r in readings]
        if not any(ws):
            ws = [1.0] * len(readings)
        var = sum(w * w for w in ws) + 2 * rho * sum(
            ws[i] * ws[j] for i in range(len(ws)) for j in range(i + 1, len(ws)))
        spread = math.sqrt(var)
        up = sum(w * (r[0] - r[2]) / r[1] for w, r in zip(ws, readings, strict=True)) / spread
        down = sum(w * (-r[0] - r[2]) / r[1] for w, r in zip(ws, readings, strict=True)) / spread
        best = max(up, down)
        zs.append(up if up >= down else -down)
        pvals.append(1.0 if best <= 0 else min(1.0, 2 * (1 - norm.cdf(best))))
    reject, qvals, _, _ = multipletests(pvals, alpha=fdr, method="fdr_bh")
    flags = [("above" if z > 0 else "below") if r else None
             for z, r in zip(zs, reject, strict=True)]
    return pvals, [float(q) for q in qvals], flags, zs


def p_beyond(b: float, se: float, line: float) -> float:
    """The two-sided p-value of "the effect lies beyond ±``line``" (coefficient scale): the
    normal test of ``|β| ≤ line`` at its nearer edge, ``2 (1 − Φ((|b| − line) / se))``, at
    most 1. With ``line`` 0 it is the usual test against zero; a card's 95% interval excludes
    ``[−line, line]`` exactly when this is below 0.05."""
    from statistics import NormalDist

    z = (abs(b) - line) / se
    return 1.0 if z <= 0 else min(1.0, 2 * (1 - NormalDist().cdf(z)))


def flag_tests(tests: Sequence[tuple[float, float, float]], fdr: float
               ) -> tuple[list[float], list[float], list[str | None]]:
    """``flag_cards`` for cards of one test each, ``(coef, se, line)``: each one's p-value of
    lying beyond ±line (``p_beyond``), Benjamini–Hochberg over them at ``fdr``, ``above`` or
    ``below`` by sign. Returns (p, q, flag)."""
    pvals, qvals, flags, _ = flag_cards([[t] for t in tests], 1.0, fdr)
    return pvals, qvals, flags


#: what a card's figures say, for a designer: flagged beyond the minimum effect, clearly
#: within it, or not yet known
IN_LINE = "in line"
UNDECIDED = "undecided"


def verdict(flag: str | None, low: float, high: float, smallest: float = SMALLEST) -> str:
    """``above``/``below`` when flagged; ``in line`` when the 95% interval lies within
    ±``smallest`` (whatever the card is, it is not one worth changing); ``undecided`` when
    the interval reaches beyond it and the evidence does not flag it: more games decide
    (``--until-decided``)."""
    if flag:
        return flag
    if -smallest <= low and high <= smallest:
        return IN_LINE
    return UNDECIDED


def _reading(np: Any, study: Study, results: Sequence[Result], names: list[str], term: str,
             how: str, early: int | None, reference: str, min_effect: float = MIN_EFFECT,
             control: Sequence[float] | None = None
             ) -> tuple[list[tuple[str, str, float, float]], str, Any, float]:
    """One regression: ``(name, basis, coef, se)`` per card it tests, its method, the map
    from a coefficient to win-rate points at an even game, and the coefficient that maps to
    ``min_effect`` (the line a flag must pass). ``control``, one value a game (seat 1's minus
    seat 2's), is a covariate beside the seat and deck-pair terms: what
    ``benchmarks/balance_control.py`` measures a variance-reducing control with."""
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
    if control is not None:
        base.append(np.asarray(control, dtype=float))
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
        return [], "no card term varies", None, 0.0
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
        line = sigma * NormalDist().inv_cdf(0.5 + min_effect) if min_effect > 0 else 0.0

        def points(b: float) -> float:
            return cdf(b / sigma) - 0.5 if sigma > 0 else 0.0
    else:
        line = math.log((0.5 + min_effect) / (0.5 - min_effect))

        def points(b: float) -> float:
            return _expit(b) - 0.5
    fitted = [(name, basis, float(b), float(se))
              for (name, basis), b, se in zip(tested, coefs, ses, strict=True)]
    return fitted, method, points, line


def evidence_order(fit: dict[str, Any]) -> tuple[float, float]:
    """The sort key of flagged cards, strongest evidence first: the smallest q, then the
    largest |z| of the card's combined test (q is rounded to six places, so two strong cards
    can tie on it; z still orders them as their p-values do), or of its shown reading for an
    entry without one (restricted play)."""
    if fit.get("z") is not None:
        z = abs(float(fit["z"]))
    else:
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

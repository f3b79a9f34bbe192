"""Enough games, decided by the lab: a study that grows look by look until its flags are settled.

A fixed number of games is a guess: 100 games a pairing found the planted card in DRAWS-◎-TROIDAL
and missed it in Culdcept, where 300 found it. ``--until-decided --max-games N`` plays the study
in looks (every ``step`` games a pairing, up to ``N``) and stops at the first look at which every
card is decided:

* **flagged**: above or below the average card of its deck at that look's level (below); once
  flagged a card stays flagged;
* **in line**: its effect's 95% interval lies within ``±smallest`` (the smallest effect worth
  changing a card for, 10 points by default): whatever it is, it is not the card to change.

Every other card is **undecided** (``effects.verdict``), and so is a card in line but **near
the line**, one the last look's level could still flag (``near_line``): the study plays on while
any is, and a card still open at the budget is reported undecided, not flagged.

**Error rates stay as stated.** Looking at the data many times and stopping when something turns up
inflates false alarms, so the false discovery rate is split between the looks in advance
(Haybittle–Peto): every look but the last flags under Benjamini–Hochberg at ``EARLY`` (0.1%), strict
enough that only a card far off its deck is flagged early, and the last look at ``FDR − (L − 1) ·
EARLY`` (4.5% of the lab's 5% with six looks). A card flagged at any look stays flagged, and for
that union the false discovery rate of the whole sequence is at most the sum of the looks' levels,
``FDR``: with ``V_l`` false and ``R_l`` all flags at look ``l`` and ``R ≥ R_l`` the flags of the
union, ``E[V/R] ≤ Σ E[V_l/R] ≤ Σ E[V_l/R_l]``. The bound is conservative (the looks share their
games). Why not a smooth spending function (``α(t) = FDR · t²`` was tried first): it leaves the last
look 3% where the evidence is; Culdcept's ST 50/HP 50 plant reached q = 0.076 at 300 games a pairing
in one seed (under the lab's flag rule of then), flagged under 9.5% and missed under 3%. Clearing
only decides when to stop and never flags, so it spends nothing.

Every look's games are exactly the first games of each pairing of a fixed study of the same seed
(``run_study(limit=…)``), so the folder grows and resumes like any study. **Only the pairings
that can still decide something grow**: after the first look, a pairing plays on only when one
of its two decks holds a card still undecided (``_needed``); the others keep the games they
have, and the card regressions read the pairings at their sizes (their deck-pair terms hold
each matchup's balance whatever its number of games).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from cardtable.balance.effects import FDR, MIN_EFFECT, SMALLEST, UNDECIDED
from cardtable.balance.metrics import build_report, count_verdicts, finish_cards
from cardtable.balance.study import Progress, Result, Study, run_study
from cardtable.core import CardtableError

#: the false discovery rate of every look but the last (Haybittle–Peto)
EARLY = 0.001


def looks(step: int, max_games: int) -> list[int]:
    """The games a pairing at each look: every ``step``, and the budget itself last."""
    if step < 1:
        raise CardtableError(f"--step must be at least 1, got {step}")
    if max_games < 1:
        raise CardtableError(f"--max-games must be at least 1, got {max_games}")
    out = list(range(step, max_games, step))
    return [*out, max_games]


def look_levels(plan: list[int], fdr: float = FDR) -> list[float]:
    """The false discovery rate each look of ``plan`` flags at: ``EARLY`` for every look but
    the last, the rest of ``fdr`` for the last. They sum to ``fdr``."""
    early = min(EARLY, fdr / len(plan))
    return [early] * (len(plan) - 1) + [fdr - early * (len(plan) - 1)]


#: what a look of games is: the games each pairing holds (``grown[p]`` of pairing ``p``) in,
#: those games out, the first ``grown[p]`` of each pairing of the fixed study
Play = Callable[[list[int]], list[Result]]


def run_until_decided(study: Study, folder: Path, step: int = 50,
                      smallest: float = SMALLEST, workers: int = 1,
                      ray_address: str | None = None, progress: Progress | None = None,
                      fresh: bool = False, min_effect: float = MIN_EFFECT
                      ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(the report of the look it stopped at, that look's results). ``study.games`` is the
    budget (``--max-games``). The games are played into ``folder`` look by look
    (``decide`` makes every decision)."""
    first = [True]

    def play(grown: list[int]) -> list[Result]:
        results = run_study(study, folder, workers, ray_address, progress,
                            fresh=fresh and first[0], limit=grown)
        first[0] = False
        return results

    return decide(study, play, step, smallest, min_effect)


def decide(study: Study, play: Play, step: int = 50, smallest: float = SMALLEST,
           min_effect: float = MIN_EFFECT, fdr: float = FDR
           ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The sequential rule, given how a look's games are had: ``run_until_decided`` plays
    them, a benchmark slices them out of a study of the budget's games, and both get the
    same looks, levels, growth and flags.

    A card is **open** (the study plays on where it is) when it is neither flagged nor in
    line, or when it is in line but **near the line**: its combined p is below the last
    look's level, so more games, or the last look's looser level, could still flag it. Why:
    "in line" says the card is not worth changing (its interval within ``±smallest``), not
    that it will not be flagged; a card of +6 [+3, +9] is in line and clearly more than a
    point off. Stopping on it left its flag to the seed: flagged where an early look's 0.1%
    caught it, not flagged where it did not, and never tested at the last look's 4.5%. A
    card whose p is at or above the last look's level cannot be flagged by Benjamini–Hochberg
    at that level on these games (its largest threshold is the level itself), so it is
    settled as far as these games can tell. ``fdr``: the rate the looks share (the lab's 5%;
    another for a benchmark judging rules)."""
    budget = study.games
    plan = looks(step, budget)
    levels = look_levels(plan, fdr)
    final = levels[-1]
    flagged: dict[str, dict[str, Any]] = {}
    history: list[dict[str, Any]] = []
    before = 0.0
    report: dict[str, Any] = {}
    results: list[dict[str, Any]] = []
    grown = [0] * len(study.pairs)  # games each pairing holds: it grows only while needed
    for k, n in enumerate(plan):
        grown = [n if k == 0 or needed else held
                 for needed, held in zip(_needed(study, history), grown, strict=True)]
        results = play(grown)
        level = levels[k]
        before += level
        look = replace(study, games=n)
        report = build_report(look, results, fdr=level, min_effect=min_effect,
                              smallest=smallest)
        undecided, near = [], []
        for c in report["cards"]:
            if c.get("effect") is None:
                continue
            name = c["card"]
            if c.get("flag") and name not in flagged:
                flagged[name] = {"flag": c["flag"], "games_per_pairing": n}
            if name in flagged:
                continue
            if c["effect"].get("verdict") == UNDECIDED:
                undecided.append(name)
            elif near_line(c["effect"], final):
                near.append(name)
        history.append({"games_per_pairing": n, "pairings": list(grown),
                        "level": round(level, 6),
                        "flagged": sorted(flagged), "undecided": len(undecided) + len(near),
                        "undecided_cards": sorted(undecided + near),
                        "near_line_cards": sorted(near)})
        if not undecided and not near:
            break
    forced = len(history) == len(plan)  # the last look was the budget's
    for c in report["cards"]:  # flag once, flagged for good: the union the bound is for
        if c["card"] in flagged:
            c["flag"] = flagged[c["card"]]["flag"]
            c["flagged_at"] = flagged[c["card"]]["games_per_pairing"]
            if c.get("effect"):
                c["effect"]["verdict"] = c["flag"]
                # first flagged at the budget's look, under its looser level: a flag the
                # budget made, not an early look's strict one; across seeds these are the
                # flags that come and go (docs/balance.md, "Stable flags, by power")
                c["effect"]["at_budget"] = forced and c["flagged_at"] == plan[-1]
    count_verdicts(report)
    finish_cards(report, replace(study, games=history[-1]["games_per_pairing"]))
    if report.get("card_model"):  # the flags are the union's, at the sequence's own rate
        report["card_model"]["look_fdr"] = report["card_model"]["fdr"]
        report["card_model"]["fdr"] = fdr
    last = history[-1]
    report["decided"] = {
        "looks": history, "stopped": "decided" if last["undecided"] == 0 else "budget",
        "undecided": last["undecided"], "undecided_cards": last["undecided_cards"],
        "near_line_cards": last["near_line_cards"],
        "games_per_pairing": last["games_per_pairing"],
        "games": len(results), "max_games": budget, "smallest_effect": smallest,
        "pairings": last["pairings"],
        "spent": round(before, 6), "fdr": fdr,
        "split": f"{EARLY:g} at each early look, the rest at the last"}
    return report, results


def near_line(effect: dict[str, Any], final: float) -> bool:
    """Whether a card not flagged could still be: its combined p below ``final``, the last
    look's level (``decide``). A card at or above it cannot pass Benjamini–Hochberg at that
    level on these games."""
    p = effect.get("p")
    return not effect.get("flag") and p is not None and float(p) < final


def _needed(study: Study, history: list[dict[str, Any]]) -> list[bool]:
    """Which pairings the next look grows: those where a deck holds a card still undecided at
    the last look (all of them at the first). A pairing of two decks whose every card is
    flagged or in line has said what it can; more of its games would decide nothing."""
    if not history:
        return [True] * len(study.pairs)
    open_cards = set(history[-1]["undecided_cards"])
    open_decks = {d for d, deck in enumerate(study.decks) if open_cards & set(deck.counts())}
    return [i in open_decks or j in open_decks for i, j in study.pairs]

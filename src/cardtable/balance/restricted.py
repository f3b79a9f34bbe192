"""Restricted play: how much a deck loses when its player may not play one card.

Jaffe et al. ("Evaluating competitive game balance with restricted play", 2012) measure a card
by barring an agent from it and playing it against an unrestricted one. Here the barred seat is
the flagged card's deck, the games are the study's own games of that deck (the same seeds, so
each game is paired with itself unrestricted), and the figure is the paired change of that deck's
win rate: "barred from 試作の巨人, Fire and Wind wins −31 points". It answers the designer from
another side than the regression: not "games with more early copies went better" but "the deck
without the card is this much worse", a cause rather than a correlation.

**A card the regressions cannot test** (its deck plays it in nearly every game, as Dice and
Monsters' built decks field the same strong units: there is no game without it to compare) is
tested by restricted play alone when ``--restricted`` is given (``untestable``,
``flag_by_restriction``): the deck's paired loss when barred, under Benjamini–Hochberg.

**What "play" means** is what the lab counts as played: an action is barred when applying it
records a ``played`` card fact (``Game.card_facts``) of that card for that seat. The test is the
definition itself, run on a copy of the state, and only for actions whose description names the
card, so every game is barred by one rule and no game needs code here. When every legal action
would play the card (a forced play), the seat plays it: restriction never makes a game stuck.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.balance.compare import paired_change
from cardtable.balance.study import Progress, Result, Study, play_game, run_study
from cardtable.core.facts import PLAYED


def slug(card: str) -> str:
    """A folder name for a card: its name never becomes a path (a digest of it does)."""
    import hashlib

    return hashlib.blake2b(card.encode(), digest_size=6).hexdigest()


def plays(game: Any, state: Any, seat: int, action: int, card: str) -> bool:
    """Whether ``action`` makes ``seat`` play ``card`` (a played fact appears)."""
    described = json.dumps(state.describe_action(action), ensure_ascii=False)
    if card not in described:
        return False
    after = state.clone()
    before = len(after.log)
    after.apply(action)
    new = after.log[before:]
    return any(f.seat == seat and f.kind == PLAYED and f.card == card
               for f in game.card_facts(new))


class Barred:
    """The ``legal_filter`` of one game: the seat holding ``deck`` may not play ``card``."""

    def __init__(self, game: Any, seats: Sequence[int], deck: int, card: str) -> None:
        self.game = game
        self.seat = list(seats).index(deck) if deck in seats else -1
        self.card = card

    def __call__(self, state: Any, seat: int, legal: list[int]) -> list[int]:
        if seat != self.seat:
            return legal
        kept = [a for a in legal if not plays(self.game, state, seat, a, self.card)]
        return kept or legal


@dataclass(frozen=True)
class RestrictedStudy(Study):
    """The study's games of one deck, with that deck barred from one card."""

    barred_deck: int = 0
    barred_card: str = ""

    @property
    def pairs(self) -> list[tuple[int, int]]:
        return [p for p in super().pairs if self.barred_deck in p]

    def signature(self) -> dict[str, Any]:
        return {**super().signature(), "barred": [self.barred_deck, self.barred_card]}

    def play(self, indices: Iterable[int]) -> list[Result]:
        def narrow(game: Any, seats: Sequence[int]) -> Barred:
            return Barred(game, seats, self.barred_deck, self.barred_card)

        return [play_game(self, i, narrow) for i in indices]


def restricted_play(study: Study, results: Sequence[Result], card: str, folder: Path,
                    games: int | None = None, workers: int = 1,
                    progress: Progress | None = None) -> dict[str, Any] | None:
    """The paired change of the win rate of the (first) deck holding ``card`` when it may not
    play it, over the first ``games`` games of each of its pairings (all by default)."""
    deck = next((i for i, d in enumerate(study.decks) if card in d.counts()), None)
    if deck is None:
        return None
    per = min(games or study.games, study.games)
    barred = RestrictedStudy(study.game_id, study.decks, study.agents, study.games, study.seed,
                             study.options, deck, card)
    done = run_study(barred, folder / f"restricted-{slug(card)}", workers, progress=progress,
                     limit=per)
    by_seed = {r["seed"]: r for r in results}
    before, after = [], []
    for r in done:
        was = by_seed.get(r["seed"])
        if was is None:
            continue
        seat = r["decks"].index(deck)
        before.append(1.0 if was["winner"] == seat else 0.0)
        after.append(1.0 if r["winner"] == seat else 0.0)
    d = study.decks[deck]
    return {"deck": d.name, "deck_en": d.name_en or d.name, "card": card,
            "games_per_pairing": per, "change": paired_change(before, after)}


#: a card its deck plays in at least this share of its games cannot be told from its deck by the
#: regressions (no game without it); restricted play is then its test
ALWAYS_PLAYED = 0.9


def untestable(report: dict[str, Any]) -> list[str]:
    """The cards the regressions could not test because their deck (nearly) always plays
    them: Dice and Monsters' built decks field the same strong units in every game."""
    return [c["card"] for c in report["cards"] if c.get("effect") is None
            and c["played_rate"]["n"] and c["played_rate"]["rate"] >= ALWAYS_PLAYED]


def flag_by_restriction(report: dict[str, Any], barred: dict[str, dict[str, Any]],
                        fdr: float) -> None:
    """Flag the untestable cards by their restricted play: a card whose deck wins clearly less
    without it is above its deck's average card, one whose deck wins more is below;
    Benjamini–Hochberg over these tests at ``fdr``. The effect is the win rate the deck loses
    when barred (so "+30" reads as for any other card: thirty points it adds)."""
    from statsmodels.stats.multitest import multipletests

    from cardtable.sim.stats import Z95, rounded

    tests = [(name, r["change"]) for name, r in barred.items()
             if r and r["change"].get("p") is not None and r["change"]["n"] > 1]
    if not tests:
        return
    reject, qvals, _, _ = multipletests([ch["p"] for _, ch in tests], alpha=fdr,
                                        method="fdr_bh")
    by_name = {c["card"]: c for c in report["cards"]}
    for (name, ch), rej, q in zip(tests, reject, qvals, strict=True):
        lo, hi = ch["ci95"]
        effect = -ch["change"]
        se = (hi - lo) / (2 * Z95) if hi > lo else 0.0
        by_name[name]["effect"] = {
            "tested": True, "basis": "restricted", "outcome": "win", "coef": rounded(effect),
            "se": rounded(se), "effect": rounded(effect), "ci95": [rounded(-hi), rounded(-lo)],
            "p": ch["p"], "q": rounded(float(q)),
            "flag": ("above" if effect > 0 else "below") if rej else None}
        by_name[name]["flag"] = by_name[name]["effect"]["flag"]

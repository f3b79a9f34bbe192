"""Guessing an opponent's private decklist from what has been seen of it.

A table does not show a player the opponent's decklist, so a search has to guess the unseen
cards. The model, shared by every game that keeps decklists private (docs/search.md):

1. **The shipped decks are the prior.** Each shipped deck of the game is a hypothesis, equally
   likely before anything is seen.
2. **What has been seen is the evidence.** The opponent's cards the view shows (graveyard,
   field, voltage, opened books...) are a sample drawn from the deck without replacement, so a
   deck holding ``K_c`` copies of card ``c`` explains ``s_c`` seen copies with a likelihood
   proportional to ``∏ C(K_c, s_c)`` (decks of one size; the common ``C(N, n)`` cancels). A
   deck that holds fewer copies than were seen is ruled out.
3. **The card pool is the fallback.** When no shipped deck explains what was seen (a deck
   built by hand), the guess is the seen cards plus the rest of the deck drawn from the game's
   card pool, each name up to the copy limit, uniformly.

A sample draws one hypothesis by its posterior weight, then deals its unseen cards. Why not
more: a richer prior (decks seen in past games, card popularity) needs data we do not have; this
one already lets the search recognise a shipped deck after a few cards, as a player who knows
the shipped decks would, and never assumes a card the opponent cannot hold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from math import comb

from cardtable.core import rng


@cache
def shipped_deck_counts(game_id: str) -> tuple[Counter[str], ...]:
    """The game's shipped decks as name counts (the prior, point 1), parsed once per game."""
    from cardtable.core.registry import load_game

    game = load_game(game_id)
    return tuple(game.load_deck(n).counts() for n in game.deck_names())


def posterior(seen: Counter[str], decks: Sequence[Counter[str]]) -> list[float]:
    """The weight of each candidate deck given the seen cards (all 0: none explains them)."""
    out = []
    for deck in decks:
        w = 1.0
        for name, k in seen.items():
            have = deck.get(name, 0)
            if have < k:
                w = 0.0
                break
            w *= comb(have, k)
        out.append(w)
    return out


class DeckGuess:
    """The posterior over one view's evidence, worked out once and sampled many times."""

    __slots__ = ("decks", "fallback", "seen", "size", "weights")

    def __init__(self, seen: Counter[str], decks: Sequence[Counter[str]], pool: Iterable[str],
                 size: int, max_copies: int) -> None:
        self.seen = seen
        self.size = size
        self.weights = posterior(seen, decks)
        self.decks = list(decks)
        #: each pool name as many times as a deck may still hold it, for the fallback
        self.fallback = [n for n in sorted(set(pool))
                         for _ in range(max(0, max_copies - seen.get(n, 0)))]

    def sample(self, gen: int) -> tuple[int, Counter[str]]:
        """(generator, a whole decklist): a shipped deck by its weight, else seen + pool."""
        total = sum(self.weights)
        if total > 0:
            gen, x = rng.randbelow(gen, 1 << 30)
            pick = x / (1 << 30) * total
            for deck, w in zip(self.decks, self.weights, strict=True):
                if pick < w:
                    return gen, deck
                pick -= w
            return gen, next(d for d, w in zip(self.decks, self.weights, strict=True)
                             if w > 0)
        deck = Counter(self.seen)
        rest = self.fallback[:]
        gen = rng.shuffle(gen, rest)
        deck.update(rest[:max(0, self.size - sum(self.seen.values()))])
        return gen, deck

    def expected(self) -> dict[str, float]:
        """The mean decklist under the posterior (copies of each name, as a float): what a
        policy that scores against the average opponent, rather than a sample, needs."""
        total = sum(self.weights)
        out: dict[str, float] = {}
        if total > 0:
            for deck, w in zip(self.decks, self.weights, strict=True):
                for name, k in deck.items():
                    out[name] = out.get(name, 0.0) + k * w / total
            return out
        out = {n: float(k) for n, k in self.seen.items()}
        rest = max(0, self.size - sum(self.seen.values()))
        for n in self.fallback:
            out[n] = out.get(n, 0.0) + rest / len(self.fallback)
        return out

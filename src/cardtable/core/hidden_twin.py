"""Dealing a hidden hand again, for ``Game.hidden_twin`` (the leak tests' other position).

Three games hide the same thing the same way: a hand of cards kept sorted, and a deck whose
top the coming turns turn up in public. Their twins deal the hand again from itself and the
deck's bottom, so the leak tests compare two positions that differ only in what the other
seat cannot see.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import rng


def redeal_hand(hand: list[int], deck: list[int], seed: int, keep_top: int,
                most: int | None = None) -> None:
    """Shuffle ``hand`` with the bottom of ``deck`` (top card last) and deal both again, in
    place. The top ``keep_top`` cards stay put; ``most`` caps how many bottom cards join in.
    The hand comes back sorted, as the games keep it."""
    bottom = max(0, len(deck) - keep_top)
    if most is not None:
        bottom = min(bottom, most)
    cards = hand + deck[:bottom]
    rng.shuffle(rng.seed_state(seed), cards)
    h = len(hand)
    hand[:], deck[:bottom] = sorted(cards[:h]), cards[h:]


def redealt_twin(state: Any, player: int, seed: int, keep_top: int,
                 most: int | None = None) -> Any:
    """A clone of ``state`` whose opponent of ``player`` holds a hand dealt again
    (``redeal_hand`` with ``keep_top`` and ``most``) and whose cached legal list is dropped:
    the whole twin of the three games, each saying only how deep its deck stays put."""
    twin = state.clone()
    o = 1 - player
    redeal_hand(twin.hand[o], twin.deck[o], seed, keep_top, most)
    twin._legal = None
    return twin

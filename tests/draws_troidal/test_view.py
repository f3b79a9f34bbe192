"""What a player may know, and proof that the information checks would catch a leak.

The property tests assert that ``view_leaks`` and ``event_leaks`` find nothing. Here the view
and the event filter are broken on purpose, one leak at a time, and the same checks must find
each one; otherwise a passing property test would mean nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import cardtable.core.contract as contract
import cardtable.games.draws_troidal.view as view_module
from cardtable.games.draws_troidal import GAME
from cardtable.games.draws_troidal.state import DrawsState

from .helpers import event_leaks, new_random_game, play_out, view_leaks, walk

Leak = Callable[[DrawsState, int], Any]

LEAKS: dict[str, tuple[str, Leak]] = {
    "opponent hand": ("opponent-hidden-cards", lambda s, p: s.hand[1 - p]),
    "opponent opening five": ("opponent-hidden-cards", lambda s, p: s.revealed[1 - p]),
    "opponent deck order": ("opponent-hidden-cards", lambda s, p: s.deck[1 - p]),
    "own deck order": ("own-deck-order", lambda s, p: s.deck[p]),
    "generator": ("rng", lambda s, p: s.rng),
    "face-down card": ("face-down-card",
                       lambda s, p: [c if f else -1 for c, f in zip(s.field[1 - p],
                                                                   s.fresh[1 - p],
                                                                   strict=True)]),
    "opponent's answer": ("opponent-answer", lambda s, p: s.pending[1 - p]),
    "opponent's decklist": ("opponent-decklist", lambda s, p: s.decks[1 - p].sorted_names),
}


def leaks_found(games: int = 6) -> set[str]:
    found: set[str] = set()
    for seed in range(games):
        rnd = random.Random(seed)
        for state, _ in walk(new_random_game(seed), seed):
            found |= view_leaks(state, rnd)
    return found


def test_the_real_view_leaks_nothing() -> None:
    assert leaks_found() == set()


@pytest.mark.parametrize("leak", sorted(LEAKS))
def test_view_check_catches_a_leak(leak: str, monkeypatch: pytest.MonkeyPatch) -> None:
    kind, extra = LEAKS[leak]
    honest = view_module.view

    def leaky(state: DrawsState, p: int) -> dict[str, Any]:
        v = honest(state, p)
        v["leak"] = extra(state, p)
        return v

    monkeypatch.setattr(DrawsState, "rules", DrawsState.rules._replace(view=leaky))
    assert kind in leaks_found()


def test_event_check_catches_a_broken_filter(monkeypatch: pytest.MonkeyPatch) -> None:
    s = GAME.new_game(5)
    play_out(s, 5)
    assert event_leaks(s) == []

    def no_filter(events: list[dict[str, Any]], player: int | None) -> list[dict[str, Any]]:
        out = []
        for e in events:  # keeps the shape, but shows private fields to everyone
            shown = {k: v for k, v in e.items() if k not in ("private", "only")}
            if "private" in e:
                shown.update(e["private"][1])
            out.append(shown)
        return out

    monkeypatch.setattr(contract, "filter_events", no_filter)
    assert event_leaks(s)


def test_opponent_hand_and_deck_are_counts_only() -> None:
    s = GAME.new_game(2)
    for _ in range(4):
        s.apply(s.legal_actions()[0])
    opponent = s.view(0)["opponent"]
    assert opponent["hand_count"] == 5 and opponent["deck_count"] == 50
    assert not {"hand", "deck", "revealed"} & set(opponent)
    assert s.view(0)["you"]["hand"] == [s.cards[c].name for c in s.hand[0]]


def test_trash_is_public() -> None:
    s = GAME.new_game(2)
    s.trash[1] = [s.deck[1].pop()]
    assert s.view(0)["opponent"]["trash"] == [s.cards[s.trash[1][0]].name]

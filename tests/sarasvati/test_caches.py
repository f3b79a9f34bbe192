"""The speed-ups remember things between calls: what they remember must never go stale.

Per card table (``Traits``): the split of each lasting-effect set by zone, the evolution bases,
the choosing cards. Per view (``determinize``): the parsed card list and the card tables of the
samples. Each is checked here against the plain computation it replaces, and a sample or a
clone is checked not to share anything mutable with another.
"""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from cardtable.games.sarasvati import GAME
from cardtable.games.sarasvati import effects as fx
from cardtable.games.sarasvati.cards import matches
from cardtable.games.sarasvati.state import OPEN, SarasvatiState
from cardtable.games.sarasvati.stats import auras, cost, cost_deltas, cost_with, in_force, present

from .helpers import PROPERTY, new_random_game, walk

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def snapshot(s: SarasvatiState) -> str:
    return json.dumps(s.to_json(), sort_keys=True, ensure_ascii=False)


def scanned_auras(s: SarasvatiState) -> list[tuple[int, fx.Effect]]:
    """Every wide effect in force, found by reading every card in play."""
    out = []
    for seat in (0, 1):
        for c in s.field[seat] + s.equip[seat]:
            if c >= 0:
                out += [(seat, e) for e in s.cards[c].wide]
        out += [(seat, e) for b, st in zip(s.books[seat], s.bstate[seat], strict=True)
                if st == OPEN for e in s.cards[b].wide]
    return out


@PROPERTY
@given(seeds, seeds)
def test_split_sets_and_cost_shortcuts_answer_as_the_full_computation(seed: int, play: int) -> None:
    s = new_random_game(seed)
    traits = s.cards.traits  # type: ignore[attr-defined]
    pairs = [(traits.costly, traits.costly_at), (traits.lowering, traits.lowering_at),
             (traits.lowering_wide, traits.lowering_wide_at), (traits.wide, traits.wide_at),
             (traits.weakening, traits.weakening_at)]
    for state, _ in walk(s, play):
        assert auras(state) == scanned_auras(state)
        for seat in (0, 1):
            deltas = cost_deltas(state, seat)
            for c in state.hand[seat] + state.equip[seat]:
                if c >= 0:
                    card = state.cards[c]
                    assert cost(state, seat, card) == cost_with(card, deltas)
        for ids, at in pairs:
            assert in_force(state, at) == present(state, ids)
            for seat in (0, 1):
                assert in_force(state, at, (seat,)) == present(state, ids, (seat,))


def test_evolution_bases_and_choosers_match_a_scan_of_the_table() -> None:
    for name in GAME.deck_names():
        deck = GAME.load_deck(name)
        s = GAME.new_game(1, (deck, deck))
        traits = s.cards.traits  # type: ignore[attr-defined]
        for card in s.cards:
            for base in card.evolves_from:
                assert traits.matching(base) == {
                    i for i, c in enumerate(s.cards) if matches(c, base)}
        assert traits.choosers == {i for i, c in enumerate(s.cards)
                                   if any(e.scope in fx.CHOOSING for e in c.effects)}
        assert traits.relocatable == {i for i, c in enumerate(s.cards) if c.relocatable}


@PROPERTY
@given(seeds, seeds)
def test_sampling_a_view_again_gives_the_same_state(seed: int, play: int) -> None:
    s = new_random_game(seed)
    for n, (state, _) in enumerate(walk(s, play)):
        if n % 9:
            continue
        view = state.view(state.active)
        first = GAME.sample_state(view, n)
        before = snapshot(first)
        # play the first sample to its end: nothing it changes may reach the next sample
        while not first.is_terminal():
            first.apply(first.legal_actions()[-1])
        again = GAME.sample_state(view, n)
        assert snapshot(again) == before
        # a fresh copy of the view (new lists, so the cache is rebuilt) samples the same
        copy = json.loads(json.dumps(view))
        assert snapshot(GAME.sample_state(copy, n)) == before
        assert again.legal_actions() == state.legal_actions()


def test_a_view_of_another_game_is_not_answered_from_the_cache() -> None:
    a, b = new_random_game(3), new_random_game(4)
    for s in (a, b):
        while s.turn < 4:
            s.apply(s.legal_actions()[0])
    va, vb = a.view(a.active), b.view(b.active)
    sa = GAME.sample_state(va, 7)
    sb = GAME.sample_state(vb, 7)
    assert snapshot(GAME.sample_state(va, 7)) == snapshot(sa)
    for sample, view in ((sa, va), (sb, vb)):
        mine = sample.view(view["player"])
        assert mine["you"] == view["you"]
        assert mine["cards"] == view["cards"]


def test_a_clone_shares_nothing_it_may_change_with_the_original() -> None:
    s = new_random_game(5)
    for _ in range(40):
        s.apply(s.legal_actions()[-1])
    before = snapshot(s)
    legal = list(s.legal_actions())
    c = s.clone()
    while not c.is_terminal():
        c.apply(c.legal_actions()[-1])
    assert snapshot(s) == before
    assert s.legal_actions() == legal


def test_a_definition_only_equal_to_a_checked_one_is_checked_afresh() -> None:
    """``Card.from_json`` checks each distinct definition once; ``1`` compares equal to
    ``true`` and ``3.0`` to ``3``, and a record carrying them must still be refused."""
    import pytest

    from cardtable.core.errors import CardtableError
    from cardtable.games.sarasvati.cards import Card

    good = next(c for c in GAME.new_game(1).view(0)["cards"] if c["stats"] and c["cost"])
    assert Card.from_json(dict(good)) is Card.from_json(dict(good))
    for field, value in (("stats", 1), ("cost", float(good["cost"]))):
        with pytest.raises(CardtableError, match=field):
            Card.from_json({**good, field: value})

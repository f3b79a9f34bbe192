"""Invariants over random games: every card accounted for, views and events leak nothing."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from cardtable.core import Deck
from cardtable.games.sarasvati import GAME
from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.state import FACE_DOWN, SarasvatiState
from cardtable.games.sarasvati.stats import all_stats

from .helpers import PROPERTY, accounted, new_random_game, walk

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def owned(s: SarasvatiState, p: int) -> Counter[str]:
    return Counter(c.name for c in s.decks[p].cards)


@PROPERTY
@given(seeds, seeds)
def test_every_card_is_always_accounted_for(seed: int, play: int) -> None:
    s = new_random_game(seed)
    for state, _ in walk(s, play):
        assert state.current_player() == state.active  # only the active player ever decides
        for p in (0, 1):
            assert accounted(state, p) == owned(state, p)
            assert 0 <= state.tapped[p] <= len(state.voltage[p])
    for p in (0, 1):
        assert accounted(s, p) == owned(s, p)


@PROPERTY
@given(seeds, seeds)
def test_games_end_by_books_or_deck_out_and_no_defense_stays_negative(seed: int,
                                                                     play: int) -> None:
    s = new_random_game(seed)
    for state, _ in walk(s, play):
        for row in all_stats(state):
            assert all(x is None or x[1] >= 0 for x in row)
        for p in (0, 1):
            for i in range(act.PLACES):
                if state.field[p][i] < 0:  # an empty place holds nothing and is never ready
                    assert state.equip[p][i] < 0 and not state.ready[p][i]
                    assert state.uid[p][i] < 0 and state.under[p][i] == ()
    assert s.reason in ("books", "deck-out")
    if s.reason == "books":
        assert s.bstate[1 - s.winner()] == [2, 2, 2]  # type: ignore[operator]


def hidden_changes(s: SarasvatiState, p: int,
                   rnd: random.Random) -> list[tuple[str, SarasvatiState]]:
    """Copies of ``s`` that differ only in what ``p`` may not know."""
    o = 1 - p
    out = []
    pool = s.hand[o] + s.deck[o]
    if len(set(pool)) > 1:
        c = s.clone()
        dealt = list(pool)
        while dealt == pool:
            rnd.shuffle(dealt)
        h = len(s.hand[o])
        c.hand[o], c.deck[o] = sorted(dealt[:h]), dealt[h:]
        c._legal = None
        if c.hand[o] != s.hand[o] or c.deck[o] != s.deck[o]:
            out.append(("opponent-hand-and-deck", c))
    down = [b for b in range(3) if s.bstate[o][b] == FACE_DOWN]
    if len(down) >= 2:
        c = s.clone()
        a, b = down[0], down[1]
        c.books[o][a], c.books[o][b] = c.books[o][b], c.books[o][a]
        out.append(("face-down-book-order", c))
    if down:
        spare = [i for i, card in enumerate(s.cards) if card.kind == "book"
                 and i not in s.books[o] and card.cost <= s.cards[s.books[o][down[0]]].cost]
        if spare:
            c = s.clone()
            c.books[o][down[0]] = spare[0]
            out.append(("face-down-book-identity", c))
    c = s.clone()
    c.rng = (s.rng + 0x5DEECE66D) % 2**64
    out.append(("rng", c))
    if not s.options["open_decklists"]:  # the opponent's decklist: another deck's in its place
        other = [d for d in GAME.default_decks() if d.counts() != s.decks[o].counts()]
        if other:
            c = s.clone()
            decks = list(c.decks)
            decks[o] = other[0]
            c.decks = tuple(decks)
            out.append(("opponent-decklist", c))
    if len(set(s.deck[p])) > 1:
        c = s.clone()
        c.deck[p] = s.deck[p][1:] + s.deck[p][:1]
        out.append(("own-deck-order", c))
    return out


@PROPERTY
@given(seeds, seeds)
def test_a_view_does_not_change_when_only_hidden_cards_change(seed: int, play: int) -> None:
    s = new_random_game(seed)
    rnd = random.Random(play)
    for state, _ in walk(s, play):
        if rnd.random() < 0.3:
            for p in (0, 1):
                seen = state.view(p)
                for kind, changed in hidden_changes(state, p, rnd):
                    assert changed.view(p) == seen, kind


def _books_reordered(deck: Deck, name: str) -> Deck:
    """The same deck under another name, its books listed in another order."""
    main = tuple(c for c in deck.cards if c.kind != "book")
    books = tuple(c for c in deck.cards if c.kind == "book")
    return Deck(name, main + books[1:] + books[:1])


@PROPERTY
@given(seeds, seeds, st.sampled_from(GAME.deck_names()), st.sampled_from(GAME.deck_names()))
def test_the_opponents_face_down_book_order_changes_no_view_and_no_event(
        seed: int, play: int, mine: str, theirs: str) -> None:
    """Two matches that differ only in how the opponent's deck lists (and names) its books
    look the same to the player, at every step until one of those books is opened."""
    me, them = GAME.load_deck(mine), GAME.load_deck(theirs)
    a = GAME.new_game(seed, (me, them))
    b = GAME.new_game(seed, (me, _books_reordered(them, "another name")))
    for state, action in walk(a, play):
        if state.bstate[1] != [FACE_DOWN] * 3:
            return
        assert b.view(0) == state.view(0)
        assert b.events(0) == state.events(0)
        b.apply(action)


@PROPERTY
@given(seeds, seeds)
def test_a_sampled_state_has_the_same_view_and_conserves_the_decklists(seed: int,
                                                                      play: int) -> None:
    s = new_random_game(seed)
    rnd = random.Random(play)
    for state, _ in walk(s, play):
        if rnd.random() < 0.2:
            p = rnd.randrange(2)
            seen = state.view(p)
            sample = GAME.sample_state(seen, rnd.randrange(2**32))
            assert sample.view(p) == seen
            for q in (0, 1):
                main = Counter(n for n, c in accounted(sample, q).items()
                               for _ in range(c) if sample.cards[
                                   [x.name for x in sample.cards].index(n)].kind != "book")
                if q == p:
                    assert main == Counter(seen["decklists"][q])
                else:  # the guess is a whole deck that holds everything seen of it
                    assert seen["decklists"][q] is None
                    assert main.total() == GAME.default_options()["deck_size"]
            if p == state.current_player():
                assert sample.legal_actions() == state.legal_actions()


@PROPERTY
@given(seeds, seeds)
def test_events_never_name_the_opponents_hand_draws_or_face_down_books(seed: int,
                                                                       play: int) -> None:
    s = new_random_game(seed)
    for _ in walk(s, play):
        pass
    for p in (0, 1):
        o = 1 - p
        for ev in s.events(p):
            if ev["type"] in ("draw", "books") and ev["player"] == o:
                assert "cards" not in ev
            json.dumps(ev)
        own_draws = [e for e in s.events(p) if e["type"] == "draw" and e["player"] == p]
        assert own_draws and all("cards" in e for e in own_draws)


@PROPERTY
@given(seeds, seeds)
def test_a_view_names_no_card_of_the_opponents_deck_that_is_not_in_sight(seed: int,
                                                                         play: int) -> None:
    """Decklists are private: the card table of a view is the card pool whatever the
    opponent's deck, and the opponent's decklist is not shown."""
    from cardtable.games.sarasvati.pool import shipped_pool

    pool = sorted(shipped_pool())
    s = new_random_game(seed)
    for state, _ in walk(s, play):
        for p in (0, 1):
            v = state.view(p)
            assert [c["name"] for c in v["cards"]] == pool
            assert v["decklists"][1 - p] is None
            assert Counter(v["decklists"][p]) == Counter(
                c.name for c in state.decks[p].cards if c.kind != "book")


def test_the_open_decklists_option_shows_the_opponents_decklist() -> None:
    s = GAME.new_game(3, options={"open_decklists": True})
    v = s.view(0)
    assert Counter(v["decklists"][1]) == Counter(
        c.name for c in s.decks[1].cards if c.kind != "book")
    assert GAME.new_game(3).view(0)["decklists"][1] is None

"""Builders for the smallest サラスヴァティTCG positions a rule needs, and random-game walkers.

A state is plain data, so a test makes a game, clears the table (``lab``), puts exactly the
cards it needs where it needs them (``put``, ``to_hand``, ``charge``) and plays codes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, settings

from cardtable.core import Deck
from cardtable.games.sarasvati import GAME
from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.cards import Card, parse_document
from cardtable.games.sarasvati.imagine import kinds
from cardtable.games.sarasvati.state import IMAGINE, SarasvatiState

PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: random games end by books or deck-out; 40 cards drawn one a turn bound a game's length
MAX_ACTIONS = 3000


def C(name: str) -> Card:
    return GAME.pool()[name]


def make(text: str) -> Card:
    """A card written in the seed's template (one card)."""
    doc = parse_document(text, "test.txt")
    assert not doc.diagnostics, doc.diagnostics
    [card] = doc.cards
    return card


FILLER = C("転校生")  # 2:2000/1000, no effect
ZERO = C("試作ドローン")  # 1:500/0, no effect: a harmless target, and a cheap card to keep
BOOKS = (C("学園七不思議"), C("完結編"), C("妖精郷の地図"))


def deck_with(*cards: Card, books: tuple[Card, ...] = BOOKS) -> Deck:
    """Four copies of each card named (and of ZERO), the rest filler, then the books."""
    distinct = list(dict.fromkeys((*cards, ZERO)))
    main = [c for c in distinct for _ in range(4)]
    main += [FILLER] * (40 - len(main))
    return Deck("lab", tuple(main) + tuple(books))


def lab(*cards: Card, books: tuple[Card, ...] = BOOKS, seed: int = 0,
        **options: Any) -> SarasvatiState:
    """Player 1's imagine phase of turn 3, with an empty table: every card back in its deck."""
    deck = deck_with(*cards, books=books)
    s = GAME.new_game(seed, (deck, deck), {"max_copies": 40, **options})
    for p in (0, 1):
        s.books[p] = [s.cards.index(b) for b in books]  # in the order given, not shuffled
        s.deck[p] += s.hand[p] + s.voltage[p] + s.grave[p]
        s.hand[p], s.voltage[p], s.grave[p] = [], [], []
        for i in range(act.PLACES):
            if s.field[p][i] >= 0:
                s.deck[p].append(s.field[p][i])
                s.field[p][i] = -1
        s.ready[p] = [False] * 10
        s.sick[p] = [False] * 10
        s.uid[p] = [-1] * 10
        s.equip[p] = [-1] * 10
        s.under[p] = [()] * 10
        s.bstate[p] = [0, 0, 0]
    s.tapped = [0, 0]
    s.active, s.phase, s.turn_no = 0, IMAGINE, 3
    s.mods, s.queue, s.cont, s.choice = [], [], [], None
    s._legal = None
    s.dirty = True  # a position built by hand: the next check looks at everything
    return s


def swapped_deck(rnd: random.Random, texts: str, swaps: int) -> Deck:
    """A shipped deck (chosen by ``rnd``) with ``swaps`` of its main cards replaced by the
    non-book cards of ``texts`` (card texts joined by ―――) and its first books by the books
    of ``texts``: lab decks for effects the shipped pool lacks or seldom plays."""
    cards = [make(t) for t in texts.split("―――")]
    base = GAME.load_deck(rnd.choice(GAME.deck_names()))
    main = [c for c in base.cards if c.kind != "book"]
    books = [c for c in base.cards if c.kind == "book"]
    characters = [c for c in cards if c.kind != "book"]
    for i in rnd.sample(range(len(main)), swaps):
        main[i] = characters[i % len(characters)]
    lab_books = [c for c in cards if c.kind == "book"]
    books[:len(lab_books)] = lab_books
    return Deck("aura lab", tuple(main) + tuple(books))


def idx(s: SarasvatiState, c: Card) -> int:
    return s.cards.index(c)


def _from_deck(s: SarasvatiState, p: int, c: Card) -> int:
    i = idx(s, c)
    s.deck[p].remove(i)
    s._legal = None
    s.dirty = True  # a position changed by hand: the next check looks at everything
    return i


def put(s: SarasvatiState, p: int, place: int, c: Card, *, ready: bool = True,
        sick: bool = False, equip: Card | None = None) -> int:
    """A character from the deck onto ``place``; returns its uid."""
    s.field[p][place] = _from_deck(s, p, c)
    s.ready[p][place], s.sick[p][place] = ready, sick
    s.uid[p][place] = s.next_uid
    s.next_uid += 1
    if equip is not None:
        s.equip[p][place] = _from_deck(s, p, equip)
    return s.uid[p][place]


def to_hand(s: SarasvatiState, p: int, *cards: Card) -> None:
    for c in cards:
        s.hand[p].append(_from_deck(s, p, c))
    s.hand[p].sort()


def charge(s: SarasvatiState, p: int, n: int) -> None:
    """``n`` untapped voltage cards (filler from the deck)."""
    for _ in range(n):
        s.voltage[p].append(_from_deck(s, p, FILLER))


def keep_open(s: SarasvatiState) -> None:
    """A ZERO in hand and a voltage card to pay it: the imagine phase does not end by itself."""
    to_hand(s, 0, ZERO)
    charge(s, 0, 1)


def to_deck_top(s: SarasvatiState, p: int, c: Card) -> None:
    i = idx(s, c)
    s.deck[p].remove(i)
    s.deck[p].append(i)


def play_code(s: SarasvatiState, c: Card, place: int) -> int:
    return act.PLAY + kinds(s.hand[s.active]).index(idx(s, c)) * act.PLACES + place


def use_code(s: SarasvatiState, c: Card) -> int:
    return act.USE + kinds(s.hand[s.active]).index(idx(s, c))


def attack_code(place: int, target: int) -> int:
    return act.ATTACK + place * act.TARGETS + target


def book_target(b: int) -> int:
    return act.PLACES + b


def choose_code(own: bool, place: int) -> int:
    return act.CHOOSE + (0 if own else act.PLACES) + place


def do(s: SarasvatiState, code: int) -> None:
    s._legal = None
    assert code in s.legal_actions(), (code, [s.action_label(a) for a in s.legal_actions()])
    s.apply(code)


def names(s: SarasvatiState, cards: list[int]) -> list[str]:
    return [s.cards[c].name for c in cards]


def events(s: SarasvatiState, kind: str) -> list[dict[str, Any]]:
    return [e for e in s.log if e["type"] == kind]


# -- whole games ------------------------------------------------------------------------------

def new_random_game(seed: int) -> SarasvatiState:
    rnd = random.Random(seed)
    decks = [GAME.load_deck(rnd.choice(GAME.deck_names())) for _ in (0, 1)]
    return GAME.new_game(seed, decks, {"hand_size": rnd.choice([5, 5, 6, 7])})


def walk(state: SarasvatiState, play_seed: int) -> Iterator[tuple[SarasvatiState, int]]:
    rnd = random.Random(play_seed)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return
        action = rnd.choice(state.legal_actions())
        yield state, action
        state.apply(action)
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")


def accounted(s: SarasvatiState, p: int) -> Counter[str]:
    """Every card the player owns, wherever it is now."""
    places = s.deck[p] + s.hand[p] + s.grave[p] + s.voltage[p] + [b for b in s.books[p] if b >= 0]
    for i in range(act.PLACES):
        if s.field[p][i] >= 0:
            places = [*places, s.field[p][i], *s.under[p][i]]
        if s.equip[p][i] >= 0:
            places = [*places, s.equip[p][i]]
    return Counter(s.cards[c].name for c in places)

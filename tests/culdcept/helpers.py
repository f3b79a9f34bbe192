"""Builders for the smallest カルドセプト positions a rule needs.

A state is plain data, so a test makes a game, clears the table (``lab``), puts exactly the
cards it needs where it needs them (``put``, ``to_hand``, ``level``) and plays codes. The die
is loaded with ``die`` (the generator state that rolls the wanted number next).
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from cardtable.core import Deck
from cardtable.core.rng import next_u64
from cardtable.games.culdcept import GAME
from cardtable.games.culdcept.board import hand_kinds, level_kinds
from cardtable.games.culdcept.cards import Card, parse_document
from cardtable.games.culdcept.state import SPELL, CuldceptState
from cardtable.games.culdcept.turn import advance


def C(name: str) -> Card:
    return GAME.pool()[name]


def make(text: str) -> Card:
    """A card written in the project's template (one card)."""
    doc = parse_document(text, "test.txt")
    assert not doc.diagnostics, doc.diagnostics
    [card] = doc.cards
    return card


FILLER = C("神殿")  # a neutral land card: no cost, no text


def deck_with(*cards: Card) -> Deck:
    """Four copies of each card named, the rest filler, 60 cards."""
    distinct = list(dict.fromkeys(cards))
    main = [c for c in distinct for _ in range(4)]
    main += [FILLER] * (60 - len(main))
    return Deck("lab", tuple(main))


def lab(*cards: Card, seed: int = 0, **options: Any) -> CuldceptState:
    """Player 1's spell phase of turn 3 on an empty table: every card back in its deck but one
    神殿 in each hand, the starting lands in the printed order (火山 草原 湖 森林 都市 廃虚
    from the left)."""
    deck = deck_with(*cards)
    s = GAME.new_game(seed, (deck, deck), {"max_copies": 60, **options})
    for p in (0, 1):
        s.deck[p] += s.hand[p] + s.discard[p] + s.tolls[1 - p]
        s.deck[p].sort()
        s.hand[p], s.discard[p] = [], []
        for i in range(6):
            s.deck[p] += list(s.levels[p][i]) + list(s.lands[p][i])
            if s.creature[p][i] >= 0:
                s.deck[p].append(s.creature[p][i])
        s.base[p] = list(range(6))
        s.lands[p] = [()] * 6
        s.levels[p] = [()] * 6
        s.creature[p] = [-1] * 6
        s.damage[p] = [0] * 6
        s.cspell[p] = s.cspell_by[p] = s.lspell[p] = s.lspell_by[p] = None  # type: ignore
        s.cspell[p], s.cspell_by[p] = [-1] * 6, [-1] * 6
        s.lspell[p], s.lspell_by[p] = [-1] * 6, [-1] * 6
    s.tolls = [[], []]
    for p in (0, 1):  # one land card each, so a territory phase is a real decision
        s.hand[p] = [s.deck[p].pop(s.deck[p].index(s.cards.index(FILLER)))]
    s.active, s.turn_no, s.phase = 0, 3, SPELL
    s.die, s.dest, s.battle, s.pending = 0, -1, None, None
    s._legal = None
    return s


def idx(s: CuldceptState, card: Card | str) -> int:
    name = card if isinstance(card, str) else card.name
    return next(i for i, c in enumerate(s.cards) if c.name == name)


def take(s: CuldceptState, seat: int, card: Card | str) -> int:
    """Take one copy of ``card`` out of ``seat``'s deck."""
    c = idx(s, card)
    s.deck[seat].remove(c)
    return c


def to_hand(s: CuldceptState, seat: int, *cards: Card | str) -> None:
    for card in cards:
        insort(s.hand[seat], take(s, seat, card))
    s._legal = None


def put(s: CuldceptState, seat: int, slot: int, card: Card | str) -> None:
    """A controlling creature on land ``slot`` (0-5)."""
    s.creature[seat][slot] = take(s, seat, card)
    s._legal = None


def level(s: CuldceptState, seat: int, slot: int, *cards: Card | str) -> None:
    """Level cards under land ``slot``."""
    s.levels[seat][slot] = tuple(sorted(s.levels[seat][slot] + tuple(
        take(s, seat, c) for c in cards)))
    s._legal = None


def die(s: CuldceptState, n: int) -> None:
    """Load the die: the next roll shows ``n``."""
    for r in range(10_000):
        if (next_u64(r)[1] * 6) >> 64 == n - 1:
            s.rng = r
            return
    raise AssertionError("no generator state rolls that")


def ready(s: CuldceptState) -> None:
    """Run the automatic steps up to the next real decision."""
    s._legal = None
    advance(s)


def hand_code(s: CuldceptState, seat: int, base: int, card: Card | str) -> int:
    return base + hand_kinds(s.hand[seat]).index(idx(s, card))


def level_code(s: CuldceptState, seat: int, slot: int, base: int, card: Card | str) -> int:
    return base + level_kinds(s, seat, slot).index(idx(s, card))


def roll(s: CuldceptState, n: int) -> None:
    """Cast nothing and roll ``n`` (the next steps wait for ``ready`` or an action)."""
    from cardtable.games.culdcept.movement import roll as do_roll

    die(s, n)
    do_roll(s)
    s._legal = None


def names(s: CuldceptState, cards: list[int]) -> list[str]:
    return [s.cards[c].name for c in cards]

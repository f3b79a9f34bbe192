"""The start: books face down, shuffle, draw five each, decide who goes first, first turn.

Each player's three books are shuffled into their places with the state's own generator, so
a face-down place never tells which book it holds (a fixed order, the deck file's, would).
The owner learns the arrangement (a private event); the opponent learns neither the books nor
the deck's name, which for a shipped deck would name its book set.
"""

from __future__ import annotations

from cardtable.core import rng
from cardtable.games.sarasvati.state import SarasvatiState
from cardtable.games.sarasvati.turn import advance, begin_turn
from cardtable.games.sarasvati.zones import draw


def start(state: SarasvatiState) -> None:
    cards = state.cards
    state.log.append({"type": "game-start"})
    for p in (0, 1):
        state.rng = rng.shuffle(state.rng, state.books[p])
        state.log.append({"type": "books", "player": p,
                          "private": [p, {"deck": state.decks[p].name,
                                          "cards": [cards[b].name for b in state.books[p]]}]})
        state.rng = rng.shuffle(state.rng, state.deck[p])
        state.log.append({"type": "shuffle", "player": p})
    state.rng, face = rng.roll(state.rng, state.dice, 2)
    first = state.first = face - 1
    state.log.append({"type": "first-player", "player": first})
    for p in (first, 1 - first):
        if not draw(state, p, state.options["hand_size"]):
            return
    begin_turn(state, first)
    advance(state)

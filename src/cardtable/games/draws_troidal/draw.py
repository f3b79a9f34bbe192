"""① Draw: both players refill their hands to five; one who cannot has lost.

Drawing stops as soon as the deck is empty. If both players run out in the same draw step the
game is a draw (ruling); otherwise the one who could not draw loses at that moment.
"""

from __future__ import annotations

from cardtable.core.event_log import QUIET
from cardtable.games.draws_troidal.state import DrawsState
from cardtable.games.draws_troidal.steps import finish


def refill(state: DrawsState) -> bool:
    """Draw both hands up to the hand size; returns False if the game ended."""
    size = state.options["hand_size"]
    failed = []
    cards = state.cards
    for p in (0, 1):
        hand, deck = state.hand[p], state.deck[p]
        need = size - len(hand)
        if need <= 0:
            continue
        take = need if need <= len(deck) else len(deck)
        drawn = deck[:-take - 1:-1] if take else []  # the top ``take`` cards, top first
        del deck[len(deck) - take:]
        hand.extend(drawn)
        log = state.log
        if log is not QUIET:
            log.append({"type": "draw", "player": p, "count": take,
                        "private": [p, {"cards": [cards[c].name for c in drawn]}]})
        if take < need:
            failed.append(p)
            log.append({"type": "deck-out", "player": p})
    if not failed:
        return True
    finish(state, -1 if len(failed) == 2 else 1 - failed[0], "deck-out")
    return False

"""What one player may know: the only way information leaves the rules core.

Hidden from a player: the order of both decks, the opponent's hand and opening five, and any
answer the opponent has given in a simultaneous step that has not resolved yet. Newly set
opponent cards show their power only (no power: ``None``) until the field opens. The
opponent's decklist is private unless the option ``open_decklists`` opens it (ruling in
docs/rules/draws-troidal.md).

The view's card table (``cards``) is every card it may name: the game's shipped card pool
(published with the game), the player's own deck, and the opponent's cards in sight (trash,
opened lanes). For shipped decks that is the pool at every step, whatever the opponent plays.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.deck import Deck, seen_decklists, seen_decks, with_deck_names
from cardtable.core.obsbuf import Made, made_from
from cardtable.games.draws_troidal.pool import shipped_pool
from cardtable.games.draws_troidal.state import PHASE_NAMES, DrawsState
from cardtable.games.draws_troidal.steps import NOT_ASKED


def _own_lanes(state: DrawsState, p: int) -> list[dict[str, Any]]:
    cards = state.cards
    out: list[dict[str, Any]] = []
    for lane, c in enumerate(state.field[p]):
        if c < 0:
            out.append({"empty": True})
        else:
            out.append({"card": cards[c].name, "guard": state.guard[p][lane],
                        "wins": state.wins[p][lane], "fresh": state.fresh[p][lane],
                        "id": state.ids[p][lane]})
    return out


def _opponent_lanes(state: DrawsState, o: int) -> list[dict[str, Any]]:
    cards = state.cards
    out: list[dict[str, Any]] = []
    for lane, c in enumerate(state.field[o]):
        if c < 0:
            out.append({"empty": True})
        elif state.fresh[o][lane]:
            out.append({"hidden": True, "power": cards[c].power, "id": state.ids[o][lane]})
        else:
            out.append({"card": cards[c].name, "guard": state.guard[o][lane],
                        "wins": state.wins[o][lane], "fresh": False, "id": state.ids[o][lane]})
    return out


def decklists(state: DrawsState, p: int) -> list[list[str] | None]:
    return seen_decklists(state, p)


#: per (own deck, opponent's deck if open), the pool with those decks' cards: names, JSON
_base: Made = {}


def _base_of(cards: Any, own: Deck, other: Deck | None
             ) -> tuple[set[str], list[dict[str, Any]]]:
    pool = shipped_pool()
    names = with_deck_names(pool, (own, other))
    defs = {c.name: c for c in cards if c.name in names}
    defs.update({n: pool[n] for n in names if n not in defs})
    return names, [defs[n].to_json() for n in sorted(names)]


def visible_cards(state: DrawsState, p: int) -> list[dict[str, Any]]:
    """The pool, ``p``'s own deck and the opponent's cards in sight."""
    own, other = seen_decks(state, p)
    names, table = made_from(_base, (own, other), _base_of, state.cards, own, other)
    o = 1 - p
    cards = state.cards
    sight = state.trash[o] + [c for c, f in zip(state.field[o], state.fresh[o], strict=True)
                              if c >= 0 and not f]
    extra = {cards[c].name for c in sight} - names
    shown = [dict(c) for c in table]  # a view shares nothing with the cache (flat dicts)
    if not extra:
        return shown
    return sorted(shown + [c.to_json() for c in cards if c.name in extra],
                  key=lambda c: c["name"])


def view(state: DrawsState, p: int, cards_table: bool = True) -> dict[str, Any]:
    """``p``'s view; without ``cards_table`` its ``cards`` is empty (the observation encoding
    reads cards by name and needs none of the table)."""
    o = 1 - p
    cards = state.cards
    own_pending = state.pending[p]
    result = state.result()
    return {
        "game": state.game.id,
        "player": p,
        "phase": PHASE_NAMES[state.phase],
        "to_move": state.to_move,
        "turn": state.turn_no,
        "initiative": state.initiative,
        "life": list(state.life),
        "options": dict(state.options),
        "result": result,
        "cards": visible_cards(state, p) if cards_table else [],
        "decklists": decklists(state, p),
        "you": {
            "hand": [cards[c].name for c in state.hand[p]],
            "revealed": [cards[c].name for c in state.revealed[p]],
            "deck_count": len(state.deck[p]),
            "trash": [cards[c].name for c in state.trash[p]],
            "field": _own_lanes(state, p),
            "redos": state.redos[p],
            "asked": own_pending != NOT_ASKED,
            "pending": own_pending if own_pending >= 0 else None,
        },
        "opponent": {
            "hand_count": len(state.hand[o]),
            "revealed_count": len(state.revealed[o]),
            "deck_count": len(state.deck[o]),
            "trash": [cards[c].name for c in state.trash[o]],
            "field": _opponent_lanes(state, o),
            "redos": state.redos[o],
            "asked": state.pending[o] != NOT_ASKED,
            "answered": state.pending[o] >= 0,
        },
    }

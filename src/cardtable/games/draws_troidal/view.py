"""What one player may know: the only way information leaves the rules core.

Hidden from a player: the order of both decks, the opponent's hand and opening five, and any
answer the opponent has given in a simultaneous step that has not resolved yet. Newly set
opponent cards show their power only (no power: ``None``) until the field opens. Decklists are
public (ruling in docs/rules/draws-troidal.md), so the view names both 60-card lists.
"""

from __future__ import annotations

from typing import Any

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
                        "wins": state.wins[p][lane], "fresh": state.fresh[p][lane]})
    return out


def _opponent_lanes(state: DrawsState, o: int) -> list[dict[str, Any]]:
    cards = state.cards
    out: list[dict[str, Any]] = []
    for lane, c in enumerate(state.field[o]):
        if c < 0:
            out.append({"empty": True})
        elif state.fresh[o][lane]:
            out.append({"hidden": True, "power": cards[c].power})
        else:
            out.append({"card": cards[c].name, "guard": state.guard[o][lane],
                        "wins": state.wins[o][lane], "fresh": False})
    return out


def decklists(state: DrawsState) -> list[list[str]]:
    return [list(deck.sorted_names) for deck in state.decks]


def view(state: DrawsState, p: int) -> dict[str, Any]:
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
        "cards": [c.to_json() for c in cards],
        "decklists": decklists(state),
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

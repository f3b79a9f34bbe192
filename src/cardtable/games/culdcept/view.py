"""What one player may know: the only way information leaves the rules core.

Hidden from a player: the opponent's hand (only its size is shown), the identity of the
opponent's level cards (laid face down: only how many), a battle card the opponent has placed
face down and not yet revealed, and the order of both decks (only their sizes). Decklists are
public, as in the other games (a search needs to know what may be unseen). Everything else is
on the table face up: lands and land cards, creatures, lasting spells, damage, both discard
piles and both toll piles (a card paid as toll is shown as it lands there).
"""

from __future__ import annotations

from typing import Any

from cardtable.games.culdcept.board import element, level, toll
from cardtable.games.culdcept.cards import START_LANDS
from cardtable.games.culdcept.effects import ELEMENTS
from cardtable.games.culdcept.state import BATTLE_DEF, PHASE_NAMES, CuldceptState


def _slots(state: CuldceptState, seat: int, own: bool) -> list[dict[str, Any]]:
    cards = state.cards
    out = []
    for i in range(6):
        c = state.creature[seat][i]
        cs, ls = state.cspell[seat][i], state.lspell[seat][i]
        slot: dict[str, Any] = {
            "land": START_LANDS[state.base[seat][i]][0],
            "land_cards": [cards[x].name for x in state.lands[seat][i]],
            "element": ELEMENTS[element(state, seat, i)],
            "level": level(state, seat, i),
            "toll": toll(state, seat, i),
            "land_spell": [cards[ls].name, state.lspell_by[seat][i]] if ls >= 0 else None,
            "creature": cards[c].name if c >= 0 else None,
            "damage": state.damage[seat][i],
            "creature_spell": [cards[cs].name, state.cspell_by[seat][i]] if cs >= 0 else None,
        }
        if own:
            slot["level_cards"] = [cards[x].name for x in state.levels[seat][i]]
        out.append(slot)
    return out


def battle_view(state: CuldceptState, p: int) -> dict[str, Any] | None:
    b = state.battle
    if b is None:
        return None
    cards = state.cards
    inv_bc = b[2]
    out: dict[str, Any] = {"invader": cards[b[0]].name if b[0] >= 0 else None,
                           "from": b[1], "invader_damage": b[4]}
    # the invader's card is face down while the defender chooses: only its owner sees it
    if inv_bc == -2:
        out["invader_card"] = "not-chosen"
    elif inv_bc == -1:
        out["invader_card"] = None
    elif state.phase == BATTLE_DEF and p != state.active:
        out["invader_card"] = "face-down"
    else:
        out["invader_card"] = cards[inv_bc].name
    d = b[3]
    out["defender_card"] = "not-chosen" if d == -2 else (None if d == -1 else cards[d].name)
    return out


def view(state: CuldceptState, p: int) -> dict[str, Any]:
    o = 1 - p
    cards = state.cards

    def side(seat: int) -> dict[str, Any]:
        return {"deck_count": len(state.deck[seat]),
                "discard": [cards[c].name for c in state.discard[seat]],
                "tolls": [cards[c].name for c in state.tolls[seat]],
                "points": len(state.tolls[seat]),
                "slots": _slots(state, seat, seat == p)}

    you = side(p)
    you["hand"] = [cards[c].name for c in state.hand[p]]
    opp = side(o)
    opp["hand_count"] = len(state.hand[o])
    pending = state.pending
    return {
        "game": state.game.id,
        "player": p,
        "phase": PHASE_NAMES[state.phase],
        "active": state.active,
        "to_move": state.current_player(),
        "turn": state.turn_no,
        "first": state.first,
        "die": state.die,
        "dest": state.dest,
        "options": dict(state.options),
        "result": state.result(),
        # copies of the card table's JSON, made once: a front end may edit what it is shown
        "cards": [{**c, "text": c["text"][:], "text_en": c["text_en"][:]}
                  for c in cards.json],  # type: ignore[attr-defined]
        "decklists": [list(d.sorted_names) for d in state.decks],
        "you": you,
        "opponent": opp,
        "battle": battle_view(state, p),
        "pending": list(pending) if pending is not None else None,
    }

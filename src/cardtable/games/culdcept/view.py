"""What one player may know: the only way information leaves the rules core.

Hidden from a player: the opponent's hand (only its size is shown), the identity of the
opponent's level cards (laid face down: only how many), a battle card the opponent has placed
face down and not yet revealed, the order of both decks (only their sizes), and the opponent's
decklist, unless the option ``open_decklists`` opens it (docs/rules/culdcept.md). Everything
else is on the table face up: lands and land cards, creatures, lasting spells, damage, both
discard piles and both toll piles (a card paid as toll is shown as it lands there).

The view's card table (``cards``) is every card the view may name: the game's shipped card
pool (published with the game), the player's own deck, and the opponent's cards in sight. For
shipped decks that is the pool, whatever the opponent plays. It is sorted by name, as a state's
table is, so a hand sorted by card number reads in the same order in a sample of the view.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.deck import Deck, seen_decklists, seen_decks, with_deck_names
from cardtable.core.obsbuf import Made, made_from
from cardtable.games.culdcept.board import element, toll
from cardtable.games.culdcept.cards import START_LANDS
from cardtable.games.culdcept.effects import ELEMENTS
from cardtable.games.culdcept.pool import shipped_pool
from cardtable.games.culdcept.state import BATTLE_DEF, PHASE_NAMES, CuldceptState


def _slots(state: CuldceptState, seat: int, own: bool) -> list[dict[str, Any]]:
    """The seat's six lands as the view shows them. Element, level and toll are
    ``board.element``, ``level`` and ``toll`` read in place for a land without a lasting
    spell (its top land card's element, else its starting land's; toll = level): every view,
    and the search's value function reads one per iteration, shows all twelve lands."""
    cards = state.cards
    creature, cspell, lspell = state.creature[seat], state.cspell[seat], state.lspell[seat]
    lands, levels, base = state.lands[seat], state.levels[seat], state.base[seat]
    damage, lspell_by, cspell_by = state.damage[seat], state.lspell_by[seat], state.cspell_by[seat]
    out = []
    for i in range(6):
        c, cs, ls = creature[i], cspell[i], lspell[i]
        top = lands[i]
        start = START_LANDS[base[i]]
        lv = 1 + len(levels[i])
        if ls >= 0:
            el, tl = element(state, seat, i), toll(state, seat, i)
        else:
            el, tl = (cards[top[-1]].element if top else start[2]), lv
        slot: dict[str, Any] = {
            "land": start[0],
            "land_cards": [cards[x].name for x in top],
            "element": ELEMENTS[el],
            "level": lv,
            "toll": tl,
            "land_spell": [cards[ls].name, lspell_by[i]] if ls >= 0 else None,
            "creature": cards[c].name if c >= 0 else None,
            "damage": damage[i],
            "creature_spell": [cards[cs].name, cspell_by[i]] if cs >= 0 else None,
        }
        if own:
            slot["level_cards"] = [cards[x].name for x in levels[i]]
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


def decklists(state: CuldceptState, p: int) -> list[list[str] | None]:
    return seen_decklists(state, p)


#: per (own deck, opponent's deck if open, the state's table): the names a view's card table
#: holds before the opponent's cards in sight, that table's JSON, and whether the state's
#: table holds any other name (a hand-built card of the opponent's, named only once in sight)
_base: Made = {}


def _base_cards(state: CuldceptState, p: int) -> tuple[set[str], list[dict[str, Any]], bool]:
    own, other = seen_decks(state, p)
    return made_from(_base, (own, other, state.cards), _base_of, state.cards, own, other)


def _base_of(cards: Any, own: Deck, other: Deck | None
             ) -> tuple[set[str], list[dict[str, Any]], bool]:
    pool = shipped_pool()
    names = with_deck_names(pool, (own, other))
    mine = {c.name: j for c, j in zip(cards, cards.json, strict=True)}
    table = sorted((mine[n] if n in mine else pool[n].to_json() for n in names),
                   key=lambda c: c["name"])
    return names, table, not set(mine) <= names


def _names_in(value: Any, out: set[str]) -> None:
    """Every string in a view's public part (card names among them)."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _names_in(v, out)
    elif isinstance(value, list | tuple):
        for v in value:
            _names_in(v, out)


def visible_cards(state: CuldceptState, p: int, shown: dict[str, Any],
                  copy: bool = True) -> list[dict[str, Any]]:
    """The pool, ``p``'s own deck and the opponent's cards that ``shown`` (the rest of the
    view) names: a card the table holds beyond the first two is one the view names.
    Without ``copy`` the cached table itself, for a reader that never changes it
    (``CuldceptState.brief_view``), where the view names no card beyond it."""
    names, table, more = _base_cards(state, p)
    if not copy and not more:
        return table
    out = [{**c, "text": c["text"][:], "text_en": c["text_en"][:]} for c in table]
    if not more:
        return out
    named: set[str] = set()
    _names_in(shown, named)
    extra = [j for c, j in zip(state.cards, state.cards.json, strict=True)  # type: ignore[attr-defined]
             if c.name in named and c.name not in names]
    return sorted(out + [{**c, "text": c["text"][:], "text_en": c["text_en"][:]} for c in extra],
                  key=lambda c: c["name"])


def view(state: CuldceptState, p: int, copy_cards: bool = True) -> dict[str, Any]:
    """``p``'s view; without ``copy_cards`` its ``cards`` may be the cached table itself,
    not a copy (``CuldceptState.brief_view``)."""
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
    battle = battle_view(state, p)
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
        # copies of the table's JSON: a front end may edit what it is shown
        "cards": visible_cards(state, p, {"you": you, "opponent": opp, "battle": battle},
                               copy_cards),
        "decklists": decklists(state, p),
        "you": you,
        "opponent": opp,
        "battle": battle,
        "pending": list(pending) if pending is not None else None,
    }

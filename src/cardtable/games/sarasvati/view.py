"""What one player may know: the only way information leaves the rules core.

Hidden from a player: the order of both decks, the opponent's hand, and the opponent's
forbidden books while they are face down (which three were chosen, and where). Decklists of
the 40 cards are public (as in DRAWS-◎-TROIDAL: a search needs to know what may be unseen);
the book set is not, since the seed lays the books face down. Voltage cards are charged face
up, the graveyard is public, and so is everything on the battle zone.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.deck import Deck
from cardtable.games.sarasvati.state import BOOK_STATES, FACE_DOWN, PHASE_NAMES, SarasvatiState
from cardtable.games.sarasvati.stats import all_stats

#: the public part of each deck seen lately, by identity (decks are immutable; the deck is held
#: so that its identity stays valid): its sorted decklist without the books, and those names
_public: dict[int, tuple[Deck, list[str], frozenset[str]]] = {}


def _public_part(deck: Deck) -> tuple[list[str], frozenset[str]]:
    """The deck's decklist (sorted names, books left out) and its set of names, worked out
    once per deck: a search asks for views thousands of times."""
    hit = _public.get(id(deck))
    if hit is None or hit[0] is not deck:
        if len(_public) >= 64:
            _public.clear()
        kinds: dict[str, str] = {}
        for c in deck.cards:
            kinds.setdefault(c.name, c.kind)  # the first card of a name decides
        listed = [n for n in deck.sorted_names if kinds[n] != "book"]
        hit = _public[id(deck)] = (deck, listed, frozenset(listed))
    return hit[1], hit[2]


def visible_cards(state: SarasvatiState, p: int) -> list[dict[str, Any]]:
    """The card table ``p`` may see: both decklists, own books, opponent's turned-up books."""
    cards = state.cards
    names: set[str] = set()
    for d in state.decks:
        names.update(_public_part(d)[1])
    names.update(cards[b].name for b in state.books[p])
    o = 1 - p
    names.update(cards[b].name for b, st in zip(state.books[o], state.bstate[o], strict=True)
                 if st != FACE_DOWN)
    return [c.to_json() for c in cards if c.name in names]


def decklists(state: SarasvatiState) -> list[list[str]]:
    return [list(_public_part(d)[0]) for d in state.decks]


def _field(state: SarasvatiState, seat: int, table: list[Any]) -> list[dict[str, Any] | None]:
    cards = state.cards
    out: list[dict[str, Any] | None] = []
    for i, c in enumerate(state.field[seat]):
        if c < 0:
            out.append(None)
            continue
        e = state.equip[seat][i]
        a, d = table[seat][i]
        out.append({"card": cards[c].name, "equip": cards[e].name if e >= 0 else None,
                    "ready": state.ready[seat][i], "sick": state.sick[seat][i],
                    "uid": state.uid[seat][i],
                    "under": [cards[x].name for x in state.under[seat][i]],
                    "attack": a, "defense": d})
    return out


def _books(state: SarasvatiState, seat: int, own: bool) -> list[dict[str, Any]]:
    out = []
    for b, st in zip(state.books[seat], state.bstate[seat], strict=True):
        entry: dict[str, Any] = {"state": BOOK_STATES[st]}
        if own or st != FACE_DOWN:
            entry["card"] = state.cards[b].name
        out.append(entry)
    return out


def _item(state: SarasvatiState, item: tuple[int, int, int, int]) -> list[Any]:
    return [item[0], state.cards[item[1]].name, item[2], item[3]]


def choice_view(state: SarasvatiState) -> dict[str, Any] | None:
    ch = state.choice
    if ch is None:
        return None
    if ch[0] == "keep":
        return {"kind": "keep", "player": ch[1], "card": state.cards[ch[2]].name,
                "places": [ch[3], ch[4]]}
    item = ch[2]
    card = state.cards[item[1]]
    return {"kind": "choose", "player": ch[1], "item": _item(state, item),
            "card": card.name, "text": card.effects[item[2]].text,
            "targets": [list(t) for t in ch[3]]}


def view(state: SarasvatiState, p: int) -> dict[str, Any]:
    o = 1 - p
    cards = state.cards
    table = all_stats(state)

    def side(seat: int) -> dict[str, Any]:
        return {"deck_count": len(state.deck[seat]),
                "grave": [cards[c].name for c in state.grave[seat]],
                "voltage": [cards[c].name for c in state.voltage[seat]],
                "tapped": state.tapped[seat],
                "books": _books(state, seat, seat == p),
                "field": _field(state, seat, table)}

    you = side(p)
    you["hand"] = [cards[c].name for c in state.hand[p]]
    opp = side(o)
    opp["hand_count"] = len(state.hand[o])
    return {
        "game": state.game.id,
        "player": p,
        "phase": PHASE_NAMES[state.phase],
        "active": state.active,
        "to_move": state.current_player(),
        "turn": state.turn_no,
        "first": state.first,
        "options": dict(state.options),
        "result": state.result(),
        "cards": visible_cards(state, p),
        "decklists": decklists(state),
        "you": you,
        "opponent": opp,
        "mods": [list(m) for m in state.mods],
        "next_uid": state.next_uid,
        "choice": choice_view(state),
        "queue": [_item(state, q) for q in state.queue],
        "cont": [list(c) for c in state.cont],
    }

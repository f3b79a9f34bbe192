"""What one player may know: the only way information leaves the rules core.

Hidden from a player: the order of both decks, the opponent's hand, the opponent's decklist
(unless the option ``open_decklists`` opens them, as some tournaments do), and the opponent's
forbidden books while they are face down (which three were chosen, and where). Voltage cards
are charged face up, the graveyard is public, and so is everything on the battle zone.

The view's card table (``cards``) is every card it may name: the game's shipped card pool
(published with the game), the player's own deck and books, and whatever of the opponent's is
in sight. For shipped decks that is the pool, the same at every step and for every deck, so it
says nothing about the opponent's deck.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.contract import detached
from cardtable.core.deck import Deck, seen_decklists, seen_decks, with_deck_names
from cardtable.core.obsbuf import Made, made_from
from cardtable.games.sarasvati.state import BOOK_STATES, FACE_DOWN, PHASE_NAMES, SarasvatiState
from cardtable.games.sarasvati.stats import all_stats

#: per deck seen lately, by identity (decks are immutable; the deck is held so that its
#: identity stays valid): its sorted decklist without the books, and its cards' names
_public: dict[int, tuple[Deck, list[str], frozenset[str]]] = {}
#: the card table of a view before the opponent's cards in sight: per (own deck, opponent's
#: deck if its list is open), the pool with those decks' cards, as names and as JSON
_base: Made = {}


def _public_part(deck: Deck) -> tuple[list[str], frozenset[str]]:
    """The deck's decklist (sorted names, books left out) and the names of all its cards,
    worked out once per deck: a search asks for views thousands of times."""
    hit = _public.get(id(deck))
    if hit is None or hit[0] is not deck:
        if len(_public) >= 64:
            _public.clear()
        kinds: dict[str, str] = {}
        for c in deck.cards:
            kinds.setdefault(c.name, c.kind)  # the first card of a name decides
        listed = [n for n in deck.sorted_names if kinds[n] != "book"]
        hit = _public[id(deck)] = (deck, listed, frozenset(kinds))
    return hit[1], hit[2]


def _base_cards(state: SarasvatiState, p: int) -> tuple[set[str], list[dict[str, Any]]]:
    own, other = seen_decks(state, p)
    return made_from(_base, (own, other), _base_of, state.cards, own, other)


def _base_of(cards: Any, own: Deck, other: Deck | None
             ) -> tuple[set[str], list[dict[str, Any]]]:
    from cardtable.games.sarasvati.pool import shipped_pool

    pool = shipped_pool()
    names = with_deck_names(pool, (own, other))
    table = [c.to_json() for c in cards if c.name in names]
    table += [pool[n].to_json() for n in sorted(names - {c.name for c in cards})]
    table.sort(key=lambda c: c["name"])
    return names, table


def in_sight(state: SarasvatiState, seat: int) -> list[int]:
    """The cards of ``seat`` every player sees: graveyard, voltage, battle zone, open books."""
    out = state.grave[seat] + state.voltage[seat]
    for i, c in enumerate(state.field[seat]):
        if c >= 0:
            out.append(c)
            out += state.under[seat][i]
            if state.equip[seat][i] >= 0:
                out.append(state.equip[seat][i])
    out += [b for b, st in zip(state.books[seat], state.bstate[seat], strict=True)
            if st != FACE_DOWN and b >= 0]
    return out


def visible_cards(state: SarasvatiState, p: int) -> list[dict[str, Any]]:
    """The card table ``p`` may see: the pool, its own deck, the opponent's cards in sight."""
    names, table = _base_cards(state, p)
    cards = state.cards
    extra = {cards[c].name for c in in_sight(state, 1 - p)} - names
    shown: list[dict[str, Any]] = detached(table)  # a view shares nothing with the cache
    if not extra:
        return shown
    return sorted(shown + [c.to_json() for c in cards if c.name in extra],
                  key=lambda c: c["name"])


def decklists(state: SarasvatiState, p: int) -> list[list[str] | None]:
    """Each seat's decklist, its books left out (``seen_decklists``)."""
    return seen_decklists(state, p, lambda d: _public_part(d)[0])


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
        if b >= 0 and (own or st != FACE_DOWN):
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


def view(state: SarasvatiState, p: int, cards_table: bool = True) -> dict[str, Any]:
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
        "cards": visible_cards(state, p) if cards_table else [],
        "decklists": decklists(state, p),
        "you": you,
        "opponent": opp,
        "mods": [list(m) for m in state.mods],
        "next_uid": state.next_uid,
        "choice": choice_view(state),
        "queue": [_item(state, q) for q in state.queue],
        "cont": [list(c) for c in state.cont],
    }

"""サラスヴァティTCG observations for learning agents, from ``view(player)`` alone.

The layout is printed field by field in docs/rules/sarasvati.md; card indices follow
``core/encoding.py``. The effect queue and lasting modifiers are summarised by their sizes.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.encoding import Layout, check_length, onehot
from cardtable.games.sarasvati.pool import shipped_pool
from cardtable.games.sarasvati.state import BOOK_STATES, PHASE_NAMES

PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}
BOOKS = {name: i for i, name in enumerate(BOOK_STATES)}
PLACES = 10
#: distinct hand cards given by position (codes name hand cards as "the k-th distinct card")
HAND_KINDS = 16
NUM_BOOKS = 3
#: floats per place of the battle zone and per forbidden book
PLACE_SIZE, BOOK_SIZE = 8, 1 + len(BOOK_STATES)


def _layout() -> Layout:
    lay = Layout("sarasvati", list(shipped_pool()))
    lay.opening_fields(PHASE_NAMES, "active", "first")
    lay.add("turn", "scalar", "turns begun / 50")
    for side, who in (("", "own"), ("opp_", "opponent's")):
        lay.hand_or_size(side, HAND_KINDS)
        lay.add(f"{side}deck", "scalar", f"{who} deck size / the `deck_size` option")
        lay.counts_field(f"{side}grave", f"{who} graveyard")
        lay.counts_field(f"{side}voltage", f"{who} voltage")
        lay.add(f"{side}tapped", "scalar", f"{who} voltage tapped / 10")
        lay.repeat(f"{side}book", [str(b) for b in range(1, NUM_BOOKS + 1)], (
            ("card", "card", f"{who} forbidden book k (P+2: face down and not the seat's own)",
             1),
            ("state", "onehot", f"its state: {', '.join(BOOK_STATES)}", len(BOOK_STATES))))
        lay.repeat(f"{side}place", [str(i) for i in range(PLACES)], (
            ("card", "card", f"{who} character on battle-zone place k (0: empty)", 1),
            ("equip", "card", "its equipment", 1),
            ("ready", "flag", "1 when it is ready", 1),
            ("sick", "flag", "1 when it came in this turn", 1),
            ("under", "scalar", "cards under it / 5", 1),
            ("attack", "scalar", "its attack now / 10000", 1),
            ("defense", "scalar", "its defense now / 10000", 1),
            ("present", "flag", "1 when a character stands there", 1)))
    lay.add("choice", "onehot", "a choice waits: none, keep, choose", 3)
    lay.add("choice_mine", "flag", "1 when the waiting choice is this seat's")
    lay.add("choice_card", "card", "the card whose effect waits for the choice")
    lay.add("queue", "scalar", "effects queued / 5")
    lay.add("mods", "scalar", "lasting modifiers / 5")
    lay.decklist_fields("own decklist (books left out)")
    return lay


LAYOUT = _layout()
_EMPTY_PLACE = [0.0] * PLACE_SIZE


def _side(side: dict[str, Any], own: bool, deck_size: int) -> list[float]:
    lay = LAYOUT
    card = lay.card
    out = lay.hand(side["hand"], HAND_KINDS) if own else [side["hand_count"] / 10]
    out.append(side["deck_count"] / deck_size)
    out += lay.counts(side["grave"])
    out += lay.counts(side["voltage"])
    out.append(side["tapped"] / 10)
    unseen = float(lay.unseen)
    for book in side["books"]:
        out.append(card(book["card"]) if "card" in book else unseen)
        out += onehot(BOOKS[book["state"]], len(BOOK_STATES))
    for place in side["field"]:
        if place is None:
            out += _EMPTY_PLACE
        else:
            out += (card(place["card"]), card(place["equip"]), 1.0 if place["ready"] else 0.0,
                    1.0 if place["sick"] else 0.0, len(place["under"]) / 5,
                    place["attack"] / 10000, place["defense"] / 10000, 1.0)
    return out


def encode(view: dict[str, Any]) -> list[float]:
    lay = LAYOUT
    p = view["player"]
    deck_size = view["options"]["deck_size"]
    out = onehot(PHASES[view["phase"]], len(PHASE_NAMES))
    out += (1.0 if view["to_move"] == p else 0.0, 1.0 if view["active"] == p else 0.0,
            1.0 if view["first"] == p else 0.0, view["turn"] / 50)
    out += _side(view["you"], True, deck_size)
    out += _side(view["opponent"], False, deck_size)
    choice = view["choice"]
    if choice is None:
        out += (1.0, 0.0, 0.0, 0.0, 0.0)
    else:
        out += (0.0, 1.0 if choice["kind"] == "keep" else 0.0,
                1.0 if choice["kind"] == "choose" else 0.0,
                1.0 if choice["player"] == p else 0.0, lay.card(choice["card"]))
    out += (len(view["queue"]) / 5, len(view["mods"]) / 5)
    out += lay.decklists(view["decklists"], p)
    return check_length(lay, out)


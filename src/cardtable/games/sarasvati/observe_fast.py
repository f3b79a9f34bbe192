"""The サラスヴァティ observation written straight from the state: ``encode(view(player))``'s
numbers without building the view.

The encoding is defined as ``encode(view(player))`` (encoding.py, documented in
docs/rules/sarasvati.md); this module is its fast path, written by following ``view.view`` and
``encoding.encode`` line by line, and held equal to them by tests/test_fast_observe.py at every
decision point of random games and on hidden twins. It reads from the state only what the view
shows the seat: the other seat's hand by its size, its face-down books as unseen, its decklist
only when ``open_decklists`` opens it. Attack and defense are the rules' own (``stats.stats``),
read directly only for a character nothing can change (no lasting effect, equipment, modifier
or aura).

Only nonzero numbers are written: the caller hands a zero-filled buffer.
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence
from typing import Any

from cardtable.core.obsbuf import compiled, deliver, scratch
from cardtable.games.sarasvati.encoding import HAND_KINDS, LAYOUT, NUM_BOOKS, PLACE_SIZE
from cardtable.games.sarasvati.state import FACE_DOWN, OVER, SarasvatiState
from cardtable.games.sarasvati.stats import auras, stats
from cardtable.games.sarasvati.view import _public_part

_F = {f.name: f.offset for f in LAYOUT.fields}
UNSEEN = float(LAYOUT.unseen)
O_PHASE, O_DECIDING, O_ACTIVE, O_FIRST, O_TURN = (
    _F["phase"], _F["deciding"], _F["active"], _F["first"], _F["turn"])
O_HAND, O_KIND0, O_OPP_HAND = _F["hand"], _F["hand_kind0_card"], _F["opp_hand"]
O_CHOICE, O_CHOICE_MINE, O_CHOICE_CARD = _F["choice"], _F["choice_mine"], _F["choice_card"]
O_QUEUE, O_MODS = _F["queue"], _F["mods"]
O_DECKLIST, O_OPP_OPEN, O_OPP_DECKLIST = (
    _F["decklist"], _F["opp_decklist_open"], _F["opp_decklist"])
#: per side: (deck, grave, voltage, tapped), the books' blocks, the first place's block
_SIDES = tuple(
    ((_F[f"{s}deck"], _F[f"{s}grave"], _F[f"{s}voltage"], _F[f"{s}tapped"]),
     tuple(_F[f"{s}book{k}_card"] for k in range(1, NUM_BOOKS + 1)),
     _F[f"{s}place0_card"])
    for s in ("", "opp_"))


class _Table:
    """What the writer needs of each card number of one match's card table."""

    __slots__ = ("attack", "card", "cards", "defense", "plain", "pos")

    def __init__(self, cards: Any) -> None:
        self.cards = cards
        index, outside = LAYOUT.index, LAYOUT.outside
        #: the card's embedding index (a float) and its place in a ``counts`` field
        self.card = [float(index.get(c.name, outside)) for c in cards]
        self.pos = [index.get(c.name, outside) - 1 for c in cards]
        #: a card without lasting effects of its own: its printed stats stand unless equipment,
        #: a modifier or an aura changes them
        self.plain = [not c.own for c in cards]
        self.attack = [c.attack / 10000 for c in cards]
        self.defense = [c.defense / 10000 for c in cards]


_tables: dict[int, _Table] = {}
#: per deck (held, so its identity stays valid): its decklist (books left out) as a
#: ``counts`` row, the row's nonzero places and values, and the row as float32
_decklists: dict[int, tuple[Any, list[float], list[tuple[int, float]], array[float]]] = {}


def _table(cards: Any) -> _Table:
    hit = _tables.get(id(cards))
    if hit is None or hit.cards is not cards:
        if len(_tables) >= 64:
            _tables.clear()
        hit = _tables[id(cards)] = _Table(cards)
    return hit


def _decklist(out: MutableSequence[float], at: int, deck: Any) -> None:
    """Write ``deck``'s decklist as a ``counts`` field at ``at``: a list or a float32
    ``array`` takes the whole row at once, other buffers its nonzero places."""
    hit = _decklists.get(id(deck))
    if hit is None or hit[0] is not deck:
        if len(_decklists) >= 64:
            _decklists.clear()
        row = LAYOUT.counts(_public_part(deck)[0])
        hit = _decklists[id(deck)] = (deck, row, [(k, x) for k, x in enumerate(row) if x],
                                      array("f", row))
    if _COMPILED:  # a C loop into the scratch memoryview
        row = hit[1]
        for k in range(len(row)):
            out[at + k] = row[k]
    elif type(out) is list:
        out[at:at + len(hit[1])] = hit[1]
    elif type(out) is array and out.typecode == "f":
        out[at:at + len(hit[3])] = hit[3]
    else:
        for k, x in hit[2]:
            out[at + k] = x


def _side(out: MutableSequence[float], s: SarasvatiState, seat: int, own: bool, t: _Table,
          at: Any, wide: list[Any], printed: bool) -> None:
    (o_deck, o_grave, o_voltage, o_tapped), books_at, places_at = at
    pos, card = t.pos, t.card
    out[o_deck] = len(s.deck[seat]) / s.options["deck_size"]
    for c in s.grave[seat]:
        out[o_grave + pos[c]] += 1.0
    for c in s.voltage[seat]:
        out[o_voltage + pos[c]] += 1.0
    tapped = s.tapped[seat]
    if tapped:
        out[o_tapped] = tapped / 10
    # view._books: a book's card shows to its owner, or once it is no longer face down
    for b, book, st in zip(books_at, s.books[seat], s.bstate[seat], strict=True):
        out[b] = card[book] if book >= 0 and (own or st != FACE_DOWN) else UNSEEN
        out[b + 1 + st] = 1.0
    # view._field with stats.all_stats, for the places where a character stands
    field = s.field[seat]
    occupied = [i for i, c in enumerate(field) if c >= 0]
    if not occupied:
        return
    plain, attack, defense = t.plain, t.attack, t.defense
    equip, ready, sick, under = s.equip[seat], s.ready[seat], s.sick[seat], s.under[seat]
    for i in occupied:
        b = places_at + PLACE_SIZE * i
        c = field[i]
        out[b] = card[c]
        e = equip[i]
        if e >= 0:
            out[b + 1] = card[e]
        if ready[i]:
            out[b + 2] = 1.0
        if sick[i]:
            out[b + 3] = 1.0
        if under[i]:
            out[b + 4] = len(under[i]) / 5
        if printed and e < 0 and plain[c]:
            out[b + 5] = attack[c]
            out[b + 6] = defense[c]
        else:
            a, d = stats(s, seat, i, wide)
            out[b + 5] = a / 10000
            out[b + 6] = d / 10000
        out[b + 7] = 1.0


def observe_into(s: SarasvatiState, p: int, out: MutableSequence[float]) -> None:
    """``encode(view(s, p))`` written into ``out``, a zero-filled buffer of the layout's size."""
    if _COMPILED:  # typed: C floats into a float32 buffer, else doubles delivered into ``out``
        if type(out) is not list:
            try:
                floats = out
            except (TypeError, ValueError, BufferError):
                pass
            else:
                _write(s, p, floats)
                return
        buf = scratch(LAYOUT.size)
        doubles = buf
        _write(s, p, doubles)
        deliver(buf, out)
    else:
        _WRITE(s, p, out)


def _write(s: SarasvatiState, p: int, out: Any) -> None:
    """``observe_into``'s work."""
    t = _table(s.cards)
    phase = s.phase
    out[O_PHASE + phase] = 1.0
    if phase != OVER and s.active == p:  # current_player: the active seat until the end
        out[O_DECIDING] = 1.0
    if s.active == p:
        out[O_ACTIVE] = 1.0
    if s.first == p:
        out[O_FIRST] = 1.0
    out[O_TURN] = s.turn_no / 50
    # own hand: counts, then its distinct cards in the hand's order
    pos, card = t.pos, t.card
    last = -1
    kind = O_KIND0
    end = O_KIND0 + HAND_KINDS
    for c in s.hand[p]:
        out[O_HAND + pos[c]] += 1.0
        if c != last and kind < end:  # the hand is sorted: a new number is a new card
            out[kind] = card[c]
            kind += 1
        last = c
    # stats: without modifiers or auras in force, a plain card's printed numbers stand
    wide = auras(s)
    printed = not wide and not s.mods
    _side(out, s, p, True, t, _SIDES[0], wide, printed)
    o = 1 - p
    out[O_OPP_HAND] = len(s.hand[o]) / 10
    _side(out, s, o, False, t, _SIDES[1], wide, printed)
    ch = s.choice
    if ch is None:
        out[O_CHOICE] = 1.0
    else:
        if ch[0] == "keep":
            out[O_CHOICE + 1] = 1.0
            out[O_CHOICE_CARD] = card[ch[2]]
        else:
            out[O_CHOICE + 2] = 1.0
            out[O_CHOICE_CARD] = card[ch[2][1]]
        if ch[1] == p:
            out[O_CHOICE_MINE] = 1.0
    if s.queue:
        out[O_QUEUE] = len(s.queue) / 5
    if s.mods:
        out[O_MODS] = len(s.mods) / 5
    _decklist(out, O_DECKLIST, s.decks[p])
    if s.options["open_decklists"]:
        out[O_OPP_OPEN] = 1.0
        _decklist(out, O_OPP_DECKLIST, s.decks[o])


_COMPILED = compiled(_write)
#: ``_write`` as the pure path calls it (compiled, the typed calls above choose its C form)
_WRITE = _write

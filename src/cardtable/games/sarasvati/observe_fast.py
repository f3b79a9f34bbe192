"""The サラスヴァティ observation written straight from the state: ``encode(view(player))``'s
numbers without building the view.

The encoding is defined as ``encode(view(player))`` (encoding.py, documented in
docs/rules/sarasvati.md); this module is its fast path, written by following ``view.view`` and
``encoding.encode`` line by line, and held equal to them by tests/test_fast_observe.py at every
decision point of random games and on hidden twins. It reads from the state only what the view
shows the seat: the other seat's hand by its size, its face-down books as unseen, its decklist
only when ``open_decklists`` opens it.

Attack and defense are ``stats.stats``' sums, term for term: a character's printed numbers
and its equipment's, the lasting effects of both whose condition holds (``Card.own``), the stat
changes on it (``mods``), and the auras in force (``stats.auras``) whose scope takes in its side
and whose condition holds. The per-card terms are made once per card table with the rules' own
``_sum``, each condition is read by the rules' ``holds``, and the auras' share, which does not
depend on the place, is summed once per side. Sums of whole numbers are exact in any order and
the one division comes last, so the numbers are ``stats``' own. The shipped pool has only two
unconditioned book auras, so tests/sarasvati/test_observe_fast_auras.py also plays lab decks
with auras in every zone, of every scope, and conditions on auras and on cards' own effects.

Only nonzero numbers are written: the caller hands a zero-filled buffer. Compiled, the per-card
numbers are C arrays and the state's lists are read once each per call (observe_fast.pxd).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

from cardtable.core.obsbuf import (
    Made,
    column,
    compiled,
    made_from,
    put_row,
    row_forms,
    writer,
)
from cardtable.games.sarasvati import effects as fx
from cardtable.games.sarasvati.encoding import (
    BOOK_SIZE,
    HAND_KINDS,
    LAYOUT,
    NUM_BOOKS,
    PLACE_SIZE,
    PLACES,
)
from cardtable.games.sarasvati.state import FACE_DOWN, OPEN, OVER, SarasvatiState
from cardtable.games.sarasvati.stats import _sum, auras, holds
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
#: the own side's blocks; the opponent's are the same blocks ``OPP`` floats further on
O_DECK, O_GRAVE, O_VOLTAGE, O_TAPPED, O_BOOKS, O_PLACES = (
    _F["deck"], _F["grave"], _F["voltage"], _F["tapped"], _F["book1_card"], _F["place0_card"])
OPP = _F["opp_deck"] - O_DECK
assert all(_F[f"opp_{name}"] == _F[name] + OPP for name in _F
           if f"opp_{name}" in _F and name not in ("hand", "decklist")), "the sides differ"
assert all(_F[f"{s}book{k + 1}_card"] == _F[f"{s}book1_card"] + BOOK_SIZE * k
           for s in ("", "opp_") for k in range(NUM_BOOKS))
assert all(_F[f"{s}place{i}_card"] == _F[f"{s}place0_card"] + PLACE_SIZE * i
           for s in ("", "opp_") for i in range(PLACES))
#: an aura's scope: every character, its owner's, the other side's (``stats.stats``' test)
_ALL, _ALL_OWN, _ALL_OPP = 0, 1, 2


def _probe() -> None:
    """A function of this module, to ask whether it runs compiled."""


_COMPILED = compiled(_probe)


def _c(typecode: str, values: list[Any]) -> Any:
    """A per-card column (``column``: C numbers compiled, the list on the pure path)."""
    return column(typecode, values, _COMPILED)


class _Table:
    """What the writer needs of each card number of one match's card table."""

    __slots__ = ("attack", "auras", "card", "cards", "decks", "defense", "effects", "own", "owns",
                 "pos", "rows", "wide", "zone", "zones")

    def __init__(self, cards: Any) -> None:
        self.cards = cards
        index, outside = LAYOUT.index, LAYOUT.outside
        #: the card's embedding index (a float) and its place in a ``counts`` field
        self.card = _c("d", [float(index.get(c.name, outside)) for c in cards])
        self.pos = _c("q", [index.get(c.name, outside) - 1 for c in cards])
        #: per card, its lasting effects of its own (``Card.own``) as ``stats.stats`` adds
        #: them: (condition, attack, defense: ``stats._sum``), and whether it has any
        self.owns = [tuple((e.condition, *_sum(e)) for e in c.own) for c in cards]
        self.own = _c("b", [1 if c.own else 0 for c in cards])
        self.attack = _c("q", [c.attack for c in cards])
        self.defense = _c("q", [c.defense for c in cards])
        #: per card, the auras it adds where ``stats.auras`` finds it in force:
        #: (scope as above, condition, attack, defense: ``stats._sum``), and the zones where
        #: it is in force (``Traits.wide_at``: 1 the field, 2 on a character, 4 an open book)
        wide_at = cards.traits.wide_at
        self.wide = bool(wide_at.ids)
        self.auras = [tuple((_ALL if e.scope == fx.ALL else _ALL_OWN if e.scope == fx.ALL_OWN
                             else _ALL_OPP, e.condition, *_sum(e)) for e in c.wide)
                      for c in cards]
        #: the same by each aura's identity (held by the card table, so the ids stay valid)
        self.effects = {id(e): a for c, of in zip(cards, self.auras, strict=True)
                        for e, a in zip(c.wide, of, strict=True)}
        #: which zones hold a card with auras at all (the zone flags of the whole table)
        self.zones = (1 if wide_at.field else 0) | (2 if wide_at.equip else 0) \
            | (4 if wide_at.books else 0)
        self.zone = _c("b", [(1 if i in wide_at.field else 0) | (2 if i in wide_at.equip else 0)
                             | (4 if i in wide_at.books else 0) for i in range(len(cards))])
        #: the last ``decks`` seen with this table and their two decklist rows
        self.decks: Any = None
        self.rows: list[Any] = [None, None]


class _Row:
    """One deck's decklist (books left out) as a ``counts`` row."""

    __slots__ = ("at", "deck", "floats", "nonzero", "row", "values")

    def __init__(self, deck: Any) -> None:
        self.deck = deck
        row = LAYOUT.counts(_public_part(deck)[0])
        self.row, self.nonzero, self.floats = row_forms(row)
        #: the nonzero places and their counts, as C arrays when compiled
        self.at = _c("q", [k for k, _ in self.nonzero])
        self.values = _c("d", [x for _, x in self.nonzero])


_tables: Made = {}
#: the table of the last call: clones of a match share it, so this answers nearly every call
_last: _Table | None = None
#: per deck (held, so its identity stays valid)
_rows: Made = {}


def _table(cards: Any) -> _Table:
    global _last
    hit = _last
    if hit is not None and hit.cards is cards:
        return hit
    _last = made_from(_tables, (cards,), _Table, cards)
    return _last


def _row(deck: Any) -> _Row:
    return made_from(_rows, (deck,), _Row, deck)  # type: ignore[no-any-return]


def _decklist(out: MutableSequence[float], at: int, row: _Row) -> None:
    """Write a decklist row as a ``counts`` field at ``at``: a list or a float32 ``array``
    takes the whole row at once, other buffers its nonzero places."""
    if _COMPILED:  # a C loop over the nonzero places
        places, values = row.at, row.values
        for k in range(len(places)):
            out[at + places[k]] = values[k]
    else:
        put_row(out, at, row.row, row.nonzero, row.floats)


def _add(s: SarasvatiState, of: tuple[Any, ...], owner: int,
         sums: list[int]) -> None:
    """Add auras ``of`` a card in force on ``owner``'s side to ``sums`` (attack and
    defense on seat 0's characters, then seat 1's), where ``stats.stats`` adds them."""
    for scope, cond, da, dd in of:
        if cond is None or holds(s, owner, cond):
            for seat in range(2):
                if scope == _ALL or (scope == _ALL_OWN) == (owner == seat):
                    sums[2 * seat] += da
                    sums[2 * seat + 1] += dd


def _write(s: SarasvatiState, p: int, out: Any) -> None:
    """``observe_into``'s work."""
    t = _table(s.cards)
    phase = s.phase
    active = s.active
    out[O_PHASE + phase] = 1.0
    if active == p:  # current_player: the active seat until the end
        if phase != OVER:
            out[O_DECIDING] = 1.0
        out[O_ACTIVE] = 1.0
    first = s.first
    if first == p:
        out[O_FIRST] = 1.0
    out[O_TURN] = s.turn_no / 50
    # own hand: counts, then its distinct cards in the hand's order
    pos, card = t.pos, t.card
    hands = s.hand
    last = -1
    kind = O_KIND0
    end = O_KIND0 + HAND_KINDS
    for c in hands[p]:
        out[O_HAND + pos[c]] += 1.0
        if c != last and kind < end:  # the hand is sorted: a new number is a new card
            out[kind] = card[c]
            kind += 1
        last = c
    o = 1 - p
    n = len(hands[o])
    if n:
        out[O_OPP_HAND] = n / 10
    fields, equips, books, bstates = s.field, s.equip, s.books, s.bstate
    # stats.auras: the cards whose auras are in force (Traits.wide_at: characters on the
    # field, equipment on a character, open books), and what they add on each side
    sums = [0, 0, 0, 0]
    if t.wide and _COMPILED:  # a walk in C over the zones that can hold one, by zone flags
        zone = t.zone
        zones = t.zones
        for owner in range(2):
            if zones & 1:
                for c in fields[owner]:
                    if c >= 0 and zone[c] & 1:
                        _add(s, t.auras[c], owner, sums)
            if zones & 2:
                for c in equips[owner]:
                    if c >= 0 and zone[c] & 2:
                        _add(s, t.auras[c], owner, sums)
            if zones & 4:
                row = books[owner]
                states = bstates[owner]
                if len(row) != len(states):
                    raise ValueError("a forbidden book without its state")
                for i, c in enumerate(row):
                    st = states[i]
                    if st == OPEN and c >= 0 and zone[c] & 4:
                        _add(s, t.auras[c], owner, sums)
    elif t.wide:  # in Python, the rules' own list (its set tests) is quicker than the walk
        effects = t.effects
        for owner, aura in auras(s):
            _add(s, (effects[id(aura)],), owner, sums)
    mods = s.mods
    uids = s.uid if mods else None
    options = s.options
    deck_size = options["deck_size"]
    attack, defense, lasting, owns = t.attack, t.defense, t.own, t.owns
    piles, graves, voltages, tapped = s.deck, s.grave, s.voltage, s.tapped
    readies, sicks, unders = s.ready, s.sick, s.under
    for side in range(2):
        seat = o if side else p
        at = OPP if side else 0
        out[O_DECK + at] = len(piles[seat]) / deck_size
        base = O_GRAVE + at
        for c in graves[seat]:
            out[base + pos[c]] += 1.0
        base = O_VOLTAGE + at
        for c in voltages[seat]:
            out[base + pos[c]] += 1.0
        n = tapped[seat]
        if n:
            out[O_TAPPED + at] = n / 10
        # view._books: a book's card shows to its owner, or once it is no longer face down
        row, states = books[seat], bstates[seat]
        if len(row) != NUM_BOOKS or len(states) != NUM_BOOKS:
            raise ValueError(f"{NUM_BOOKS} forbidden books expected")
        base = O_BOOKS + at
        for i, c in enumerate(row):
            st = states[i]
            out[base] = card[c] if c >= 0 and (not side or st != FACE_DOWN) else UNSEEN
            out[base + 1 + st] = 1.0
            base += BOOK_SIZE
        # view._field with stats.all_stats, for the places where a character stands
        row = fields[seat]
        if len(row) != PLACES:
            raise ValueError(f"{PLACES} places expected")
        equip, ready, sick, under = equips[seat], readies[seat], sicks[seat], unders[seat]
        wa, wd = sums[2 * seat], sums[2 * seat + 1]
        b = O_PLACES + at - PLACE_SIZE
        for i, c in enumerate(row):
            b += PLACE_SIZE
            if c >= 0:
                out[b] = card[c]
                e = equip[i]
                if e >= 0:
                    out[b + 1] = card[e]
                if ready[i]:
                    out[b + 2] = 1.0
                if sick[i]:
                    out[b + 3] = 1.0
                n = len(under[i])
                if n:
                    out[b + 4] = n / 5
                # stats.stats' terms: printed numbers, own effects, stat changes, auras
                a = attack[c] + wa
                d = defense[c] + wd
                if lasting[c]:
                    for cond, da, dd in owns[c]:
                        if cond is None or holds(s, seat, cond):
                            a += da
                            d += dd
                if e >= 0:
                    a += attack[e]
                    d += defense[e]
                    if lasting[e]:
                        for cond, da, dd in owns[e]:
                            if cond is None or holds(s, seat, cond):
                                a += da
                                d += dd
                if mods:
                    u = uids[seat][i]
                    for m in mods:
                        if m[0] == u:
                            a += m[1]
                            d += m[2]
                out[b + 5] = a / 10000
                out[b + 6] = d / 10000
                out[b + 7] = 1.0
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
    queue = s.queue
    if queue:
        out[O_QUEUE] = len(queue) / 5
    if mods:
        out[O_MODS] = len(mods) / 5
    decks = s.decks
    rows = t.rows
    if t.decks is not decks:  # a new match on this table: its two decklists
        t.decks = decks
        rows[0] = rows[1] = None
    dl = rows[p]
    if dl is None:
        dl = rows[p] = _row(decks[p])
    _decklist(out, O_DECKLIST, dl)
    if options["open_decklists"]:
        out[O_OPP_OPEN] = 1.0
        dl = rows[o]
        if dl is None:
            dl = rows[o] = _row(decks[o])
        _decklist(out, O_OPP_DECKLIST, dl)


#: ``observe_into``: ``encode(view(s, p))`` written into ``out``, a zero-filled buffer of the
#: layout's size; the buffer dispatch is the one every writer shares (``obsbuf.writer``)
observe_into = writer(_write, LAYOUT.size)

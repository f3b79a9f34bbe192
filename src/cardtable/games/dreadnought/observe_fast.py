"""The Dreadnought observation written straight from the state: ``encode(view(player))``'s
numbers without building the view.

The encoding is defined as ``encode(view(player))`` (encoding.py, documented in
docs/rules/dreadnought.md); this module is its fast path, written by following ``view.view``
and ``encoding.encode_with`` line by line, and held equal to them by
tests/test_fast_observe.py at every decision point of random games and on hidden twins. It
reads from the state only what the view shows the seat: the other seat's hand by its size, its
casters only once both mulligans are done, a closed gear-change card, a dummy's card and a
face-down enchantment (card and BP) as unseen, BP with closed enchantments counted only for
their owner (``rules.bp`` with the seat as viewer), no HP card or burst by name, the other
decklist only when ``open_decklists`` opens it.

Only nonzero numbers are written: the caller hands a zero-filled buffer.
"""

from __future__ import annotations

from array import array
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
from cardtable.games.dreadnought.board import DUMMY_BP
from cardtable.games.dreadnought.encoding import ASK_INDEX, ENCHANTS, LAYOUT, UNITS
from cardtable.games.dreadnought.state import DreadnoughtState
from cardtable.games.dreadnought.view import public_tables

_F = {f.name: f.offset for f in LAYOUT.fields}
UNSEEN = float(LAYOUT.unseen)
UNIT_SIZE = _F["unit1_card"] - _F["unit0_card"]
ENCHANT_SIZE = _F["enchant1_card"] - _F["enchant0_card"]
O_PHASE, O_DECIDING, O_FIRST, O_TURN, O_STARTED = (
    _F["phase"], _F["deciding"], _F["first"], _F["turn"], _F["started"])
O_HAND, O_OPP_HAND = _F["hand"], _F["opp_hand"]
O_ENCHANT, O_CHAIN, O_ASK, O_ASK_MINE, O_WINDOW = (
    _F["enchant0_card"], _F["chain"], _F["ask"], _F["ask_mine"], _F["window"])
O_ATTACK, O_BUILDING, O_MODS = _F["attack"], _F["building"], _F["mods"]
O_DECKLIST, O_OPP_OPEN, O_OPP_DECKLIST = (
    _F["decklist"], _F["opp_decklist_open"], _F["opp_decklist"])
N_WINDOWS = LAYOUT.field("window").size
#: how far the opponent's side fields lie past the seat's own (the layout repeats them)
SHIFT = _F["opp_casters"] - _F["casters"]
O_CASTERS, O_CHECKED, O_HP, O_DECK, O_DISCARD, O_BURSTS, O_BCHK = (
    _F["casters"], _F["casters_checked"], _F["hp"], _F["deck"], _F["discard"], _F["bursts"],
    _F["bursts_checked"])
O_SPEED, O_SCLOSED, O_GEAR, O_OUT, O_MULLED, O_UNIT = (
    _F["speed"], _F["speed_closed"], _F["gear"], _F["out"], _F["mulled"], _F["unit0_card"])
N_UNITS, N_ENCHANTS, DUMMY_UNIT_BP = UNITS, ENCHANTS, DUMMY_BP
assert all(_F["opp_" + f.name] == f.offset + SHIFT for f in LAYOUT.fields
           if f.offset >= O_CASTERS and f.offset < _F["opp_hand"])


class _Table:
    """What the writer needs of each card number of one match's card table, and of its
    decklists."""

    __slots__ = ("at", "bp", "card", "cards", "decks", "enemy_aura", "lists", "own_aura", "pos",
                 "values")

    def __init__(self, s: DreadnoughtState) -> None:
        cards = s.cards
        self.cards = cards
        self.decks = s.decks
        index, outside = LAYOUT.index, LAYOUT.outside
        #: the card's embedding index (a float) and its place in a ``counts`` field
        self.card = _vector("d", [float(index.get(c.name, outside)) for c in cards])
        self.pos = _vector("q", [index.get(c.name, outside) - 1 for c in cards])
        #: a unit's own BP (printed plus its own 《Auto》), and what it gives each side
        self.bp = _vector("q", [c.bp + c.self_aura for c in cards])
        self.own_aura = _vector("q", [c.own_aura for c in cards])
        self.enemy_aura = _vector("q", [c.enemy_aura for c in cards])
        # both decklists (view.public_tables) as counts rows, their nonzero entries, and
        # the rows as float32 (the pure path's forms); for the compiled loop, ``at`` and
        # ``values``: both rows' nonzero places and numbers end to end, after three heads
        # (``at[0]``, ``at[1]``: where each row's entries begin, ``at[2]``: where they end)
        self.lists = []
        for numbers in public_tables(s)[1]:
            row = LAYOUT.counts(cards[x].name for x in numbers)
            self.lists.append(row_forms(row))
        nonzero = self.lists[0][1] + self.lists[1][1]
        first = len(self.lists[0][1])
        self.at = array("q", [3, 3 + first, 3 + len(nonzero)] + [k for k, _ in nonzero])
        self.values = array("d", [0.0] * 3 + [x for _, x in nonzero])


def _vector(code: str, values: list[Any]) -> Any:
    """A per-card column (``column``: C numbers compiled, the list on the pure path)."""
    return column(code, values, _COMPILED)


_tables: Made = {}
#: the table of the last call: a match's clones share their card table and decks
_last: _Table | None = None


def _table(s: DreadnoughtState) -> _Table:
    global _last
    _last = made_from(_tables, (s.cards, s.decks), _Table, s)
    return _last


def _decklist(out: MutableSequence[float], at: int, t: _Table, seat: int) -> None:
    """Write a decklist's ``counts`` field at ``at``: compiled, its nonzero places by a C
    loop; on the pure path a list or a float32 ``array`` takes the whole row at once, other
    buffers its nonzero places."""
    if _COMPILED:  # a C loop over the row's nonzero places
        places, values = t.at, t.values
        for k in range(places[seat], places[seat + 1]):
            out[at + places[k]] = values[k]
        return
    row, nonzero, floats = t.lists[seat]
    put_row(out, at, row, nonzero, floats)


def _write(s: DreadnoughtState, p: int, out: Any) -> None:
    """``observe_into``'s work: each state field read once, both sides in one loop."""
    cards, decks = s.cards, s.decks
    t = _last
    if t is None or t.cards is not cards or t.decks is not decks:
        t = _table(s)
    card, pos = t.card, t.pos
    options = s.options
    started = s.started
    ask = s.ask
    o = 1 - p
    phase = s.phase
    first = s.first
    out[O_PHASE + phase] = 1.0
    if ask is not None:
        asked = ask[1]
        if asked == p:  # current_player: the seat asked
            out[O_DECIDING] = 1.0
    if first == p:
        out[O_FIRST] = 1.0
    out[O_TURN] = s.turn_no / options["turn_limit"]
    if started:
        out[O_STARTED] = float(started)
    hand = s.hand
    for c in hand[p]:
        out[O_HAND + pos[c]] += 1.0
    out[O_OPP_HAND] = len(hand[o]) / 10
    casters, cchk, hp = s.casters, s.cchk, s.hp
    deck, discard, bchk = s.deck, s.discard, s.bchk
    speeds, sclosed, gear, outs, mulled = s.speed, s.sclosed, s.gear, s.out, s.mulled
    deck_size = options["deck_size"]
    units, mods, enchants = s.units, s.mods, s.enchants
    # rules.aura for both seats at once: the casters' and the units' 《Auto》 BP
    own_aura, enemy_aura = t.own_aura, t.enemy_aura
    c0, c1, c2, c3 = casters  # (unpacked: one length check, no call per item)
    aura0 = own_aura[c0] + own_aura[c1] + enemy_aura[c2] + enemy_aura[c3]
    aura1 = enemy_aura[c0] + enemy_aura[c1] + own_aura[c2] + own_aura[c3]
    for u in units:
        dummy = u.dummy
        if not dummy:
            c = u.card
            seat = u.seat
            if seat == 0:
                aura0 += own_aura[c]
                aura1 += enemy_aura[c]
            else:
                aura0 += enemy_aura[c]
                aura1 += own_aura[c]
    unit_bp = t.bp
    for side in range(2):
        seat = p if side == 0 else o
        d = side * SHIFT
        k = 2 * seat
        # the casters: closed to the opponent until both mulligans are done
        shown = started or side == 0
        for j in range(2):
            c = casters[k + j] if shown else -1
            out[d + O_CASTERS + j] = card[c] if c >= 0 else UNSEEN
            x = cchk[k + j]
            if x:
                out[d + O_CHECKED + j] = float(x)
            pile = hp[k + j]
            if pile:
                out[d + O_HP + j] = len(pile) / 5
        out[d + O_DECK] = len(deck[seat]) / deck_size
        for c in discard[seat]:
            out[d + O_DISCARD + pos[c]] += 1.0
        bursts = bchk[seat]
        if bursts:
            out[d + O_BURSTS] = len(bursts) / 5
            x = 0
            for j in bursts:
                x += j
            out[d + O_BCHK] = x / 5
        # the speed card: a closed gear change is unseen by the opponent
        closed = sclosed[seat]
        speed = -1 if closed and side else speeds[seat]
        if speed >= 0:
            out[d + O_SPEED] = card[speed]
        elif closed:
            out[d + O_SPEED] = UNSEEN
        if closed:
            out[d + O_SCLOSED] = float(closed)
        x = gear[seat]
        if x:
            out[d + O_GEAR] = float(x)
        x = outs[seat]
        if x:
            out[d + O_OUT] = float(x)
        x = mulled[seat]
        if x:
            out[d + O_MULLED] = x / 3
        # the seat's first six units in the order placed, BP as rules.bp gives it to viewer p
        aura = aura0 if seat == 0 else aura1
        b = d + O_UNIT
        n = 0
        for u in units:
            owner = u.seat
            if owner != seat:
                continue
            uid, owner, area, c, checked, dummy = u
            out[b] = card[c] if (not dummy or side == 0) and c >= 0 else UNSEEN
            if area:
                out[b + 1] = float(area)
            if checked:
                out[b + 2] = float(checked)
            if dummy:
                out[b + 3] = float(dummy)
            bp = (DUMMY_UNIT_BP if dummy else unit_bp[c]) + aura
            for m in mods:
                target = m.uid
                if target == uid:
                    amount = m.amount
                    bp += amount
            for e in enchants:
                target = e.uid
                if target == uid:
                    owner, is_open = e.owner, e.is_open
                    if is_open or owner == p:
                        amount = e.amount
                        bp += amount
            if bp > 0:
                out[b + 4] = bp / 100
            b += UNIT_SIZE
            n += 1
            if n == N_UNITS:
                break
    # enchantments: a closed one shows its card and BP to its owner only
    b = O_ENCHANT
    n_enchants = len(enchants)
    if n_enchants > N_ENCHANTS:
        n_enchants = N_ENCHANTS
    for n in range(n_enchants):
        e = enchants[n]
        c, owner, is_open, amount = e.card, e.owner, e.is_open, e.amount
        seen = is_open or owner == p
        out[b] = card[c] if seen and c >= 0 else UNSEEN
        if owner == p:
            out[b + 1] = 1.0
        if is_open:
            out[b + 2] = 1.0
        if seen and amount > 0:
            out[b + 3] = amount / 100
        b += ENCHANT_SIZE
    chain = s.chain
    if chain:
        out[O_CHAIN] = len(chain) / 5
    if ask:
        k = ASK_INDEX.get(ask[0], -1)
        if k >= 0:
            out[O_ASK + k] = 1.0
        if ask[1] == p:
            out[O_ASK_MINE] = 1.0
        if ask[0] == "win" and 0 <= ask[2] < N_WINDOWS:
            out[O_WINDOW + ask[2]] = 1.0
    if s.attack is not None:
        out[O_ATTACK] = 1.0
    if s.building is not None:
        out[O_BUILDING] = 1.0
    if mods:
        out[O_MODS] = len(mods) / 5
    _decklist(out, O_DECKLIST, t, p)
    if options["open_decklists"]:
        out[O_OPP_OPEN] = 1.0
        _decklist(out, O_OPP_DECKLIST, t, o)


_COMPILED = compiled(_write)
#: ``observe_into``: ``encode(view(s, p))`` written into ``out``, a zero-filled buffer of the
#: layout's size; the buffer dispatch is the one every writer shares (``obsbuf.writer``)
observe_into = writer(_write, LAYOUT.size)

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

from cardtable.core.obsbuf import compiled, deliver, scratch
from cardtable.games.dreadnought.encoding import ASK_INDEX, ENCHANTS, LAYOUT, UNITS
from cardtable.games.dreadnought.rules import DUMMY_BP
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
#: per side, where its fields start: casters, casters checked, hp, deck, discard, bursts,
#: bursts checked, speed, speed closed, gear, out, mulled, the first unit
_SIDES = tuple(tuple(_F[f"{s}{name}"] for name in (
    "casters", "casters_checked", "hp", "deck", "discard", "bursts", "bursts_checked", "speed",
    "speed_closed", "gear", "out", "mulled", "unit0_card")) for s in ("", "opp_"))


class _Table:
    """What the writer needs of each card number of one match's card table, and of its
    decklists."""

    __slots__ = ("bp", "card", "cards", "decks", "enemy_aura", "lists", "own_aura", "pos")

    def __init__(self, s: DreadnoughtState) -> None:
        cards = s.cards
        self.cards = cards
        self.decks = s.decks
        index, outside = LAYOUT.index, LAYOUT.outside
        #: the card's embedding index (a float) and its place in a ``counts`` field
        self.card = [float(index.get(c.name, outside)) for c in cards]
        self.pos = [index.get(c.name, outside) - 1 for c in cards]
        #: a unit's own BP (printed plus its own 《Auto》), and what it gives each side
        self.bp = [c.bp + c.self_aura for c in cards]
        self.own_aura = [c.own_aura for c in cards]
        self.enemy_aura = [c.enemy_aura for c in cards]
        # both decklists (view.public_tables) as counts rows, their nonzero entries, and
        # the rows as float32
        self.lists = []
        for numbers in public_tables(s)[1]:
            row = LAYOUT.counts(cards[x].name for x in numbers)
            self.lists.append((row, [(k, x) for k, x in enumerate(row) if x],
                               array("f", row)))


_tables: dict[tuple[int, int, int], _Table] = {}


def _table(s: DreadnoughtState) -> _Table:
    cards, decks = s.cards, s.decks
    key = (id(cards), id(decks[0]), id(decks[1]))
    hit = _tables.get(key)
    if hit is None or hit.cards is not cards or hit.decks[0] is not decks[0] \
            or hit.decks[1] is not decks[1]:
        if len(_tables) >= 64:
            _tables.clear()
        hit = _tables[key] = _Table(s)
    return hit


def _decklist(out: MutableSequence[float], at: int, entry: Any) -> None:
    """Write a decklist's ``counts`` field at ``at``: a list or a float32 ``array`` takes the
    whole row at once, other buffers its nonzero places."""
    if _COMPILED:  # a C loop into the scratch memoryview
        row = entry[0]
        for k in range(len(row)):
            out[at + k] = row[k]
    elif type(out) is list:
        row = entry[0]
        out[at:at + len(row)] = row
    elif type(out) is array and out.typecode == "f":
        out[at:at + len(entry[2])] = entry[2]
    else:
        for k, x in entry[1]:
            out[at + k] = x


def _side(out: MutableSequence[float], s: DreadnoughtState, seat: int, p: int, t: _Table,
          at: tuple[int, ...]) -> None:
    (o_casters, o_checked, o_hp, o_deck, o_discard, o_bursts, o_bchk, o_speed, o_sclosed,
     o_gear, o_out, o_mulled, o_unit) = at
    card, pos = t.card, t.pos
    k = 2 * seat
    casters, cchk, hp = s.casters, s.cchk, s.hp
    # the casters: closed to the opponent until both mulligans are done
    shown = s.started or seat == p
    for j in (0, 1):
        c = casters[k + j] if shown else -1
        out[o_casters + j] = card[c] if c >= 0 else UNSEEN
        if cchk[k + j]:
            out[o_checked + j] = float(cchk[k + j])
        if hp[k + j]:
            out[o_hp + j] = len(hp[k + j]) / 5
    out[o_deck] = len(s.deck[seat]) / s.options["deck_size"]
    for c in s.discard[seat]:
        out[o_discard + pos[c]] += 1.0
    bursts = s.bchk[seat]
    if bursts:
        out[o_bursts] = len(bursts) / 5
        out[o_bchk] = sum(bursts) / 5
    # the speed card: a closed gear change is unseen by the opponent
    sclosed = s.sclosed[seat]
    speed = -1 if sclosed and seat != p else s.speed[seat]
    if speed >= 0:
        out[o_speed] = card[speed]
    elif sclosed:
        out[o_speed] = UNSEEN
    if sclosed:
        out[o_sclosed] = float(sclosed)
    if s.gear[seat]:
        out[o_gear] = float(s.gear[seat])
    if s.out[seat]:
        out[o_out] = float(s.out[seat])
    if s.mulled[seat]:
        out[o_mulled] = s.mulled[seat] / 3
    # the seat's first six units in the order placed, BP as rules.bp gives it to viewer p
    units = [u for u in s.units if u[1] == seat][:UNITS]
    if not units:
        return
    own_aura, enemy_aura = t.own_aura, t.enemy_aura
    aura = 0  # rules.aura: the casters' and the units' 《Auto》 BP for this seat
    for j in range(4):
        aura += own_aura[casters[j]] if j // 2 == seat else enemy_aura[casters[j]]
    for u in s.units:
        if not u[5]:
            aura += own_aura[u[3]] if u[1] == seat else enemy_aura[u[3]]
    mods, enchants = s.mods, s.enchants
    b = o_unit
    for uid, _seat, area, c, checked, dummy in units:
        out[b] = card[c] if (not dummy or seat == p) and c >= 0 else UNSEEN
        if area:
            out[b + 1] = float(area)
        if checked:
            out[b + 2] = float(checked)
        if dummy:
            out[b + 3] = float(dummy)
        bp = (DUMMY_BP if dummy else t.bp[c]) + aura
        for m in mods:
            if m[0] == uid:
                bp += m[1]
        for e in enchants:
            if e[0] == uid and (e[3] or e[2] == p):
                bp += e[4]
        if bp > 0:
            out[b + 4] = bp / 100
        b += UNIT_SIZE


def observe_into(s: DreadnoughtState, p: int, out: MutableSequence[float]) -> None:
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


def _write(s: DreadnoughtState, p: int, out: Any) -> None:
    """``observe_into``'s work."""
    t = _table(s)
    card, pos = t.card, t.pos
    out[O_PHASE + s.phase] = 1.0
    ask = s.ask
    if ask is not None and ask[1] == p:  # current_player: the seat asked
        out[O_DECIDING] = 1.0
    if s.first == p:
        out[O_FIRST] = 1.0
    out[O_TURN] = s.turn_no / s.options["turn_limit"]
    if s.started:
        out[O_STARTED] = float(s.started)
    for c in s.hand[p]:
        out[O_HAND + pos[c]] += 1.0
    _side(out, s, p, p, t, _SIDES[0])
    o = 1 - p
    out[O_OPP_HAND] = len(s.hand[o]) / 10
    _side(out, s, o, p, t, _SIDES[1])
    # enchantments: a closed one shows its card and BP to its owner only
    b = O_ENCHANT
    for _uid, c, owner, is_open, amount in s.enchants[:ENCHANTS]:
        seen = is_open or owner == p
        out[b] = card[c] if seen and c >= 0 else UNSEEN
        if owner == p:
            out[b + 1] = 1.0
        if is_open:
            out[b + 2] = 1.0
        if seen and amount > 0:
            out[b + 3] = amount / 100
        b += ENCHANT_SIZE
    if s.chain:
        out[O_CHAIN] = len(s.chain) / 5
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
    if s.mods:
        out[O_MODS] = len(s.mods) / 5
    _decklist(out, O_DECKLIST, t.lists[p])
    if s.options["open_decklists"]:
        out[O_OPP_OPEN] = 1.0
        _decklist(out, O_OPP_DECKLIST, t.lists[o])


_COMPILED = compiled(_write)
#: ``_write`` as the pure path calls it (compiled, the typed calls above choose its C form)
_WRITE = _write

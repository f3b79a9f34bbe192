"""The Culdcept observation written straight from the state: ``encode(view(player))``'s numbers
without building the view.

The encoding is defined as ``encode(view(player))`` (encoding.py, documented in
docs/rules/culdcept.md); this module is its fast path, written by following ``view.view`` and
``encoding.encode`` line by line, and held equal to them by tests/test_fast_observe.py at every
decision point of random games and on hidden twins. It reads from the state only what the view
shows the seat: the other seat's hand by its size, its level cards by their number, its
face-down battle card as unseen, its decklist only when ``open_decklists`` opens it.

Only nonzero numbers are written: the caller hands a zero-filled buffer.

Two bodies write the same numbers. The pure path runs ``_write`` (with ``_side`` and
``_decklist``), shaped for the interpreter: ``zip`` over a side's slot rows, Python lists of
floats. The compiled build runs ``_fast`` instead, shaped for C: every state attribute read
once, straight from its ``__slots__`` offset, the rows' items read in place by the small C
helpers of observe_fast.pxd, the card table, levels and decklists as C arrays, the options
read once per match. Both are held to ``encode(view(player))`` by the same tests, which run
on both paths (tests/test_fast_observe.py, tests/test_encodings.py,
tests/test_culdcept_observe_fast.py for the compiled build's other routes).

Why ``_fast`` stays (issue 37 keeps a hand-written fast path only where it beats the one body
by a stated margin): on the compiled build ``_write`` takes 3.7 times as long as ``_fast`` into
a list and 11 to 14 times as long into a float32 buffer (``array('f')``, NumPy: the research
adapters' case), per call on mid-game positions: 10.1 against 2.7 µs, 11.9 against 1.05,
14.8 against 1.05 (``python benchmarks/culdcept_writer_bodies.py --rounds 11``, compiled
build of main at 0f04aaf, 2026-12-02, load 14 on 2 cores). The margin is the reads by slot
offset, the C arrays and the typed buffers, which only the compiled build has.
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence
from typing import Any

from cardtable.core.obsbuf import Made, compiled, deliver, made_from, put_row, row_forms, scratch
from cardtable.games.culdcept.cards import START_LANDS
from cardtable.games.culdcept.effects import ELEMENTS
from cardtable.games.culdcept.encoding import HAND_KINDS, LAYOUT, SLOTS
from cardtable.games.culdcept.state import BATTLE_DEF, CHOOSE, OVER, CuldceptState

if False:  # the C helpers of observe_fast.pxd, which only the compiled build's ``_fast``
    # calls: named here for readers and linters (Cython drops this block, Python skips it)
    def _member_offset(descriptor: Any) -> int: ...
    def _slot(s: Any, offset: int) -> Any: ...
    def _at(row: Any, i: int) -> Any: ...
    def _int_at(row: Any, i: int) -> int: ...
    def _len_at(row: Any, i: int) -> int: ...
    def _last_at(row: Any, i: int) -> int: ...
    def _len(row: Any) -> int: ...

_F = {f.name: f.offset for f in LAYOUT.fields}
NL, NE = len(START_LANDS), len(ELEMENTS)
#: within a slot's block (after the starting land's one-hot): the element's one-hot, then
#: level, toll, land cards, level cards, creature, damage, land spell, creature spell, mine
S_ELEM, S_LEVEL = NL, NL + NE
S_TOLL, S_LANDC, S_LEVELC, S_CRE, S_DMG, S_LSP, S_CSP, S_MINE = (
    S_LEVEL + k for k in range(1, 9))
SLOT_SIZE = _F["slot1_land"] - _F["slot0_land"]
UNSEEN = float(LAYOUT.unseen)
#: where each side's fields start: (deck, discard, tolls, points, slot0)
_SIDES = tuple((_F[f"{s}deck"], _F[f"{s}discard"], _F[f"{s}tolls"], _F[f"{s}points"],
                _F[f"{s}slot0_land"]) for s in ("", "opp_"))
O_PHASE, O_DECIDING, O_ACTIVE, O_FIRST = _F["phase"], _F["deciding"], _F["active"], _F["first"]
O_TURN, O_DIE, O_DEST = _F["turn"], _F["die"], _F["dest"]
O_HAND, O_KIND0, O_OPP_HAND = _F["hand"], _F["hand_kind0_card"], _F["opp_hand"]
O_BATTLE, O_PENDING = _F["battle"], _F["pending"]
O_DECKLIST, O_OPP_OPEN, O_OPP_DECKLIST = _F["decklist"], _F["opp_decklist_open"], \
    _F["opp_decklist"]
O_DECK, O_DISCARD, O_TOLLS, O_POINTS, O_SLOT0 = _SIDES[0]
O_OPP_DECK, O_OPP_DISCARD, O_OPP_TOLLS, O_OPP_POINTS, O_OPP_SLOT0 = _SIDES[1]
#: a ``counts`` field's width (the published pool and "outside")
NW = LAYOUT.width


class _Table:
    """What the writer needs of each card number of one match's card table."""

    __slots__ = ("base_elementv", "card", "cards", "cardv", "element", "elementv", "pos",
                 "posv", "terrain", "terrainv", "toll", "tollv")

    def __init__(self, cards: Any) -> None:
        self.cards = cards
        index, outside = LAYOUT.index, LAYOUT.outside
        #: the card's embedding index (a float) and its place in a ``counts`` field
        self.card = [float(index.get(c.name, outside)) for c in cards]
        self.pos = [index.get(c.name, outside) - 1 for c in cards]
        self.element = [c.element for c in cards]
        #: as a land's lasting spell: the element it makes the land (-1: none), toll change
        self.terrain = [next((v for e in c.effects for k, v in e.ops if k == "terrain"), -1)
                        for c in cards]
        self.toll = [c.effects[0].value("toll") if c.effects else 0 for c in cards]
        if not _COMPILED:  # the pure path reads the lists: a list hands back its float,
            return  # an array would make a new one
        # the same as C arrays, for the compiled build's ``_fast``
        self.cardv = array("d", self.card)
        self.posv = array("i", self.pos)
        self.elementv = array("i", self.element)
        self.terrainv = array("i", self.terrain)
        self.tollv = array("i", self.toll)
        self.base_elementv = array("i", _BASE_ELEMENT)


#: each side's slot blocks, by where the side's first block starts
_SLOT_AT = {at[4]: tuple(at[4] + i * SLOT_SIZE for i in range(SLOTS)) for at in _SIDES}
#: a land's level (1 + its level cards) / 5, by its number of level cards
_LEVEL = tuple((1 + n) / 5 for n in range(64))
#: the same as C doubles, for the compiled build's ``_fast``
_LEVELV = array("d", _LEVEL)
_BASE_ELEMENT = tuple(land[2] for land in START_LANDS)
_tables: Made = {}
#: the table of the last call (both bodies)
_last_table: _Table | None = None
#: per deck (held, so its identity stays valid): its decklist as a ``counts`` row in
#: ``row_forms``' three forms
_decklists: dict[int, tuple[Any, tuple[list[float], list[tuple[int, float]], array[float]]]] = {}


def _table(cards: Any) -> _Table:
    """The card table's ``_Table``: the last one while clones of one match ask (nearly every
    call), else ``made_from``'s."""
    global _last_table
    t = _last_table
    if t is None or t.cards is not cards:
        t = _last_table = made_from(_tables, (cards,), _Table, cards)
    return t


def _decklist(out: MutableSequence[float], at: int, deck: Any) -> None:
    """Write ``deck``'s decklist as a ``counts`` field at ``at`` (``put_row``)."""
    hit = _decklists.get(id(deck))  # looked up in place: this runs at every observation
    if hit is None or hit[0] is not deck:
        if len(_decklists) >= 64:
            _decklists.clear()
        hit = _decklists[id(deck)] = (deck, row_forms(LAYOUT.counts(deck.sorted_names)))
    row, nonzero, floats = hit[1]
    if _COMPILED:  # a C loop into the scratch memoryview
        for k in range(len(row)):
            out[at + k] = row[k]
    else:
        put_row(out, at, row, nonzero, floats)


def _side(out: MutableSequence[float], s: CuldceptState, seat: int, own: bool, p: int,
          t: _Table, at: tuple[int, int, int, int, int], deck_size: int) -> None:
    o_deck, o_discard, o_tolls, o_points, o_slot = at
    pos, card = t.pos, t.card
    out[o_deck] = len(s.deck[seat]) / deck_size
    for c in s.discard[seat]:
        out[o_discard + pos[c]] += 1.0
    tolls = s.tolls[seat]
    for c in tolls:
        out[o_tolls + pos[c]] += 1.0
    out[o_points] = len(tolls) / s.options["points_to_win"]
    terrain, element, tolls_of = t.terrain, t.element, t.toll
    # view._slots and encoding._slot, one slot at a time, writing only what is not zero
    for b, base, top, levels, c, damage, ls, ls_by, cs, cs_by in zip(
            _SLOT_AT[o_slot], s.base[seat], s.lands[seat], s.levels[seat], s.creature[seat],
            s.damage[seat], s.lspell[seat], s.lspell_by[seat], s.cspell[seat],
            s.cspell_by[seat], strict=True):
        out[b + base] = 1.0
        lv = len(levels)
        level = _LEVEL[lv]
        out[b + S_LEVEL] = level
        if ls < 0:
            # board.element and board.toll without a land spell: the top land card's element
            # (else the starting land's), and the level
            out[b + S_TOLL] = level
            out[b + S_ELEM + (element[top[-1]] if top else _BASE_ELEMENT[base])] = 1.0
            mine = cs >= 0 and cs_by == p
        else:
            # a land spell may set the element (its terrain) and change the toll (never < 1)
            e = terrain[ls]
            if e < 0:
                e = element[top[-1]] if top else _BASE_ELEMENT[base]
            out[b + S_ELEM + e] = 1.0
            out[b + S_TOLL] = max(1, 1 + lv + tolls_of[ls]) / 5
            out[b + S_LSP] = card[ls]
            mine = ls_by == p or (cs >= 0 and cs_by == p)
        if top:
            out[b + S_LANDC] = len(top) / 3
        if lv and own:  # the opponent's level cards are face down: the view leaves them out
            out[b + S_LEVELC] = lv / 3
        if c >= 0:
            out[b + S_CRE] = card[c]
        if damage:
            out[b + S_DMG] = damage / 50
        if cs >= 0:
            out[b + S_CSP] = card[cs]
        if mine:
            out[b + S_MINE] = 1.0


def observe_into(s: CuldceptState, p: int, out: MutableSequence[float]) -> None:
    """``encode(view(s, p))`` written into ``out``, a zero-filled buffer of the layout's size."""
    if _COMPILED and _BY_SLOTS and type(s) is CuldceptState and (p == 0 or p == 1):
        # typed: Python floats into a list, C floats into a float32 buffer, C doubles into
        # a float64 one, else doubles delivered into ``out``
        if type(out) is list:
            listed = out
            _fast(s, p, listed)
            return
        try:
            floats = out
        except (TypeError, ValueError, BufferError):
            pass
        else:
            _fast(s, p, floats)
            return
        try:
            doubles = out
        except (TypeError, ValueError, BufferError):
            pass
        else:
            _fast(s, p, doubles)
            return
        buf = scratch(LAYOUT.size)
        doubles = buf
        _fast(s, p, doubles)
        deliver(buf, out)
    else:
        _WRITE(s, p, out)


def _write(s: CuldceptState, p: int, out: Any) -> None:
    """``observe_into``'s work."""
    t = _table(s.cards)
    opts = s.options
    phase = s.phase
    active = s.active
    out[O_PHASE + phase] = 1.0
    mover = -1 if phase == OVER else (1 - active if phase == BATTLE_DEF else (
        s.pending[1] if phase == CHOOSE else active))  # type: ignore[index]
    if mover == p:
        out[O_DECIDING] = 1.0
    if active == p:
        out[O_ACTIVE] = 1.0
    first = s.first
    if first == p:
        out[O_FIRST] = 1.0
    out[O_TURN] = s.turn_no / opts["turn_limit"]
    if s.die:
        out[O_DIE] = s.die / 6
    dest = s.dest
    if 0 <= dest < SLOTS:
        out[O_DEST + dest] = 1.0
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
    deck_size = opts["deck_size"]
    _side(out, s, p, True, p, t, _SIDES[0], deck_size)
    o = 1 - p
    out[O_OPP_HAND] = len(s.hand[o]) / 10
    _side(out, s, o, False, p, t, _SIDES[1], deck_size)
    b = s.battle
    if b is not None:
        out[O_BATTLE] = 1.0
        if b[0] >= 0:
            out[O_BATTLE + 1] = card[b[0]]
        out[O_BATTLE + 2] = b[4] / 50
        inv = b[2]
        if inv >= 0:
            out[O_BATTLE + 3] = UNSEEN if phase == BATTLE_DEF and p != active else card[inv]
        if b[3] >= 0:
            out[O_BATTLE + 4] = card[b[3]]
    if s.pending is not None:
        out[O_PENDING] = 1.0
    _decklist(out, O_DECKLIST, s.decks[p])
    if opts["open_decklists"]:
        out[O_OPP_OPEN] = 1.0
        _decklist(out, O_OPP_DECKLIST, s.decks[o])


class _Options:
    """The options ``_fast`` reads, from one match's options (a match's options never
    change: clones share the dict, so it is found by identity)."""

    __slots__ = ("deck_size", "open_decklists", "options", "points_to_win", "turn_limit")

    def __init__(self, options: Any) -> None:
        self.options = options
        self.turn_limit = options["turn_limit"]
        self.deck_size = options["deck_size"]
        self.points_to_win = options["points_to_win"]
        self.open_decklists = bool(options["open_decklists"])


class _Decklists:
    """Both decklists of one match's ``decks`` as the nonzero places of their ``counts``
    rows and the counts there, seat ``q``'s at ``q * NW`` (the compiled build's ``_fast``
    writes a seat's list in one C loop over its distinct cards, a third of the row)."""

    __slots__ = ("at", "count", "decks", "value")

    def __init__(self, decks: Any) -> None:
        self.decks = decks
        at, value, count = [0] * (2 * NW), [0.0] * (2 * NW), [0, 0]
        for q in (0, 1):
            row = LAYOUT.counts(decks[q].sorted_names)
            places = [k for k, x in enumerate(row) if x]
            count[q] = len(places)
            at[q * NW:q * NW + len(places)] = places
            value[q * NW:q * NW + len(places)] = [row[k] for k in places]
        self.at = array("i", at)
        self.value = array("d", value)
        self.count = array("i", count)


#: the decklists and options of the match observed last, as ``_last_table`` is its card
#: table (the compiled build's ``_fast`` asks by identity first: clones share all three,
#: none changes during a match, so a run of calls finds them here)
_last_decks: _Decklists | None = None
_last_options: _Options | None = None
#: the rules' constants as C integers for ``_fast``
_OVER, _BATTLE_DEF, _CHOOSE, _SLOTS, _KINDS = OVER, BATTLE_DEF, CHOOSE, SLOTS, HAND_KINDS


def _fast(s: CuldceptState, p: int, out: Any) -> None:
    """``_write`` as the compiled build runs it (the pure path never calls this): the same
    numbers, each state attribute read once, the slots by index instead of ``zip``, the card
    table and decklists as C arrays."""
    global _last_table, _last_decks, _last_options
    cards = _slot(s, A_CARDS)
    t = _last_table
    if t is None or t.cards is not cards:
        t = _last_table = _table(cards)
    opts = _slot(s, A_OPTIONS)
    oc = _last_options
    if oc is None or oc.options is not opts:
        oc = _last_options = _Options(opts)
    phase = _slot(s, A_PHASE)
    active = _slot(s, A_ACTIVE)
    pending = _slot(s, A_PENDING)
    out[O_PHASE + phase] = 1.0
    if phase == _OVER:
        mover = -1
    elif phase == _BATTLE_DEF:
        mover = 1 - active
    elif phase == _CHOOSE:
        mover = pending[1]  # type: ignore[index]
    else:
        mover = active
    if mover == p:
        out[O_DECIDING] = 1.0
    if active == p:
        out[O_ACTIVE] = 1.0
    first = _slot(s, A_FIRST)
    if first == p:
        out[O_FIRST] = 1.0
    turn_no = _slot(s, A_TURN_NO)
    out[O_TURN] = turn_no / oc.turn_limit
    die = _slot(s, A_DIE)
    if die:
        out[O_DIE] = die / 6
    dest = _slot(s, A_DEST)
    if 0 <= dest < _SLOTS:
        out[O_DEST + dest] = 1.0
    hands = _slot(s, A_HAND)
    hand = _at(hands, p)
    last = -1
    kind = O_KIND0
    end = O_KIND0 + _KINDS
    n = _len(hand)
    for k in range(n):
        c = _int_at(hand, k)
        out[O_HAND + t.posv[c]] += 1.0
        if c != last and kind < end:  # the hand is sorted: a new number is a new card
            out[kind] = t.cardv[c]
            kind += 1
        last = c
    o = 1 - p
    hand = _at(hands, o)
    n = _len(hand)
    out[O_OPP_HAND] = n / 10
    decks = _slot(s, A_DECK)
    discards = _slot(s, A_DISCARD)
    tollss = _slot(s, A_TOLLS)
    bases = _slot(s, A_BASE)
    landss = _slot(s, A_LANDS)
    levelss = _slot(s, A_LEVELS)
    creatures = _slot(s, A_CREATURE)
    damages = _slot(s, A_DAMAGE)
    lspells = _slot(s, A_LSPELL)
    lspells_by = _slot(s, A_LSPELL_BY)
    cspells = _slot(s, A_CSPELL)
    cspells_by = _slot(s, A_CSPELL_BY)
    for side in range(2):
        if side == 0:
            seat = p
            o_deck, o_discard, o_tolls, o_points, b = O_DECK, O_DISCARD, O_TOLLS, O_POINTS, \
                O_SLOT0
        else:
            seat = o
            o_deck, o_discard, o_tolls, o_points, b = O_OPP_DECK, O_OPP_DISCARD, \
                O_OPP_TOLLS, O_OPP_POINTS, O_OPP_SLOT0
        out[o_deck] = _len_at(decks, seat) / oc.deck_size
        pile = _at(discards, seat)
        n = _len(pile)
        for k in range(n):
            out[o_discard + t.posv[_int_at(pile, k)]] += 1.0
        pile = _at(tollss, seat)
        n = _len(pile)
        for k in range(n):
            out[o_tolls + t.posv[_int_at(pile, k)]] += 1.0
        out[o_points] = n / oc.points_to_win
        base_row = _at(bases, seat)
        lands_row = _at(landss, seat)
        levels_row = _at(levelss, seat)
        creature_row = _at(creatures, seat)
        damage_row = _at(damages, seat)
        ls_row = _at(lspells, seat)
        ls_by_row = _at(lspells_by, seat)
        cs_row = _at(cspells, seat)
        cs_by_row = _at(cspells_by, seat)
        for i in range(_SLOTS):
            base = _int_at(base_row, i)
            ntop = _len_at(lands_row, i)
            lv = _len_at(levels_row, i)
            ls = _int_at(ls_row, i)
            cs = _int_at(cs_row, i)
            out[b + base] = 1.0
            level = _LEVELV[lv]
            out[b + S_LEVEL] = level
            e = t.elementv[_last_at(lands_row, i)] if ntop else t.base_elementv[base]
            if ls < 0:
                out[b + S_TOLL] = level
                mine = cs >= 0 and _int_at(cs_by_row, i) == p
            else:
                if t.terrainv[ls] >= 0:
                    e = t.terrainv[ls]
                out[b + S_TOLL] = max(1, 1 + lv + t.tollv[ls]) / 5
                out[b + S_LSP] = t.cardv[ls]
                mine = _int_at(ls_by_row, i) == p or (
                    cs >= 0 and _int_at(cs_by_row, i) == p)
            out[b + S_ELEM + e] = 1.0
            if ntop:
                out[b + S_LANDC] = ntop / 3
            if lv and side == 0:  # the opponent's level cards are face down
                out[b + S_LEVELC] = lv / 3
            c = _int_at(creature_row, i)
            if c >= 0:
                out[b + S_CRE] = t.cardv[c]
            damage = _int_at(damage_row, i)
            if damage:
                out[b + S_DMG] = damage / 50
            if cs >= 0:
                out[b + S_CSP] = t.cardv[cs]
            if mine:
                out[b + S_MINE] = 1.0
            b += SLOT_SIZE
    battle = _slot(s, A_BATTLE)
    if battle is not None:
        out[O_BATTLE] = 1.0
        c = _int_at(battle, 0)
        if c >= 0:
            out[O_BATTLE + 1] = t.cardv[c]
        damage = _int_at(battle, 4)
        out[O_BATTLE + 2] = damage / 50
        c = _int_at(battle, 2)
        if c >= 0:
            out[O_BATTLE + 3] = UNSEEN if phase == _BATTLE_DEF and p != active else t.cardv[c]
        c = _int_at(battle, 3)
        if c >= 0:
            out[O_BATTLE + 4] = t.cardv[c]
    if pending is not None:
        out[O_PENDING] = 1.0
    match_decks = _slot(s, A_DECKS)
    dl = _last_decks
    if dl is None or dl.decks is not match_decks:
        dl = _last_decks = _Decklists(match_decks)
    b = p * NW
    for k in range(b, b + dl.count[p]):
        out[O_DECKLIST + dl.at[k]] = dl.value[k]
    if oc.open_decklists:
        out[O_OPP_OPEN] = 1.0
        b = o * NW
        for k in range(b, b + dl.count[o]):
            out[O_OPP_DECKLIST + dl.at[k]] = dl.value[k]


_COMPILED = compiled(_write)
#: the state attributes ``_fast`` reads
_FAST_READS = ("cards", "options", "phase", "active", "pending", "first", "turn_no", "die",
               "dest", "hand", "deck", "discard", "tolls", "base", "lands", "levels",
               "creature", "damage", "lspell", "lspell_by", "cspell", "cspell_by", "battle",
               "decks")


def _slot_offsets() -> tuple[int, ...]:
    """Compiled only: where each of ``_FAST_READS`` sits in a ``CuldceptState`` (its slot's
    offset, from the slot's member descriptor; -1 where it is not a plain slot). ``_fast``
    reads an attribute there (``_slot``, a C function of the .pxd) instead of through
    Python's generic attribute lookup, which was the biggest cost of a compiled call."""
    return tuple(_member_offset(getattr(CuldceptState, name))
                 for name in _FAST_READS)


(A_CARDS, A_OPTIONS, A_PHASE, A_ACTIVE, A_PENDING, A_FIRST, A_TURN_NO, A_DIE, A_DEST, A_HAND,
 A_DECK, A_DISCARD, A_TOLLS, A_BASE, A_LANDS, A_LEVELS, A_CREATURE, A_DAMAGE, A_LSPELL,
 A_LSPELL_BY, A_CSPELL, A_CSPELL_BY, A_BATTLE, A_DECKS) = _OFFSETS = \
    _slot_offsets() if _COMPILED else (-1,) * len(_FAST_READS)
#: compiled: every attribute ``_fast`` reads has its slot's offset
_BY_SLOTS = min(_OFFSETS) >= 0
#: ``_write`` as the pure path calls it (compiled: a state of another type or an odd seat)
_WRITE = _write

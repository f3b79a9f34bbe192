"""Cardguard Dice and Monsters observations for learning agents, from ``view(player)`` alone.

The decisions are the deck-building picks and the team answer; the battle after them plays
itself, so its board appears only in the final position. The layout is printed field by field
in docs/rules/dice-and-monsters.md; card indices follow ``core/encoding.py``.
"""

from __future__ import annotations

from array import array
from typing import Any

from cardtable.core.encoding import Layout, check_length, onehot
from cardtable.core.obsbuf import compiled, writer
from cardtable.games.dice_and_monsters.actions import team_squares
from cardtable.games.dice_and_monsters.commands import HIDDEN
from cardtable.games.dice_and_monsters.damage import STATUS_NAMES
from cardtable.games.dice_and_monsters.game import shipped_pool
from cardtable.games.dice_and_monsters.state import BUILD, PHASE_NAMES, TEAM, WAITING, DiceState

PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}
STATUSES = tuple(STATUS_NAMES.values())
SQUARES = 4


def _layout() -> Layout:
    lay = Layout("dice-and-monsters", list(shipped_pool()))
    lay.opening_fields(PHASE_NAMES)
    lay.add("rounds", "scalar", "battle rounds / 10")
    lay.counts_field("pool", "own pool to build from")
    lay.counts_field("opp_pool", "opponent's pool")
    lay.counts_field("deck", "own deck picked so far")
    lay.counts_field("leap", "own leap cards picked so far")
    lay.add("built", "flag", "own deck finished")
    lay.add("team_given", "flag", "own team answer given (team step)")
    lay.add("team", "scalar", "own team answer: the four squares' numbers / 8", 4)
    lay.add("opp_built", "flag", "opponent's deck finished")
    lay.add("opp_answered", "flag", "opponent's team answer given (team step)")
    lay.counts_field("opp_deck", "opponent's deck (shown once both are built)")
    lay.counts_field("opp_leap", "opponent's leap cards (shown once both are built)")
    for side, who in (("", "own"), ("opp_", "opponent's")):
        lay.repeat(f"{side}sq", [str(sq) for sq in range(1, SQUARES + 1)], (
            ("card", "card", f"{who} card on square k after the battle "
             "(P+2: a face-down command)", 1),
            ("unit", "flag", "1 when a unit stands there", 1),
            ("hp", "scalar", "its HP / 20", 1),
            ("max", "scalar", "its maximum HP / 20", 1),
            ("status", "flag", f"its statuses ({', '.join(STATUSES)})", len(STATUSES))))
    lay.add("units", "scalar", "units standing at the end, own and opponent's / 4", 2)
    lay.add("taken", "scalar", "damage taken, own and opponent's / 50", 2)
    return lay


LAYOUT = _layout()
_EMPTY_SQUARE = [0.0] * (4 + len(STATUSES))


def _square(cell: dict[str, Any] | None) -> list[float]:
    if not cell:
        return list(_EMPTY_SQUARE)
    lay = LAYOUT
    if "unit" in cell:
        status = cell["status"]
        return [lay.card(cell["unit"]), 1.0, cell["hp"] / 20, cell["max"] / 20,
                *(1.0 if s in status else 0.0 for s in STATUSES)]
    name = cell.get("card", cell["command"])
    index = float(lay.unseen) if name == "face-down" else lay.card(name)
    return [index, *_EMPTY_SQUARE[1:]]


def encode(view: dict[str, Any]) -> list[float]:
    lay = LAYOUT
    p = view["player"]
    you, opp = view["you"], view["opponent"]
    out = onehot(PHASES[view["phase"]], len(PHASE_NAMES))
    out += (1.0 if view["to_move"] == p else 0.0, view["rounds"] / 10)
    out += lay.fixed_counts(view["pools"][p])
    out += lay.fixed_counts(view["pools"][1 - p])
    out += lay.counts(you["deck"])
    out += lay.counts(you["leap"])
    team = you.get("team")
    out += (1.0 if you["built"] else 0.0, 0.0 if team is None else 1.0)
    out += [x / 8 for x in team] if team else [0.0] * 4
    out += (1.0 if opp["built"] else 0.0, 1.0 if opp.get("answered") else 0.0)
    out += lay.counts(opp.get("deck", ()))
    out += lay.counts(opp.get("leap", ()))
    field = view["field"]
    for seat in (p, 1 - p):
        row = field[seat] if field else [None] * SQUARES
        for cell in row:
            out += _square(cell)
    cmp = view["comparison"]
    if cmp:
        out += (cmp["units"][p] / 4, cmp["units"][1 - p] / 4,
                cmp["taken"][p] / 50, cmp["taken"][1 - p] / 50)
    else:
        out += (0.0, 0.0, 0.0, 0.0)
    return check_length(lay, out)



# -- the fast path: the same numbers straight from the state (tests hold it to ``encode``) ----
def _at(name: str) -> int:
    return LAYOUT.field(name).offset


_PHASE, _DECIDING, _ROUNDS = _at("phase"), _at("deciding"), _at("rounds")
_POOL, _OPP_POOL, _DECK, _LEAP = _at("pool"), _at("opp_pool"), _at("deck"), _at("leap")
_BUILT, _TEAM_GIVEN, _TEAM = _at("built"), _at("team_given"), _at("team")
_OPP_BUILT, _OPP_ANSWERED = _at("opp_built"), _at("opp_answered")
_OPP_DECK, _OPP_LEAP, _SQUARES, _UNITS = _at("opp_deck"), _at("opp_leap"), _at("sq1_card"), \
    _at("units")
_SQUARE = len(_EMPTY_SQUARE)
_UNSEEN = float(LAYOUT.unseen)
#: a status's place within a square's fields
_STATUS_AT = {name: 4 + i for i, name in enumerate(STATUSES)}
_WIDTH = LAYOUT.width


_WAITING, _TEAM_PHASE, _BUILD_PHASE = WAITING, TEAM, BUILD


class _Table:
    """What the writer needs of one match's card table and pools (shared by its clones,
    never mutated): each card's embedding index (C numbers when compiled, a list on the pure
    path, where a list reads fastest), and each seat's pool as a ``counts`` row: float32 (the
    pure path's slice) and its nonzero places and numbers (the compiled loop)."""

    __slots__ = ("at", "cards", "index", "pool", "rows", "seat_pools", "values")

    def __init__(self, state: DiceState) -> None:
        cards, pool = state.cards, state.pool
        self.cards = cards
        self.pool = pool
        self.seat_pools = tuple(pool)
        self.index = _vector("q", LAYOUT.table_indices(cards))
        counts = [LAYOUT.counts([cards[c].name for c in seat]) for seat in pool]
        self.rows = [array("f", row) for row in counts]
        nonzero = [[(k, x) for k, x in enumerate(row) if x] for row in counts]
        at = [len(counts) + 1]
        for row in nonzero:
            at.append(at[-1] + len(row))
        flat = [kx for row in nonzero for kx in row]
        self.at = array("q", at + [k for k, _ in flat])
        self.values = array("d", [0.0] * len(at) + [x for _, x in flat])


def _vector(code: str, values: list[Any]) -> Any:
    return array(code, values) if _COMPILED else values


_tables: dict[int, _Table] = {}
#: the table of the last call: a match's clones share their card table and pools
_last: _Table | None = None


def _table(state: DiceState) -> _Table:
    global _last
    cards, pool = state.cards, state.pool
    hit = _tables.get(id(pool))
    if hit is None or hit.cards is not cards or hit.pool is not pool \
            or not _same(hit.seat_pools, pool):
        if len(_tables) >= 64:
            _tables.clear()
        hit = _tables[id(pool)] = _Table(state)
    _last = hit
    return hit


def _same(kept: tuple[Any, ...], pool: list[Any]) -> bool:
    """Whether ``pool`` (two seats') still holds the very lists ``kept`` does."""
    return len(kept) == 2 and len(pool) == 2 and kept[0] is pool[0] and kept[1] is pool[1]


def _pool_row(out: Any, at: int, t: _Table, seat: int) -> None:
    """A pool's ``counts`` row at ``at``: compiled, its nonzero places by a C loop; on the
    pure path, the float32 row in one slice."""
    if _COMPILED:
        places, values = t.at, t.values
        for k in range(places[seat], places[seat + 1]):
            out[at + places[k]] = values[k]
    else:
        out[at:at + _WIDTH] = t.rows[seat]


def _write(state: DiceState, p: int, out: Any) -> None:
    """``observe_into``'s work: each state field read once."""
    cards, pool = state.cards, state.pool
    t = _last
    if t is None or t.cards is not cards or t.pool is not pool \
            or not _same(t.seat_pools, pool):
        t = _table(state)
    index = t.index
    o = 1 - p
    phase = state.phase
    to_move = state.to_move
    out[_PHASE + phase] = 1.0
    if to_move == p:
        out[_DECIDING] = 1.0
    out[_ROUNDS] = state.rounds / 10
    _pool_row(out, _POOL, t, p)
    _pool_row(out, _OPP_POOL, t, o)
    decks, leaps, built = state.deck, state.leap, state.built
    at = _DECK - 1
    for c in decks[p]:
        out[at + index[c]] += 1.0
    at = _LEAP - 1
    for c in leaps[p]:
        out[at + index[c]] += 1.0
    if built[p]:
        out[_BUILT] = 1.0
    if phase == _TEAM_PHASE:
        pending = state.pending
        mine = pending[p]
        if mine != _WAITING:
            out[_TEAM_GIVEN] = 1.0
            at = _TEAM
            for x in team_squares(mine):
                out[at] = x / 8
                at += 1
        theirs = pending[o]
        if theirs != _WAITING:
            out[_OPP_ANSWERED] = 1.0
    if built[o]:
        out[_OPP_BUILT] = 1.0
    if phase != _BUILD_PHASE:  # both decks are shown together once both are built
        at = _OPP_DECK - 1
        for c in decks[o]:
            out[at + index[c]] += 1.0
        at = _OPP_LEAP - 1
        for c in leaps[o]:
            out[at + index[c]] += 1.0
    final = state.final
    if final is None:
        return
    field = final["field"]
    names, outside = LAYOUT.index, LAYOUT.outside  # LAYOUT.card, inlined
    cmd = final["commands"][o]
    hidden = cmd["square"] - 1 if cmd["state"] == HIDDEN else -1
    at = _SQUARES
    for seat in (p, o):
        for sq, cell in enumerate(field[seat]):
            if seat == o and sq == hidden:
                out[at] = _UNSEEN
            elif cell:
                if "unit" in cell:
                    out[at] = float(names.get(cell["unit"], outside))
                    out[at + 1] = 1.0
                    out[at + 2] = cell["hp"] / 20
                    out[at + 3] = cell["max"] / 20
                    for s in cell["status"]:
                        if s in _STATUS_AT:
                            out[at + _STATUS_AT[s]] = 1.0
                else:
                    name = cell.get("card", cell["command"])
                    out[at] = (_UNSEEN if name == "face-down" else
                               0.0 if name is None else float(names.get(name, outside)))
            at += _SQUARE
    units, taken = final["units"], final["taken"]
    out[_UNITS] = units[p] / 4
    out[_UNITS + 1] = units[o] / 4
    out[_UNITS + 2] = taken[p] / 50
    out[_UNITS + 3] = taken[o] / 50


_COMPILED = compiled(_write)
#: ``observe_into``: ``encode(view(p))`` written into the zeroed buffer ``out`` from the state
#: itself: the opponent's picks only once both decks are built, its team only as "answered", its
#: unfired command face down, as ``view`` shows them; the buffer dispatch is the one every writer
#: shares (``obsbuf.writer``)
observe_into = writer(_write, LAYOUT.size)

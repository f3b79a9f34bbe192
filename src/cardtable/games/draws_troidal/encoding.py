"""DRAWS-◎-TROIDAL observations for learning agents, from ``view(player)`` alone.

The layout is printed field by field in docs/rules/draws-troidal.md; card indices follow
``core/encoding.py`` (0 none, 1..P the shipped pool in file order, P+1 outside, P+2 unseen).
"""

from __future__ import annotations

from array import array
from typing import Any

from cardtable.core.encoding import Layout, check_length, onehot
from cardtable.core.obsbuf import Made, column, compiled, made_from, writer
from cardtable.games.draws_troidal.actions import HAND_MAX
from cardtable.games.draws_troidal.pool import shipped_pool
from cardtable.games.draws_troidal.state import PHASE_NAMES, DrawsState
from cardtable.games.draws_troidal.steps import NOT_ASKED

PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}
LANE_NAMES = "ABCDE"


def _layout() -> Layout:
    lay = Layout("draws-troidal", list(shipped_pool()))
    lay.opening_fields(PHASE_NAMES)
    lay.add("initiative", "flag", "1 when this seat holds the initiative")
    lay.add("turn", "scalar", "turns begun / 50")
    lay.add("life", "scalar", "own life / the `life` option", 1)
    lay.add("opp_life", "scalar", "the opponent's life / the `life` option")
    lay.counts_field("hand", "own hand")
    lay.repeat("source", [str(k) for k in range(HAND_MAX)], (
        ("card", "card", "the card at source position k, the position a placement code names: "
         "the opening five while they are out, else the hand (0: none)", 1),))
    lay.counts_field("revealed", "own opening cards shown")
    lay.counts_field("trash", "own trash")
    lay.add("deck", "scalar", "own deck size / the `deck_size` option")
    lay.add("redos", "scalar", "own opening redos used")
    lay.add("asked", "flag", "own answer to the simultaneous step given")
    lay.repeat("lane_", LANE_NAMES, (
        ("card", "card", "own card in lane k (0: empty)", 1),
        ("guard", "scalar", "its guard counters / 5", 1),
        ("wins", "scalar", "its wins / the `win_limit` option", 1),
        ("fresh", "flag", "1 when it was set this turn", 1)))
    lay.add("opp_hand", "scalar", "opponent's hand size / 5")
    lay.add("opp_revealed", "scalar", "opponent's opening cards shown / 5")
    lay.counts_field("opp_trash", "opponent's trash")
    lay.add("opp_deck", "scalar", "opponent's deck size / the `deck_size` option")
    lay.add("opp_redos", "scalar", "opponent's opening redos used")
    lay.add("opp_asked", "flag", "opponent has been asked in the simultaneous step")
    lay.add("opp_answered", "flag", "opponent has answered it")
    lay.repeat("opp_lane_", LANE_NAMES, (
        ("card", "card", "opponent's card in lane k (0: empty; P+2: set face down this turn)", 1),
        ("power", "scalar", "the power shown on a face-down card / 10 (0 otherwise)", 1),
        ("guard", "scalar", "its guard counters / 5", 1),
        ("wins", "scalar", "its wins / the `win_limit` option", 1)))
    lay.decklist_fields("own decklist (the deck as built)")
    return lay


LAYOUT = _layout()
_NO_SOURCES = [0.0] * HAND_MAX


def encode(view: dict[str, Any]) -> list[float]:
    lay = LAYOUT
    opts = view["options"]
    life, deck_size, win_limit = opts["life"], opts["deck_size"], opts["win_limit"]
    p = view["player"]
    you, opp = view["you"], view["opponent"]
    card = lay.card
    out = onehot(PHASES[view["phase"]], len(PHASE_NAMES))
    out += (1.0 if view["to_move"] == p else 0.0, 1.0 if view["initiative"] == p else 0.0,
            view["turn"] / 50, view["life"][p] / life, view["life"][1 - p] / life)
    hand = you["hand"]
    out += lay.counts(hand)
    sources = you["revealed"] or hand
    out += [card(n) for n in sources[:HAND_MAX]]
    out += _NO_SOURCES[:HAND_MAX - len(sources)]
    out += lay.counts(you["revealed"])
    out += lay.counts(you["trash"])
    out += (you["deck_count"] / deck_size, float(you["redos"]), 1.0 if you["asked"] else 0.0)
    for lane in you["field"]:
        if "empty" in lane:
            out += (0.0, 0.0, 0.0, 0.0)
        else:
            out += (card(lane["card"]), lane["guard"] / 5, lane["wins"] / win_limit,
                    1.0 if lane["fresh"] else 0.0)
    out += (opp["hand_count"] / 5, opp["revealed_count"] / 5)
    out += lay.counts(opp["trash"])
    out += (opp["deck_count"] / deck_size, float(opp["redos"]), 1.0 if opp["asked"] else 0.0,
            1.0 if opp["answered"] else 0.0)
    unseen = float(lay.unseen)
    for lane in opp["field"]:
        if "empty" in lane:
            out += (0.0, 0.0, 0.0, 0.0)
        elif "hidden" in lane:
            power = lane["power"]
            out += (unseen, power / 10 if power is not None else 0.0, 0.0, 0.0)
        else:
            out += (card(lane["card"]), 0.0, lane["guard"] / 5, lane["wins"] / win_limit)
    out += lay.decklists(view["decklists"], p)
    return check_length(lay, out)



# -- the fast path: the same numbers straight from the state (tests hold it to ``encode``) ----
def _at(name: str) -> int:
    return LAYOUT.field(name).offset


_PHASE, _DECIDING, _INITIATIVE = _at("phase"), _at("deciding"), _at("initiative")
_TURN = _at("turn")
_LIFE, _OPP_LIFE, _HAND, _SOURCE = _at("life"), _at("opp_life"), _at("hand"), _at("source0_card")
_REVEALED, _TRASH, _DECK = _at("revealed"), _at("trash"), _at("deck")
_LANE, _OPP_HAND, _OPP_TRASH = _at("lane_A_card"), _at("opp_hand"), _at("opp_trash")
_OPP_DECK, _OPP_LANE = _at("opp_deck"), _at("opp_lane_A_card")
_DECKLIST, _OPP_OPEN, _OPP_DECKLIST = _at("decklist"), _at("opp_decklist_open"), _at("opp_decklist")
_UNSEEN = float(LAYOUT.unseen)
_WIDTH = LAYOUT.width


_NOT_ASKED = NOT_ASKED
_HAND_MAX = HAND_MAX


class _Table:
    """What the writer needs of one match's card table and decks (shared by its clones):
    each card's place in the counts fields, its index as a float and the power a face-down
    card shows / 10 (C numbers when compiled, lists on the pure path, where a list reads
    fastest), and each seat's decklist as a ``counts`` row: float32 (the pure path's slice)
    and its nonzero places and numbers (the compiled loop)."""

    __slots__ = ("at", "cards", "decks", "in_hand", "in_opp_trash", "in_revealed", "in_trash",
                 "power", "rows", "value", "values")

    def __init__(self, state: DrawsState) -> None:
        cards = state.cards
        self.cards = cards
        self.decks = state.decks
        index = LAYOUT.table_indices(cards)
        self.value = _vector("d", [float(i) for i in index])
        self.in_hand, self.in_revealed, self.in_trash, self.in_opp_trash = (
            _vector("q", [at - 1 + i for i in index])
            for at in (_HAND, _REVEALED, _TRASH, _OPP_TRASH))
        self.power = _vector("d", [c.power / 10 if c.power else 0.0 for c in cards])
        counts = [LAYOUT.counts(d.sorted_names) for d in state.decks]
        self.rows = [array("f", row) for row in counts]
        nonzero = [[(k, x) for k, x in enumerate(row) if x] for row in counts]
        at = [len(counts) + 1]
        for row in nonzero:
            at.append(at[-1] + len(row))
        flat = [kx for row in nonzero for kx in row]
        self.at = array("q", at + [k for k, _ in flat])
        self.values = array("d", [0.0] * len(at) + [x for _, x in flat])


def _vector(code: str, values: list[Any]) -> Any:
    return column(code, values, _COMPILED)


_tables: Made = {}
#: the table of the last call: a match's clones share their card table and decks
_last: _Table | None = None


def _table(state: DrawsState) -> _Table:
    global _last
    _last = made_from(_tables, (state.cards, state.decks), _Table, state)
    return _last


def _decklist(out: Any, at: int, t: _Table, seat: int) -> None:
    """A decklist's ``counts`` row at ``at``: compiled, its nonzero places by a C loop; on
    the pure path, the float32 row in one slice."""
    if _COMPILED:
        places, values = t.at, t.values
        for k in range(places[seat], places[seat + 1]):
            out[at + places[k]] = values[k]
    else:
        out[at:at + _WIDTH] = t.rows[seat]


def _write(state: DrawsState, p: int, out: Any) -> None:
    """``observe_into``'s work: each state field read once."""
    cards, decks = state.cards, state.decks
    t = _last
    if t is None or t.cards is not cards or t.decks is not decks:
        t = _table(state)
    value, power = t.value, t.power
    in_hand, in_revealed, in_trash = t.in_hand, t.in_revealed, t.in_trash
    o = 1 - p
    opts = state.options
    life, deck_size, win_limit = opts["life"], opts["deck_size"], opts["win_limit"]
    phase, to_move, initiative = state.phase, state.to_move, state.initiative
    out[_PHASE + phase] = 1.0
    if to_move == p:
        out[_DECIDING] = 1.0
    if initiative == p:
        out[_INITIATIVE] = 1.0
    turn_no = state.turn_no
    out[_TURN] = turn_no / 50
    lives, hands, revealeds, trashes = state.life, state.hand, state.revealed, state.trash
    decks_left, redos, pending = state.deck, state.redos, state.pending
    fields, guards, winses, freshes = state.field, state.guard, state.wins, state.fresh
    x = lives[p]
    out[_LIFE] = x / life
    x = lives[o]
    out[_OPP_LIFE] = x / life
    hand = hands[p]
    for c in hand:
        out[in_hand[c]] += 1.0
    revealed = revealeds[p]
    sources = revealed if revealed else hand
    n = len(sources)
    if n > _HAND_MAX:
        n = _HAND_MAX
    for k in range(n):
        c = sources[k]
        out[_SOURCE + k] = value[c]
    for c in revealed:
        out[in_revealed[c]] += 1.0
    for c in trashes[p]:
        out[in_trash[c]] += 1.0
    out[_DECK] = len(decks_left[p]) / deck_size
    x = redos[p]
    out[_DECK + 1] = float(x)
    asked = pending[p]
    if asked != _NOT_ASKED:
        out[_DECK + 2] = 1.0
    field, guard, wins, fresh = fields[p], guards[p], winses[p], freshes[p]
    at = _LANE
    for k in range(len(field)):
        c = field[k]
        if c >= 0:
            out[at] = value[c]
            g = guard[k]
            if g:
                out[at + 1] = g / 5
            w = wins[k]
            if w:
                out[at + 2] = w / win_limit
            if fresh[k]:
                out[at + 3] = 1.0
        at += 4
    out[_OPP_HAND] = len(hands[o]) / 5
    out[_OPP_HAND + 1] = len(revealeds[o]) / 5
    in_trash = t.in_opp_trash
    for c in trashes[o]:
        out[in_trash[c]] += 1.0
    out[_OPP_DECK] = len(decks_left[o]) / deck_size
    x = redos[o]
    out[_OPP_DECK + 1] = float(x)
    asked = pending[o]
    if asked != _NOT_ASKED:
        out[_OPP_DECK + 2] = 1.0
        if asked >= 0:
            out[_OPP_DECK + 3] = 1.0
    field, guard, wins, fresh = fields[o], guards[o], winses[o], freshes[o]
    at = _OPP_LANE
    for k in range(len(field)):
        c = field[k]
        if c >= 0:
            if fresh[k]:  # set face down this turn: its power only
                out[at] = _UNSEEN
                out[at + 1] = power[c]
            else:
                out[at] = value[c]
                g = guard[k]
                if g:
                    out[at + 2] = g / 5
                w = wins[k]
                if w:
                    out[at + 3] = w / win_limit
        at += 4
    _decklist(out, _DECKLIST, t, p)
    if opts["open_decklists"]:
        out[_OPP_OPEN] = 1.0
        _decklist(out, _OPP_DECKLIST, t, o)


_COMPILED = compiled(_write)
#: ``observe_into``: ``encode(view(p))`` written into the zeroed buffer ``out`` from the state
#: itself: the same fields, read from what ``view`` shows ``p`` and nothing else (the opponent's
#: hand and opening five only as counts, a fresh opposing lane only as its power); the buffer
#: dispatch is the one every writer shares (``obsbuf.writer``)
observe_into = writer(_write, LAYOUT.size)

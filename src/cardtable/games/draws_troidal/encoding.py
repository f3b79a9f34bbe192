"""DRAWS-◎-TROIDAL observations for learning agents, from ``view(player)`` alone.

The layout is printed field by field in docs/rules/draws-troidal.md; card indices follow
``core/encoding.py`` (0 none, 1..P the shipped pool in file order, P+1 outside, P+2 unseen).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.encoding import Layout, check_length, onehot
from cardtable.games.draws_troidal.actions import HAND_MAX
from cardtable.games.draws_troidal.game import shipped_pool
from cardtable.games.draws_troidal.state import PHASE_NAMES, DrawsState
from cardtable.games.draws_troidal.view import view as full_view

PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}
LANE_NAMES = "ABCDE"


def _layout() -> Layout:
    lay = Layout("draws-troidal", list(shipped_pool()))
    lay.add("phase", "onehot", "the phase: " + ", ".join(PHASE_NAMES), len(PHASE_NAMES))
    lay.add("deciding", "flag", "1 when this seat decides now")
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


def observe(state: DrawsState, player: int) -> list[float]:
    """``encode(view(player))`` without copying the card table into the view."""
    return encode(full_view(state, player, cards_table=False))

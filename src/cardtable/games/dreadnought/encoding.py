"""Dreadnought observations for learning agents, from ``view(player)`` alone.

The view names cards by their number in its card table (``cards``); the encoding maps each to
its index in the published pool (``core/encoding.py``). ``Game.observe`` writes the same numbers
straight from the state (``observe_fast.py``, held equal by tests/test_fast_observe.py). The
layout is printed field by field in docs/rules/dreadnought.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.core.encoding import Layout, check_length, onehot
from cardtable.games.dreadnought.game import shipped_pool
from cardtable.games.dreadnought.state import PHASE_NAMES, WINDOW_NAMES

PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}
ASKS = ("win", "pay", "mull", "block", "target", "hp", "discard", "search")
ASK_INDEX = {name: i for i, name in enumerate(ASKS)}
UNITS, ENCHANTS = 6, 4
UNIT_SIZE, ENCHANT_SIZE = 5, 4


def _layout() -> Layout:
    lay = Layout("dreadnought", list(shipped_pool()))
    lay.opening_fields(PHASE_NAMES, "first")
    lay.add("turn", "scalar", "turns begun / the `turn_limit` option")
    lay.add("started", "flag", "1 once both mulligans are done")
    for side, who in (("", "own"), ("opp_", "opponent's")):
        lay.hand_or_size(side)
        lay.add(f"{side}casters", "card", f"{who} two casters (P+2: still closed)", 2)
        lay.add(f"{side}casters_checked", "flag", f"{who} casters checked", 2)
        lay.add(f"{side}hp", "scalar", f"HP cards under {who} two casters / 5", 2)
        lay.add(f"{side}deck", "scalar", f"{who} deck size / the `deck_size` option")
        lay.counts_field(f"{side}discard", f"{who} discard pile")
        lay.add(f"{side}bursts", "scalar", f"{who} bursts / 5")
        lay.add(f"{side}bursts_checked", "scalar", f"{who} bursts checked / 5")
        lay.add(f"{side}speed", "card", f"{who} speed card (0: none; P+2: closed)")
        lay.add(f"{side}speed_closed", "flag", f"{who} speed card is a closed gear change")
        lay.add(f"{side}gear", "flag", f"{who} changed gear this turn")
        lay.add(f"{side}out", "flag", f"{who} had to take a card it did not have")
        lay.add(f"{side}mulled", "scalar", f"{who} mulligans / 3")
        lay.repeat(f"{side}unit", [str(i) for i in range(UNITS)], (
            ("card", "card", f"{who} k-th unit in the order placed (0: none; P+2: a closed "
             "dummy; units past the sixth are left out)", 1),
            ("area", "scalar", "its area, 0 or 1", 1),
            ("checked", "flag", "1 when it is checked", 1),
            ("dummy", "flag", "1 when it is a dummy", 1),
            ("bp", "scalar", "its BP now / 100", 1)))
    lay.repeat("enchant", [str(i) for i in range(ENCHANTS)], (
        ("card", "card", "the k-th enchantment (P+2: face down; past the fourth left out)", 1),
        ("mine", "flag", "1 when this seat owns it", 1),
        ("open", "flag", "1 when it is open", 1),
        ("amount", "scalar", "its BP amount / 100", 1)))
    lay.add("chain", "scalar", "plays on the reaction chain / 5")
    lay.add("ask", "onehot", "the decision waited for: " + ", ".join(ASKS), len(ASKS))
    lay.add("ask_mine", "flag", "1 when the decision is this seat's")
    lay.add("window", "onehot", "the window open: " + ", ".join(WINDOW_NAMES),
            len(WINDOW_NAMES))
    lay.add("attack", "flag", "1 while an attack is being resolved")
    lay.add("building", "flag", "1 while a play's target or cost is being chosen")
    lay.add("mods", "scalar", "BP changes in force / 5")
    lay.decklist_fields()
    return lay


LAYOUT = _layout()
_EMPTY_UNIT = [0.0] * UNIT_SIZE
_EMPTY_ENCHANT = [0.0] * ENCHANT_SIZE
#: the card table's names -> the pool index of each card number
_maps: dict[tuple[str, ...], list[float]] = {}


def _index_map(names: Sequence[str]) -> list[float]:
    key = tuple(names)
    hit = _maps.get(key)
    if hit is None:
        if len(_maps) >= 64:
            _maps.clear()
        hit = _maps[key] = [LAYOUT.card(n) for n in key]
    return hit


def _side(side: dict[str, Any], own: bool, units: list[list[Any]], seat: int,
          idx: list[float], names: Sequence[str], opts: dict[str, Any]) -> list[float]:
    lay = LAYOUT
    unseen = float(lay.unseen)
    out = lay.counts(names[x] for x in side["hand"]) if own else [side["hand_count"] / 10]
    out += [idx[c] if c >= 0 else unseen for c in side["casters"]]
    out += [float(x) for x in side["checked"]]
    out += [x / 5 for x in side["hp"]]
    out.append(side["deck"] / opts["deck_size"])
    out += lay.counts(names[x] for x in side["discard"])
    bursts = side["bursts"]
    out += (len(bursts) / 5, sum(bursts) / 5)
    speed = side["speed"]
    closed = side["speed_closed"]
    out += (idx[speed] if speed >= 0 else (unseen if closed else 0.0), float(closed),
            float(side["gear"]), float(side["out"]), side["mulled"] / 3)
    mine = [u for u in units if u[1] == seat][:UNITS]
    for u in mine:
        out += (idx[u[3]] if u[3] >= 0 else unseen, float(u[2]), float(u[4]), float(u[5]),
                u[6] / 100)
    out += _EMPTY_UNIT * (UNITS - len(mine))
    return out


def encode_with(view: dict[str, Any], names: Sequence[str]) -> list[float]:
    """The encoding, with the names of the view's card table given apart."""
    lay = LAYOUT
    idx = _index_map(names)
    p = view["player"]
    opts = view["options"]
    out = onehot(PHASES[view["phase"]], len(PHASE_NAMES))
    out += (1.0 if view["to_move"] == p else 0.0, 1.0 if view["first"] == p else 0.0,
            view["turn"] / opts["turn_limit"], float(view["started"]))
    units = view["units"]
    out += _side(view["you"], True, units, p, idx, names, opts)
    out += _side(view["opponent"], False, units, 1 - p, idx, names, opts)
    unseen = float(lay.unseen)
    enchants = view["enchants"][:ENCHANTS]
    for e in enchants:
        out += (idx[e[2]] if e[2] >= 0 else unseen, 1.0 if e[1] == p else 0.0, float(e[3]),
                e[4] / 100 if e[4] >= 0 else 0.0)
    out += _EMPTY_ENCHANT * (ENCHANTS - len(enchants))
    out.append(len(view["chain"]) / 5)
    ask = view["ask"]
    out += onehot(ASK_INDEX.get(ask[0], -1) if ask else -1, len(ASKS))
    out.append(1.0 if ask and ask[1] == p else 0.0)
    out += onehot(ask[2] if ask and ask[0] == "win" else -1, len(WINDOW_NAMES))
    out += (0.0 if view["attack"] is None else 1.0, 0.0 if view["building"] is None else 1.0,
            len(view["mods"]) / 5)
    out += lay.decklists([None if d is None else [names[x] for x in d]
                          for d in view["decklists"]], p)
    return check_length(lay, out)


def encode(view: dict[str, Any]) -> list[float]:
    if not view["cards"] and view["decklists"][view["player"]]:
        raise ValueError("Dreadnought names cards by their number in the view's card table: "
                         "encode State.view, not brief_view (or use Game.observe)")
    return encode_with(view, [c["name"] for c in view["cards"]])


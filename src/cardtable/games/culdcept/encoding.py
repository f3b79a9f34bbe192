"""Culdcept card game observations for learning agents, from ``view(player)`` alone.

The layout is printed field by field in docs/rules/culdcept.md; card indices follow
``core/encoding.py``.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.encoding import Layout, check_length, onehot
from cardtable.games.culdcept.cards import START_LANDS
from cardtable.games.culdcept.effects import ELEMENTS
from cardtable.games.culdcept.pool import shipped_pool
from cardtable.games.culdcept.state import PHASE_NAMES

PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}
LANDS = {land[0]: i for i, land in enumerate(START_LANDS)}
ELEMENT_INDEX = {e: i for i, e in enumerate(ELEMENTS)}
SLOTS = 6
#: distinct hand cards given by position (codes name hand cards as "the k-th distinct card")
HAND_KINDS = 16
SLOT_SIZE = len(START_LANDS) + len(ELEMENTS) + 9


def _layout() -> Layout:
    lay = Layout("culdcept", list(shipped_pool()))
    lands = ", ".join(f"{ja} ({en})" for ja, en, _ in START_LANDS)
    lay.opening_fields(PHASE_NAMES, "active", "first")
    lay.add("turn", "scalar", "turns begun / the `turn_limit` option")
    lay.add("die", "scalar", "the die rolled this turn / 6 (0: none)")
    lay.add("dest", "onehot", "the destination slot of the move (none: all zeros)", SLOTS)
    for side, who in (("", "own"), ("opp_", "opponent's")):
        lay.hand_or_size(side, HAND_KINDS)
        lay.add(f"{side}deck", "scalar", f"{who} deck size / the `deck_size` option")
        lay.counts_field(f"{side}discard", f"{who} discard pile")
        lay.counts_field(f"{side}tolls", f"{who} toll pile (its points)")
        lay.add(f"{side}points", "scalar", f"{who} points / the `points_to_win` option")
        lay.repeat(f"{side}slot", [str(i) for i in range(SLOTS)], (
            ("land", "onehot", f"{who} slot k's starting land: {lands}", len(START_LANDS)),
            ("element", "onehot", f"its element now: {', '.join(ELEMENTS)}", len(ELEMENTS)),
            ("level", "scalar", "its level / 5", 1),
            ("toll", "scalar", "its toll / 5", 1),
            ("land_cards", "scalar", "land cards on it / 3", 1),
            ("level_cards", "scalar", "level cards under it / 3 (own slots only)", 1),
            ("creature", "card", "the creature on it", 1),
            ("damage", "scalar", "the creature's damage / 50", 1),
            ("land_spell", "card", "the lasting spell on the land", 1),
            ("creature_spell", "card", "the lasting spell on the creature", 1),
            ("spells_mine", "flag", "1 when this seat cast a lasting spell there", 1)))
    lay.add("battle", "flag", "1 while a battle is being fought")
    lay.add("invader", "card", "the invading creature")
    lay.add("invader_damage", "scalar", "its damage / 50")
    lay.add("invader_card", "card",
            "the invader's battle card (0: none or not chosen; P+2: face down)")
    lay.add("defender_card", "card", "the defender's battle card (0: none or not chosen)")
    lay.add("pending", "flag", "1 when an effect waits for an answer")
    lay.decklist_fields()
    return lay


LAYOUT = _layout()


def _slot(slot: dict[str, Any], p: int) -> list[float]:
    card = LAYOUT.card
    out = onehot(LANDS.get(slot["land"], -1), len(START_LANDS))
    out += onehot(ELEMENT_INDEX.get(slot["element"], -1), len(ELEMENTS))
    ls, cs = slot["land_spell"], slot["creature_spell"]
    out += (slot["level"] / 5, slot["toll"] / 5, len(slot["land_cards"]) / 3,
            len(slot.get("level_cards", ())) / 3, card(slot["creature"]), slot["damage"] / 50,
            card(ls[0]) if ls else 0.0, card(cs[0]) if cs else 0.0,
            1.0 if (ls and ls[1] == p) or (cs and cs[1] == p) else 0.0)
    return out


def _side(side: dict[str, Any], own: bool, p: int, opts: dict[str, Any]) -> list[float]:
    lay = LAYOUT
    out = lay.hand(side["hand"], HAND_KINDS) if own else [side["hand_count"] / 10]
    out.append(side["deck_count"] / opts["deck_size"])
    out += lay.counts(side["discard"])
    out += lay.counts(side["tolls"])
    out.append(side["points"] / opts["points_to_win"])
    for slot in side["slots"]:
        out += _slot(slot, p)
    return out


def _battle_card(value: str | None) -> float:
    if value is None or value == "not-chosen":
        return 0.0
    if value == "face-down":
        return float(LAYOUT.unseen)
    return LAYOUT.card(value)


def encode(view: dict[str, Any]) -> list[float]:
    lay = LAYOUT
    p = view["player"]
    opts = view["options"]
    out = onehot(PHASES[view["phase"]], len(PHASE_NAMES))
    out += (1.0 if view["to_move"] == p else 0.0, 1.0 if view["active"] == p else 0.0,
            1.0 if view["first"] == p else 0.0, view["turn"] / opts["turn_limit"],
            view["die"] / 6)
    out += onehot(view["dest"], SLOTS)
    out += _side(view["you"], True, p, opts)
    out += _side(view["opponent"], False, p, opts)
    b = view["battle"]
    if b is None:
        out += (0.0, 0.0, 0.0, 0.0, 0.0)
    else:
        out += (1.0, lay.card(b["invader"]), b["invader_damage"] / 50,
                _battle_card(b["invader_card"]), _battle_card(b["defender_card"]))
    out.append(0.0 if view["pending"] is None else 1.0)
    out += lay.decklists(view["decklists"], p)
    return check_length(lay, out)


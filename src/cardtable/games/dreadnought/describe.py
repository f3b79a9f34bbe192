"""An action described by name for ``State.describe_action`` and ``find_action``."""

from __future__ import annotations

from typing import Any

from cardtable.games.dreadnought.actions import describe as shape
from cardtable.games.dreadnought.choices import own_slots
from cardtable.games.dreadnought.state import DreadnoughtState


def describe(state: DreadnoughtState, action: int) -> dict[str, Any]:
    """The code's shape with card numbers named (``card`` and ``card_en``); an ability
    names its source's card too (a caster or the unit in that slot of the seat to move),
    so ``find_action(kind="ability", card="光速の伝令")`` works without counting slots; a block
    names the attacked area its blocker stands in."""
    d = shape(action)
    c = d.get("card")
    if d["kind"] == "ability" and state.ask is not None:
        c = _ability_source_card(state, state.ask[1], d["source"])
    if d["kind"] == "block" and state.attack is not None:
        d["area"] = state.attack.area  # the attacked area, public: where the blocker stands
    if isinstance(c, int) and 0 <= c < len(state.cards):
        d["card"], d["card_en"] = state.cards[c].name, state.cards[c].name_en
    return d


def _ability_source_card(state: DreadnoughtState, p: int, src: int) -> int | None:
    """The card of ability source ``src`` of seat ``p`` (0-1 casters, 2-5 unit slots), or
    None where that slot is empty or holds a dummy."""
    if src < 2:
        return state.casters[2 * p + src]
    for slot, u in own_slots(state, p):
        if slot == src - 2:
            return None if u.dummy else u.card  # a dummy has no abilities, and its card is closed
    return None

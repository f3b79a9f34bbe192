"""DRAWS-◎-TROIDAL: what each action names on the table (``core/picks.py``): setting the field
is a card (from the hand or the opening five) then its lane, lane by lane, A to E; a field
shuffle is the two lanes of each swap, in order ("Keep the order" names nothing: a button),
and each swap is a pair of lanes whose cards trade places (``swaps``, previewed by the page)."""

from __future__ import annotations

from typing import Any

from cardtable.core.picks import clean, held, labelled, remembered

JSON = dict[str, Any]


def _lanes(table: JSON, seat: int, lane: str) -> str | None:
    """``labelled`` for a lane, remembered per table: a field shuffle's hundred codes name
    the same five lanes (``core.picks.remembered``)."""
    memo = remembered(table)
    if memo is None:
        return labelled(table, seat, lane)
    key = (seat, lane)
    if key not in memo:
        memo[key] = labelled(table, seat, lane)
    return memo[key]


def picks(d: JSON, table: JSON, seat: int) -> list[str]:
    if d.get("kind") == "arrange" and isinstance(d.get("swaps"), list):
        return clean([_lanes(table, seat, lane) for swap in d["swaps"] for lane in swap])
    if d.get("kind") != "set" or not isinstance(d.get("lanes"), dict):
        return []
    memo = remembered(table)
    out: list[str | None] = []
    for lane, name in d["lanes"].items():
        # the decision's tens of placements put the same few cards in the same few lanes
        pair = None if memo is None else memo.get((seat, lane, name))
        if pair is None:
            pair = (held(table, seat, name, prefer=("revealed", "hand")),
                    labelled(table, seat, lane))
            if memo is not None:
                memo[(seat, lane, name)] = pair
        out += pair
    return clean(out)


def swaps(d: JSON, table: JSON, seat: int) -> list[list[str]]:
    """A field shuffle's swaps as the pairs of lanes (picks) whose cards trade places."""
    if d.get("kind") != "arrange" or not isinstance(d.get("swaps"), list):
        return []
    pairs = [[_lanes(table, seat, lane) for lane in swap] for swap in d["swaps"]]
    return [[a, b] for a, b in pairs if a and b]

"""DRAWS-◎-TROIDAL: what each action names on the table (``core/picks.py``): setting the field
is a card (from the hand or the opening five) then its lane, lane by lane, A to E; a field
shuffle is the two lanes of each swap, in order ("Keep the order" names nothing: a button),
and each swap is a pair of lanes whose cards trade places (``swaps``, previewed by the page)."""

from __future__ import annotations

from typing import Any

from cardtable.core.picks import clean, held, labelled

JSON = dict[str, Any]


def picks(d: JSON, table: JSON, seat: int) -> list[str]:
    if d.get("kind") == "arrange" and isinstance(d.get("swaps"), list):
        return clean([labelled(table, seat, lane) for swap in d["swaps"] for lane in swap])
    if d.get("kind") != "set" or not isinstance(d.get("lanes"), dict):
        return []
    out: list[str | None] = []
    for lane, name in d["lanes"].items():
        out += [held(table, seat, name, prefer=("revealed", "hand")),
                labelled(table, seat, lane)]
    return clean(out)


def swaps(d: JSON, table: JSON, seat: int) -> list[list[str]]:
    """A field shuffle's swaps as the pairs of lanes (picks) whose cards trade places."""
    if d.get("kind") != "arrange" or not isinstance(d.get("swaps"), list):
        return []
    pairs = [[labelled(table, seat, lane) for lane in swap] for swap in d["swaps"]]
    return [[a, b] for a, b in pairs if a and b]

"""What on the drawn table an action names: the things a player clicks to choose it.

A front end that lets a player choose by clicking the table (a card in hand, then a highlighted
place) needs to know, for each legal action, which drawn cards and slots it names, in the order
a player would click them. Each game may say so in its record's ``picks`` part
(``games/<id>/picks.py``) with ``picks(description, table, seat) -> list[str]``, reading the
action's description (``State.describe_action``) and the seat's projected table
(``core/projection.py``); a game without one gets ``default_picks``: the card it names, where
that seat holds it.

A pick is a string naming one thing on the table:

* ``"<zone id>/<index>"``: the card or slot at that index of a zone (a lane, a land, a square);
* ``"<zone id>#<card key>"``: any card with that key in a zone (a hand holding two alike);
* ``"<zone id>"``: the zone itself (an area a card is cast into).

Picks only point into the table the seat is shown, so they can reveal nothing it cannot see.
An action whose picks are empty names nothing on the table (pass, end the turn, a number) and is
offered as a button.

A seat deciding has tens of legal actions, each looked up in the same table; ``indexed(table)``
lets the helpers below answer from an index of that table made once (zones by id, face-up keys
by zone, slots by label), instead of scanning its zones for every action. The index is only used
for the very table object it was made from, inside the ``with`` block (where nothing changes
the table), and answers exactly as the scans do (``tests/test_picks_index.py``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.core.contract import Game

JSON = dict[str, Any]


class _Index:
    """One table's zones looked up once: what the helpers below would scan for."""

    def __init__(self, table: JSON) -> None:
        self.table = table
        self.zones: dict[Any, JSON] = {}
        self.keys: dict[Any, set[str]] = {}
        self.labels: dict[tuple[Any, Any], str] = {}
        #: ``held``'s answers, per (seat, key, prefer) asked
        self.held: dict[tuple[int, str, tuple[str, ...]], str | None] = {}
        #: a game's own answers for this table (``remembered``)
        self.memo: dict[Any, Any] = {}
        for z in table["zones"]:
            self.zones.setdefault(z["id"], z)
            for i, label in enumerate(z["slot_labels"]):
                self.labels.setdefault((z["owner"], label), f"{z['id']}/{i}")
        for zone_id, z in self.zones.items():
            self.keys[zone_id] = {c["key"] for c in z["cards"]
                                  if c and c.get("face_up") and isinstance(c.get("key"), str)}


_INDEX: ContextVar[_Index | None] = ContextVar("picks_index", default=None)


@contextlib.contextmanager
def indexed(table: JSON) -> Iterator[None]:
    """Within the block, the helpers answer for ``table`` from an index made once."""
    token = _INDEX.set(_Index(table))
    try:
        yield
    finally:
        _INDEX.reset(token)


def _index(table: JSON) -> _Index | None:
    index = _INDEX.get()
    return index if index is not None and index.table is table else None


def remembered(table: JSON) -> dict[Any, Any] | None:
    """A dict that lives as long as ``table``'s index (None outside ``indexed``): a game's
    picks may keep there what its tens of actions ask alike (DRAWS: a card and its lane)."""
    index = _index(table)
    return None if index is None else index.memo


def zone(table: JSON, zone_id: str) -> JSON | None:
    index = _index(table)
    if index is not None:
        return index.zones.get(zone_id)
    return next((z for z in table["zones"] if z["id"] == zone_id), None)


def card_in(table: JSON, zone_id: str, key: Any) -> str | None:
    """``zone#key`` when a face-up card with that key lies in the zone."""
    index = _index(table)
    if index is not None:
        if isinstance(key, str) and key in index.keys.get(zone_id, ()):
            return f"{zone_id}#{key}"
        return None
    z = zone(table, zone_id)
    if z is None or not isinstance(key, str):
        return None
    if any(c and c.get("face_up") and c.get("key") == key for c in z["cards"]):
        return f"{zone_id}#{key}"
    return None


def slot(table: JSON, zone_id: str, index: int) -> str | None:
    """``zone/index`` when the zone has that position."""
    z = zone(table, zone_id)
    if z is None or not 0 <= index < max(len(z["cards"]), len(z["slot_labels"])):
        return None
    return f"{zone_id}/{index}"


def labelled(table: JSON, owner: int | None, label: Any) -> str | None:
    """The slot called ``label`` (``F1``, ``B``) in a zone of ``owner``."""
    index = _index(table)
    if index is not None:
        return index.labels.get((owner, str(label)))
    for z in table["zones"]:
        if z["owner"] == owner and str(label) in z["slot_labels"]:
            return f"{z['id']}/{z['slot_labels'].index(str(label))}"
    return None


def held(table: JSON, seat: int, key: Any, prefer: tuple[str, ...] = ("hand",)) -> str | None:
    """Where ``seat`` holds a card by key: the zones named in ``prefer`` first, then any other
    zone of its own that is not a row of slots."""
    index = _index(table)
    if index is None:
        return _held(table, seat, key, prefer)
    if not isinstance(key, str):
        return None  # no card's key is anything but a string (``card_in``)
    asked = (seat, key, tuple(prefer))
    if asked not in index.held:
        index.held[asked] = _held(table, seat, key, prefer)
    return index.held[asked]


def _held(table: JSON, seat: int, key: Any, prefer: tuple[str, ...]) -> str | None:
    mine = [z for z in table["zones"] if z["owner"] == seat]
    ordered = [z for p in prefer for z in mine if z["id"].split(".")[0] == p]
    ordered += [z for z in mine if z not in ordered and not z["slots"]]
    for z in ordered:
        ref = card_in(table, z["id"], key)
        if ref is not None:
            return ref
    return None


def default_picks(description: JSON, table: JSON, seat: int) -> list[str]:
    """The card the action names, where the seat holds it; nothing for an action naming none."""
    ref = held(table, seat, description.get("card"))
    return [ref] if ref else []


def clean(refs: list[str | None]) -> list[str]:
    """Drop what could not be found: a partial pick list still helps, a wrong one would not."""
    return [r for r in refs if r]


def picks(game: Game, description: JSON, table: JSON, seat: int) -> list[str]:
    """The game's picks for one action (its record's ``picks`` part), or ``default_picks``."""
    return finders(game)[0](description, table, seat)


def swaps(game: Game, description: JSON, table: JSON, seat: int) -> list[list[str]]:
    """Pairs of picks whose cards trade places when the action is played (DRAWS' field
    shuffle), for a front end to show before the player commits; none for most actions (a
    game's ``picks`` part may define ``swaps`` as it defines ``picks``)."""
    return finders(game)[1](description, table, seat)


Finder = Callable[[JSON, JSON, int], Any]


def finders(game: Game) -> tuple[Finder, Finder]:
    """``picks`` and ``swaps`` for ``game``, its part looked up once: a seat deciding asks
    both for each of its tens of legal actions."""
    module = None if game.parts is None else game.parts.module("picks")
    if module is None:
        return default_picks, _no_swaps
    find = getattr(module, "swaps", None)

    def pick(description: JSON, table: JSON, seat: int) -> list[str]:
        return list(module.picks(description, table, seat))

    def swap(description: JSON, table: JSON, seat: int) -> list[list[str]]:
        return [list(pair) for pair in find(description, table, seat)] if find else []

    return pick, swap


def _no_swaps(description: JSON, table: JSON, seat: int) -> list[list[str]]:
    return []

"""A state read back from its JSON form (``State.from_json``, bound by ``game.py``): here
rather than in ``state.py`` because the card table it rebuilds knows the rules' traits."""

from __future__ import annotations

from typing import Any

from cardtable.core.match_state import tuples
from cardtable.core.shape import check_document
from cardtable.games.sarasvati.cards import Card
from cardtable.games.sarasvati.state import PHASE_NAMES, SEAT_LISTS, SarasvatiState
from cardtable.games.sarasvati.stats import CardTable


def read_state(cls: type[SarasvatiState], data: dict[str, Any]) -> SarasvatiState:
    """The state ``data`` writes, once its shape (keys, types, one list a seat) is the field
    table's; ``check.check`` then checks the rules' ranges."""
    check_document(cls, data)
    s = cls.__new__(cls)
    s.read_head(data, CardTable(Card.from_json(c) for c in data["cards"]))
    s.turn_no = data["turn"]
    s.active = data["active"]
    s.first = data["first"]
    s.phase = PHASE_NAMES.index(data["phase"])
    s.winner_seat = data["winner"]
    s.reason = data["reason"]
    s.tapped = list(data["tapped"])
    s.under = [[tuple(x) for x in row] for row in data["under"]]
    s.mods = [tuple(m) for m in data["mods"]]
    s.next_uid = data["next_uid"]
    s.queue = [tuple(q) for q in data["queue"]]
    s.cont = [tuples(c) for c in data["cont"]]
    s.choice = tuples(data["choice"])
    for name in SEAT_LISTS:
        setattr(s, name, [list(x) for x in data[name]])
    s.dice = list(data.get("dice", []))
    s.dirty = True  # not serialized: check once rather than trust a stale answer
    s._legal = None
    return s

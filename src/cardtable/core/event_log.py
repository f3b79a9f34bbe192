"""The event log a state keeps: a plain list, or the one quiet sink that drops every event.

Every rule that logs an event appends it to ``state.log``. A logging state's log is a list of
JSON dicts (what records, ``events()`` and the table's sentences read). A quiet state
(``State.quiet``: a search's private samples and rollouts, whose events nobody reads) holds
``QUIET`` instead, a shared sink that reads as an empty log and drops what is appended, so an
emit site needs no check of its own and a quiet state's clones stay quiet for free
(``QUIET[:]`` is ``QUIET``).

A dropped event is still built, so a site on a move's hot path (one that emits at least 0.04
events a step in random quiet playouts) skips building it with ``if state.log is not QUIET:``;
docs/architecture.md ("The event log: one sink") gives the rule and the measurement.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


class QuietLog:
    """An event log that keeps nothing: ``append`` and ``extend`` drop their events, and it
    reads as empty (``len`` 0, no items, any slice is the sink itself, JSON ``[]``)."""

    __slots__ = ()

    def append(self, event: dict[str, Any]) -> None:
        """Drops ``event``."""

    def extend(self, events: Any) -> None:
        """Drops ``events``."""

    def __len__(self) -> int:
        return 0

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(())

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return self
        raise IndexError("a quiet state keeps no events")

    def __repr__(self) -> str:
        return "QUIET"

    def __reduce__(self) -> str:
        return "QUIET"  # pickled and copied as the one sink


#: the sink every quiet state shares
QUIET = QuietLog()

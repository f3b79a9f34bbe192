"""Per-player filtering of the event log, so the log leaks exactly what views leak.

An event is a JSON dict with a ``type``. Two optional keys control who sees what:

* ``only``: a seat; the event exists only for that player (and the referee).
* ``private``: ``[seat, {fields}]``; that seat (and the referee) also see ``fields``, the other
  player sees the event without them.
"""

from __future__ import annotations

from typing import Any


def filter_events(events: list[dict[str, Any]], player: int | None) -> list[dict[str, Any]]:
    """The events as ``player`` may see them; ``None`` means the referee, who sees all."""
    out: list[dict[str, Any]] = []
    for event in events:
        only = event.get("only")
        if only is not None and player is not None and only != player:
            continue
        private = event.get("private")
        if private is None and only is None:
            out.append(event)
            continue
        shown = {k: v for k, v in event.items() if k not in ("private", "only")}
        if private is not None and (player is None or private[0] == player):
            shown.update(private[1])
        out.append(shown)
    return out


def public_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events as every seat sees them alike (a spectator): no ``only`` events, no
    ``private`` fields."""
    out: list[dict[str, Any]] = []
    for event in events:
        if event.get("only") is not None:
            continue
        if event.get("private") is None:
            out.append(event)
        else:
            out.append({k: v for k, v in event.items() if k != "private"})
    return out

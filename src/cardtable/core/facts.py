"""Card facts: "seat p drew / saw / played card c", read from a finished game's event log.

Why from events: the balance lab and any other per-card statistic must work for every game,
the later ones included, without per-game code in the report. Each game already logs what
happens to its cards; this module turns that log into three kinds of fact through one small,
game-owned table (``Game.card_fact_events``), so a new game usually adds a dict and nothing else.

The convention an event follows to be read by the table:

* its ``type`` is a key of the table, whose value is the fact kind (``drawn``, ``seen`` or
  ``played``);
* ``player`` names the seat the fact is about (the card's owner);
* ``card`` (one name) or ``cards`` (a list of names) names the cards, either in the event itself
  or in its ``private`` fields (the referee's log holds both, and facts are read from it).

A game whose events say it differently overrides ``Game.card_facts`` instead (Dice and
Monsters' team event, for one). The kinds, adapted to each game's own notion of drawing and
playing (``docs/balance.md`` lists them per game):

* ``drawn``: the card came into its owner's hand;
* ``seen``: its owner saw it otherwise (turned over, a book it owns, a deck it holds whole);
* ``played``: its owner put it into play (set, summoned, used, put in the team).

The first player works the same way: ``Game.first_player_event`` names the event type whose
first occurrence says in ``player`` who started; a game without one starts with seat 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

DRAWN = "drawn"
SEEN = "seen"
PLAYED = "played"
#: every fact kind, in report order
KINDS = (DRAWN, SEEN, PLAYED)


class CardFact(NamedTuple):
    """Seat ``seat`` had a card named ``card`` happen to it in the way ``kind`` says."""

    seat: int
    kind: str
    card: str


def facts_from_events(events: Iterable[Mapping[str, Any]],
                      table: Mapping[str, str]) -> list[CardFact]:
    """The facts of every event the table names, in log order (see the module docstring)."""
    out: list[CardFact] = []
    for event in events:
        kind = table.get(event.get("type", ""))
        if kind is None:
            continue
        if kind not in KINDS:
            raise ValueError(f"card fact kind {kind!r} is not one of {KINDS}")
        seat = event["player"]
        private = event.get("private")
        fields: Mapping[str, Any] = event
        if private is not None:
            fields = {**event, **private[1]}
        if "cards" in fields:
            names = fields["cards"]
        elif "card" in fields:
            names = [fields["card"]]
        else:
            continue
        out.extend(CardFact(seat, kind, name) for name in names)
    return out


def first_player_from_events(events: Iterable[Mapping[str, Any]], event_type: str | None) -> int:
    """The ``player`` of the first event of ``event_type``; seat 0 if there is none."""
    if event_type is None:
        return 0
    for event in events:
        if event.get("type") == event_type:
            return int(event["player"])
    return 0

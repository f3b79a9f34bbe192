"""The table projection: a game-agnostic drawing plan of what one seat may see.

Front ends that draw a table (the browser) know no game. Each game offers, in its own
``games/<id>/projection.py``, a function ``project(view, lang)`` that turns the seat's ``view``
into a ``Table``: zones laid out on a grid, cards face up or down with a few key stats and
markers, and counters such as life or voltage. The browser draws every game from that alone,
so a new game needs its projection and nothing else in front of the contract.

Because a projection is built from a view and nothing more, it cannot show what the view hides.

Conventions every projection follows:

* ``owner`` is an absolute seat (0 or 1) or None for shared zones; labels are neutral
  ("Hand", not "Your hand"): the front end says whose it is, so one projection serves a seat,
  its opponent and (through ``public_table``) a spectator.
* The grid is drawn from the projecting seat's side: rows count from the top, the opponent's
  zones above, the seat's own below.
* A zone with ``slots`` keeps fixed positions (lanes, squares); ``None`` is an empty slot.
* A card's ``key`` is the name the game's action labels use for it (the Japanese card name),
  so a front end can link a clicked card to the choices that mention it.
* The first kind of counter a table lists (its id before the first ``.``) is the score that
  decides the game (life, toll points, books, HP summed over a side's counters of that kind):
  the terminal's status line shows it for both sides.
* Everything a front end lays out by is typed, never read from a label or an id: a stat says
  its ``role`` (a cost goes in the gem, an attack bottom left), a card its ``colour`` (the frame)
  and ``kind``, a zone its ``kind`` (a hand, a pile, a row of slots, a few places at the side,
  cards laid open) and whether its owner ``held`` it card by card. Labels are only shown, so a
  translation or a renamed label cannot move anything.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from functools import lru_cache
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

if TYPE_CHECKING:
    from cardtable.core.contract import Game

JSON = dict[str, Any]

#: the format version; a front end checks it before drawing (2: typed stats, colours, zone kinds)
FORMAT = 2

#: what a stat is for, which decides where a card face puts it: the cost in the gem top left,
#: the attack bottom left, the defense (or HP) bottom right, the attribute as the frame's colour
#: (a terminal shows it by its value alone), the rest in a small line
Role = Literal["cost", "attack", "defense", "attribute", "other"]
ROLES: tuple[str, ...] = ("cost", "attack", "defense", "attribute", "other")

#: where a zone is drawn: ``hand`` (the cards a seat holds: one's own under the board, the
#: other's as a fan of backs), ``pile`` (a stack shown by its top card and count, opened on
#: demand), ``slots`` (fixed places on the board: lanes, squares, lands), ``side`` (a few fixed
#: places beside the piles: forbidden books, a speed card), ``open`` (cards laid out face up on
#: the board for all to see: a pool to pick from, a chain, an opening five)
ZoneKind = Literal["hand", "pile", "slots", "side", "open"]
ZONE_KINDS: tuple[str, ...] = ("hand", "pile", "slots", "side", "open")


class Stat(NamedTuple):
    """One number or word printed on a card, with what it is for."""

    label: str
    value: str
    role: Role = "other"


@dataclass
class Card:
    """One card as drawn: face up with its name and stats, or a back."""

    name: str = ""
    face_up: bool = True
    #: label, value and role, in display order (``Stat("ATK", "3000", "attack")``)
    stats: list[Stat] = field(default_factory=list)
    #: state words drawn as badges: "ready", "exhausted", "checked", "poisoned"...
    markers: list[str] = field(default_factory=list)
    #: full rules text, for a tooltip or a detail panel
    text: str = ""
    #: the name the game's action labels use for this card
    key: str = ""
    #: what sort of card it is, in English whatever the language ("unit", "command", "spell")
    kind: str = ""
    #: the colour of its frame, an English word whatever the language: its element or
    #: attribute ("fire", "holy") or, for a card that has none, its kind ("command")
    colour: str = ""

    def __post_init__(self) -> None:
        for stat in self.stats:
            if not isinstance(stat, Stat) or stat.role not in ROLES:
                raise ValueError(f"a card's stats are Stat(label, value, role), not {stat!r}")

    def to_json(self) -> JSON:
        try:
            known = (self.name, self.text, self.key, self.kind, self.colour,
                     tuple(self.stats), tuple(self.markers)) if self.face_up \
                else (False, tuple(self.stats), tuple(self.markers))
            face = _FACES.get(known)
        except TypeError:  # a field that cannot be a key: a face of its own
            known, face = None, None
        fresh = face is None
        if face is None and not self.face_up:  # a back: only what the rules show of it
            out: JSON = {"face_up": False}
            if self.stats:
                out["stats"] = [list(s) for s in self.stats]
            if self.markers:
                out["markers"] = list(self.markers)
            face = Face(out)
        elif face is None:
            face = Face(name=self.name, face_up=True, stats=[list(s) for s in self.stats],
                        markers=list(self.markers), text=self.text, key=self.key,
                        kind=self.kind, colour=self.colour)
        if fresh and known is not None:
            if len(_FACES) >= 8192:
                _FACES.clear()
            _FACES[known] = face
        return face


class Face(dict[str, Any]):
    """A card's JSON (face up, or a back), one object for every table showing that card alike:
    a table holds tens of cards and is drawn for each seat after every move, and most of them
    are the same cards as the move before (a hand, a trash, the lanes, the backs). Its JSON
    text is written once (``json_text``), so a server sending the table writes each card once,
    not once a move.

    Shared, so it may not be changed: a consumer that wants another card copies it
    (``{**face, "markers": [...]}``, as ``table.voice.whose_table`` does); a change in place
    raises instead of changing every table that shows the card."""

    __slots__ = ("_text",)

    def _frozen(self, *args: Any, **kw: Any) -> Any:
        raise TypeError("a card's face is shared between tables: copy it to change it")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _frozen  # type: ignore[assignment]
    __ior__ = _frozen  # type: ignore[assignment]

    def __copy__(self) -> JSON:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> JSON:
        return copy.deepcopy(dict(self), memo)

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self),))

    @property
    def json_text(self) -> str:
        """The face as compact JSON text (non-ASCII kept), written on first use."""
        try:
            return self._text
        except AttributeError:
            text = json.dumps(dict(self), ensure_ascii=False, separators=(",", ":"))
            object.__setattr__(self, "_text", text)
            return text


#: cards' JSON per their fields (``Card.to_json``): a card drawn again is the same face
_FACES: dict[tuple[Any, ...], Face] = {}


def back(stats: list[Stat] | None = None) -> Card:
    """A face-down card; ``stats`` only for what the rules show of it (a set card's power)."""
    return Card(face_up=False, stats=list(stats or []))


@dataclass
class Zone:
    """A place cards lie: a hand, a deck, a row of lanes; drawn in one grid cell."""

    id: str
    label: str
    owner: int | None
    row: int
    col: int = 0
    width: int = 1
    cards: list[Card | None] = field(default_factory=list)
    #: how many cards lie here when they are not listed (a deck): drawn as a pile
    count: int | None = None
    #: fixed positions (lanes, squares): ``None`` in ``cards`` is an empty slot
    slots: bool = False
    #: names of the slots, when they have names ("A".."E", "F1".."B5")
    slot_labels: list[str] = field(default_factory=list)
    #: where it is drawn (``ZONE_KINDS``); a zone of fixed places defaults to ``slots``
    kind: ZoneKind | None = None
    #: its owner holds these cards and knows each one (a hand, an opening five, a deck being
    #: built): a terminal lists them under the board instead of counting them
    held: bool | None = None

    def __post_init__(self) -> None:
        if self.kind is None:
            self.kind = "slots" if self.slots else "pile"
        if self.kind not in ZONE_KINDS:
            raise ValueError(f"zone {self.id}: kind {self.kind!r} is not one of {ZONE_KINDS}")
        if self.held is None:
            self.held = self.kind == "hand"

    def to_json(self) -> JSON:
        return {"id": self.id, "label": self.label, "owner": self.owner, "row": self.row,
                "col": self.col, "width": self.width, "kind": self.kind, "held": self.held,
                "cards": [None if c is None else c.to_json() for c in self.cards],
                "count": self.count, "slots": self.slots, "slot_labels": list(self.slot_labels)}


@dataclass
class Counter:
    """A number the table shows for a seat or for everyone: life, HP, voltage, toll points."""

    id: str
    label: str
    owner: int | None
    value: int | str
    #: the value it started from or cannot exceed, when the game has one
    max: int | None = None

    def to_json(self) -> JSON:
        return {"id": self.id, "label": self.label, "owner": self.owner, "value": self.value,
                "max": self.max}


@dataclass
class Table:
    """Everything a front end draws for one seat."""

    game: str
    seat: int | None
    phase: str
    turn: int
    #: the seat that decides now, or -1 when the game is over
    to_move: int
    zones: list[Zone] = field(default_factory=list)
    counters: list[Counter] = field(default_factory=list)
    #: short lines about the position the zones cannot show (a pending choice, a comparison)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> JSON:
        return {"format": FORMAT, "game": self.game, "seat": self.seat, "phase": self.phase,
                "turn": self.turn, "to_move": self.to_move,
                "zones": [z.to_json() for z in self.zones],
                "counters": [c.to_json() for c in self.counters], "notes": list(self.notes)}


@lru_cache(maxsize=4096)
def _card_text(game: Game, lang: str, definition: str) -> str:
    return "\n".join(game.card_lines(json.loads(definition), lang))


#: per (game, language, card name): the last definition worded and its text
_BY_NAME: dict[tuple[Any, str, Any], tuple[JSON, str]] = {}


def card_text(game: Game, card: JSON, lang: str) -> str:
    """A card's whole text in ``lang`` (``Game.card_lines``), for a card's detail panel.

    Given the ``Game`` itself (a game's projection imports its own), so the projection needs
    no registry and works before the game's registry line does. Worked out once per definition
    and language: a table shows the same cards move after move. A view hands out fresh copies
    of the definitions, so the text is found by the card's name and the definition compared
    whole (cheaper than writing it out as the key of ``_card_text``).
    """
    try:
        key = (game, lang, card.get("name"))
        known = _BY_NAME.get(key)
    except TypeError:  # a name that cannot be a key: word it the long way
        return _card_text(game, lang, json.dumps(card, sort_keys=True, ensure_ascii=False))
    if known is not None and known[0] == card:
        return known[1]
    text = _card_text(game, lang, json.dumps(card, sort_keys=True, ensure_ascii=False))
    if len(_BY_NAME) >= 4096:
        _BY_NAME.clear()
    _BY_NAME[key] = (copy.deepcopy(card), text)
    return text


def generic_table(view: JSON) -> Table:
    """What a game without its own projection still shows: its phase and numbers."""
    notes = [f"{k}: {v}" for k, v in view.items()
             if isinstance(v, int | str) and k not in ("game", "player")]
    return Table(game=str(view.get("game", "")), seat=view.get("player"),
                 phase=str(view.get("phase", "")), turn=int(view.get("turn", 0) or 0),
                 to_move=int(view.get("to_move", -1)), notes=notes)


def project(module: ModuleType | None, view: JSON, lang: str = "en") -> JSON:
    """The table for ``view`` as JSON, by the game's projection module (its record's
    ``projection`` part) or, without one, the generic table."""
    table = generic_table(view) if module is None else module.project(view, lang)
    return table.to_json()


def card_face(module: ModuleType | None, card: JSON, lang: str = "en") -> Card:
    """One card by itself, face up, by the game's projection module (its ``card_face``): the
    face a printed sheet and the workbench's preview draw, the same the table draws in a hand.

    ``card`` is a definition as a deck's ``to_json`` gives it. A game without a projection (or
    one that offers no ``card_face``) still shows the card's name and whole text."""
    face = getattr(module, "card_face", None)
    if face is not None:
        return face(card, lang)
    name = str(card.get("name", ""))
    shown = name if lang == "ja" or not card.get("name_en") else str(card["name_en"])
    rest = [f"{k}: {v}" for k, v in card.items() if k not in ("name", "name_en")]
    return Card(name=shown, key=name, kind=str(card.get("kind", "")),
                text="\n".join([shown, *rest]))


def score_counters(table: JSON) -> list[JSON]:
    """The counters of the score that decides the game: the first kind a table lists among
    the seats' own counters (life, toll points, HP summed over a side's casters, books)."""
    counters = [c for c in table.get("counters", []) if c.get("owner") is not None]
    if not counters:
        return []
    kind = str(counters[0]["id"]).split(".")[0]
    return [c for c in counters if str(c["id"]).split(".")[0] == kind]


def seat_scores(table: JSON, seats: int = 2) -> list[float] | None:
    """Each seat's score, summed over its counters of the deciding kind, or None when the
    table shows none or a value that is not a number (a hidden one, "?").

    Why a number per seat: the margin at the end of a game says more than who won (a balance
    study reads it as the game's result; see ``balance/effects.py``)."""
    group = score_counters(table)
    if not group or any(isinstance(c["value"], bool) or not isinstance(c["value"], int | float)
                        for c in group):
        return None
    totals = [0.0] * seats
    for c in group:
        if not 0 <= int(c["owner"]) < seats:
            return None
        totals[int(c["owner"])] += float(c["value"])
    return totals


def public_table(tables: list[JSON]) -> JSON:
    """What every seat sees alike, for a spectator: the tables of all seats, intersected.

    A card shown differently to two seats (one's own hand, a card set face down) becomes a
    back, a counter they disagree on becomes "?", and zones and notes not shared are dropped. The
    layout is the first table's.
    """
    first = tables[0]
    others = [{z["id"]: z for z in t["zones"]} for t in tables[1:]]
    zones = []
    for zone in first["zones"]:
        if any(zone["id"] not in other for other in others):
            continue  # a zone one seat does not even know of (its size may be a secret)
        zone = dict(zone)
        cards = list(zone["cards"])
        for other in others:
            twin = other[zone["id"]]
            theirs = twin["cards"]
            if len(theirs) != len(cards):  # counts are public, contents may not be
                cards = [{"face_up": False} for _ in cards]
                continue
            cards = [c if c == t else (None if c is None or t is None else {"face_up": False})
                     for c, t in zip(cards, theirs, strict=True)]
            if zone["count"] != twin["count"]:
                zone["count"] = None
        zone["cards"] = cards
        zones.append(zone)
    counters = []
    for counter in first["counters"]:
        counter = dict(counter)
        owner = counter.get("owner")
        for seat, t in enumerate(tables[1:], start=1):
            twin = next((c for c in t["counters"] if c["id"] == counter["id"]), None)
            if twin is None or twin["value"] != counter["value"]:
                counter["value"] = "?"
            if (twin is not None and seat != owner
                    and (twin["label"], twin.get("max")) != (counter["label"], counter.get("max"))):
                # its owner may see more of it (a closed caster's name in the label, its HP to
                # come), whether or not the values agree: what a seat that does not own it is
                # shown is what everyone may know
                counter.update(label=twin["label"], max=twin.get("max"))
        counters.append(counter)
    notes = [n for n in first["notes"] if all(n in t["notes"] for t in tables[1:])]
    return {**first, "seat": None, "zones": zones, "counters": counters, "notes": notes}

"""The match state: plain lists, ints and tuples, nothing else.

Cards are indices into ``cards`` (the match's distinct card definitions sorted by name, shared
and immutable). Per seat ``p``:

* ``deck[p]`` (top card last), ``hand[p]`` (kept sorted), ``grave[p]``;
* ``voltage[p]``: charged cards, ``tapped[p]``: how many of them are turned sideways (which
  ones does not matter: a voltage card's text is ignored);
* ``books[p]``, ``bstate[p]``: the three forbidden books, 0 face down, 1 open, 2 destroyed
  (a destroyed book is in the graveyard and its place holds -1);
* ten places (0-4 front, 5-9 back): ``field`` card or -1, ``equip`` card or -1, ``ready``,
  ``sick`` (summoned this turn), ``uid`` (the character's identity while it stays on the field)
  and ``under`` (cards beneath an evolution, a tuple).

``mods`` are the stat changes in force, ``(uid, attack, defense, until, seat)`` with ``until``
one of the durations in ``effects``. ``queue`` holds effects waiting to resolve, ``cont`` the
steps to run after them, ``choice`` the decision an effect waits for (or None).

``dirty`` says a negative-defense check (``zones.check``) may find something. It is False
only while nothing that can put a defense below 0 has happened since a check found nothing: a
stat change lowering a defense or one raising it expiring, a card that lowers a defense or
depends on hand size coming into force (``Traits.unsettling``), a card that gives defense
leaving (``Traits.upholding``), an evolution. Hand sizes are not tracked: a check that leaves
a hand-size condition on a defense in force leaves the flag set. The flag is derived data,
like the legal-action cache: not part of ``to_json`` (so digests and records are unchanged),
and True in a state read back, which only costs one check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.contract import TERMINAL
from cardtable.core.fields import Field, slots
from cardtable.core.match_state import DICE_FIELD, LEGAL_FIELD, MatchState, head_fields, plain

if TYPE_CHECKING:  # cards compile their text with the rules' wordings: a name only here
    from cardtable.games.sarasvati.cards import Card

CHARGE, IMAGINE, MOVE, BATTLE, CHOICE, OVER = range(6)
PHASE_NAMES = ("charge", "imagine", "move", "battle", "choice", "over")
FACE_DOWN, OPEN, DESTROYED = 0, 1, 2
BOOK_STATES = ("face-down", "open", "destroyed")

SEAT_LISTS = ("deck", "hand", "grave", "voltage", "books", "bstate", "field", "equip",
              "ready", "sick", "uid")
#: every field of the state, once: its slots, ``clone`` and JSON are made from this table
#: (``core/fields.py``); the JSON's own keys follow in this order, after the head. The JSON is
#: read back by ``load.read_state``
FIELDS = (
    *head_fields(),
    Field("turn_no", key="turn"),
    *(Field(name, key=name) for name in ("active", "first")),
    Field("phase", key="phase", names="PHASE_NAMES"),
    Field("winner_seat", key="winner"),
    Field("reason", key="reason"),
    Field("tapped", "list", "tapped"),
    Field("under", "seat-tuples", "under", plain=True),
    Field("mods", "list", "mods", plain=True),
    Field("next_uid", key="next_uid"),
    Field("queue", "list", "queue", plain=True),
    Field("cont", "list", "cont", plain=True),
    Field("choice", key="choice", plain=True),
    *(Field(name, "seats", name) for name in SEAT_LISTS),
    Field("dirty"),  # not written: a state read back checks once
    #: scripted coin results (1 or 2) the next coins take before the generator (scenarios)
    DICE_FIELD,
    LEGAL_FIELD,
)
STATE_CLASS_NAME = "SarasvatiState"
READ_FIELDS = False


class SarasvatiState(MatchState):
    over = OVER

    __slots__ = slots(FIELDS)

    cards: tuple[Card, ...]
    active: int
    first: int
    deck: list[list[int]]
    hand: list[list[int]]
    grave: list[list[int]]
    voltage: list[list[int]]
    tapped: list[int]
    books: list[list[int]]
    bstate: list[list[int]]
    field: list[list[int]]
    equip: list[list[int]]
    ready: list[list[bool]]
    sick: list[list[bool]]
    uid: list[list[int]]
    under: list[list[tuple[int, ...]]]
    mods: list[tuple[int, int, int, str, int]]
    next_uid: int
    queue: list[tuple[int, int, int, int]]
    cont: list[tuple[Any, ...]]
    choice: tuple[Any, ...] | None
    dirty: bool
    dice: list[int]

    # -- contract: turn and end ----------
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.active

    # -- contract: copies ----------
    # -- made from FIELDS by `python -m cardtable.core.fields MODULE`: do not edit --
    def clone(self) -> SarasvatiState:
        c = SarasvatiState.__new__(SarasvatiState)
        c.seed = self.seed
        c.options = self.options
        c.decks = self.decks
        c.history = self.history[:]
        c.log = self.log[:]
        c.cards = self.cards
        c.rng = self.rng
        c.turn_no = self.turn_no
        c.active = self.active
        c.first = self.first
        c.phase = self.phase
        c.winner_seat = self.winner_seat
        c.reason = self.reason
        c.tapped = self.tapped[:]
        under = self.under
        c.under = [under[0][:], under[1][:]]
        c.mods = self.mods[:]
        c.next_uid = self.next_uid
        c.queue = self.queue[:]
        c.cont = self.cont[:]
        c.choice = self.choice
        deck = self.deck
        c.deck = [deck[0][:], deck[1][:]]
        hand = self.hand
        c.hand = [hand[0][:], hand[1][:]]
        grave = self.grave
        c.grave = [grave[0][:], grave[1][:]]
        voltage = self.voltage
        c.voltage = [voltage[0][:], voltage[1][:]]
        books = self.books
        c.books = [books[0][:], books[1][:]]
        bstate = self.bstate
        c.bstate = [bstate[0][:], bstate[1][:]]
        field = self.field
        c.field = [field[0][:], field[1][:]]
        equip = self.equip
        c.equip = [equip[0][:], equip[1][:]]
        ready = self.ready
        c.ready = [ready[0][:], ready[1][:]]
        sick = self.sick
        c.sick = [sick[0][:], sick[1][:]]
        uid = self.uid
        c.uid = [uid[0][:], uid[1][:]]
        c.dirty = self.dirty
        c.dice = self.dice[:]
        c._legal = self._legal
        return c

    def write_fields(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` (the JSON head) with this state's own fields added, in the
        order of the table (digests hash the text, so the order is the format)."""
        data.update({"turn": self.turn_no, "active": self.active, "first": self.first,
                     "phase": PHASE_NAMES[self.phase], "winner": self.winner_seat,
                     "reason": self.reason, "tapped": list(self.tapped), "under": plain(self.under),
                     "mods": plain(self.mods), "next_uid": self.next_uid,
                     "queue": plain(self.queue), "cont": plain(self.cont),
                     "choice": plain(self.choice), "deck": [list(x) for x in self.deck],
                     "hand": [list(x) for x in self.hand], "grave": [list(x) for x in self.grave],
                     "voltage": [list(x) for x in self.voltage],
                     "books": [list(x) for x in self.books],
                     "bstate": [list(x) for x in self.bstate],
                     "field": [list(x) for x in self.field], "equip": [list(x) for x in self.equip],
                     "ready": [list(x) for x in self.ready], "sick": [list(x) for x in self.sick],
                     "uid": [list(x) for x in self.uid]})
        if self.dice:
            data["dice"] = list(self.dice)
        return data
    # -- end of the generated part --

    def to_json(self) -> dict[str, Any]:
        return self.write_fields(self.json_head())

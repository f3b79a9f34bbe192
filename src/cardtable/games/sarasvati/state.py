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

from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.core.contract import TERMINAL, Game
from cardtable.core.deck import Deck
from cardtable.core.match_state import MatchState, plain

if TYPE_CHECKING:  # cards compile their text with the rules' wordings: a name only here
    from cardtable.games.sarasvati.cards import Card

CHARGE, IMAGINE, MOVE, BATTLE, CHOICE, OVER = range(6)
PHASE_NAMES = ("charge", "imagine", "move", "battle", "choice", "over")
FACE_DOWN, OPEN, DESTROYED = 0, 1, 2
BOOK_STATES = ("face-down", "open", "destroyed")

SEAT_LISTS = ("deck", "hand", "grave", "voltage", "books", "bstate", "field", "equip",
               "ready", "sick", "uid")


class SarasvatiState(MatchState):
    game: ClassVar[Game]
    over = OVER

    __slots__ = ("_legal", "active", "books", "bstate", "cards", "choice", "cont", "deck",
                 "decks", "dice", "dirty", "equip", "field", "first", "grave", "hand", "history",
                 "log", "mods", "next_uid", "options", "phase", "queue", "ready", "reason", "rng",
                 "seed", "sick", "tapped", "turn_no", "uid", "under", "voltage", "winner_seat")

    seed: int
    options: dict[str, Any]
    decks: tuple[Deck, ...]
    history: list[int]
    log: list[dict[str, Any]]
    cards: tuple[Card, ...]
    rng: int
    turn_no: int
    active: int
    first: int
    phase: int
    winner_seat: int
    reason: str
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
    #: scripted coin results (1 or 2) the next coins take before the generator (scenarios)
    dice: list[int]
    _legal: list[int] | None

    # -- contract: turn and end ----------
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.active

    # -- contract: copies ----------
    def clone(self) -> SarasvatiState:
        c = SarasvatiState.__new__(SarasvatiState)
        c.seed = self.seed
        c.options = self.options  # never mutated after new_game
        c.decks = self.decks
        c.history = self.history[:]
        c.log = self.log[:] if self.log is not None else None
        c.cards = self.cards
        c.rng = self.rng
        c.turn_no = self.turn_no
        c.active = self.active
        c.first = self.first
        c.phase = self.phase
        c.winner_seat = self.winner_seat
        c.reason = self.reason
        d, h, g, v = self.deck, self.hand, self.grave, self.voltage
        c.deck = [d[0][:], d[1][:]]
        c.hand = [h[0][:], h[1][:]]
        c.grave = [g[0][:], g[1][:]]
        c.voltage = [v[0][:], v[1][:]]
        c.tapped = self.tapped[:]
        b, bs = self.books, self.bstate
        c.books = [b[0][:], b[1][:]]
        c.bstate = [bs[0][:], bs[1][:]]
        f, e, r, s, u, un = self.field, self.equip, self.ready, self.sick, self.uid, self.under
        c.field = [f[0][:], f[1][:]]
        c.equip = [e[0][:], e[1][:]]
        c.ready = [r[0][:], r[1][:]]
        c.sick = [s[0][:], s[1][:]]
        c.uid = [u[0][:], u[1][:]]
        c.under = [un[0][:], un[1][:]]
        c.mods = self.mods[:]
        c.next_uid = self.next_uid
        c.queue = self.queue[:]
        c.cont = self.cont[:]
        c.choice = self.choice
        c.dirty = self.dirty
        c.dice = self.dice[:] if self.dice else []
        c._legal = self._legal
        return c

    def to_json(self) -> dict[str, Any]:
        data = self.json_head() | {
            "turn": self.turn_no,
            "active": self.active,
            "first": self.first,
            "phase": PHASE_NAMES[self.phase],
            "winner": self.winner_seat,
            "reason": self.reason,
            "tapped": list(self.tapped),
            "under": plain(self.under),
            "mods": plain(self.mods),
            "next_uid": self.next_uid,
            "queue": plain(self.queue),
            "cont": plain(self.cont),
            "choice": plain(self.choice),
        }
        for name in SEAT_LISTS:
            data[name] = [list(x) for x in getattr(self, name)]
        if self.dice:
            data["dice"] = list(self.dice)
        return data

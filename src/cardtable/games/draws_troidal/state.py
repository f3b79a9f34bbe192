"""The DRAWS-◎-TROIDAL match state: plain lists and ints, nothing else.

Cards are referred to by their index in ``cards``, the match's table of distinct card
definitions (sorted by name, shared and immutable, so clones do not copy it). Per player ``p``:

* ``deck[p]``: draw pile, top card last (drawing is ``pop()``);
* ``hand[p]``, ``trash[p]``; ``revealed[p]``: the opening five while they are being chosen;
* ``field[p][lane]``: card index or -1 for an empty lane, with ``guard``, ``wins`` (battle
  wins since its last loss) and ``fresh`` (set since the last field open, so the opponent sees
  only its power) alongside;
* ``pending[p]``: the code a player chose in the current simultaneous step, -1 if none yet;
* ``ids[p][lane]``: the id of the card in the lane (-1 empty), which follows it through field
  shuffles so events can name it: ``10 * turn + 5 * seat + lane`` at the time it was set,
  unique because a lane is set at most once a turn (``field_set.new_id``).

Data only: the module imports nothing of the rules (``game.py`` binds them as ``rules``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.core.contract import Game
from cardtable.core.deck import Deck
from cardtable.core.fields import Field, slots
from cardtable.core.match_state import MatchState
from cardtable.games.draws_troidal.cards import Card

MULLIGAN, PLACE, SET, SHUFFLE, OVER = range(5)
PHASE_NAMES = ("opening-redo", "opening-set", "field-set", "field-shuffle", "over")


#: every field of the state, once: its slots, ``clone`` and JSON are made from this table
#: (``core/fields.py``); the JSON's own keys follow in this order, after the head
FIELDS = (
    Field("seed"), Field("options", "dict"), Field("decks", "shared"),
    Field("history", "list"), Field("log", "log"), Field("cards", "shared"), Field("rng"),
    Field("phase", key="phase", names="PHASE_NAMES"),
    Field("to_move", key="to_move"),
    Field("turn_no", key="turn"),
    Field("initiative", key="initiative"),
    Field("life", "list", "life"),
    Field("redos", "list", "redos"),
    Field("pending", "list", "pending"),
    Field("winner_seat", key="winner"),
    Field("drawn", key="drawn"),
    Field("reason", key="reason"),
    Field("deck", "seats", "deck"),
    Field("hand", "seats", "hand"),
    Field("revealed", "seats", "revealed"),
    Field("field", "seats", "field"),
    Field("guard", "seats", "guard"),
    Field("wins", "seats", "wins"),
    Field("fresh", "seats", "fresh"),
    Field("trash", "seats", "trash"),
    Field("ids", "seats", "ids"),
    #: scripted coin results (1 or 2) the next coins take before the generator (scenarios)
    Field("dice", "list", "dice", optional=True),
    Field("_legal", "shared"),  # shared: legal lists are never mutated
)
STATE_CLASS_NAME = "DrawsState"


class DrawsState(MatchState):
    game: ClassVar[Game]
    over = OVER

    __slots__ = slots(FIELDS)

    seed: int
    options: dict[str, Any]
    decks: tuple[Deck, ...]
    history: list[int]
    log: list[dict[str, Any]]
    cards: tuple[Card, ...]
    rng: int
    phase: int
    to_move: int
    turn_no: int
    initiative: int
    life: list[int]
    deck: list[list[int]]
    hand: list[list[int]]
    revealed: list[list[int]]
    field: list[list[int]]
    guard: list[list[int]]
    wins: list[list[int]]
    fresh: list[list[bool]]
    ids: list[list[int]]
    trash: list[list[int]]
    redos: list[int]
    pending: list[int]
    winner_seat: int
    drawn: bool
    reason: str
    dice: list[int]
    _legal: list[int] | None

    # -- contract: turn and end ----------
    def current_player(self) -> int:
        return self.to_move

    # -- contract: copies ----------
    # -- made from FIELDS by `python -m cardtable.core.fields MODULE`: do not edit --
    def clone(self) -> DrawsState:
        c = DrawsState.__new__(DrawsState)
        c.seed = self.seed
        c.options = dict(self.options)
        c.decks = self.decks
        c.history = self.history[:]
        c.log = self.log[:]
        c.cards = self.cards
        c.rng = self.rng
        c.phase = self.phase
        c.to_move = self.to_move
        c.turn_no = self.turn_no
        c.initiative = self.initiative
        c.life = self.life[:]
        c.redos = self.redos[:]
        c.pending = self.pending[:]
        c.winner_seat = self.winner_seat
        c.drawn = self.drawn
        c.reason = self.reason
        deck = self.deck
        c.deck = [deck[0][:], deck[1][:]]
        hand = self.hand
        c.hand = [hand[0][:], hand[1][:]]
        revealed = self.revealed
        c.revealed = [revealed[0][:], revealed[1][:]]
        field = self.field
        c.field = [field[0][:], field[1][:]]
        guard = self.guard
        c.guard = [guard[0][:], guard[1][:]]
        wins = self.wins
        c.wins = [wins[0][:], wins[1][:]]
        fresh = self.fresh
        c.fresh = [fresh[0][:], fresh[1][:]]
        trash = self.trash
        c.trash = [trash[0][:], trash[1][:]]
        ids = self.ids
        c.ids = [ids[0][:], ids[1][:]]
        c.dice = self.dice[:]
        c._legal = self._legal
        return c

    def write_fields(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` (the JSON head) with this state's own fields added, in the
        order of the table (digests hash the text, so the order is the format)."""
        data["phase"] = PHASE_NAMES[self.phase]
        data["to_move"] = self.to_move
        data["turn"] = self.turn_no
        data["initiative"] = self.initiative
        data["life"] = list(self.life)
        data["redos"] = list(self.redos)
        data["pending"] = list(self.pending)
        data["winner"] = self.winner_seat
        data["drawn"] = self.drawn
        data["reason"] = self.reason
        data["deck"] = [list(x) for x in self.deck]
        data["hand"] = [list(x) for x in self.hand]
        data["revealed"] = [list(x) for x in self.revealed]
        data["field"] = [list(x) for x in self.field]
        data["guard"] = [list(x) for x in self.guard]
        data["wins"] = [list(x) for x in self.wins]
        data["fresh"] = [list(x) for x in self.fresh]
        data["trash"] = [list(x) for x in self.trash]
        data["ids"] = [list(x) for x in self.ids]
        if self.dice:
            data["dice"] = list(self.dice)
        return data

    def read_fields(self, data: dict[str, Any]) -> None:
        """``write_fields`` read back; the cached legal list starts empty."""
        self.phase = PHASE_NAMES.index(data["phase"])
        self.to_move = data["to_move"]
        self.turn_no = data["turn"]
        self.initiative = data["initiative"]
        self.life = list(data["life"])
        self.redos = list(data["redos"])
        self.pending = list(data["pending"])
        self.winner_seat = data["winner"]
        self.drawn = data["drawn"]
        self.reason = data["reason"]
        self.deck = [list(x) for x in data["deck"]]
        self.hand = [list(x) for x in data["hand"]]
        self.revealed = [list(x) for x in data["revealed"]]
        self.field = [list(x) for x in data["field"]]
        self.guard = [list(x) for x in data["guard"]]
        self.wins = [list(x) for x in data["wins"]]
        self.fresh = [list(x) for x in data["fresh"]]
        self.trash = [list(x) for x in data["trash"]]
        self.ids = [list(x) for x in data["ids"]]
        self.dice = list(data.get("dice", []))
        self._legal = None
    # -- end of the generated part --

    def to_json(self) -> dict[str, Any]:
        return self.write_fields(self.json_head())

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DrawsState:
        s = cls.__new__(cls)
        s.read_head(data, tuple(Card.from_json(c) for c in data["cards"]))
        if "ids" not in data:  # a state written before cards had ids: number them by lane
            data = {**data, "ids": [[5 * p + i if c >= 0 else -1 for i, c in enumerate(row)]
                                    for p, row in enumerate(data["field"])]}
        s.read_fields(data)
        return s

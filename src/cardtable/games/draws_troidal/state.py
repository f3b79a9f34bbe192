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

from typing import Any

from cardtable.core.fields import Field, slots
from cardtable.core.match_state import DICE_FIELD, LEGAL_FIELD, MatchState, head_fields
from cardtable.games.draws_troidal.cards import Card

MULLIGAN, PLACE, SET, SHUFFLE, OVER = range(5)
PHASE_NAMES = ("opening-redo", "opening-set", "field-set", "field-shuffle", "over")


#: every field of the state, once: its slots, ``clone`` and JSON are made from this table
#: (``core/fields.py``); the JSON's own keys follow in this order, after the head
FIELDS = (
    *head_fields(share_options=False),  # a clone copies the options
    Field("phase", key="phase", names="PHASE_NAMES"),
    Field("to_move", key="to_move"),
    Field("turn_no", key="turn"),
    Field("initiative", key="initiative"),
    *(Field(name, "list", name) for name in ("life", "redos", "pending")),
    Field("winner_seat", key="winner"),
    *(Field(name, key=name) for name in ("drawn", "reason")),
    *(Field(name, "seats", name) for name in (
        "deck", "hand", "revealed", "field", "guard", "wins", "fresh", "trash", "ids")),
    #: scripted coin results (1 or 2) the next coins take before the generator (scenarios)
    DICE_FIELD,
    LEGAL_FIELD,
)
STATE_CLASS_NAME = "DrawsState"


class DrawsState(MatchState):
    over = OVER

    __slots__ = slots(FIELDS)

    cards: tuple[Card, ...]
    to_move: int
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
    drawn: bool
    dice: list[int]

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
        data.update({"phase": PHASE_NAMES[self.phase], "to_move": self.to_move,
                     "turn": self.turn_no, "initiative": self.initiative, "life": list(self.life),
                     "redos": list(self.redos), "pending": list(self.pending),
                     "winner": self.winner_seat, "drawn": self.drawn, "reason": self.reason,
                     "deck": [list(x) for x in self.deck], "hand": [list(x) for x in self.hand],
                     "revealed": [list(x) for x in self.revealed],
                     "field": [list(x) for x in self.field], "guard": [list(x) for x in self.guard],
                     "wins": [list(x) for x in self.wins], "fresh": [list(x) for x in self.fresh],
                     "trash": [list(x) for x in self.trash], "ids": [list(x) for x in self.ids]})
        if self.dice:
            data["dice"] = list(self.dice)
        return data

    def read_fields(self, data: dict[str, Any]) -> None:
        """``write_fields`` read back; the cached legal list starts empty."""
        self.phase = PHASE_NAMES.index(data["phase"])
        (self.to_move, self.turn_no, self.initiative, self.winner_seat, self.drawn, self.reason) = (
            data["to_move"], data["turn"], data["initiative"], data["winner"], data["drawn"],
            data["reason"])
        (self.life, self.redos, self.pending, self.dice) = (
            list(data["life"]), list(data["redos"]), list(data["pending"]),
            list(data.get("dice", [])))
        (self.deck, self.hand, self.revealed, self.field, self.guard, self.wins, self.fresh,
         self.trash, self.ids) = (
            [list(x) for x in data["deck"]], [list(x) for x in data["hand"]],
            [list(x) for x in data["revealed"]], [list(x) for x in data["field"]],
            [list(x) for x in data["guard"]], [list(x) for x in data["wins"]],
            [list(x) for x in data["fresh"]], [list(x) for x in data["trash"]],
            [list(x) for x in data["ids"]])
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

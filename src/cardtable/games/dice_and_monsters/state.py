"""The match state between decisions: deck building, the team choice, or the finished game.

The battle itself has no decision in it, so it never needs to be stored half-way: the state
holds the decks, the answers of the current simultaneous step, and after the end the final
field. Cards are referred to by index into ``cards``, the match's table of distinct card
definitions (sorted by name, immutable, shared between clones). Per seat ``p``:

* ``pool[p]``: the deck given to the seat, in file order (more cards than a deck: a pool);
* ``deck[p]``, ``leap[p]``: the main deck and leap deck (being built, or given);
* ``built[p]``; ``pending[p]``: the team code answered in the team step (-1: not yet).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.contract import TERMINAL, action_code, checks_integer
from cardtable.core.fields import Field, slots
from cardtable.core.match_state import DICE_FIELD, LEGAL_FIELD, MatchState, head_fields
from cardtable.games.dice_and_monsters import actions as act
from cardtable.games.dice_and_monsters import deckbuilding
from cardtable.games.dice_and_monsters.cards import Card, card_from_text

BUILD, TEAM, OVER = range(3)
PHASE_NAMES = ("deck-building", "team", "over")
WAITING = -1


#: every field of the state, once: its slots, ``clone`` and JSON are made from this table
#: (``core/fields.py``); the JSON's own keys follow in this order, after the head
FIELDS = (
    *head_fields(),
    Field("phase", key="phase", names="PHASE_NAMES"),
    Field("to_move", key="to_move"),
    Field("pool", "seats", "pool", shared=True),
    Field("kinds", "shared"),  # derived from pool and cards when read
    Field("picked", "list", "picked"),
    Field("deck", "seats", "deck"),
    Field("leap", "seats", "leap"),
    Field("built", "list", "built"),
    Field("pending", "list", "pending"),
    Field("rounds", key="rounds"),
    Field("winner_seat", key="winner"),
    # final: written once at the end, never mutated
    *(Field(name, key=name) for name in ("drawn", "reason", "final")),
    DICE_FIELD,
    LEGAL_FIELD,
)
STATE_CLASS_NAME = "DiceState"


class DiceState(MatchState):
    over = OVER

    __slots__ = slots(FIELDS)

    cards: tuple[Card, ...]
    to_move: int
    pool: list[list[int]]
    #: derived from ``pool`` and ``cards`` (deckbuilding.kinds_of); shared, never stored
    kinds: list[tuple[int, int, int, int]]
    #: pool positions picked so far, as a bit mask per seat
    picked: list[int]
    deck: list[list[int]]
    leap: list[list[int]]
    built: list[bool]
    pending: list[int]
    rounds: int
    drawn: bool
    final: dict[str, Any] | None
    #: scripted die values the battle takes before the generator (scenarios)
    dice: list[int]

    # -- contract: turn and end ----------
    def current_player(self) -> int:
        return self.to_move

    @property
    def turn(self) -> int:
        return self.rounds  # the rules count rounds of battle, not turns

    # -- contract: actions (the legal list is ``MatchState``'s) ----------
    @checks_integer
    def apply(self, action: int) -> None:
        if action.__class__ is not int:  # True, 1.0, NumPy integers: refused or converted
            action = action_code(action)
        legal = self._legal  # legal_actions() inlined: the list it keeps, else computed
        if legal is None:
            legal = self.legal_actions()
        if self.to_move == TERMINAL or action not in act.TEAM_SETS.get(id(legal), legal):
            self.check_legal(action)
        self._legal = None
        self.history.append(action)
        self.rules.play(self, action)

    def describe_action(self, action: int) -> dict[str, Any]:
        legal = self.legal_actions()
        if self.to_move == TERMINAL or action not in act.TEAM_SETS.get(id(legal), legal):
            self.check_legal(action)
        return self.rules.describe(self, action)

    # -- contract: copies ----------
    # -- made from FIELDS by `python -m cardtable.core.fields MODULE`: do not edit --
    def clone(self) -> DiceState:
        c = DiceState.__new__(DiceState)
        c.seed = self.seed
        c.options = self.options
        c.decks = self.decks
        c.history = self.history[:]
        c.log = self.log[:]
        c.cards = self.cards
        c.rng = self.rng
        c.phase = self.phase
        c.to_move = self.to_move
        c.pool = self.pool
        c.kinds = self.kinds
        c.picked = self.picked[:]
        deck = self.deck
        c.deck = [deck[0][:], deck[1][:]]
        leap = self.leap
        c.leap = [leap[0][:], leap[1][:]]
        c.built = self.built[:]
        c.pending = self.pending[:]
        c.rounds = self.rounds
        c.winner_seat = self.winner_seat
        c.drawn = self.drawn
        c.reason = self.reason
        c.final = self.final
        c.dice = self.dice[:]
        c._legal = self._legal
        return c

    def write_fields(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` (the JSON head) with this state's own fields added, in the
        order of the table (digests hash the text, so the order is the format)."""
        data.update({"phase": PHASE_NAMES[self.phase], "to_move": self.to_move,
                     "pool": [list(x) for x in self.pool], "picked": list(self.picked),
                     "deck": [list(x) for x in self.deck], "leap": [list(x) for x in self.leap],
                     "built": list(self.built), "pending": list(self.pending),
                     "rounds": self.rounds, "winner": self.winner_seat, "drawn": self.drawn,
                     "reason": self.reason, "final": self.final})
        if self.dice:
            data["dice"] = list(self.dice)
        return data

    def read_fields(self, data: dict[str, Any]) -> None:
        """``write_fields`` read back; the cached legal list starts empty."""
        self.phase = PHASE_NAMES.index(data["phase"])
        (self.to_move, self.rounds, self.winner_seat, self.drawn, self.reason, self.final) = (
            data["to_move"], data["rounds"], data["winner"], data["drawn"], data["reason"],
            data["final"])
        (self.pool, self.deck, self.leap) = (
            [list(x) for x in data["pool"]], [list(x) for x in data["deck"]],
            [list(x) for x in data["leap"]])
        (self.picked, self.built, self.pending, self.dice) = (
            list(data["picked"]), list(data["built"]), list(data["pending"]),
            list(data.get("dice", [])))
        self._legal = None
    # -- end of the generated part --

    def to_json(self) -> dict[str, Any]:
        return self.write_fields(self.json_head())

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DiceState:
        s = cls.__new__(cls)
        s.read_head(data, tuple(card_from_text(c["text"]) for c in data["cards"]))
        s.read_fields(data)
        s.kinds = [deckbuilding.kinds_of(s.cards, s.pool[p]) for p in (0, 1)]
        return s

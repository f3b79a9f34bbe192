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

from typing import Any, ClassVar

from cardtable.core.contract import TERMINAL, Game, action_code, checks_integer
from cardtable.core.deck import Deck
from cardtable.core.match_state import MatchState
from cardtable.games.dice_and_monsters import actions as act
from cardtable.games.dice_and_monsters import deckbuilding
from cardtable.games.dice_and_monsters.cards import Card, card_from_text

BUILD, TEAM, OVER = range(3)
PHASE_NAMES = ("deck-building", "team", "over")
WAITING = -1


class DiceState(MatchState):
    game: ClassVar[Game]
    over = OVER

    __slots__ = ("_legal", "built", "cards", "deck", "decks", "dice", "drawn", "final", "history",
                 "kinds", "leap", "log", "options", "pending", "phase", "picked", "pool",
                 "reason", "rng", "rounds", "seed", "to_move", "winner_seat")

    seed: int
    options: dict[str, Any]
    decks: tuple[Deck, ...]
    history: list[int]
    log: list[dict[str, Any]]
    cards: tuple[Card, ...]
    rng: int
    phase: int
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
    winner_seat: int
    drawn: bool
    reason: str
    final: dict[str, Any] | None
    #: scripted die values the battle takes before the generator (scenarios)
    dice: list[int]
    _legal: list[int] | None

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
    def clone(self) -> DiceState:
        c = DiceState.__new__(DiceState)
        c.seed = self.seed
        c.options = self.options  # never mutated after new_game
        c.decks = self.decks
        c.history = self.history[:]
        c.log = self.log[:] if self.log is not None else None
        c.cards = self.cards
        c.rng = self.rng
        c.phase = self.phase
        c.to_move = self.to_move
        c.pool = self.pool  # never mutated
        c.kinds = self.kinds
        c.picked = self.picked[:]
        d, lp = self.deck, self.leap
        c.deck = [d[0][:], d[1][:]]
        c.leap = [lp[0][:], lp[1][:]]
        c.built = self.built[:]
        c.pending = self.pending[:]
        c.rounds = self.rounds
        c.winner_seat = self.winner_seat
        c.drawn = self.drawn
        c.reason = self.reason
        c.final = self.final  # written once at the end, never mutated
        c.dice = self.dice[:] if self.dice else []
        c._legal = self._legal
        return c

    def to_json(self) -> dict[str, Any]:
        return self.json_head() | {
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move,
            "pool": [list(x) for x in self.pool],
            "picked": list(self.picked),
            "deck": [list(x) for x in self.deck],
            "leap": [list(x) for x in self.leap],
            "built": list(self.built),
            "pending": list(self.pending),
            "rounds": self.rounds,
            "winner": self.winner_seat,
            "drawn": self.drawn,
            "reason": self.reason,
            "final": self.final,
        } | ({"dice": list(self.dice)} if self.dice else {})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DiceState:
        s = cls.__new__(cls)
        s.read_head(data, tuple(card_from_text(c["text"]) for c in data["cards"]))
        s.phase = PHASE_NAMES.index(data["phase"])
        s.to_move = data["to_move"]
        s.pool = [list(x) for x in data["pool"]]
        s.kinds = [deckbuilding.kinds_of(s.cards, s.pool[p]) for p in (0, 1)]
        s.picked = list(data["picked"])
        s.deck = [list(x) for x in data["deck"]]
        s.leap = [list(x) for x in data["leap"]]
        s.built = list(data["built"])
        s.pending = list(data["pending"])
        s.rounds = data["rounds"]
        s.winner_seat = data["winner"]
        s.drawn = data["drawn"]
        s.reason = data["reason"]
        s.final = data["final"]
        s.dice = list(data.get("dice", []))
        s._legal = None
        return s

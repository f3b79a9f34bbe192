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
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.core.contract import TERMINAL, Game, action_code, checks_integer
from cardtable.core.deck import Deck
from cardtable.core.match_state import MatchState
from cardtable.games.draws_troidal.actions import (
    KEEP,
    LANES,
    REDO,
    arrangement_codes,
    placement_codes,
)
from cardtable.games.draws_troidal.cards import Card

MULLIGAN, PLACE, SET, SHUFFLE, OVER = range(5)
PHASE_NAMES = ("opening-redo", "opening-set", "field-set", "field-shuffle", "over")


class DrawsState(MatchState):
    game: ClassVar[Game]
    over = OVER

    __slots__ = (
        "_legal",
        "cards",
        "deck",
        "decks",
        "dice",
        "drawn",
        "field",
        "fresh",
        "guard",
        "hand",
        "history",
        "ids",
        "initiative",
        "life",
        "log",
        "options",
        "pending",
        "phase",
        "reason",
        "redos",
        "revealed",
        "rng",
        "seed",
        "to_move",
        "trash",
        "turn_no",
        "winner_seat",
        "wins",
    )

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
    #: scripted coin results (1 or 2) the next coins take before the generator (scenarios)
    dice: list[int]
    _legal: list[int] | None

    # -- contract: turn and end ----------
    def current_player(self) -> int:
        return self.to_move

    # -- contract: actions ----------
    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = legal_for(self, self.to_move)
        return legal

    @checks_integer
    def apply(self, action: int) -> None:
        if action.__class__ is not int:  # True, 1.0, NumPy integers: refused or converted
            action = action_code(action)
        legal = self._legal
        if legal is None:
            legal = legal_for(self, self.to_move)
        if self.to_move == TERMINAL or action not in legal:
            self.check_legal(action)
        self._legal = None
        self.history.append(action)
        _play(self, action)

    def action_label(self, action: int, lang: str = "en") -> str:
        from cardtable.games.draws_troidal.labels import label

        return label(self, action, lang)

    def describe_action(self, action: int) -> dict[str, Any]:
        from cardtable.games.draws_troidal.describe import describe

        if self.to_move == TERMINAL or action not in self.legal_actions():
            self.check_legal(action)
        return describe(self, action)

    def action_path(self, action: int, lang: str = "en") -> tuple[str, ...]:
        from cardtable.games.draws_troidal.labels import path

        return path(self, action, lang)

    # -- contract: information ----------
    def view(self, player: int) -> dict[str, Any]:
        from cardtable.games.draws_troidal.view import view

        return view(self, player)

    def quiet(self) -> None:
        self.log = None  # type: ignore[assignment]  # every event site checks for None

    # -- contract: copies ----------
    def clone(self) -> DrawsState:
        c = DrawsState.__new__(DrawsState)
        c.seed = self.seed
        c.options = dict(self.options)
        c.decks = self.decks
        c.history = self.history[:]
        log = self.log
        c.log = log[:] if log is not None else None  # logged events are immutable: shared
        c.cards = self.cards
        c.rng = self.rng
        c.phase = self.phase
        c.to_move = self.to_move
        c.turn_no = self.turn_no
        c.initiative = self.initiative
        c.life = self.life[:]
        d, h, r, f = self.deck, self.hand, self.revealed, self.field
        g, w, fr, t = self.guard, self.wins, self.fresh, self.trash
        c.deck = [d[0][:], d[1][:]]
        c.hand = [h[0][:], h[1][:]]
        c.revealed = [r[0][:], r[1][:]]
        c.field = [f[0][:], f[1][:]]
        c.guard = [g[0][:], g[1][:]]
        c.wins = [w[0][:], w[1][:]]
        c.fresh = [fr[0][:], fr[1][:]]
        ids = self.ids
        c.ids = [ids[0][:], ids[1][:]]
        c.trash = [t[0][:], t[1][:]]
        c.redos = self.redos[:]
        c.pending = self.pending[:]
        c.winner_seat = self.winner_seat
        c.drawn = self.drawn
        c.reason = self.reason
        c.dice = self.dice[:] if self.dice else []
        c._legal = self._legal  # shared: legal lists are never mutated
        return c

    _LISTS = ("deck", "hand", "revealed", "field", "guard", "wins", "fresh", "trash", "ids")

    def to_json(self) -> dict[str, Any]:
        data = self.json_head() | {
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move,
            "turn": self.turn_no,
            "initiative": self.initiative,
            "life": list(self.life),
            "redos": list(self.redos),
            "pending": list(self.pending),
            "winner": self.winner_seat,
            "drawn": self.drawn,
            "reason": self.reason,
        }
        for name in self._LISTS:
            data[name] = [list(x) for x in getattr(self, name)]
        if self.dice:
            data["dice"] = list(self.dice)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DrawsState:
        s = cls.__new__(cls)
        s.read_head(data, tuple(Card.from_json(c) for c in data["cards"]))
        s.phase = PHASE_NAMES.index(data["phase"])
        s.to_move = data["to_move"]
        s.turn_no = data["turn"]
        s.initiative = data["initiative"]
        s.life = list(data["life"])
        s.redos = list(data["redos"])
        s.pending = list(data["pending"])
        s.winner_seat = data["winner"]
        s.drawn = data["drawn"]
        s.reason = data["reason"]
        if "ids" not in data:  # a state written before cards had ids: number them by lane
            data = {**data, "ids": [[5 * p + i if c >= 0 else -1 for i, c in enumerate(row)]
                                    for p, row in enumerate(data["field"])]}
        for name in cls._LISTS:
            setattr(s, name, [list(x) for x in data[name]])
        s.dice = list(data.get("dice", []))
        s._legal = None
        return s


def empty_lanes(state: DrawsState, player: int) -> list[int]:
    return [i for i, c in enumerate(state.field[player]) if c < 0]


def legal_for(state: DrawsState, player: int) -> list[int]:
    """The codes ``player`` could choose in the current step (empty if not theirs to choose)."""
    phase = state.phase
    if player < 0 or phase == OVER:
        return []
    if phase == SHUFFLE:
        # Whether a copy is newly set does not matter: the field opens right after this step.
        field = state.field[player]
        if len(set(field)) == LANES:  # no two lanes alike, whatever their guard and wins:
            return arrangement_codes(field, state.options["max_swaps"])  # the same pattern
        lanes = list(zip(field, state.guard[player], state.wins[player], strict=True))
        return arrangement_codes(lanes, state.options["max_swaps"])
    if phase == SET:
        return placement_codes(state.hand[player], state.field[player].count(-1))
    if phase == PLACE:
        return placement_codes(state.revealed[player], LANES)
    # MULLIGAN: a redo is offered while the player has redos left
    if state.redos[player] < state.options["opening_redos"]:
        return [KEEP, REDO]
    return [KEEP]


# ``turn`` imports this module, so its ``play`` is bound here, after everything it reads
from cardtable.games.draws_troidal.turn import play as _play  # noqa: E402

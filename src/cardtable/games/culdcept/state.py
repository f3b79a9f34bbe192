"""The match state: plain lists, ints and tuples, nothing else.

Cards are indices into ``cards`` (the match's distinct card definitions sorted by name, shared
and immutable). Per seat ``p``: ``deck[p]`` (top card last), ``hand[p]`` (kept sorted),
``discard[p]`` (捨札パイル) and ``tolls[p]`` (通行料パイル: the opponent's cards paid to p, one
point each). Per seat and slot ``i`` (0-5, from that player's own left):

* ``base``: the starting land (an index of ``cards.START_LANDS``); ``lands``: the land cards
  laid on it, a tuple, the top one last; ``levels``: the face-down level cards, a sorted tuple;
* ``creature``: the controlling creature (card or -1) and ``damage`` on it this turn;
* ``cspell``/``cspell_by``: the lasting spell on the creature and who cast it (-1: none);
  ``lspell``/``lspell_by`` the same for the land.

Per-slot stacks are tuples, so a clone copies twelve short lists and shares the rest.

The turn: ``phase`` (below), ``die`` (the last roll, 0 before the first), ``dest`` (the
destination slot, -1 before the roll). ``battle`` while a battle runs or waits:
``[invader card, from slot (-1: from hand), invader battle card, defender battle card,
invader damage]`` with -1 for no card and -2 for "not chosen yet". ``pending`` is the level
card choice the land's owner owes: ``(reason, seat, slot)`` with reason ``toll`` (an undefended
land), ``battle`` (the level-down after a lost battle) or ``spell`` (a level-down spell).
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.core.contract import TERMINAL, Game
from cardtable.core.deck import Deck
from cardtable.core.match_state import MatchState
from cardtable.games.culdcept.cards import Card

SPELL, INVADE, BATTLE_INV, BATTLE_DEF, CHOOSE, TERRITORY, DISCARD, OVER = range(8)
PHASE_NAMES = ("spell", "invade", "battle-card", "battle-card-defender", "choose-level",
               "territory", "discard", "over")

_SEAT_LISTS = ("deck", "hand", "discard", "tolls", "base", "creature", "damage", "cspell",
               "cspell_by", "lspell", "lspell_by")
_SLOT_TUPLES = ("lands", "levels")


class CuldceptState(MatchState):
    game: ClassVar[Game]
    over = OVER

    __slots__ = ("_legal", "active", "base", "battle", "cards", "creature", "cspell",
                 "cspell_by", "damage", "deck", "decks", "dest", "dice", "die", "discard", "first",
                 "hand", "history", "lands", "levels", "log", "lspell", "lspell_by", "options",
                 "pending", "phase", "reason", "rng", "seed", "tolls", "turn_no", "winner_seat")

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
    die: int
    dest: int
    battle: list[int] | None
    pending: tuple[str, int, int] | None
    deck: list[list[int]]
    hand: list[list[int]]
    discard: list[list[int]]
    tolls: list[list[int]]
    base: list[list[int]]
    lands: list[list[tuple[int, ...]]]
    levels: list[list[tuple[int, ...]]]
    creature: list[list[int]]
    damage: list[list[int]]
    cspell: list[list[int]]
    cspell_by: list[list[int]]
    lspell: list[list[int]]
    lspell_by: list[list[int]]
    #: scripted die results (1-6) the next rolls take before the generator (scenarios)
    dice: list[int]
    _legal: list[int] | None

    # -- contract: turn and end ----------
    def current_player(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        if phase == BATTLE_DEF:
            return 1 - self.active
        if phase == CHOOSE:
            return self.pending[1]  # type: ignore[index]
        return self.active

    def points(self, seat: int) -> int:
        """Toll points: the cards the opponent has paid to ``seat``."""
        return len(self.tolls[seat])

    def pending_decision(self) -> dict[str, Any] | None:
        """``kind`` is the phase's name (``spell``, ``invade``, ``battle-card``,
        ``battle-card-defender``, ``choose-level``, ``territory``, ``discard``); ``mover`` is
        whose turn it is; a level-card choice adds ``reason`` (``toll``, ``battle`` or
        ``spell``) and ``land`` (1-6, from its owner's left)."""
        if self.phase == OVER:
            return None
        out: dict[str, Any] = {"player": self.current_player(), "kind": PHASE_NAMES[self.phase],
                               "mover": self.active}
        if self.phase == CHOOSE and self.pending is not None:
            out.update(reason=self.pending[0], land=self.pending[2] + 1)
        return out

    # -- contract: copies ----------
    def clone(self) -> CuldceptState:
        c = CuldceptState.__new__(CuldceptState)
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
        c.die = self.die
        c.dest = self.dest
        b = self.battle
        c.battle = b[:] if b is not None else None
        c.pending = self.pending
        d, h, ds, t = self.deck, self.hand, self.discard, self.tolls
        c.deck = [d[0][:], d[1][:]]
        c.hand = [h[0][:], h[1][:]]
        c.discard = [ds[0][:], ds[1][:]]
        c.tolls = [t[0][:], t[1][:]]
        c.base = self.base  # never changes after the setup
        la, lv, cr, dm = self.lands, self.levels, self.creature, self.damage
        c.lands = [la[0][:], la[1][:]]
        c.levels = [lv[0][:], lv[1][:]]
        c.creature = [cr[0][:], cr[1][:]]
        c.damage = [dm[0][:], dm[1][:]]
        cs, cb, ls, lb = self.cspell, self.cspell_by, self.lspell, self.lspell_by
        c.cspell = [cs[0][:], cs[1][:]]
        c.cspell_by = [cb[0][:], cb[1][:]]
        c.lspell = [ls[0][:], ls[1][:]]
        c.lspell_by = [lb[0][:], lb[1][:]]
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
            "die": self.die,
            "dest": self.dest,
            "battle": list(self.battle) if self.battle is not None else None,
            "pending": list(self.pending) if self.pending is not None else None,
        }
        for name in _SEAT_LISTS:
            data[name] = [list(x) for x in getattr(self, name)]
        for name in _SLOT_TUPLES:
            data[name] = [[list(t) for t in row] for row in getattr(self, name)]
        if self.dice:
            data["dice"] = list(self.dice)
        return data

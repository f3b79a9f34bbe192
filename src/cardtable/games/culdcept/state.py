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

from typing import Any

from cardtable.core.contract import TERMINAL
from cardtable.core.fields import Field, slots
from cardtable.core.match_state import DICE_FIELD, LEGAL_FIELD, MatchState, head_fields
from cardtable.games.culdcept.cards import Card

SPELL, INVADE, BATTLE_INV, BATTLE_DEF, CHOOSE, TERRITORY, DISCARD, OVER = range(8)
PHASE_NAMES = ("spell", "invade", "battle-card", "battle-card-defender", "choose-level",
               "territory", "discard", "over")

#: every field of the state, once: its slots, ``clone`` and JSON are made from this table
#: (``core/fields.py``); the JSON's own keys follow in this order, after the head. The JSON is
#: read back by the checked loader (``checks.checked_state``)
FIELDS = (
    *head_fields(),
    Field("turn_no", key="turn"),
    *(Field(name, key=name) for name in ("active", "first")),
    Field("phase", key="phase", names="PHASE_NAMES"),
    Field("winner_seat", key="winner"),
    *(Field(name, key=name) for name in ("reason", "die", "dest")),
    Field("battle", "maybe", "battle"),
    Field("pending", "maybe", "pending", shared=True),  # a tuple
    # base: never changes after the setup
    *(Field(name, "seats", name, shared=name == "base") for name in (
        "deck", "hand", "discard", "tolls", "base", "creature", "damage", "cspell", "cspell_by",
        "lspell", "lspell_by")),
    *(Field(name, "seat-tuples", name) for name in ("lands", "levels")),
    DICE_FIELD,
    LEGAL_FIELD,
)
STATE_CLASS_NAME = "CuldceptState"
READ_FIELDS = False

def clear_slots(s: Any) -> None:
    """Every land slot of both seats empty (``s``: a state, or the seen half of one): no
    lands laid or level cards, no creature, damage or lasting spell."""
    s.lands = [[()] * 6, [()] * 6]
    s.levels = [[()] * 6, [()] * 6]
    s.creature = [[-1] * 6, [-1] * 6]
    s.damage = [[0] * 6, [0] * 6]
    s.cspell = [[-1] * 6, [-1] * 6]
    s.cspell_by = [[-1] * 6, [-1] * 6]
    s.lspell = [[-1] * 6, [-1] * 6]
    s.lspell_by = [[-1] * 6, [-1] * 6]


class CuldceptState(MatchState):
    over = OVER

    __slots__ = slots(FIELDS)

    cards: tuple[Card, ...]
    active: int
    first: int
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
    # -- made from FIELDS by `python -m cardtable.core.fields MODULE`: do not edit --
    def clone(self) -> CuldceptState:
        c = CuldceptState.__new__(CuldceptState)
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
        c.die = self.die
        c.dest = self.dest
        battle = self.battle
        c.battle = battle[:] if battle is not None else None
        c.pending = self.pending
        deck = self.deck
        c.deck = [deck[0][:], deck[1][:]]
        hand = self.hand
        c.hand = [hand[0][:], hand[1][:]]
        discard = self.discard
        c.discard = [discard[0][:], discard[1][:]]
        tolls = self.tolls
        c.tolls = [tolls[0][:], tolls[1][:]]
        c.base = self.base
        creature = self.creature
        c.creature = [creature[0][:], creature[1][:]]
        damage = self.damage
        c.damage = [damage[0][:], damage[1][:]]
        cspell = self.cspell
        c.cspell = [cspell[0][:], cspell[1][:]]
        cspell_by = self.cspell_by
        c.cspell_by = [cspell_by[0][:], cspell_by[1][:]]
        lspell = self.lspell
        c.lspell = [lspell[0][:], lspell[1][:]]
        lspell_by = self.lspell_by
        c.lspell_by = [lspell_by[0][:], lspell_by[1][:]]
        lands = self.lands
        c.lands = [lands[0][:], lands[1][:]]
        levels = self.levels
        c.levels = [levels[0][:], levels[1][:]]
        c.dice = self.dice[:]
        c._legal = self._legal
        return c

    def write_fields(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` (the JSON head) with this state's own fields added, in the
        order of the table (digests hash the text, so the order is the format)."""
        data.update({"turn": self.turn_no, "active": self.active, "first": self.first,
                     "phase": PHASE_NAMES[self.phase], "winner": self.winner_seat,
                     "reason": self.reason, "die": self.die, "dest": self.dest,
                     "battle": list(self.battle) if self.battle is not None else None,
                     "pending": list(self.pending) if self.pending is not None else None,
                     "deck": [list(x) for x in self.deck], "hand": [list(x) for x in self.hand],
                     "discard": [list(x) for x in self.discard],
                     "tolls": [list(x) for x in self.tolls], "base": [list(x) for x in self.base],
                     "creature": [list(x) for x in self.creature],
                     "damage": [list(x) for x in self.damage],
                     "cspell": [list(x) for x in self.cspell],
                     "cspell_by": [list(x) for x in self.cspell_by],
                     "lspell": [list(x) for x in self.lspell],
                     "lspell_by": [list(x) for x in self.lspell_by],
                     "lands": [[list(t) for t in row] for row in self.lands],
                     "levels": [[list(t) for t in row] for row in self.levels]})
        if self.dice:
            data["dice"] = list(self.dice)
        return data
    # -- end of the generated part --

    def to_json(self) -> dict[str, Any]:
        return self.write_fields(self.json_head())

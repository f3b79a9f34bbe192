"""The match state: flat lists, ints and tuples, nothing else.

Cards are indices into ``cards`` (the match's distinct card definitions sorted by name,
shared and immutable). Per seat ``p``: ``deck[p]`` (top card last), ``hand[p]`` (kept sorted),
``discard[p]``, ``burst[p]`` with ``bchk[p]`` (1: checked). Per caster ``k = 2p + i``:
``casters[k]`` (card), ``cchk[k]`` (checked) and ``hp[k]`` (its HP cards). ``speed[p]`` is the
speed card or -1, ``sclosed[p]`` 1 while it is a closed gear-change card; ``gear[p]`` 1 once
the seat changed gear this turn; ``out[p]`` 1 when it had to take a card it did not have.

``units`` are tuples ``(uid, seat, area, card, checked, dummy)`` in the order they were placed.
``mods`` are BP changes ``(uid, amount, duration)``; ``enchants`` are ``(uid, card, owner,
open, amount)``. ``chain`` is the reaction chain, bottom first; ``ops`` the steps still to run,
top last; ``ask`` the decision waited for (or None), ``building`` a play whose target or cost is
being chosen, ``attack`` the attack being resolved. ``used`` lists ability keys used this phase.

Data only: the module imports nothing of the rules (``game.py`` binds them as ``rules``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.core.contract import TERMINAL, Game, State
from cardtable.core.deck import Deck
from cardtable.core.match_state import MatchState, plain
from cardtable.games.dreadnought.cards import Card

MULLIGAN, SPEED, DRAW, CAST, FAST, ACTION, END, OVER = range(8)
PHASE_NAMES = ("mulligan", "speed", "draw", "cast", "fast", "action", "end", "over")
#: window kinds (the third field of a ``("win", seat, kind, passes)`` ask)
W_SPEED, W_CAST, W_FAST, W_ACTION, W_REACT = range(5)
WINDOW_NAMES = ("speed", "cast", "fast", "action", "react")
#: the phase each window opens in (a reaction answers a play made in the action phase)
PHASE_OF_WINDOW = {W_SPEED: SPEED, W_CAST: CAST, W_FAST: FAST, W_ACTION: ACTION,
                   W_REACT: ACTION}

_SEAT = ("deck", "hand", "discard", "burst", "bchk", "hp")
_FLAT = ("casters", "cchk", "speed", "sclosed", "gear", "out", "mulled")
_TUPLES = ("units", "mods", "enchants", "chain", "ops", "used")
_SCALARS = ("turn_no", "phase", "first", "winner_seat", "reason", "started", "next_uid")


class DreadnoughtState(MatchState):
    game: ClassVar[Game]
    over = OVER

    __slots__ = ("_legal", "ask", "attack", "bchk", "building", "burst", "cards", "casters",
                 "cchk", "chain", "deck", "decks", "discard", "enchants", "first", "gear",
                 "hand", "history", "hp", "log", "mods", "mulled", "next_uid", "ops",
                 "options", "out", "phase", "reason", "rng", "sclosed", "seed", "speed",
                 "started", "turn_no", "units", "used", "winner_seat")

    seed: int
    options: dict[str, Any]
    decks: tuple[Deck, ...]
    history: list[int]
    log: list[dict[str, Any]]
    cards: tuple[Card, ...]
    rng: int
    deck: list[list[int]]
    hand: list[list[int]]
    discard: list[list[int]]
    burst: list[list[int]]
    bchk: list[list[int]]
    hp: list[list[int]]
    casters: list[int]
    cchk: list[int]
    speed: list[int]
    sclosed: list[int]
    gear: list[int]
    out: list[int]
    mulled: list[int]
    units: list[tuple[int, int, int, int, int, int]]
    mods: list[tuple[int, int, str]]
    enchants: list[tuple[int, int, int, int, int]]
    chain: list[tuple[Any, ...]]
    ops: list[tuple[Any, ...]]
    used: list[int]
    ask: tuple[Any, ...] | None
    building: tuple[Any, ...] | None
    attack: tuple[int, ...] | None
    turn_no: int
    phase: int
    first: int
    winner_seat: int
    reason: str
    started: int
    next_uid: int
    _legal: list[int] | None

    # -- contract: turn and end ----------
    def current_player(self) -> int:
        ask = self.ask
        return TERMINAL if ask is None else ask[1]

    def pending_decision(self) -> dict[str, Any] | None:
        """The ``ask`` by name: ``kind`` is ``window`` (with ``window``: speed, cast, fast,
        action or react, and ``passes`` before it, 0 or 1), ``mulligan``, ``block``, ``pay``
        (``log`` still to pay), ``discard``, ``search`` (``of``: unit, code or card),
        ``hp-card`` (``for``: hand, burst or speed) or ``target`` (``for``: play or trigger,
        a trigger's ``card``); ``phase`` is the phase's name."""
        ask = self.ask
        if ask is None:
            return None
        kind = {"win": "window", "mull": "mulligan", "hp": "hp-card"}.get(ask[0], ask[0])
        out: dict[str, Any] = {"player": ask[1], "kind": kind, "phase": PHASE_NAMES[self.phase]}
        if ask[0] == "win":
            out.update(window=WINDOW_NAMES[ask[2]], passes=ask[3])
        elif ask[0] == "pay":
            out["log"] = ask[2]
        elif ask[0] == "search":
            out["of"] = ask[2]
        elif ask[0] == "hp":
            out["for"] = ask[2]
        elif ask[0] == "target":
            out["for"] = "trigger" if ask[2] == "trig" else "play"
            if ask[2] == "trig":
                out["card"] = self.cards[ask[3]].name
        return out

    # -- contract: information ----------
    def reveals_to(self, before: State, player: int) -> bool:
        """An HP card taken shows its face to its owner. HP piles are drawn as a caster's
        number, not as a zone of cards, so undo's generic card check cannot see them."""
        assert isinstance(before, DreadnoughtState)
        return any(len(self.hp[2 * player + k]) < len(before.hp[2 * player + k]) for k in (0, 1))

    # -- contract: copies ----------
    def clone(self) -> DreadnoughtState:
        c = DreadnoughtState.__new__(DreadnoughtState)
        c.seed = self.seed
        c.options = self.options
        c.decks = self.decks
        c.cards = self.cards
        c.history = self.history[:]
        c.log = self.log[:] if self.log is not None else None
        c.rng = self.rng
        d, h, g, b, k, hp = self.deck, self.hand, self.discard, self.burst, self.bchk, self.hp
        c.deck = [d[0][:], d[1][:]]
        c.hand = [h[0][:], h[1][:]]
        c.discard = [g[0][:], g[1][:]]
        c.burst = [b[0][:], b[1][:]]
        c.bchk = [k[0][:], k[1][:]]
        c.hp = [hp[0][:], hp[1][:], hp[2][:], hp[3][:]]
        c.casters = self.casters
        c.cchk = self.cchk[:]
        c.speed = self.speed[:]
        c.sclosed = self.sclosed[:]
        c.gear = self.gear[:]
        c.out = self.out[:]
        c.mulled = self.mulled[:]
        c.units = self.units[:]
        c.mods = self.mods[:]
        c.enchants = self.enchants[:]
        c.chain = self.chain[:]
        c.ops = self.ops[:]
        c.used = self.used[:]
        c.ask = self.ask
        c.building = self.building
        c.attack = self.attack
        c.turn_no = self.turn_no
        c.phase = self.phase
        c.first = self.first
        c.winner_seat = self.winner_seat
        c.reason = self.reason
        c.started = self.started
        c.next_uid = self.next_uid
        c._legal = self._legal
        return c

    def to_json(self) -> dict[str, Any]:
        data = self.json_head() | {
            "phase_name": PHASE_NAMES[self.phase],
            "to_move": self.current_player(),
            "ask": plain(self.ask),
            "building": plain(self.building),
            "attack": plain(self.attack),
        }
        for name in _SCALARS:
            data[name] = getattr(self, name)
        for name in _SEAT:
            data[name] = [list(x) for x in getattr(self, name)]
        for name in _FLAT:
            data[name] = list(getattr(self, name))
        for name in _TUPLES:
            data[name] = plain(getattr(self, name))
        return data

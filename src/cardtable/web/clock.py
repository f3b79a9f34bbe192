"""Clocks of the tables strangers play at: a time bank per player, or a day a move.

Two kinds, as Board Game Arena offers them:

* **real-time**: each player starts with ``bank`` seconds; the time a player takes on their
  decisions is spent from it, and handing the decision over to the other player adds
  ``increment`` seconds, the bank never growing past ``cap``;
* **turn-based**: each time the decision passes to a player they get ``per_move`` seconds
  (a day by default) to make it, and nothing carries over.

A player's time is spent only while the decision is theirs and the table is full (a table
waiting for its opponent has no running clock). A player whose time has run out loses once
``grace`` seconds more have passed (room for a move already on its way over a slow line).

The clock reads the time only from a ``TimeSource`` it is given, as wall-clock seconds, so it
survives a restart (its state is a few numbers stored with the table, the running player's
time counting on while the server was down) and tests move time forward without sleeping.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Protocol

#: seconds a player may be late past their clock before the loss is declared
GRACE = 5.0
#: the bounds a host may choose from (seconds)
BANK_RANGE = (30.0, 4 * 3600.0)
INCREMENT_RANGE = (0.0, 600.0)
PER_MOVE_RANGE = (3600.0, 14 * 86400.0)
DAY = 86400.0


class TimeSource(Protocol):
    def now(self) -> float:
        """Wall-clock seconds (as ``time.time``)."""
        ...


class SystemTime:
    def now(self) -> float:
        return time.time()


class FakeTime:
    """A time source the tests move by hand."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class ClockError(ValueError):
    """A clock setting out of its bounds."""


@dataclass
class Clock:
    """A table's clock: its settings, each seat's time left, and who is spending it since when.

    ``left[s]`` is seat ``s``'s time as it stood at ``since`` (for the running seat) or at its
    last hand-over (for the other); ``running`` is the seat whose time is being spent, None
    while the table waits or once the game is over."""

    kind: str
    bank: float = 0.0
    increment: float = 0.0
    cap: float = 0.0
    per_move: float = DAY
    grace: float = GRACE
    left: tuple[float, float] = (0.0, 0.0)
    running: int | None = None
    since: float = 0.0

    @classmethod
    def realtime(cls, bank: float, increment: float, cap: float | None = None,
                 grace: float = GRACE) -> Clock:
        cap = max(bank, cap if cap is not None else bank * 2)
        _within("bank", bank, BANK_RANGE)
        _within("increment", increment, INCREMENT_RANGE)
        _within("cap", cap, (bank, BANK_RANGE[1] * 2))
        return cls("realtime", bank, increment, cap, grace=grace, left=(bank, bank))

    @classmethod
    def turn_based(cls, per_move: float = DAY, grace: float = GRACE) -> Clock:
        _within("per_move", per_move, PER_MOVE_RANGE)
        return cls("turn", per_move=per_move, grace=grace, left=(per_move, per_move))

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Clock | None:
        if not data:
            return None
        left = data.get("left", [0.0, 0.0])
        return cls(str(data["kind"]), float(data.get("bank", 0)), float(data.get("increment", 0)),
                   float(data.get("cap", 0)), float(data.get("per_move", DAY)),
                   float(data.get("grace", GRACE)), (float(left[0]), float(left[1])),
                   data.get("running"), float(data.get("since", 0)))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "bank": self.bank, "increment": self.increment,
                "cap": self.cap, "per_move": self.per_move, "grace": self.grace,
                "left": list(self.left), "running": self.running, "since": self.since}

    def settings(self) -> dict[str, Any]:
        """What the lobby shows of the clock."""
        if self.kind == "turn":
            return {"kind": "turn", "per_move": self.per_move}
        return {"kind": "realtime", "bank": self.bank, "increment": self.increment,
                "cap": self.cap}

    # -- time passing ----------
    def remaining(self, now: float) -> tuple[float, float]:
        """Each seat's time left at ``now`` (the running seat's counting down, not below 0)."""
        left = list(self.left)
        if self.running is not None:
            left[self.running] = max(0.0, left[self.running] - (now - self.since))
        return left[0], left[1]

    def start(self, seat: int, now: float) -> None:
        """The table is full and ``seat`` decides: its time starts running."""
        self.running, self.since = seat, now

    def handed(self, mover: int, next_seat: int | None, now: float) -> None:
        """``mover`` decided; ``next_seat`` decides now (None: the game is over). Handing the
        decision to the other seat adds the increment (real-time) or a fresh day (turn)."""
        left = list(self.remaining(now))
        if next_seat is not None and next_seat != mover:
            if self.kind == "realtime":
                left[mover] = min(self.cap, left[mover] + self.increment)
            else:
                left[next_seat] = self.per_move
        self.left = (left[0], left[1])
        self.running = next_seat
        self.since = now

    def flagged(self, now: float) -> int | None:
        """The seat whose time ran out more than ``grace`` seconds ago, if any."""
        if self.running is None:
            return None
        if now - self.since > self.left[self.running] + self.grace:
            return self.running
        return None

    def stop(self, now: float) -> None:
        self.left = self.remaining(now)
        self.running = None
        self.since = now

    def shown(self, now: float) -> dict[str, Any]:
        """The clock as a page draws it: milliseconds left per seat, and whose is running."""
        left = self.remaining(now)
        return {"kind": self.kind, "left_ms": [round(x * 1000) for x in left],
                "running": self.running, **{k: v for k, v in self.settings().items()
                                            if k != "kind"}}


def _within(name: str, value: float, bounds: tuple[float, float]) -> None:
    low, high = bounds
    if not low <= value <= high:
        raise ClockError(f"the clock's {name} must be from {low:g} to {high:g} seconds")

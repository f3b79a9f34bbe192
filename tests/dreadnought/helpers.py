"""Small positions for rule tests: a real match, then the table set up by card name.

``table`` starts a seeded match, keeps both opening hands, and then replaces whatever the test
names (hands, units, bursts, HP, deck tops) before opening the window it asks for, so each
test shows one rule with the least setup.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.dreadnought import GAME
from cardtable.games.dreadnought import actions as A
from cardtable.games.dreadnought import rules as R
from cardtable.games.dreadnought.state import (
    PHASE_OF_WINDOW,
    W_ACTION,
    DreadnoughtState,
    Unit,
)

#: a step that stops a test's run: it asks seat 1 for a mulligan nobody will answer
STOP = ("mull", 1)


def cid(s: DreadnoughtState, name: str) -> int:
    for i, c in enumerate(s.cards):
        if c.name == name or c.name_en == name:
            return i
    raise KeyError(name)


def started(seed: int = 1, decks: Any = None) -> DreadnoughtState:
    """A match just past both mulligans (nobody mulliganed), at its first speed window."""
    s = GAME.new_game(seed, decks)
    s.apply(A.PASS)
    s.apply(A.PASS)
    return s


def table(window: int | None = W_ACTION, seat: int = 0, *, hands: tuple[list[str], list[str]]
          = ([], []), units: list[tuple[int, int, str]] | None = None,
          bursts: tuple[int, int] = (0, 0), hp: tuple[int, int, int, int] | None = None,
          tops: tuple[list[str], list[str]] = ([], []), after: list[tuple[Any, ...]] | None
          = None, seed: int = 1, decks: Any = None) -> DreadnoughtState:
    """A position at ``window`` of ``seat`` (None: no window, the caller sets ops).

    ``units`` are (seat, area, name) placed normal; a name starting with ``dummy:`` is a dummy.
    ``bursts`` gives each seat that many normal bursts; ``hp`` each caster's HP cards;
    ``tops`` the named cards on top of each deck (last = top). ``after`` are the steps that
    follow the window (default: the end of the game loop is never reached in a test).
    """
    s = started(seed, decks)
    s.hand = [sorted(cid(s, n) for n in hands[0]), sorted(cid(s, n) for n in hands[1])]
    s.units = []
    for seat_, area, name in units or []:
        dummy = name.startswith("dummy:")
        c = cid(s, name.removeprefix("dummy:"))
        s.units.append(Unit(s.next_uid, seat_, area, c, 1 if dummy else 0, 1 if dummy else 0))
        s.next_uid += 1
    filler = s.deck[0][0]
    s.burst = [[filler] * bursts[0], [filler] * bursts[1]]
    s.bchk = [[0] * bursts[0], [0] * bursts[1]]
    if hp is not None:
        s.hp = [[filler] * n for n in hp]
    for p in (0, 1):
        s.deck[p] += [cid(s, n) for n in tops[p]]
    s.cchk = [0, 0, 0, 0]
    s.speed = [cid(s, "火の粉の精"), cid(s, "溶岩の巨人")]
    s.sclosed = [0, 0]
    s.mods, s.enchants, s.chain, s.used = [], [], [], []
    s.building = s.attack = None
    s.ask = None
    s._legal = None
    s.first = 0
    s.ops = list(after if after is not None else [("end",)])
    if window is not None:
        s.phase = PHASE_OF_WINDOW[window]
        s.ops.append(("win", seat, window, 0))
        R.run(s)
    return s


def labels(s: DreadnoughtState) -> dict[str, int]:
    return {s.action_label(a): a for a in s.legal_actions()}


def find(s: DreadnoughtState, *words: str) -> int:
    """The one legal action whose English label holds every word."""
    hits = [a for a in s.legal_actions() if all(w in s.action_label(a) for w in words)]
    assert len(hits) == 1, (words, [s.action_label(a) for a in s.legal_actions()])
    return hits[0]


def unit(s: DreadnoughtState, name: str) -> Unit:
    c = cid(s, name)
    hits = [u for u in s.units if u.card == c]
    assert len(hits) == 1
    return hits[0]


def events(s: DreadnoughtState, kind: str) -> list[dict[str, Any]]:
    return [e for e in s.log if e["type"] == kind]

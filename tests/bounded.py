"""Helpers the bad-input tests share: a guard against unbounded work and a short random game.

Not a test module (no ``test_`` prefix); the top-level tests import it by name, as pytest puts
this folder on the path for them.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

from cardtable.core import State
from cardtable.core.rng import randbelow, seed_state


@contextmanager
def within(seconds: int) -> Iterator[None]:
    """Fail instead of hanging: a guard against unbounded work, not a speed test."""
    def stop(signum: int, frame: object) -> None:
        raise AssertionError(f"still running after {seconds} s: the work is not bounded")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def play_on(state: State, seed: int, steps: int = 10_000) -> State:
    """``state`` after up to ``steps`` random decisions (fewer if the game ends first)."""
    chooser = seed_state(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert legal, "a running game offers an action"
        chooser, k = randbelow(chooser, len(legal))
        state.apply(legal[k])
    return state

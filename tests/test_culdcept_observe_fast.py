"""Culdcept's fast observation writer takes its other route the same way.

Compiled, ``observe_fast.observe_into`` reads an exact ``CuldceptState``'s attributes straight
from their slots; a state of a subclass, or a seat other than 0 and 1, goes through the
generic body instead. Both must give what the usual route gives (and, for a bad seat, the
pure path's IndexError), on either path.
"""

from __future__ import annotations

import array
import random

import pytest

from cardtable.core import load_game
from cardtable.games.culdcept.state import CuldceptState


class _Sub(CuldceptState):
    __slots__ = ()


def _as_sub(s: CuldceptState) -> _Sub:
    t = _Sub.__new__(_Sub)
    for name in CuldceptState.__slots__:
        setattr(t, name, getattr(s, name))
    return t


def test_a_subclass_state_observes_like_its_base() -> None:
    game = load_game("culdcept")
    rng = random.Random(5)
    s = game.new_game(5, options={"open_decklists": True})
    zero = array.array("f", bytes(4 * game.observation_size))
    seen = 0
    while not s.is_terminal() and seen < 60:
        for p in (0, 1):
            want, got = zero[:], zero[:]
            game.observe_into(s, p, want)
            game.observe_into(_as_sub(s), p, got)
            assert got == want
            listed = [0.0] * game.observation_size
            game.observe_into(_as_sub(s), p, listed)
            assert listed == game.encode(s.view(p))
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        seen += 1


@pytest.mark.parametrize("seat", [2, -1])
def test_a_seat_that_is_not_at_the_table_is_an_index_error(seat: int) -> None:
    game = load_game("culdcept")
    s = game.new_game(1)
    with pytest.raises(IndexError):
        game.observe_into(s, seat, [0.0] * game.observation_size)


def _odd_rows(s: CuldceptState) -> CuldceptState:
    """The same position with its rows in other sequence types: tuples for lists, lists for
    the land stacks, the hands and one creature row as NumPy-like ``int`` subclasses."""

    class Num(int):
        pass

    t = s.clone()
    t.base = [tuple(r) for r in t.base]
    t.lands = [[list(x) for x in r] for r in t.lands]
    t.levels = [[list(x) for x in r] for r in t.levels]
    t.creature = [[Num(c) for c in r] for r in t.creature]
    t.hand = [tuple(Num(c) for c in h) for h in t.hand]
    t.tolls = [tuple(r) for r in t.tolls]
    if t.battle is not None:
        t.battle = tuple(t.battle)  # type: ignore[assignment]
    return t


def test_rows_of_other_sequence_types_observe_the_same() -> None:
    """The compiled writer reads an exact list's items in place and anything else through
    Python's generic protocols: both give the numbers of the usual rows."""
    game = load_game("culdcept")
    rng = random.Random(9)
    s = game.new_game(9)
    n = game.observation_size
    step = 0
    while not s.is_terminal() and step < 80:
        if step % 4 == 0:
            for p in (0, 1):
                want, got = [0.0] * n, [0.0] * n
                game.observe_into(s, p, want)
                game.observe_into(_odd_rows(s), p, got)
                assert got == want
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        step += 1


def test_every_kind_of_buffer_holds_the_encoding() -> None:
    """A list, ``array('d')``, and NumPy arrays of float64, float16 and a strided float32
    view (the compiled build writes the first two forms straight, the others through its
    scratch doubles) each hold ``encode(view)`` in their own precision."""
    np = pytest.importorskip("numpy")
    game = load_game("culdcept")
    n = game.observation_size
    rng = random.Random(4)
    s = game.new_game(4)
    step = 0
    while not s.is_terminal() and step < 60:
        if step % 6 == 0:
            p = s.current_player()
            defined = game.encode(s.view(p))
            listed = [0.0] * n
            game.observe_into(s, p, listed)
            assert listed == defined
            doubles = array.array("d", bytes(8 * n))
            game.observe_into(s, p, doubles)
            assert doubles.tolist() == defined
            for dtype in (np.float64, np.float16):
                arr = np.zeros(n, dtype=dtype)
                game.observe_into(s, p, arr)
                assert arr.tolist() == np.array(defined, dtype=dtype).tolist()
            wide = np.zeros(2 * n, dtype=np.float32)
            game.observe_into(s, p, wide[::2])
            assert wide[::2].tolist() == np.array(defined, dtype=np.float32).tolist()
            assert not wide[1::2].any()
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        step += 1

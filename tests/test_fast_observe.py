"""The fast observation paths (``Game.observe_into``) give the encoding's own numbers.

The encoding is defined as ``encode(view(player))`` (each game's encoding.py, documented in its
rules page); サラスヴァティ, Culdcept and Dreadnought also write the same numbers straight from
the state (their ``observe_fast.py``). These tests hold the two equal at every decision point
of seeded random games, for both seats, into each kind of buffer the adapters use, and repeat
the leak test on the fast path: a position and its hidden twin (the other seat's unseen cards
dealt again) give the seat that cannot see the difference the same numbers.
"""

from __future__ import annotations

import array
import random

import pytest

from cardtable.core import State, load_game

FAST = ["sarasvati", "culdcept", "dreadnought"]


def positions(game_id: str, games: int, seed: int, **options: object) -> list[State]:
    game = load_game(game_id)
    rng = random.Random(seed)
    out = []
    for g in range(games):
        s = game.new_game(seed * 100 + g, options=options or None)
        while not s.is_terminal():
            out.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        out.append(s)
    return out


def fast(game_id: str, s: State, p: int) -> list[float]:
    game = load_game(game_id)
    out = [0.0] * game.observation_size
    game.observe_into(s, p, out)
    return out


def first_difference(game_id: str, a: list[float], b: list[float]) -> str:
    layout = load_game(game_id).observation_layout()
    for i, (x, y) in enumerate(zip(a, b, strict=True)):
        if x != y:
            f = next(f for f in layout.fields if f.offset <= i < f.offset + f.size)
            return f"{f.name}[{i - f.offset}]: fast {x} != defined {y}"
    return ""


@pytest.mark.parametrize("game_id", FAST)
@pytest.mark.parametrize("open_decklists", [False, True])
def test_the_fast_path_writes_the_encoding_of_the_view(game_id: str,
                                                      open_decklists: bool) -> None:
    game = load_game(game_id)
    games = 4 if not open_decklists else 1
    for s in positions(game_id, games, seed=11 + open_decklists,
                       open_decklists=open_decklists):
        for p in (0, 1):
            want = game.encode(s.view(p))
            got = fast(game_id, s, p)
            assert got == want, first_difference(game_id, got, want)
            assert all(type(x) is float for x in got)
            assert game.observe(s, p) == want


@pytest.mark.parametrize("game_id", FAST)
def test_the_fast_path_fills_float32_buffers(game_id: str) -> None:
    """array('f') and NumPy float32 buffers hold the same numbers, rounded to float32."""
    np = pytest.importorskip("numpy")
    game = load_game(game_id)
    n = game.observation_size
    for i, s in enumerate(positions(game_id, 1, seed=3)):
        if i % 5:
            continue
        p = i % 2
        want = array.array("f", game.encode(s.view(p)))
        buf = array.array("f", bytes(4 * n))
        game.observe_into(s, p, buf)
        assert buf == want
        arr = np.zeros(n, dtype=np.float32)
        game.observe_into(s, p, arr)
        assert arr.tolist() == want.tolist()


@pytest.mark.parametrize("game_id", FAST)
def test_what_a_seat_cannot_see_never_changes_its_fast_observation(game_id: str) -> None:
    game = load_game(game_id)
    compared = differed = 0
    for i, s in enumerate(positions(game_id, 3, seed=7)):
        if i % 3 or s.is_terminal():
            continue
        for observer in (0, 1):
            twin = game.hidden_twin(s, observer, 1000 + i)
            assert fast(game_id, s, observer) == fast(game_id, twin, observer)
            compared += 1
            other = 1 - observer
            differed += fast(game_id, s, other) != fast(game_id, twin, other)
    assert compared > 10
    assert differed > 0  # the twins did differ where the other seat can look

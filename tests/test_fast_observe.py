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

from cardtable.core import State, load_game, registry
from cardtable.games.dreadnought.state import Enchant, Mod, Unit

#: the games whose record declares a writer module beside the encoding
FAST = [g for g in registry.GAMES if registry.parts(g).writer is not None]
ALL = [g for g in registry.GAMES if registry.parts(g).encoding is not None]


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


@pytest.mark.parametrize("game_id", ALL)
def test_the_fast_path_fills_float32_buffers(game_id: str) -> None:
    """array('f') and NumPy float32 buffers hold the same numbers, rounded to float32; a
    float64 NumPy array the doubles themselves (compiled, a writer writes doubles into a
    scratch buffer and then delivers them into the buffer it was handed)."""
    np = pytest.importorskip("numpy")
    game = load_game(game_id)
    n = game.observation_size
    for i, s in enumerate(positions(game_id, 1, seed=3)):
        if i % 5:
            continue
        p = i % 2
        defined = game.encode(s.view(p))
        want = array.array("f", defined)
        buf = array.array("f", bytes(4 * n))
        game.observe_into(s, p, buf)
        assert buf == want
        arr = np.zeros(n, dtype=np.float32)
        game.observe_into(s, p, arr)
        assert arr.tolist() == want.tolist()
        arr64 = np.zeros(n)
        game.observe_into(s, p, arr64)
        assert arr64.tolist() == defined


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


def _edited(game_id: str, s: State, k: int) -> State:
    """A copy of ``s`` with what random play seldom or never shows written in by hand: long
    hands (past the 16 ``hand_kind`` fields), Culdcept battles half fought and its discard
    phase, サラスヴァティ's effect queue and its choice of the equipment to keep, Dreadnought's
    many units and enchantments (past the fields that hold them), closed ones of each seat,
    negative BP, gear changes, `out` flags, discard and search asks. The state need not be
    one the rules reach; both routes must still give the same numbers for it."""
    e = s.clone()
    n = len(e.cards)  # type: ignore[attr-defined]
    if game_id == "culdcept":
        from cardtable.games.culdcept.state import BATTLE_DEF, DISCARD
        for seat in (0, 1):
            e.hand[seat] = sorted(e.hand[seat] + [(k + 3 * i) % n for i in range(20)])
        e.phase = BATTLE_DEF if k % 2 else (DISCARD if k % 4 == 2 else e.phase)
        e.battle = [k % n, -1 if k % 3 else 0, (k * 7) % n, (k * 5) % n if k % 4 else -2,
                    10 * (k % 4)]
        spells = [i for i, c in enumerate(e.cards) if c.effects]  # type: ignore[attr-defined]
        for seat in (0, 1):
            e.damage[seat] = [20 * ((k + j) % 2) for j in range(6)]
            j = (k + seat) % 6
            e.lspell[seat][j] = spells[k % len(spells)]
            e.lspell_by[seat][j] = k % 2
            e.cspell[seat][(j + 1) % 6] = spells[(k + 1) % len(spells)]
            e.cspell_by[seat][(j + 1) % 6] = (k + 1) % 2
            e.levels[seat][(j + 2) % 6] = tuple(sorted({k % n, (k + 1) % n}))
    elif game_id == "sarasvati":
        for seat in (0, 1):
            e.hand[seat] = sorted(e.hand[seat] + [(k + 3 * i) % n for i in range(24)])
            e.under[seat] = [[(k + i) % n] * ((k + i) % 3) for i in range(10)]
        e.queue = e.queue + [(k % 2, k % n, 0, -1)] * (1 + k % 3)
        e.tapped = [k % 4, (k + 1) % 4]
        if k % 2:  # a two-base evolution asking which equipment to keep, in the choice phase
            e.choice = ("keep", k % 4 // 2, k % n, 0, 1)
            e.phase = 4
    else:
        units = list(e.units)
        uid = e.next_uid
        for i in range(14):
            units.append(Unit(uid + i, i % 2, (i // 2) % 2, (k + 5 * i) % n, i % 3 == 0,
                              int(i % 4 == 1)))
        e.units = units
        e.enchants = [Enchant(uid + i, (k + i) % n, (i + k // 2) % 2, (i + k) % 2,
                              (-30, 0, 40, 70)[(i + k) % 4]) for i in range(6)]
        e.mods = [Mod(uid + 1, -200, "turn"), Mod(uid + 2, 30, "turn")]
        e.out = [k % 2, 1]
        e.gear = [1, k % 2]
        e.sclosed = [1, 1 - k % 2]
        e.speed = [k % n, (k + 1) % n]
        e.mulled = [k % 3, 2]
        e.bchk = [[0, 1, 1], [1]]
        e.ask = (("discard", "search", "win", "hp")[k % 4], k % 4 // 2, k % 5, 0)
    return e


@pytest.mark.parametrize("game_id", FAST)
def test_the_fast_path_matches_on_positions_random_play_seldom_reaches(game_id: str) -> None:
    game = load_game(game_id)
    edited = 0
    for i, s in enumerate(positions(game_id, 1, seed=5)):
        if i % 4 or s.is_terminal():
            continue
        e = _edited(game_id, s, edited)
        for p in (0, 1):
            want = game.encode(e.view(p))
            got = fast(game_id, e, p)
            assert got == want, first_difference(game_id, got, want)
        edited += 1
    assert edited > 5


def _deck_with_own_card(game_id: str) -> tuple[object, str]:
    """The first shipped deck with its first card line turned into a designer's own card (a
    copy of the pool card under a new name, so outside the published pool), and that deck's
    name (the opponent plays it as shipped)."""
    import re

    game = load_game(game_id)
    path = sorted(game.deck_dir.iterdir())[0]  # type: ignore[attr-defined]
    pool = (path.parent.parent / "cards.txt").read_text("utf-8")
    lines = path.read_text("utf-8").splitlines()
    i, m = next((i, m) for i, m in enumerate(re.match(r"^(\d+)\s+(\S+)$", x) for x in lines)
                if m and f"◇{m.group(2)}\n" in pool)
    name = m.group(2)
    block = pool[pool.index(f"◇{name}\n"):]
    block = block[:block.index("\n\n")].replace(f"◇{name}", f"◇{name}改", 1)
    block = re.sub(r"^English: (.*)$", r"English: \1 Mk II", block, flags=re.M)
    lines[i] = f"{m.group(1)} {name}改"
    return game.load_deck("\n".join(lines) + "\n\n" + block + "\n"), path.stem


@pytest.mark.parametrize("game_id", FAST)
def test_the_fast_path_matches_with_a_card_outside_the_pool(game_id: str) -> None:
    game = load_game(game_id)
    layout = game.observation_layout()
    own, shipped = _deck_with_own_card(game_id)
    rng = random.Random(4)
    # where the designer's card can show in play: a card field, or a zone's last count
    places = [f.offset + k for f in layout.fields if f.kind == "card" for k in range(f.size)]
    lasts = [f.offset + f.size - 1 for f in layout.fields
             if f.kind == "counts" and "decklist" not in f.name]
    outside = 0
    for seed in range(2):
        s = game.new_game(seed, decks=[own, game.load_deck(shipped)],
                          options={"open_decklists": bool(seed)})
        while True:
            for p in (0, 1):
                want = game.encode(s.view(p))
                got = fast(game_id, s, p)
                assert got == want, first_difference(game_id, got, want)
                outside += any(want[k] == layout.outside for k in places) \
                    or any(want[k] > 0 for k in lasts)
            if s.is_terminal():
                break
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    assert outside > 0  # the designer's card was in play, as P+1 or in a zone's last count

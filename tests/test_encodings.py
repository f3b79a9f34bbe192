"""Observation encodings (``games/<id>/encoding.py``): fixed length, from the view alone.

The leak test is by difference, as in test_hidden_information.py: a position and its hidden
twin (the other seat's unseen cards dealt again) must encode the same for the seat that cannot
see the difference, and the test shows it can fail by finding positions where the other seat's
encoding does differ.
"""

from __future__ import annotations

import math
import random
import subprocess
import sys
import types
from array import array

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core import Game, State, list_games, load_game

PLAYABLE = [g.id for g in list_games() if g.playable]


def positions(game_id: str, games: int = 3, seed: int = 0) -> list[State]:
    game = load_game(game_id)
    rng = random.Random(seed)
    out = []
    for s_ in range(games):
        s = game.new_game(seed * 100 + s_)
        while not s.is_terminal():
            out.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        out.append(s)
    return out


def fast(game: Game, state: State, player: int) -> list[float]:
    """``Game.observe_into`` into a fresh zeroed list (the adapters' fast path)."""
    out = [0.0] * game.observation_size
    game.observe_into(state, player, out)
    return out


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_layout_fields_tile_the_observation(game_id: str) -> None:
    layout = load_game(game_id).observation_layout()
    at = 0
    for f in layout.fields:
        assert f.offset == at and f.size > 0 and f.doc, f.name
        at += f.size
    assert at == layout.size == load_game(game_id).observation_size


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_position_encodes_to_the_fixed_length_the_same_by_both_routes(game_id: str) -> None:
    game = load_game(game_id)
    layout = game.observation_layout()
    cards = [f for f in layout.fields if f.kind == "card"]
    for s in positions(game_id):
        for p in (0, 1):
            obs = game.encode(s.view(p))
            assert len(obs) == game.observation_size
            assert all(type(x) is float and math.isfinite(x) for x in obs)
            assert game.observe(s, p) == obs  # the fast route gives the same numbers
            for f in cards:
                for x in obs[f.offset:f.offset + f.size]:
                    assert x == int(x) and 0 <= x <= layout.unseen, (f.name, x)


def test_card_identity_is_the_pool_index_not_a_position() -> None:
    game = load_game("draws-troidal")
    layout = game.observation_layout()
    s = game.new_game(4)
    view = s.view(0)
    obs = game.encode(view)
    hand = layout.field("hand")
    counts = obs[hand.offset:hand.offset + hand.size]
    for name in view["you"]["hand"]:
        assert counts[layout.index[name] - 1] >= 1
    assert sum(counts) == len(view["you"]["hand"])
    reordered = dict(view, you=dict(view["you"], hand=view["you"]["hand"][::-1]))
    assert game.encode(reordered) == obs


def test_the_size_does_not_depend_on_options() -> None:
    game = load_game("draws-troidal")
    s = game.new_game(1, options={"hand_size": 3, "life": 20, "win_limit": 3})
    assert len(game.encode(s.view(0))) == game.observation_size


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_what_a_seat_cannot_see_never_changes_its_observation(game_id: str) -> None:
    game = load_game(game_id)
    compared = differed = 0
    for i, s in enumerate(positions(game_id, games=3, seed=7)):
        if i % 3 or s.is_terminal():
            continue
        for observer in (0, 1):
            twin = game.hidden_twin(s, observer, 1000 + i)
            assert game.encode(s.view(observer)) == game.encode(twin.view(observer))
            assert game.observe(s, observer) == game.observe(twin, observer)
            assert fast(game, s, observer) == fast(game, twin, observer)
            compared += 1
            other = 1 - observer
            differed += game.encode(s.view(other)) != game.encode(twin.view(other))
    assert compared > 10
    if game_id != "dice-and-monsters":  # its twin is the position itself (see below)
        assert differed > 0  # the twins did differ where the other seat can look


def test_dice_and_monsters_picks_stay_hidden_from_the_seat_still_building() -> None:
    """Dice and Monsters hides only what the next step shows (its hidden twin is the position
    itself), so the difference is made by hand: the first seat builds two different decks,
    the second builds the same one, and sees the same observations while it builds."""
    game = load_game("dice-and-monsters")
    a, b = game.new_game(5), game.new_game(5)
    ra, rb = random.Random(1), random.Random(2)
    while a.current_player() == 0:
        a.apply(a.legal_actions()[ra.randrange(len(a.legal_actions()))])
    while b.current_player() == 0:
        b.apply(b.legal_actions()[rb.randrange(len(b.legal_actions()))])
    assert game.encode(a.view(0)) != game.encode(b.view(0))
    compared = 0
    while a.view(1)["phase"] == "deck-building" and a.current_player() == 1:
        assert game.encode(a.view(1)) == game.encode(b.view(1))
        move = a.legal_actions()[0]
        a.apply(move)
        b.apply(move)
        compared += 1
    assert compared >= 3


def test_the_cores_encode_without_numpy() -> None:
    code = ("import sys, cardtable; from cardtable.core import load_game; "
            "g = load_game('draws-troidal'); g.encode(g.new_game(1).view(0)); "
            "bad = [m for m in ('numpy', 'pettingzoo', 'gymnasium', 'pyspiel', "
            "'cardtable.rl') if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_rules_page_prints_the_layout_as_it_is(game_id: str) -> None:
    from pathlib import Path

    page = Path(__file__).parent.parent / "docs" / "rules" / f"{game_id}.md"
    assert load_game(game_id).observation_layout().markdown() in page.read_text("utf-8")


@pytest.mark.parametrize("game_id", ["sarasvati", "culdcept"])
def test_hand_kind_fields_name_the_card_a_code_plays(game_id: str) -> None:
    """Codes name a hand card as "the k-th distinct card of the hand"; the observation's
    ``hand_kind<k>_card`` is that card, so a policy can read what a code would play."""
    game = load_game(game_id)
    layout = game.observation_layout()
    checked = 0
    for s in positions(game_id, games=2, seed=3):
        if s.is_terminal():
            continue
        p = s.current_player()
        obs = game.encode(s.view(p))
        for code in s.legal_actions():
            k = game.describe_action(code).get("hand_kind")
            if k is None or k >= 16:
                continue
            name = s.describe_action(code).get("card")
            index = obs[layout.field(f"hand_kind{k}_card").offset]
            assert index == layout.card(name), (code, k, name)
            checked += 1
    assert checked > 20


# -- the fast path (``observe_into``) is held to the definition (``encode(view)``) ----------
@pytest.mark.parametrize("game_id", PLAYABLE)
@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), open_lists=st.booleans())
def test_the_fast_observation_is_the_encoded_view_at_every_decision(
        game_id: str, seed: int, open_lists: bool) -> None:
    """Random games (the opponent's decklist open or not where the game has the option):
    both seats, every decision point and the end, written into a zeroed list: exactly
    ``encode(view(p))``; into an ``array('f')``: the same numbers as float32."""
    game = load_game(game_id)
    options = {"open_decklists": open_lists} if "open_decklists" in game.default_options() \
        else None
    s = game.new_game(seed, options=options)
    rng = random.Random(seed)
    n = game.observation_size
    while True:
        for p in (0, 1):
            want = game.encode(s.view(p))
            assert fast(game, s, p) == want, (s.history, p)
            buf = array("f", bytes(4 * n))
            game.observe_into(s, p, buf)
            assert buf == array("f", want)
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])


def test_a_game_without_a_fast_path_copies_its_observation_in(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The contract's default ``observe_into`` writes ``observe``'s numbers into a list, an
    ``array('f')`` or a NumPy-like buffer alike, for a game whose encoding has no fast path."""
    game = load_game("draws-troidal")
    module = game._encoding()
    bare = types.SimpleNamespace(LAYOUT=module.LAYOUT, encode=module.encode)
    monkeypatch.setitem(game.__dict__, "_encoding_module", bare)
    s = game.new_game(3)
    want = game.encode(s.view(0))
    out = [0.0] * len(want)
    Game.observe_into(game, s, 0, out)
    assert out == want
    buf = array("f", bytes(4 * len(want)))
    Game.observe_into(game, s, 0, buf)
    assert buf == array("f", want)

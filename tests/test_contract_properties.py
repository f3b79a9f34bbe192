"""Contract invariants every playable game must keep, checked over random games.

These tests use only ``cardtable.core``, so a new game gets them the day its registry entry
points at its package: no crash, every game ends, JSON round trip and clone equality at every
decision point, byte-for-byte replay, illegal actions rejected without a trace, masks that match
the legal list, views and events that are JSON, determinizations its player cannot tell apart,
and records that replay. Game-specific invariants (card conservation, what exactly stays hidden)
live with each game's tests.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core import (
    TERMINAL,
    Game,
    IllegalActionError,
    State,
    list_games,
    load_game,
    make_record,
    replay,
)

PLAYABLE = [g.id for g in list_games() if g.playable]
MAX_STEPS = 20_000
EXAMPLES = settings(max_examples=20, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**63 - 1)


def canonical(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True, ensure_ascii=False)


def random_walk(game: Game, seed: int, play: int) -> tuple[State, list[State]]:
    """A whole random game and the states at each decision point (a copy of each)."""
    rng = random.Random(play)
    state = game.new_game(seed)
    seen = []
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return state, seen
        seen.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"game did not end within {MAX_STEPS} decisions")


@pytest.mark.parametrize("game_id", PLAYABLE)
@EXAMPLES
@given(seed=seeds, play=seeds)
def test_random_games_end_with_a_consistent_result(game_id: str, seed: int, play: int) -> None:
    game = load_game(game_id)
    final, _ = random_walk(game, seed, play)
    assert final.current_player() == TERMINAL and final.legal_actions() == []
    result = final.result()
    assert result is not None and result["draw"] == final.is_draw()
    assert result["winner"] == final.winner()
    assert (final.winner() is None) == final.is_draw()
    assert sum(final.returns()) == 0


@pytest.mark.parametrize("game_id", PLAYABLE)
@EXAMPLES
@given(seed=seeds, play=seeds)
def test_json_round_trip_and_clone_equal_the_state_at_every_step(
    game_id: str, seed: int, play: int
) -> None:
    game = load_game(game_id)
    _, states = random_walk(game, seed, play)
    for state in states:
        back = game.state_from_json(json.loads(json.dumps(state.to_json())))
        assert back == state and state.clone() == state
        assert back.legal_actions() == state.legal_actions()
    # A restored state and a clone carry on exactly like the original, chance included.
    middle = states[len(states) // 2]
    copies = [middle, middle.clone(), game.state_from_json(middle.to_json())]
    rng = random.Random(play)
    while not copies[0].is_terminal():
        legal = copies[0].legal_actions()
        action = legal[rng.randrange(len(legal))]
        for c in copies:
            c.apply(action)
    assert canonical(copies[1]) == canonical(copies[0]) == canonical(copies[2])


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_mutating_a_clone_never_changes_the_original(game_id: str) -> None:
    state = load_game(game_id).new_game(5)
    before = canonical(state)
    twin = state.clone()
    # bounded: a game's rules need not promise that always taking the last action ends it
    # (Dreadnought's did not, until its cast actions were capped by cast_action_cap)
    for _ in range(2_000):
        if twin.is_terminal():
            break
        twin.apply(twin.legal_actions()[-1])
    assert canonical(state) == before


@pytest.mark.parametrize("game_id", PLAYABLE)
@EXAMPLES
@given(seed=seeds, play=seeds)
def test_same_seed_and_actions_replay_byte_for_byte(
    game_id: str, seed: int, play: int
) -> None:
    game = load_game(game_id)
    first, _ = random_walk(game, seed, play)
    again = game.new_game(seed)
    for action in first.history:
        again.apply(action)
    assert canonical(again) == canonical(first)


@pytest.mark.parametrize("game_id", PLAYABLE)
@EXAMPLES
@given(seed=seeds, play=seeds)
def test_illegal_actions_raise_and_change_nothing(
    game_id: str, seed: int, play: int
) -> None:
    game = load_game(game_id)
    _, states = random_walk(game, seed, play)
    state = states[random.Random(play).randrange(len(states))]
    before = canonical(state)
    legal = set(state.legal_actions())
    illegal = [a for a in range(game.num_actions) if a not in legal][:5]
    for action in [-1, game.num_actions, *illegal]:
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert canonical(state) == before
    mask = state.legal_action_mask()
    assert len(mask) == game.num_actions
    assert [a for a, m in enumerate(mask) if m] == state.legal_actions()


@pytest.mark.parametrize("game_id", PLAYABLE)
@EXAMPLES
@given(seed=seeds, play=seeds, sample=seeds)
def test_views_events_and_samples_are_consistent(
    game_id: str, seed: int, play: int, sample: int
) -> None:
    game = load_game(game_id)
    _, states = random_walk(game, seed, play)
    for state in states[:: max(1, len(states) // 6)]:
        for p in range(game.num_players):
            json.dumps(state.view(p))
            json.dumps(state.events(p))
        me = state.current_player()
        view = state.view(me)
        guess = game.sample_state(view, sample)
        assert guess.view(me) == view  # indistinguishable to the player who decides
        assert guess.current_player() == me
        assert guess.legal_actions() == state.legal_actions()  # a player knows its own options
        assert json.loads(json.dumps(view)) == view


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_records_of_random_games_replay(game_id: str) -> None:
    final, _ = random_walk(load_game(game_id), 11, 12)
    report = replay(make_record(final, players=["random", "random"]))
    assert report.ok, report.message


def test_registry_has_a_playable_game_to_check() -> None:
    assert "draws-troidal" in PLAYABLE


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_shipped_decks_load_by_name_and_an_unknown_name_lists_them(game_id: str) -> None:
    from cardtable.core.errors import CardtableError

    game = load_game(game_id)
    assert game.deck_names()
    for name in game.deck_names():
        assert len(game.load_deck(name)) > 0
    with pytest.raises(CardtableError, match="decks: " + game.deck_names()[0]):
        game.load_deck("no-such-deck")


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_snapshot_of_another_game_is_refused_by_name(game_id: str) -> None:
    from cardtable.core.errors import CardtableError

    other = next(g for g in PLAYABLE if g != game_id) if len(PLAYABLE) > 1 else None
    if other is None:
        pytest.skip("only one playable game")
    snapshot = load_game(other).new_game(1).to_json()
    with pytest.raises(CardtableError, match=f"not a {game_id} state"):
        load_game(game_id).state_from_json(snapshot)

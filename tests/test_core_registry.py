"""The registry: five games, all playable; an unbuilt entry is refused with a clear error."""

from __future__ import annotations

import pytest

from cardtable.core import (
    GameNotPlayableError,
    UnknownGameError,
    game_info,
    list_games,
    load_game,
)

IDS = ["draws-troidal", "dice-and-monsters", "sarasvati", "culdcept", "dreadnought"]
#: games whose rules core is not built yet; a game leaves this set the day it becomes playable
UNBUILT: set[str] = set()


def test_registry_lists_the_five_games() -> None:
    assert [g.id for g in list_games()] == IDS
    assert all(g.title and g.title_ja for g in list_games())


def test_exactly_the_built_games_are_playable() -> None:
    assert {g.id: g.playable for g in list_games()} == {i: i not in UNBUILT for i in IDS}


def test_loading_draws_troidal_gives_its_game_definition() -> None:
    game = load_game("draws-troidal")
    assert game.id == "draws-troidal"
    assert game is load_game("draws-troidal")
    assert game.new_game(1).game is game


def test_loading_an_unbuilt_game_raises_not_playable(unbuilt_game: str) -> None:
    game_id = unbuilt_game
    assert game_info(game_id).playable is False
    with pytest.raises(GameNotPlayableError, match=game_id):
        load_game(game_id)


def test_unknown_game_id_raises_with_a_suggestion() -> None:
    with pytest.raises(UnknownGameError) as err:
        load_game("draws-toroidal")
    assert "did you mean 'draws-troidal'" in str(err.value)
    assert not str(err.value).startswith(("'", '"'))  # not quoted like a plain KeyError
    assert all(i in str(err.value) for i in IDS)  # and it lists the games there are


def test_unknown_game_error_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        game_info("chess")

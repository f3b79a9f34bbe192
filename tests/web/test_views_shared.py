"""A position's views are made once and read by all its messages (``LiveTable.seat_view``):
each seat's table and story, the mover's question, choices and dimmed cards. That is only
right while every reader leaves a view as it found it, and while a new position makes new
views."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from cardtable.core import list_games, load_game
from cardtable.web.store import Store
from cardtable.web.tables import HUMAN, TableManager

PLAYABLE = [g.id for g in list_games() if g.playable]


def _move(manager, table, rng) -> None:
    state = table.state
    # a thread of its own, as in test_story_payload: a browser test's loop may be running
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, manager.move(table, state.current_player(),
                                                rng.choice(state.legal_actions()),
                                                len(state.history))).result()


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_messages_of_a_position_leave_its_views_as_they_were(game_id):
    manager = TableManager(Store(":memory:"))
    game = load_game(game_id)
    table, _ = manager.create(game_id, game.default_decks(), None, [HUMAN, HUMAN], seed=4)
    rng = random.Random(4)
    sent = {0: 0, 1: 0, None: 0}
    for _ in range(25):
        for seat in (0, 1, None):
            for lang in ("en", "ja"):
                table.message(seat, lang, sent[seat])
            sent[seat] = len(table.marks)
        assert table.views, "the messages read the kept views"
        for seat, view in table.views.items():
            assert view == table.state.view(seat)
        if table.state.is_terminal():
            break
        _move(manager, table, rng)


def test_a_new_position_is_read_from_new_views():
    manager = TableManager(Store(":memory:"))
    game = load_game("draws-troidal")
    table, _ = manager.create("draws-troidal", game.default_decks(), None, [HUMAN, HUMAN],
                              seed=4)
    before = table.seat_view(0)
    _move(manager, table, random.Random(4))
    assert table.seat_view(0) is not before
    assert table.seat_view(0) == table.state.view(0)

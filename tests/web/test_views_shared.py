"""A message's readers share the seat's view (``payload.Views``, ``LiveTable.seat_view``):
its table, its story, the mover's question, choices and dimmed cards read one view made once.
That is only right while every reader leaves the view as it found it, and while a new
position makes new views."""

from __future__ import annotations

import asyncio
import json
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from cardtable.core import list_games, load_game
from cardtable.web.payload import move_story, seat_table, table_payload
from cardtable.web.store import Store
from cardtable.web.tables import HUMAN, TableManager

PLAYABLE = [g.id for g in list_games() if g.playable]


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_message_s_readers_leave_the_views_they_share_as_they_were(game_id):
    game = load_game(game_id)
    state = game.new_game(4)
    rng = random.Random(4)
    for _ in range(25):
        if state.is_terminal():
            break
        before = len(state.log)
        state.apply(rng.choice(state.legal_actions()))
        for seat in (0, 1, None):
            for lang in ("en", "ja"):
                kept: dict[int, dict] = {}

                def views(p: int, kept=kept) -> dict:
                    return kept.setdefault(p, state.view(p))

                table = seat_table(state, seat, lang, views)
                table_payload(state, seat, lang, table, views)
                move_story(state, seat, lang, before, len(state.log), table, views)
                assert kept
                for p, view in kept.items():
                    assert view == state.view(p)


def test_a_new_position_is_read_from_new_views():
    manager = TableManager(Store(":memory:"))
    game = load_game("draws-troidal")
    table, _ = manager.create("draws-troidal", game.default_decks(), None, [HUMAN, HUMAN],
                              seed=4)
    before = table.seat_view(0)
    state = table.state
    # a thread of its own, as in test_story_payload: a browser test's loop may be running
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, manager.move(table, state.current_player(),
                                                random.Random(4).choice(state.legal_actions()),
                                                len(state.history))).result()
    assert table.seat_view(0) is not before
    assert table.seat_view(0) == table.state.view(0)


@pytest.mark.parametrize("game_id", ["sarasvati", "dreadnought"])
def test_the_undo_check_reads_the_tables_the_messages_drew(game_id, monkeypatch):
    """The undo check's card rule is read from the seat's tables drawn for the messages before
    and after its decision, not drawn again; the match is not replayed for it (the table keeps
    the position before its last move); and the Undo offered is the core's answer."""
    from cardtable.core import undo as undo_module
    from cardtable.core.undo import undo_depth

    given: list[bool] = []
    plain = undo_module.shows_a_card
    asking = [False]  # only the messages' checks count, not the test's own below

    def spy(game, before, after, tables=None):
        if asking[0]:
            given.append(tables is not None)
        return plain(game, before, after, tables)

    monkeypatch.setattr(undo_module, "shows_a_card", spy)
    replayed = []
    trailing = undo_module._trailing_steps

    def replay_spy(*args, **kw):
        if asking[0]:
            replayed.append(args)
        return trailing(*args, **kw)

    monkeypatch.setattr(undo_module, "_trailing_steps", replay_spy)
    manager = TableManager(Store(":memory:"))
    game = load_game(game_id)
    table, _ = manager.create(game_id, game.default_decks(), None, [HUMAN, HUMAN], seed=6)
    rng = random.Random(6)
    offered = 0
    with ThreadPoolExecutor(1) as runner:
        for _ in range(60):
            state = table.state
            if state.is_terminal():
                break
            for seat in (0, 1):
                asking[0] = True
                sent = json.loads(table.message(seat, "en"))
                asking[0] = False
                fresh = (state.current_player() == seat and bool(table.deciders)
                         and table.deciders[-1] == seat and undo_depth(state, seat, most=1) > 0)
                assert sent["undo"] == fresh
                offered += sent["undo"]
            runner.submit(asyncio.run, manager.move(table, state.current_player(),
                                                    rng.choice(state.legal_actions()),
                                                    len(state.history))).result()
    assert offered and given and all(given) and not replayed

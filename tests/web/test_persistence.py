"""Every move is stored before it is acknowledged; a new server on the same database rebuilds
every table by replay, and the same seat links work: on SQLite and on PostgreSQL alike (the
``db`` fixture, tests/web/conftest.py)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.helpers import create, move, state

from cardtable.core import load_game
from cardtable.web.app import create_app
from cardtable.web.store import open_store


def _play(client, table, moves):
    for _ in range(moves):
        seat = state(client, table, None)["to_move"]
        now = state(client, table, seat)
        assert move(client, table, seat, now["choices"][0]["code"], n=now["n"]).status_code == 200


def test_a_restarted_server_rebuilds_the_table_and_accepts_the_same_links(db):
    with TestClient(create_app(db)) as client:
        table = create(client, game="sarasvati")
        _play(client, table, 5)
        before = [state(client, table, s) for s in (0, 1, None)]
    with TestClient(create_app(db)) as client:
        assert [state(client, table, s) for s in (0, 1, None)] == before
        _play(client, table, 3)
        assert state(client, table, 0)["n"] == 8


def test_the_move_is_in_the_database_when_the_answer_comes(db):
    with TestClient(create_app(db)) as client:
        table = create(client)
        _play(client, table, 2)
        row = open_store(db).load(table.id)  # a second connection, as after kill -9
        assert row is not None and len(row.moves) == 2
        assert row.tokens[0] != table.tokens[0], "tokens are stored hashed"


def test_the_computer_moves_for_its_seat_off_the_event_loop(tmp_path):
    with TestClient(create_app(tmp_path / "tables.db")) as client:
        for opponent, extra in (("random", {}), ("greedy", {}),
                                ("mcts", {"strength": "weak"})):
            table = create(client, opponent=opponent, seat=2, **extra)
            client.portal.call(client.app.state.manager.drain)
            assert state(client, table, 1)["yours"], opponent


def test_a_computer_decision_interrupted_by_a_restart_is_made_after_it(db):
    from cardtable.web.tables import HUMAN

    with TestClient(create_app(db)) as client:
        manager = client.app.state.manager
        game = load_game("draws-troidal")
        live, tokens = manager.create("draws-troidal", game.default_decks(), None,
                                      ["random", HUMAN])  # never told to move: as if killed
        assert live.state.current_player() == 0
    with TestClient(create_app(db)) as client:
        client.portal.call(client.app.state.manager.drain)
        now = client.get(f"/api/tables/{live.id}", headers={"x-seat-token": tokens[1]}).json()
        assert now["yours"] and now["n"] >= 1

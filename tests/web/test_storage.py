"""The store's contract, the same on SQLite and PostgreSQL (the ``db`` fixture runs each test
on both): a table's setup and moves, a second move ``n`` refused, undo's truncation, expiry,
the lobby's record, names and ratings."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from tests.web.lobby_helpers import GAME, look, name, pair

from cardtable.web.app import create_app
from cardtable.web.store import Rating, TableRow, open_store


def _row(table_id: str = "t1", seed: int = 2**62) -> TableRow:
    return TableRow(table_id, "draws-troidal", seed, {"life": 50}, [{"name": "a"}],
                    {"カード": {"power": 1}}, ["human", "greedy"], ["h", ""], "ja", False, [],
                    "10.0.0.1", {"lobby": True, "names": ["さくら", None]})


def test_a_table_reads_back_as_it_was_written(db: str) -> None:
    store = open_store(db)
    store.create(_row())
    for n, code in enumerate([5, 2**31 - 1, 0]):
        store.add_move("t1", n, code, False)
    row = store.load("t1")
    assert row is not None and row.seed == 2**62 and row.moves == [5, 2**31 - 1, 0]
    assert row.cards == {"カード": {"power": 1}} and row.meta["names"] == ["さくら", None]
    assert row.owner == "10.0.0.1" and row.lang == "ja" and store.unfinished() == ["t1"]
    assert store.touched("t1") > 1e9  # a timestamp keeps its seconds (not a 4-byte float)
    store.close()


def test_a_second_move_with_the_same_number_is_refused(db: str) -> None:
    store = open_store(db)
    store.create(_row())
    store.add_move("t1", 0, 1, False)
    with pytest.raises(store.IntegrityError):
        store.add_move("t1", 0, 2, False)
    store.add_move("t1", 1, 3, True, {"clock": {"kind": "turn"}})
    row = store.load("t1")
    assert row is not None and row.moves == [1, 3] and row.finished
    assert row.meta == {"clock": {"kind": "turn"}}


def test_undo_truncates_and_expiry_remembers_the_id(db: str) -> None:
    store = open_store(db)
    store.create(_row())
    for n in range(4):
        store.add_move("t1", n, n, False)
    store.truncate("t1", 2)
    assert store.load("t1").moves == [0, 1]  # type: ignore[union-attr]
    store.expire("t1")
    store.expire("t1")
    assert store.load("t1") is None and store.expired("t1") and not store.expired("t2")


def test_names_are_unique_whatever_their_case_and_ratings_are_written_once(db: str) -> None:
    store = open_store(db)
    assert store.add_player("Alice", "hash-a", "10.0.0.1")
    assert not store.add_player("ALICE", "hash-b", "10.0.0.2")
    assert store.player("hash-a") == "Alice" and store.player("hash-b") is None
    assert store.players_from("10.0.0.1", 0) == 1
    ratings = [Rating("Alice", 27.0, 8.0, 1, 1), Rating("Bob", 23.0, 8.0, 1, 0)]
    assert store.rate("game-1", GAME, ratings)
    assert not store.rate("game-1", GAME, [Rating("Alice", 99.0, 1.0, 9, 9)])
    assert [r.name for r in store.leaderboard(GAME)] == ["Alice", "Bob"]
    assert store.rating(GAME, "alice") == Rating("Alice", 27.0, 8.0, 1, 1)


def test_a_rated_lobby_game_and_its_restart(db: str) -> None:
    with TestClient(create_app(db)) as c:
        table, tokens = pair(c, name(c, "Alice"), name(c, "Bob"))
        c.post(f"/api/tables/{table}/resign", json={"token": tokens[0]})
        waiting = c.post("/api/open", json={"game": GAME}).json()
    with TestClient(create_app(db)) as c:
        assert look(c, table)["result"]["reason"] == "resigned"
        assert look(c, waiting["table"])["waiting"]
        board = c.get(f"/api/leaderboard?game={GAME}").json()["players"]
        assert [p["wins"] for p in board] == [1, 0]

"""The lobby for strangers (issue 44, item 2): names held by a key, open tables joined with one
click, quick match, rated games only between named players, the quit penalty, the leaderboard."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.web.lobby_helpers import GAME, check_clocks, look, name, pair, play_first, quick, token

from cardtable.web import seating as seating_module
from cardtable.web.app import create_app
from cardtable.web.clock import FakeTime


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture
def client(clock: FakeTime) -> Iterator[TestClient]:
    with TestClient(create_app(":memory:", time_source=clock)) as c:
        yield c


# -- names ----------
def test_a_name_is_claimed_once_and_only_its_keys_hash_is_stored(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with TestClient(create_app(db)) as c:
        key = name(c, "Alice")
        assert c.post("/api/players", json={"name": "alice"}).status_code == 409
    rows = sqlite3.connect(db).execute("SELECT name, key_hash FROM players").fetchall()
    assert rows == [("Alice", hashlib.sha256(key.encode()).hexdigest())]
    assert key not in (db.read_bytes().decode("latin-1"))


@pytest.mark.parametrize("bad", ["<script>", "a", "x" * 25, " ", "a\"b", "名\u0000前"])
def test_a_name_is_letters_digits_and_a_few_marks(client: TestClient, bad: str) -> None:
    r = client.post("/api/players", json={"name": bad})
    assert r.status_code == 400 and "name" in r.json()["error"]


def test_a_japanese_name_is_a_name(client: TestClient) -> None:
    name(client, "山田・太郎")


def test_an_address_claims_at_most_ten_names_a_day(client: TestClient) -> None:
    for i in range(10):
        name(client, f"player{i}")
    r = client.post("/api/players", json={"name": "one-more"})
    assert r.status_code == 429


def test_a_key_nobody_holds_plays_as_nobody(client: TestClient) -> None:
    name(client, "Alice")
    r = client.post("/api/quick", json={"game": GAME, "player": "guessed-key"})
    assert r.status_code == 403


def test_bodies_are_read_strictly(client: TestClient) -> None:
    assert client.post("/api/players", json={"name": "Al", "admin": True}).status_code == 400
    deep = '{"game": "draws-troidal", "clock": ' + "[" * 2000 + "]" * 2000 + "}"
    r = client.post("/api/quick", content=deep, headers={"content-type": "application/json"})
    assert r.status_code == 400
    r = client.post("/api/open", content='{"game": "\\ud800"}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert client.post("/api/players", content='{"name": "Al"}',
                       headers={"content-type": "text/plain"}).status_code == 415


# -- open tables ----------
def test_an_open_table_is_listed_with_its_hosts_name_options_and_clock(client: TestClient) -> None:
    key = name(client, "Alice")
    r = client.post("/api/open", json={"game": GAME, "player": key, "rated": True,
                                       "options": {"life": 40},
                                       "clock": {"kind": "realtime", "bank": 600,
                                                 "increment": 10}})
    assert r.status_code == 200, r.text
    [listed] = client.get("/api/open").json()["tables"]
    assert listed["table"] == r.json()["table"] and listed["host"] == "Alice"
    assert listed["options"]["life"] == 40 and listed["rated"]
    assert listed["clock"] == {"kind": "realtime", "bank": 600, "increment": 10, "cap": 1200}
    assert client.get(f"/api/open?game={GAME}").json()["tables"]
    assert not client.get("/api/open?game=culdcept").json()["tables"]


def test_a_table_waiting_for_an_opponent_refuses_moves(client: TestClient) -> None:
    host = quick(client, None)
    seen = look(client, host["table"], token(host))
    assert seen["waiting"] and not seen["yours"] and seen["choices"] == []
    r = client.post(f"/api/tables/{host['table']}/move",
                    json={"token": token(host), "code": 0, "n": 0})
    assert r.status_code == 409 and "waiting" in r.json()["error"]


def test_joining_takes_the_open_seat_and_the_table_leaves_the_list(client: TestClient) -> None:
    host = client.post("/api/open", json={"game": GAME}).json()
    joined = client.post(f"/api/open/{host['table']}/join", json={}).json()
    assert {host["seat"], joined["seat"]} == {1, 2} and not joined["waiting"]
    assert client.get("/api/open").json()["tables"] == []
    assert not look(client, host["table"])["waiting"]
    again = client.post(f"/api/open/{host['table']}/join", json={})
    assert again.status_code == 409
    # each seat holds its own token, and the joiner's token is its seat's
    assert look(client, host["table"], token(joined))["seat"] == joined["seat"] - 1


def test_one_cannot_join_ones_own_table(client: TestClient) -> None:
    key = name(client, "Alice")
    host = client.post("/api/open", json={"game": GAME, "player": key}).json()
    r = client.post(f"/api/open/{host['table']}/join", json={"player": key})
    assert r.status_code == 409


def test_an_address_has_at_most_three_tables_waiting(client: TestClient) -> None:
    for _ in range(seating_module.WAITING_PER_ADDRESS):
        assert client.post("/api/open", json={"game": GAME}).status_code == 200
    r = client.post("/api/open", json={"game": GAME})
    assert r.status_code == 429
    other = {"x-forwarded-for": "10.0.0.2"}
    with TestClient(create_app(":memory:", proxy_headers=True,
                               forwarded_allow_ips="*")) as c:
        for _ in range(3):
            assert c.post("/api/open", json={"game": GAME}).status_code == 200
        assert c.post("/api/open", json={"game": GAME}).status_code == 429
        assert c.post("/api/open", json={"game": GAME}, headers=other).status_code == 200


def test_a_table_whose_host_left_the_page_drops_out_of_the_list(
        client: TestClient, clock: FakeTime) -> None:
    host = quick(client, None)
    with client.websocket_connect(f"/ws/{host['table']}") as ws:
        ws.send_json({"token": token(host)})
        ws.receive_json()
        clock.advance(seating_module.CONNECT_GRACE + 1)
        assert client.get("/api/open").json()["tables"]  # the host's page is open
    assert client.get("/api/open").json()["tables"] == []
    # and a quick match does not sit down at it
    assert quick(client, None)["table"] != host["table"]


# -- quick match ----------
def test_quick_match_pairs_two_people_asking_for_the_same_game(client: TestClient) -> None:
    a, b = name(client, "Alice"), name(client, "Bob")
    first = quick(client, a)
    assert first["waiting"]
    other_game = quick(client, b, game="culdcept")
    assert other_game["table"] != first["table"] and other_game["waiting"]
    second = quick(client, b)
    assert second["table"] == first["table"] and not second["waiting"]
    seen = look(client, first["table"])
    assert sorted(seen["players"]) == ["Alice", "Bob"] and seen["rated"]


def test_quick_match_pairs_only_the_same_clock_and_ratedness(client: TestClient) -> None:
    a = name(client, "Alice")
    first = quick(client, a)
    guest = quick(client, None)  # unrated: not paired with a rated asker
    assert guest["table"] != first["table"]
    day = quick(client, name(client, "Bob"), clock={"kind": "turn"})
    assert day["table"] != first["table"]


def test_a_player_is_not_paired_with_their_own_waiting_table(client: TestClient) -> None:
    a = name(client, "Alice")
    assert quick(client, a)["table"] != quick(client, a)["table"]


# -- rated games ----------
def test_rated_games_are_only_between_named_players(client: TestClient) -> None:
    r = client.post("/api/open", json={"game": GAME, "rated": True})
    assert r.status_code == 403
    host = client.post("/api/open", json={"game": GAME, "player": name(client, "Alice"),
                                          "rated": True}).json()
    r = client.post(f"/api/open/{host['table']}/join", json={})
    assert r.status_code == 403 and "name" in r.json()["error"]


def test_a_rated_game_updates_both_ratings_once_and_the_leaderboard_shows_them(
        client: TestClient) -> None:
    table, tokens = pair(client, name(client, "Alice"), name(client, "Bob"))
    loser = look(client, table, tokens[0])["players"][0]
    r = client.post(f"/api/tables/{table}/resign", json={"token": tokens[0]})
    assert r.status_code == 200 and r.json()["result"]["winner"] == 1
    assert client.post(f"/api/tables/{table}/resign",
                       json={"token": tokens[1]}).status_code == 409
    board = client.get(f"/api/leaderboard?game={GAME}").json()["players"]
    assert [p["games"] for p in board] == [1, 1]
    assert board[1]["name"] == loser and board[0]["wins"] == 1 and board[1]["wins"] == 0
    assert board[0]["rating"] > 1000 > board[1]["rating"]


def test_an_unrated_game_leaves_the_leaderboard_alone(client: TestClient) -> None:
    table, tokens = pair(client, None, None)
    client.post(f"/api/tables/{table}/resign", json={"token": tokens[0]})
    assert client.get(f"/api/leaderboard?game={GAME}").json()["players"] == []


def test_leaving_a_rated_game_loses_it(client: TestClient, clock: FakeTime) -> None:
    table, tokens = pair(client, name(client, "Alice"), name(client, "Bob"), clock={"kind": "none"})
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"token": tokens[1]})
        ws.receive_json()
        with client.websocket_connect(f"/ws/{table}") as ws0:
            ws0.send_json({"token": tokens[0]})
            ws0.receive_json()
        # seat 0 closed its page; seat 1 stays
        clock.advance(seating_module.LEAVE_GRACE - 1)
        assert check_clocks(client) == []
        clock.advance(2)
        assert check_clocks(client) == [table]
        end = ws.receive_json()
        assert end["result"] == {"winner": 1, "draw": False, "turns": end["result"]["turns"],
                                 "reason": "left"}
    board = client.get(f"/api/leaderboard?game={GAME}").json()["players"]
    assert [p["wins"] for p in board] == [1, 0]


def test_a_seat_that_comes_back_within_the_grace_plays_on(
        client: TestClient, clock: FakeTime) -> None:
    table, tokens = pair(client, None, None, clock={"kind": "none"})
    for seat in (0, 1):
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"token": tokens[seat]})
            ws.receive_json()
    clock.advance(seating_module.LEAVE_GRACE - 5)
    with client.websocket_connect(f"/ws/{table}") as a, \
            client.websocket_connect(f"/ws/{table}") as b:
        a.send_json({"token": tokens[0]})
        b.send_json({"token": tokens[1]})
        a.receive_json()
        b.receive_json()
        clock.advance(seating_module.LEAVE_GRACE * 3)
        assert check_clocks(client) == []


def test_a_decision_at_a_lobby_table_has_no_undo(client: TestClient) -> None:
    table, tokens = pair(client, None, None)
    played = play_first(client, table, tokens)
    assert played["status"] == 200, played
    r = client.post(f"/api/tables/{table}/undo",
                    json={"token": tokens[played["seat"]], "n": played["n"]})
    assert r.status_code == 409 and "undo" in r.json()["error"]


def test_names_and_open_tables_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with TestClient(create_app(db)) as c:
        key = name(c, "Alice")
        host = c.post("/api/open", json={"game": GAME, "player": key, "rated": True}).json()
        table, tokens = pair(c, key, name(c, "Bob"))
        c.post(f"/api/tables/{table}/resign", json={"token": tokens[0]})
    with TestClient(create_app(db)) as c:
        assert look(c, host["table"], token(host))["waiting"]
        assert [p["games"] for p in c.get(f"/api/leaderboard?game={GAME}").json()["players"]] \
            == [1, 1]
        assert c.post("/api/quick", json={"game": GAME, "player": key}).status_code == 200


def test_the_lobby_and_leaderboard_pages_are_served(client: TestClient) -> None:
    assert "open-tables" in client.get("/").text
    page = client.get("/leaderboard")
    assert page.status_code == 200 and "leaderboard.js" in page.text
    assert client.get("/api/leaderboard?game=nope").status_code == 404

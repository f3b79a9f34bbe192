"""The server accepts a move only from the seat whose decision it is, only if legal, and
answers everything else with a clear error and no change."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.web.helpers import create, move, state

from cardtable.core import GameRecord, replay
from cardtable.web.app import create_app
from cardtable.web.limits import MAX_BODY, MAX_MESSAGE


@pytest.fixture
def client():
    with TestClient(create_app(":memory:")) as c:
        yield c


def _unchanged(client, table, before):
    after = state(client, table, before["seat"])
    assert after == before


def test_a_move_from_the_seat_not_deciding_is_refused(client):
    table = create(client)
    before = state(client, table, 1)
    assert before["to_move"] == 0 and before["choices"] == []
    code = state(client, table, 0)["choices"][0]["code"]
    r = move(client, table, 1, code)
    assert r.status_code == 409 and "not your decision" in r.json()["error"]
    _unchanged(client, table, before)


def test_a_forged_token_is_refused(client):
    table = create(client)
    before = state(client, table, 0)
    r = client.post(f"/api/tables/{table.id}/move", json={"token": "forged", "code": 0, "n": 0})
    assert r.status_code == 403 and "not valid" in r.json()["error"]
    r = client.get(f"/api/tables/{table.id}", headers={"x-seat-token": "forged"})
    assert r.status_code == 403
    _unchanged(client, table, before)


def test_a_token_of_another_table_is_refused(client):
    table, other = create(client), create(client)
    before = state(client, table, 0)
    r = client.post(f"/api/tables/{table.id}/move",
                    json={"token": other.tokens[0], "code": before["choices"][0]["code"],
                          "n": 0})
    assert r.status_code == 403
    _unchanged(client, table, before)


def test_a_stale_page_cannot_move(client):
    table = create(client)
    first = state(client, table, 0)
    assert move(client, table, 0, first["choices"][0]["code"], n=0).status_code == 200
    second = state(client, table, 1)
    r = move(client, table, 1, second["choices"][0]["code"], n=0)  # drawn before the last move
    assert r.status_code == 409 and "moved on" in r.json()["error"]
    _unchanged(client, table, second)


def test_an_illegal_code_is_refused(client):
    table = create(client)
    before = state(client, table, 0)
    legal = {c["code"] for c in before["choices"]}
    illegal = next(c for c in range(10_000) if c not in legal)
    for code in (illegal, -1, 10**30, "1", 1.0, True, None, [1]):
        r = move(client, table, 0, code)
        assert r.status_code == 400, code
        assert r.json()["error"]
    _unchanged(client, table, before)


def test_malformed_json_is_refused(client):
    table = create(client)
    before = state(client, table, 0)
    for body in (b"{not json", b"[1, 2]", b"\xff\xfe", b""):
        r = client.post(f"/api/tables/{table.id}/move", content=body,
                        headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"], body
    _unchanged(client, table, before)


def test_an_unknown_table_is_refused(client):
    for path in ("/api/tables/nope", "/api/tables/" + "x" * 100):
        r = client.get(path)
        assert r.status_code == 404 and r.json()["error"] == "no such table"
    r = client.post("/api/tables/nope/move", json={"token": "x", "code": 0})
    assert r.status_code == 404
    with client.websocket_connect("/ws/nope") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["fatal"]


def test_a_spectator_cannot_move_and_sees_no_choices(client):
    table = create(client)
    watch = state(client, table, None)
    assert watch["seat"] is None and watch["choices"] == []
    r = client.post(f"/api/tables/{table.id}/move", json={"code": 0, "n": 0})
    assert r.status_code == 403
    _unchanged(client, table, watch)


def test_bad_lobby_requests_are_refused_clearly(client):
    cases = [({"game": "chess"}, "no game"), ({"game": "draws-troidal", "opponent": "god"},
                                              "opponent must be"),
             ({"game": "draws-troidal", "seat": 3}, "seat"),
             ({"game": "draws-troidal", "decks": ["nope", None]}, "no shipped deck"),
             ({"game": "draws-troidal", "options": {"lfie": 3}}, "lfie")]
    for body, words in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code in (400, 404) and words in r.json()["error"], (body, r.text)


def test_an_oversized_body_is_refused(client):
    r = client.post("/api/decks/check", content=b"x" * (MAX_BODY + 1),
                    headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_a_pasted_deck_is_checked_with_file_and_line(client):
    r = client.post("/api/decks/check", json={
        "game": "draws-troidal", "name": "mine.txt", "text": "デッキ: 試し\n4 存在しないカード\n"})
    data = r.json()
    assert not data["ok"]
    assert any(d.startswith("mine.txt:2:") for d in data["diagnostics"]), data


def test_a_websocket_message_too_large_closes_the_connection(client):
    table = create(client)
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_text(json.dumps({"token": table.tokens[0]}))
        ws.receive_json()
        ws.send_text("x" * (MAX_MESSAGE + 1))
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
        assert info.value.code == 1009


def test_a_flooding_client_is_dropped_and_the_table_is_unharmed(client):
    table = create(client)
    before = state(client, table, 0)
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_text(json.dumps({"token": table.tokens[1]}))
        ws.receive_json()
        for _ in range(200):  # as fast as it can, reading nothing (a flood is not answered)
            ws.send_text(json.dumps({"move": 0}))
        with pytest.raises(WebSocketDisconnect) as info:
            for _ in range(200):
                ws.receive_json()
        assert info.value.code == 1008
    _unchanged(client, table, before)


def test_moves_over_the_websocket_reach_both_seats(client):
    table = create(client)
    with client.websocket_connect(f"/ws/{table.id}") as a, \
            client.websocket_connect(f"/ws/{table.id}") as b:
        a.send_json({"token": table.tokens[0]})
        b.send_json({"token": table.tokens[1]})
        first = a.receive_json()
        b.receive_json()
        a.send_json({"move": first["choices"][0]["code"], "n": first["n"]})
        assert a.receive_json()["n"] == 1
        seen = b.receive_json()
        assert seen["n"] == 1 and seen["yours"] and seen["choices"]
        b.send_json({"move": 99999, "n": 1})
        assert b.receive_json()["type"] == "error"


def test_a_finished_game_offers_a_record_that_replays(client):
    table = create(client)
    assert client.get(f"/api/tables/{table.id}/record").status_code == 409
    seat = 0
    for _ in range(2000):
        now = state(client, table, seat)
        if now["result"] is not None:
            break
        if not now["yours"]:
            seat = now["to_move"]
            continue
        assert move(client, table, seat, now["choices"][-1]["code"], n=now["n"]).status_code == 200
    r = client.get(f"/api/tables/{table.id}/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    report = replay(GameRecord.from_json(r.json()))
    assert report.ok, report.message


def test_undo_takes_back_an_own_decision_and_nothing_else(client):
    table = create(client, game="sarasvati")
    undone = refused = 0
    for _ in range(12):
        seat = state(client, table, None)["to_move"]
        now = state(client, table, seat)
        code = now["choices"][-1]["code"]
        assert move(client, table, seat, code, n=now["n"]).status_code == 200
        after = now["n"] + 1
        r = client.post(f"/api/tables/{table.id}/undo",
                        json={"token": table.tokens[1 - seat], "n": after})
        assert r.status_code == 409  # never the other seat's decision
        r = client.post(f"/api/tables/{table.id}/undo", json={"token": table.tokens[seat],
                                                              "n": after})
        if r.status_code == 200:
            undone += 1
            assert state(client, table, seat) == now  # exactly the position before
            assert move(client, table, seat, code, n=now["n"]).status_code == 200
        else:
            refused += 1
            assert "nothing to undo" in r.json()["error"]
    assert undone and refused


def test_a_client_posting_too_fast_is_answered_429():
    with TestClient(create_app(":memory:", http_rate=1.0)) as client:
        answers = [client.post("/api/decks/check", json={"game": "draws-troidal", "text": ""})
                   for _ in range(10)]
        assert answers[-1].status_code == 429 and "slow down" in answers[-1].json()["error"]
        assert client.get("/api/games").status_code == 200  # reading the lobby is not a post


def test_a_table_refuses_spectators_past_their_limit():
    with TestClient(create_app(":memory:", max_spectators=2)) as client:
        table = create(client)
        with client.websocket_connect(f"/ws/{table.id}") as a, \
                client.websocket_connect(f"/ws/{table.id}") as b:
            for ws in (a, b):
                ws.send_json({"token": None})
                ws.receive_json()
            with client.websocket_connect(f"/ws/{table.id}") as c:
                c.send_json({"token": None})
                msg = c.receive_json()
                assert msg["type"] == "error" and "spectators" in msg["message"]


def test_pages_load_nothing_from_elsewhere(client):
    for path in ("/", "/t/anything", "/static/table.js"):
        r = client.get(path)
        assert r.status_code == 200
        assert "default-src 'self'" in r.headers["content-security-policy"]
    html = client.get("/").text + client.get("/t/x").text
    assert "http://" not in html and "https://" not in html


def test_a_reloaded_page_shows_the_log_it_was_sent_move_by_move(client):
    table = create(client, game="sarasvati")
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_json({"token": table.tokens[0]})
        lines = ws.receive_json()["log"]
        for _ in range(15):
            seat = state(client, table, None)["to_move"]
            now = state(client, table, seat)
            code = now["choices"][-1]["code"]
            assert move(client, table, seat, code, n=now["n"]).status_code == 200
            lines += ws.receive_json()["log"]
    assert state(client, table, 0)["log"] == lines

"""The attacks an audit threw at the server (W1-W10), each kept here so it stays fixed.

Every one of them must end in a clear 4xx JSON error, or a WebSocket close with a code and a
reason, and leave every table as it was: no 500, no dropped connection, no move played twice,
no stranger able to lock the seats out or to open tables without end.
"""

from __future__ import annotations

import json
import threading
import time

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.web.helpers import create, move, state

from cardtable.web import work as work_module
from cardtable.web.app import create_app


@pytest.fixture
def client():
    with TestClient(create_app(":memory:")) as c:
        yield c


def _post(client: TestClient, path: str, body: str | bytes) -> tuple[int, dict]:
    r = client.post(path, content=body, headers={"content-type": "application/json"})
    return r.status_code, r.json()


def _clear_4xx(status: int, data: dict) -> None:
    assert 400 <= status < 500, (status, data)
    assert isinstance(data.get("error"), str) and data["error"]


# -- W1-W3: what the standard JSON reader turned into a 500 ----------
HUGE = "1" * 4301
DEEP = "[" * 1200 + "]" * 1200
#: a WebSocket message is at most 4 KiB (a longer one closes with 1009), so the socket's big
#: number is 4,000 digits: far past any bound all the same
WS_HUGE = "9" * 4000


@pytest.mark.parametrize("body", [
    f'{{"game": "draws-troidal", "seat": {HUGE}}}',
    f'{{"game": "draws-troidal", "options": {{"turns": {HUGE}}}}}',
    f'{{"game": "draws-troidal", "options": {{"x": {DEEP}}}}}',
    '{"game": "draws\\ud800"}',
    '{"game": "draws-troidal", "options": {"\\ud800": 1}}',
    '{"game": "draws-troidal", "seed": -1}',
    f'{{"game": "draws-troidal", "seed": {HUGE}}}',
    '{"game": "draws-troidal", "seed": true}',
    '{"game": "draws-troidal", "decks": ["\\udfff", null]}',
    '{"game": "draws-troidal", "decks": [{"name": "a\\ud800", "text": "x"}, null]}',
    b'{"game": "draws-troidal\xed\xa0\x80"}',
    DEEP,
])
def test_w1_w3_a_hostile_lobby_body_is_a_clear_400(client, body):
    status, data = _post(client, "/api/tables", body)
    _clear_4xx(status, data)
    assert client.get("/api/games").status_code == 200  # the server is still up


@pytest.mark.parametrize("body", [
    f'{{"code": {HUGE}, "n": 0}}',
    f'{{"code": 0, "n": {HUGE}}}',
    f'{{"code": 0, "n": 0, "token": {DEEP}}}',
    '{"code": 0, "n": 0, "token": "\\ud800"}',
])
def test_w1_w3_a_hostile_move_is_a_clear_4xx_and_changes_nothing(client, body):
    table = create(client)
    before = state(client, table, 0)
    status, data = _post(client, f"/api/tables/{table.id}/move", body)
    _clear_4xx(status, data)
    assert state(client, table, 0) == before


@pytest.mark.parametrize("body", [
    '{"game": "draws-troidal", "name": "d.txt", "text": "\\ud800"}',
    '{"game": "draws-troidal", "name": "\\ud800", "text": "x"}',
    f'{{"game": "draws-troidal", "text": {DEEP}}}',
])
def test_w3_a_lone_surrogate_in_a_deck_check_is_a_clear_400(client, body):
    status, data = _post(client, "/api/decks/check", body)
    _clear_4xx(status, data)


# -- W4: a client's string is never a path ----------
@pytest.mark.parametrize("name", [".", "..", "../../etc/passwd", "/", "a/../../b", ""])
def test_w4_a_deck_name_is_a_label_never_a_path(client, name):
    r = client.post("/api/decks/check", json={"game": "draws-troidal", "name": name,
                                               "text": "デッキ: 試し\n4 存在しないカード\n"})
    assert r.status_code == 200, r.text
    data = r.json()
    assert not data["ok"] and any(d.startswith(f"{name}:2:") for d in data["diagnostics"])
    r = client.post("/api/tables", json={"game": "draws-troidal", "opponent": "friend",
                                          "decks": [{"name": name, "text": "x"}, None]})
    _clear_4xx(r.status_code, r.json())


# -- W5: the WebSocket always closes with a code and a reason ----------
def test_w5_a_binary_frame_closes_with_1003_and_a_reason(client):
    table = create(client)
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_bytes(b'{"token": null}')
        assert ws.receive_json()["fatal"]
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
    assert info.value.code == 1003 and "binary" in info.value.reason


def test_w5_a_binary_frame_after_the_hello_closes_with_1003(client):
    table = create(client)
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_json({"token": table.tokens[0]})
        ws.receive_json()
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json()["fatal"]
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
    assert info.value.code == 1003


@pytest.mark.parametrize("hello", ['{"token": 12345}', '{"token": ["a"]}', '{"token": {}}',
                                   '{"token": "\\ud800"}', f'{{"token": {WS_HUGE}}}', DEEP, '"hi"',
                                   '{"token": null, "lang": "xx"}'])
def test_w5_a_bad_first_message_closes_with_1008_and_a_reason(client, hello):
    table = create(client)
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_text(hello)
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["fatal"]
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
    assert info.value.code == 1008 and info.value.reason


@pytest.mark.parametrize("message", [f'{{"move": {WS_HUGE}, "n": 0}}', f'{{"move": {DEEP}}}',
                                     '{"move": "\\ud800", "n": 0}', '{"lang": "\\ud800"}',
                                     '{"move": 0}', '{"undo": 1}', '{}'])
def test_w1_w5_a_bad_later_message_is_an_error_and_the_page_stays(client, message):
    table = create(client)
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_json({"token": table.tokens[0]})
        first = ws.receive_json()
        ws.send_text(message)
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"move": first["choices"][0]["code"], "n": first["n"]})
        assert ws.receive_json()["n"] == 1  # the same connection still plays


# -- W6: spectators cannot lock the seats out ----------
def test_w6_seats_get_in_when_the_spectators_are_full():
    with TestClient(create_app(":memory:", max_spectators=3)) as client:
        table = create(client)
        watchers = [client.websocket_connect(f"/ws/{table.id}") for _ in range(3)]
        try:
            for ws in watchers:
                ws.__enter__()
                ws.send_json({"token": None})
                assert ws.receive_json()["type"] == "state"
            with client.websocket_connect(f"/ws/{table.id}") as extra:
                extra.send_json({"token": None})
                assert "spectators" in extra.receive_json()["message"]
                with pytest.raises(WebSocketDisconnect) as info:
                    extra.receive_json()
                assert info.value.code == 1013
            for seat in (0, 1):
                with client.websocket_connect(f"/ws/{table.id}") as ws:
                    ws.send_json({"token": table.tokens[seat]})
                    msg = ws.receive_json()
                    assert msg["type"] == "state" and msg["seat"] == seat
        finally:
            for ws in watchers:
                ws.__exit__(None, None, None)


def test_w6_a_seat_opened_again_and_again_closes_its_oldest_page(client, monkeypatch):
    import cardtable.web.live as web_live

    monkeypatch.setattr(web_live, "MAX_SEAT_PAGES", 2)
    table = create(client)
    with client.websocket_connect(f"/ws/{table.id}") as a, \
            client.websocket_connect(f"/ws/{table.id}") as b:
        for ws in (a, b):
            ws.send_json({"token": table.tokens[0]})
            ws.receive_json()
        with client.websocket_connect(f"/ws/{table.id}") as c:
            c.send_json({"token": table.tokens[0]})
            assert c.receive_json()["type"] == "state"
            with pytest.raises(WebSocketDisconnect) as info:
                a.receive_json()
            assert info.value.code == 4000 and "newer page" in info.value.reason


# -- W7: addresses, caps on tables, expiry ----------
def test_w7_x_forwarded_for_is_not_believed_by_default():
    with TestClient(create_app(":memory:", http_rate=1.0)) as client:
        codes = [client.post("/api/decks/check", json={"game": "draws-troidal", "text": ""},
                             headers={"x-forwarded-for": f"10.0.0.{i}"}).status_code
                 for i in range(10)]
        assert 429 in codes  # one client, however many addresses it claims


def test_w7_x_forwarded_for_is_believed_with_proxy_headers():
    with TestClient(create_app(":memory:", http_rate=1.0, proxy_headers=True,
                               forwarded_allow_ips="*")) as client:
        codes = [client.post("/api/decks/check", json={"game": "draws-troidal", "text": ""},
                             headers={"x-forwarded-for": f"10.0.0.{i}"}).status_code
                 for i in range(10)]
        assert 429 not in codes  # the operator's proxy names each client


def test_w7_open_tables_are_capped_per_address_and_in_all():
    with TestClient(create_app(":memory:", max_per_address=2, max_open=3)) as client:
        create(client)
        create(client)
        r = client.post("/api/tables", json={"game": "draws-troidal", "opponent": "friend"})
        assert r.status_code == 429 and "unfinished tables" in r.json()["error"]
        elsewhere = {"x-forwarded-for": "10.1.1.1"}  # not believed: still the same address
        r = client.post("/api/tables", json={"game": "draws-troidal"}, headers=elsewhere)
        assert r.status_code == 429
    with TestClient(create_app(":memory:", max_per_address=5, max_open=2)) as client:
        create(client)
        create(client)
        r = client.post("/api/tables", json={"game": "draws-troidal", "opponent": "friend"})
        assert r.status_code == 503 and "open tables" in r.json()["error"]


def test_w7_an_abandoned_table_expires_and_a_finished_one_keeps_its_record(tmp_path):
    with TestClient(create_app(tmp_path / "t.db", expire_after=3600)) as client:
        manager = client.app.state.manager
        left = create(client)
        done = create(client)
        seat = 0
        for _ in range(2000):  # play the second table to its end
            now = state(client, done, seat)
            if now["result"] is not None:
                break
            if not now["yours"]:
                seat = now["to_move"]
                continue
            assert move(client, done, seat, now["choices"][-1]["code"]).status_code == 200
        touched = manager.tables[left.id].touched
        assert manager.sweep(touched + 3599) == []
        assert manager.sweep(touched + 3601) == [left.id]
        r = client.get(f"/api/tables/{left.id}")
        assert r.status_code == 410 and "closed" in r.json()["error"]
        assert client.get(f"/api/tables/{done.id}/record").status_code == 200
        create(client)  # the closed table no longer counts against the caps


def test_w7_a_table_with_a_seat_connected_does_not_expire(client):
    manager = client.app.state.manager
    table = create(client)
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_json({"token": table.tokens[0]})
        ws.receive_json()
        assert manager.sweep(time.time() + 10 * manager.expire_after) == []


# -- W8, W9: no heavy work on the event loop ----------
def test_w8_a_deck_check_runs_in_the_work_pool_not_on_the_loop(client, monkeypatch):
    threads = []
    real = work_module.check_deck_text

    def spy(*args):
        threads.append(threading.current_thread().name)
        return real(*args)

    monkeypatch.setattr(work_module, "check_deck_text", spy)
    r = client.post("/api/decks/check", json={"game": "draws-troidal", "text": "x"})
    assert r.status_code == 200 and threads and threads[0].startswith("check")


def test_w8_deck_checks_beyond_the_queue_are_refused_at_once(client):
    lane = client.app.state.manager.work.check_lane
    lane.waiting = 0  # as if the queue were full
    r = client.post("/api/decks/check", json={"game": "draws-troidal", "text": "x"})
    assert r.status_code == 503 and r.headers["retry-after"] and "try again" in r.json()[
        "error"]


def test_w9_computer_moves_run_in_their_lanes_and_a_failing_agent_cannot_freeze(
        client, monkeypatch):
    seen = []

    def failing(spec, game_id, seed, view, legal):
        seen.append((spec, threading.current_thread().name))
        raise RuntimeError("boom")

    monkeypatch.setattr(work_module, "agent_move", failing)
    r = client.post("/api/tables", json={"game": "draws-troidal", "opponent": "greedy",
                                          "seat": 2})
    assert r.status_code == 200
    manager = client.app.state.manager
    client.portal.call(manager.drain)
    table = manager.tables[r.json()["table"]]
    assert table.state.history and table.state.current_player() in (1, -1)
    assert seen and all(name.startswith("quick") for _, name in seen)
    assert work_module.is_search("mcts:ms=3000") and not work_module.is_search("greedy")


# -- W10: a move sent again is played once ----------
def test_w10_the_move_number_is_required(client):
    table = create(client)
    before = state(client, table, 0)
    r = client.post(f"/api/tables/{table.id}/move",
                    json={"token": table.tokens[0], "code": before["choices"][0]["code"]})
    assert r.status_code == 400 and "n" in r.json()["error"]
    assert state(client, table, 0) == before


def test_w10_a_resent_move_is_acknowledged_and_not_played_again(client):
    table = create(client, game="sarasvati")
    first = state(client, table, 0)
    seat = first["to_move"]
    now = state(client, table, seat)
    code = now["choices"][0]["code"]
    r1 = move(client, table, seat, code, n=now["n"])
    r2 = move(client, table, seat, code, n=now["n"])
    assert r1.status_code == r2.status_code == 200
    assert r1.json()["n"] == r2.json()["n"] == now["n"] + 1 and r2.json()["repeated"]
    other = next((c["code"] for c in now["choices"] if c["code"] != code), None)
    if other is not None:  # the same number with another move is a stale page
        assert move(client, table, seat, other, n=now["n"]).status_code == 409


def test_w10_a_resent_websocket_move_is_played_once(client):
    table = create(client)
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_json({"token": table.tokens[0]})
        first = ws.receive_json()
        message = json.dumps({"move": first["choices"][0]["code"], "n": first["n"]})
        ws.send_text(message)
        ws.send_text(message)
        assert ws.receive_json()["n"] == 1
    assert state(client, table, 0)["n"] == 1

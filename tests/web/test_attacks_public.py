"""The attacks of the second audit (issue 44: W12-W21), each kept here so it stays fixed.

The first audit's (W1-W10) are in ``test_attacks.py``. Those that live below the application
(connection caps, slow requests, a frame over the size limit) run against a real uvicorn
server on 127.0.0.1, started by the test with small limits, a few sockets each, every wait
bounded.
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.web.helpers import create, move, state

from cardtable.core import list_games
from cardtable.web import live as live_module
from cardtable.web import tables as tables_module
from cardtable.web import work as work_module
from cardtable.web.app import create_app
from cardtable.web.guard import ConnectionGuard, uvicorn_config
from cardtable.web.work import Busy, FairLane


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:")) as c:
        yield c


def _from(address: str) -> dict[str, str]:
    """Headers that make a request come from ``address`` (the app believes the proxy)."""
    return {"x-forwarded-for": address}


# -- a real server ----------
class Server:
    def __init__(self, guard: ConnectionGuard, **app_options: Any) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.app = create_app(":memory:", **app_options)
        config = uvicorn_config(self.app, "127.0.0.1", self.port, guard, ws_max_size=4096,
                                log_config=None, timeout_keep_alive=1, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.guard = guard

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def connect(self, source: str = "127.0.0.1") -> socket.socket:
        s = socket.create_connection(("127.0.0.1", self.port), timeout=5,
                                     source_address=(source, 0))
        return s

    def request(self, text: str, source: str = "127.0.0.1") -> bytes:
        with self.connect(source) as s:
            s.sendall(text.encode())
            return _read_all(s)


def _read_all(s: socket.socket, limit: float = 5.0) -> bytes:
    """Everything the server sends until it closes the connection (at most ``limit`` s)."""
    s.settimeout(limit)
    out = b""
    while True:
        try:
            chunk = s.recv(65536)
        except TimeoutError:
            raise AssertionError(f"the server kept the connection open: {out[:200]!r}") \
                from None
        except ConnectionResetError:
            return out
        if not chunk:
            return out
        out += chunk


GET = "GET /api/games HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n"


# -- W16: connections are capped, slow requests time out ----------
def test_w16_connections_beyond_the_caps_are_refused_with_a_reason():
    guard = ConnectionGuard(per_address=3, total=5, header_timeout=30, body_timeout=30)
    with Server(guard) as server:
        held = [server.connect("127.0.0.1") for _ in range(3)]
        try:
            refused = server.request(GET, "127.0.0.1")
            assert refused.startswith(b"HTTP/1.1 503") and b"this address" in refused
            held += [server.connect("127.0.0.2") for _ in range(2)]
            deadline = time.monotonic() + 5
            while guard.connections() < 5:  # the server has counted them
                assert time.monotonic() < deadline
                time.sleep(0.01)
            refused = server.request(GET, "127.0.0.3")  # a newcomer, but the server is full
            assert refused.startswith(b"HTTP/1.1 503") and b"the server" in refused
        finally:
            for s in held:
                s.close()
        deadline = time.monotonic() + 5
        while guard.connections():
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert server.request(GET).startswith(b"HTTP/1.1 200")  # room again


def test_w16_the_operators_proxy_is_not_held_to_the_per_address_cap():
    class Transport:
        closed = False

        def write(self, data: bytes) -> None:
            pass

        def get_write_buffer_size(self) -> int:
            return 0

        def close(self) -> None:
            self.closed = True

    class Protocol:
        loop = asyncio.new_event_loop()

    guard = ConnectionGuard(per_address=2, total=10, trusted=frozenset({"127.0.0.1"}))
    try:
        assert all(guard.admit(Transport(), Protocol(), "127.0.0.1") for _ in range(5))
        assert guard.admit(Transport(), Protocol(), "10.0.0.1")
        assert guard.admit(Transport(), Protocol(), "10.0.0.1")
        refused = Transport()
        assert not guard.admit(refused, Protocol(), "10.0.0.1") and refused.closed
    finally:
        Protocol.loop.close()


def test_w16_a_connection_that_never_finishes_its_headers_is_closed():
    guard = ConnectionGuard(per_address=10, total=20, header_timeout=0.3, body_timeout=30)
    with Server(guard) as server:
        with server.connect() as bare:  # sends nothing at all
            assert _read_all(bare).startswith(b"HTTP/1.1 408")
        with server.connect() as slow:  # a slowloris: headers that never end
            slow.sendall(b"GET / HTTP/1.1\r\nhost: 127.0.0.1\r\n")
            for _ in range(3):
                slow.sendall(b"x-a: b\r\n")
            assert b"headers took longer" in _read_all(slow)
        with server.connect() as kept:  # after an answer, a second request that never ends
            kept.sendall(b"GET /api/games HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n"
                         b"GET /api/games HTTP/1.1\r\nhost: 1")
            assert _read_all(kept).startswith(b"HTTP/1.1 200")
        assert guard.timed_out >= 2


def test_w16_a_body_that_never_arrives_is_closed_and_idle_connections_too():
    guard = ConnectionGuard(per_address=10, total=20, header_timeout=30, body_timeout=0.3)
    with Server(guard) as server:
        with server.connect() as s:
            s.sendall(b"POST /api/decks/check HTTP/1.1\r\nhost: 127.0.0.1\r\n"
                      b"content-type: application/json\r\ncontent-length: 1000\r\n\r\n{\"ga")
            answer = _read_all(s)
            assert answer.startswith(b"HTTP/1.1 408") and b"body took longer" in answer
        with server.connect() as idle:  # keep-alive (1 s here): closed once idle
            idle.sendall(b"GET /api/games HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n")
            assert _read_all(idle).startswith(b"HTTP/1.1 200")


def test_w16_an_idle_spectator_page_is_closed_with_a_reason(client, monkeypatch):
    monkeypatch.setattr(live_module, "SPECTATOR_IDLE", 0.2)
    table = create(client)
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_json({"token": None})
        assert ws.receive_json()["type"] == "state"
        msg = ws.receive_json()  # nobody moved and the page said nothing
        assert msg["type"] == "error" and msg["fatal"] and "reload" in msg["message"]
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
    assert info.value.code == 1001


# -- W15: spectators' fan-out costs one build per move ----------
def test_w15_many_spectators_asking_again_cost_one_build_per_move_and_language(
        client, monkeypatch):
    monkeypatch.setattr(live_module, "RESET_EVERY", 0.0)
    builds: list[tuple[int | None, str]] = []
    real = tables_module.table_payload

    def counted(state_: Any, seat: int | None, lang: str, *drawn: Any) -> Any:
        builds.append((seat, lang))
        return real(state_, seat, lang, *drawn)

    monkeypatch.setattr(tables_module, "table_payload", counted)
    table = create(client)
    watchers = [client.websocket_connect(f"/ws/{table.id}") for _ in range(6)]
    try:
        for ws in watchers:
            ws.__enter__()
            ws.send_json({"token": None, "lang": "en"})
            assert ws.receive_json()["type"] == "state"
        for lang in ("ja", "en", "ja"):  # each asks for the whole table again and again
            for ws in watchers:
                ws.send_json({"lang": lang})
                assert ws.receive_json()["reset"]
        for ws in watchers:  # the language it has already: nothing is sent at all
            ws.send_json({"lang": "ja"})
        first = state(client, table, 0)
        assert move(client, table, 0, first["choices"][0]["code"]).status_code == 200
        for ws in watchers:
            after = ws.receive_json()
            assert after["n"] == 1 and not after["reset"]
    finally:
        for ws in watchers:
            ws.__exit__(None, None, None)
    spectator = [b for b in builds if b[0] is None]
    # the start in English and in Japanese, and the move: once each, for 6 x 5 messages
    assert spectator == [(None, "en"), (None, "ja"), (None, "ja")]


def test_w15_a_page_that_never_reads_holds_up_nobody(client):
    """A move is told to a page by marking it out of date; its sender, stuck on a socket
    that does not drain, delays neither the mover nor the other pages."""
    table = create(client)
    manager = client.app.state.manager
    with client.websocket_connect(f"/ws/{table.id}") as stuck, \
            client.websocket_connect(f"/ws/{table.id}") as other:
        for ws in (stuck, other):
            ws.send_json({"token": None})
            ws.receive_json()
        page = manager.tables[table.id].pages[None][0]
        sends = []

        async def never(text: str) -> bool:
            sends.append(text)
            await asyncio.Event().wait()  # a socket whose buffer never drains
            return True

        page.send_text = never
        for n in range(4):
            now = state(client, table, state(client, table, None)["to_move"])
            assert move(client, table, now["seat"], now["choices"][0]["code"],
                        n=now["n"]).status_code == 200
            assert other.receive_json()["n"] == n + 1
        assert len(sends) == 1  # the stuck page was sent one message, not queued four


# -- W14: the checking lane is shared fairly between addresses ----------
def test_w14_the_checking_lane_takes_addresses_in_turn():
    order: list[str] = []
    gates = {name: threading.Event() for name in ("a1", "a2", "b1")}

    def work(name: str) -> str:
        gates[name].wait(5)
        order.append(name)
        return name

    async def scenario() -> None:
        lane = FairLane(ThreadPoolExecutor(1), per_address=2, waiting=8)
        a1 = asyncio.ensure_future(lane.run("A", work, "a1", limit=5))
        a2 = asyncio.ensure_future(lane.run("A", work, "a2", limit=5))
        await asyncio.sleep(0)
        with pytest.raises(Busy) as refused:  # A already has two under way
            await lane.run("A", work, "a3", limit=5)
        assert refused.value.status == 429
        b1 = asyncio.ensure_future(lane.run("B", work, "b1", limit=5))
        await asyncio.sleep(0)
        for gate in gates.values():
            gate.set()
        assert await asyncio.gather(a1, a2, b1) == ["a1", "a2", "b1"]

    # in a thread of its own: the browser tests' Playwright (sync API) keeps an event loop
    # running in the main thread for the whole session
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, scenario()).result()
    assert order == ["a1", "b1", "a2"]  # B's check went before A's second


def test_w14_a_deck_check_is_counted_against_the_address_that_sent_it(client, monkeypatch):
    seen = []
    real = FairLane.run

    async def spy(self: FairLane, address: str, *args: Any, **kw: Any) -> Any:
        seen.append(address)
        return await real(self, address, *args, **kw)

    monkeypatch.setattr(FairLane, "run", spy)
    r = client.post("/api/decks/check", json={"game": "draws-troidal", "text": "x"})
    assert r.status_code == 200 and seen == ["testclient"]
    r = client.post("/api/tables", json={"game": "draws-troidal", "opponent": "friend",
                                          "decks": [{"name": "d", "text": "x"}, None]})
    assert r.status_code == 400 and seen == ["testclient", "testclient"]


# -- W13: diagnostics are capped as documented ----------
@pytest.mark.parametrize("game", [g.id for g in list_games() if g.playable])
def test_w13_a_deck_check_returns_at_most_100_diagnostics(client, game):
    text = "デッキ: 試し\n" + "".join(f"1 存在しないカード{i}\n" for i in range(400))
    r = client.post("/api/decks/check", json={"game": game, "name": "d.txt", "text": text})
    data = r.json()
    assert r.status_code == 200 and not data["ok"]
    assert 0 < len(data["diagnostics"]) <= work_module.MAX_DIAGNOSTICS
    if len(data["diagnostics"]) == work_module.MAX_DIAGNOSTICS:
        assert "more problems not shown" in data["diagnostics"][-1]
    assert len(r.content) < 16_000


# -- W17: a hundred addresses cannot fill the server for everyone ----------
def _table_from(client: TestClient, address: str) -> Any:
    return client.post("/api/tables", json={"game": "draws-troidal", "opponent": "friend"},
                       headers=_from(address))


def test_w17_a_full_server_closes_the_heaviest_addresses_abandoned_table_first():
    app = create_app(":memory:", max_open=4, max_per_address=3, proxy_headers=True,
                     forwarded_allow_ips="*")
    with TestClient(app) as client:
        manager = client.app.state.manager
        made = [_table_from(client, a).json()["table"] for a in
                ("10.0.0.1", "10.0.0.1", "10.0.0.1", "10.0.0.2")]
        r = _table_from(client, "10.0.0.3")  # all four were made just now: in use
        assert r.status_code == 503 and "in use" in r.json()["error"]
        for table_id in made:  # an hour later, nobody has opened any of them
            manager.tables[table_id].touched -= 3600
        manager.tables[made[1]].touched -= 60  # the heaviest address's oldest
        r = _table_from(client, "10.0.0.3")
        assert r.status_code == 200
        assert client.get(f"/api/tables/{made[1]}").status_code == 410
        assert all(client.get(f"/api/tables/{t}").status_code == 200
                   for t in made if t != made[1])


def test_w17_a_table_with_a_seat_page_open_is_never_closed_to_make_room():
    app = create_app(":memory:", max_open=1, max_per_address=1, proxy_headers=True,
                     forwarded_allow_ips="*")
    with TestClient(app) as client:
        manager = client.app.state.manager
        r = _table_from(client, "10.0.0.1")
        table_id = r.json()["table"]
        token = r.json()["links"]["1"].split("#k=")[1]
        manager.tables[table_id].touched -= 3600
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            ws.send_json({"token": token})
            ws.receive_json()
            assert _table_from(client, "10.0.0.2").status_code == 503
            assert _table_from(client, "10.0.0.1").status_code == 429


def test_w17_an_address_at_its_cap_gives_up_its_own_oldest_abandoned_table():
    app = create_app(":memory:", max_per_address=2, proxy_headers=True, forwarded_allow_ips="*")
    with TestClient(app) as client:
        manager = client.app.state.manager
        old, new = (_table_from(client, "10.0.0.1").json()["table"] for _ in range(2))
        manager.tables[old].touched -= 3600
        manager.tables[new].touched -= 600
        assert _table_from(client, "10.0.0.1").status_code == 200
        assert client.get(f"/api/tables/{old}").status_code == 410
        assert client.get(f"/api/tables/{new}").status_code == 200


def test_w17_the_address_of_a_table_survives_a_restart(tmp_path):
    app = create_app(tmp_path / "t.db", max_per_address=1)
    with TestClient(app) as client:
        create(client)
    with TestClient(create_app(tmp_path / "t.db", max_per_address=1)) as client:
        r = client.post("/api/tables", json={"game": "draws-troidal", "opponent": "friend"})
        assert r.status_code == 429


# -- W20: no other site's page can make its visitors change anything ----------
@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded",
                                  "multipart/form-data; boundary=x", None])
def test_w20_a_state_changing_request_must_be_json(client, kind):
    headers = {} if kind is None else {"content-type": kind}
    before = len(client.app.state.manager.tables)
    r = client.post("/api/tables", content='{"game": "draws-troidal"}', headers=headers)
    assert r.status_code == 415 and "application/json" in r.json()["error"]
    assert len(client.app.state.manager.tables) == before


@pytest.mark.parametrize("headers", [{"origin": "http://evil.example"}, {"origin": "null"},
                                     {"sec-fetch-site": "cross-site"},
                                     {"origin": "http://testserver.evil.example"}])
def test_w20_a_request_from_another_sites_page_is_refused(client, headers):
    before = len(client.app.state.manager.tables)
    r = client.post("/api/tables", json={"game": "draws-troidal"}, headers=headers)
    assert r.status_code == 403 and "another site" in r.json()["error"]
    assert len(client.app.state.manager.tables) == before
    table = create(client)
    with client.websocket_connect(f"/ws/{table.id}", headers=headers) as ws:
        assert ws.receive_json()["fatal"]
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
    assert info.value.code == 1008


def test_w20_the_servers_own_page_and_scripts_may(client):
    r = client.post("/api/tables", json={"game": "draws-troidal"},
                    headers={"origin": "http://testserver", "sec-fetch-site": "same-origin"})
    assert r.status_code == 200
    assert client.post("/api/tables", json={"game": "draws-troidal"}).status_code == 200


def test_w20_the_quick_start_link_makes_no_table_by_itself(client):
    before = len(client.app.state.manager.tables)
    for _ in range(3):  # an image, a frame, a prefetch of the link
        page = client.get("/play/draws-troidal?vs=random&lang=ja")
        assert page.status_code == 200 and "/static/play.js" in page.text
    assert len(client.app.state.manager.tables) == before
    r = client.post("/play/draws-troidal?vs=random", content="{}",
                    headers={"content-type": "text/plain"})
    assert r.status_code == 415 and len(client.app.state.manager.tables) == before


# -- W12: every body goes through the same strict reader ----------
@pytest.mark.parametrize("body", ['[' * 1200 + ']' * 1200, '{"token": "\\ud800"}',
                                  '{"token": ' + '1' * 4301 + '}', b'{"token": "\xed\xa0\x80"}',
                                  '{"token": "x", "more": 1}', 'nonsense'])
def test_w12_a_hostile_rematch_body_is_a_clear_400(client, body):
    table = create(client)
    r = client.post(f"/api/tables/{table.id}/rematch", content=body,
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]


# -- W19: nothing a client sends is echoed into a page ----------
@pytest.mark.parametrize("lang", ['"><meta http-equiv="refresh" content="0;url=http://evil">',
                                  "en onload=alert(1)", "ja<"])
def test_w19_an_echoed_language_is_refused_not_written(client, lang):
    for path in ("/how/draws-troidal", "/play/draws-troidal"):
        r = client.get(path, params={"lang": lang})
        assert r.status_code == 400  # a JSON error, never a page a browser would draw
        assert r.headers["content-type"] == "application/json"
        assert r.headers["x-content-type-options"] == "nosniff"
    for path in ("/how/draws-troidal", "/play/draws-troidal"):  # the pages echo nothing
        page = client.get(path, params={"lang": "ja", "x": "<b>echo</b>"})
        assert page.status_code == 200 and "echo" not in page.text


# -- W18: undo needs n ----------
def test_w18_an_undo_without_n_takes_back_nothing(client):
    table = create(client, game="sarasvati")
    for _ in range(2):  # two decisions made
        now = state(client, table, state(client, table, None)["to_move"])
        move(client, table, now["seat"], now["choices"][-1]["code"], n=now["n"])
    seat = state(client, table, None)["to_move"]
    before = state(client, table, seat)
    r = client.post(f"/api/tables/{table.id}/undo", json={"token": table.tokens[seat]})
    assert r.status_code == 400 and "n" in r.json()["error"]
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_json({"token": table.tokens[seat]})
        ws.receive_json()
        ws.send_json({"undo": True})
        assert ws.receive_json()["type"] == "error"
    assert state(client, table, seat) == before


# -- W21: a client's misbehaviour leaves no traceback in the log ----------
def _tracebacks(records: list[logging.LogRecord]) -> list[str]:
    return [r.getMessage() for r in records if r.exc_info or r.levelno >= logging.ERROR]


def test_w21_a_big_message_right_after_the_hello_and_short_bodies_log_nothing(caplog):
    from websockets.sync.client import connect

    guard = ConnectionGuard(per_address=50, total=100, header_timeout=5, body_timeout=0.5)
    caplog.set_level(logging.INFO)
    with Server(guard) as server:
        body = '{"game": "draws-troidal", "opponent": "friend"}'
        r = server.request('POST /api/tables HTTP/1.1\r\nhost: 127.0.0.1\r\n'
                           f'content-type: application/json\r\ncontent-length: {len(body)}\r\n'
                           f'connection: close\r\n\r\n{body}')
        table = json.loads(r.split(b"\r\n\r\n", 1)[1])["table"]
        for _ in range(5):
            with connect(f"ws://127.0.0.1:{server.port}/ws/{table}") as ws:
                ws.send(json.dumps({"token": None}))
                ws.send("x" * 5000)  # over the 4 KiB a message may be
                with pytest.raises(Exception):  # noqa: B017 - closed with 1009, however seen
                    for _ in range(3):
                        ws.recv(timeout=5)
        for _ in range(5):  # a short body, then gone
            with server.connect() as s:
                s.sendall(b"POST /api/decks/check HTTP/1.1\r\nhost: 127.0.0.1\r\n"
                          b"content-type: application/json\r\ncontent-length: 500\r\n\r\n{")
        deadline = time.monotonic() + 5
        while guard.connections():  # every connection has been dealt with
            assert time.monotonic() < deadline
            time.sleep(0.01)
    assert _tracebacks(caplog.records) == []


# -- GETs are rate limited per address too ----------
def test_a_get_flood_from_one_address_is_refused_and_others_are_not():
    app = create_app(":memory:", get_rate=2.0, proxy_headers=True, forwarded_allow_ips="*")
    with TestClient(app) as client:
        codes = [client.get("/api/games", headers=_from("10.0.0.1")).status_code
                 for _ in range(20)]
        assert 429 in codes and codes[0] == 200
        assert client.get("/api/games", headers=_from("10.0.0.2")).status_code == 200
        assert client.post("/api/decks/check", json={"game": "draws-troidal", "text": ""},
                           headers=_from("10.0.0.1")).status_code == 200  # POSTs count apart


# -- WebSockets reach their handler directly, and behind a proxy still by address ----------
def _spectator(client: TestClient, table_id: str, address: str) -> Any:
    ws = client.websocket_connect(f"/ws/{table_id}", headers=_from(address))
    ws.__enter__()
    ws.send_json({"token": None})
    assert ws.receive_json()["type"] == "state"
    return ws


@pytest.mark.parametrize("same_address", [False, True])
def test_behind_a_proxy_pages_messages_are_counted_by_their_forwarded_address(same_address):
    app = create_app(":memory:", ws_address_rate=1.0, proxy_headers=True,
                     forwarded_allow_ips="*")
    with TestClient(app) as client:
        table_id = _table_from(client, "10.0.0.9").json()["table"]
        first = _spectator(client, table_id, "10.0.0.1")  # each hello takes one of two
        second = _spectator(client, table_id, "10.0.0.1" if same_address else "10.0.0.2")
        try:
            first.send_json({"move": 1, "n": 0})
            answer = first.receive_json()["message"]
        finally:
            first.__exit__(None, None, None)
            second.__exit__(None, None, None)
    assert ("slow down" in answer) == same_address
    assert ("spectators cannot move" in answer) != same_address

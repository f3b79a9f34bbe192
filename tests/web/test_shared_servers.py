"""Two servers sharing one PostgreSQL database (issue 44, item 4): a move stored by one is heard
by every page of the other, two servers racing for one move store exactly one, a table opened
on one is joined on the other, and a seat whose page is open on either has not left. Each runs
with either announcer: PostgreSQL's LISTEN/NOTIFY, and Redis pub/sub (``--redis``)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.helpers import create, state
from tests.web.lobby_helpers import token

from cardtable.web import seating as seating_module
from cardtable.web.app import create_app
from cardtable.web.clock import FakeTime
from cardtable.web.store import open_store

WAIT = 20.0


@pytest.fixture(params=["notify", "redis"])
def announcer(request: pytest.FixtureRequest) -> str | None:
    """How the servers tell each other of a change: None (LISTEN/NOTIFY) or a Redis URL."""
    return request.getfixturevalue("redis_server").url() if request.param == "redis" else None


@pytest.fixture
def servers(postgres: Any, announcer: str | None
            ) -> Iterator[tuple[TestClient, TestClient, str, FakeTime]]:
    url, clock = postgres.fresh(), FakeTime()
    with TestClient(create_app(url, time_source=clock, redis_url=announcer)) as a, \
            TestClient(create_app(url, time_source=clock, redis_url=announcer)) as b:
        yield a, b, url, clock


def _receive(ws: Any, until: Any) -> dict[str, Any]:
    """The next message of ``ws`` satisfying ``until``, waiting at most WAIT seconds."""
    pool = ThreadPoolExecutor(1)
    try:
        while True:
            msg = pool.submit(ws.receive_json).result(timeout=WAIT)
            if until(msg):
                return dict(msg)
    finally:  # not waiting for a receive that never came: the test fails instead of hanging
        pool.shutdown(wait=False)


def _until(ready: Any) -> None:
    """A readiness wait (at most WAIT seconds) for what another thread or server does in its
    own time: a notification heard, a closed page's handler finished."""
    import time

    deadline = time.monotonic() + WAIT
    while not ready():
        assert time.monotonic() < deadline, "never ready"
        time.sleep(0.01)


def _closed(client: TestClient, table_id: str) -> None:
    """Until the server has finished closing every page of the table (a client's close
    returns before the server's handler ends)."""
    table = client.app.state.manager.tables[table_id]  # type: ignore[attr-defined]
    _until(lambda: not any(table.pages.values()))


def _first_choice(client: TestClient, table: Any, seat: int) -> int:
    return int(state(client, table, seat)["choices"][0]["code"])


def test_every_page_on_either_server_hears_every_move(servers) -> None:
    a, b, _, _ = servers
    table = create(a)
    pages = [(a, 0), (b, 1), (b, None), (a, None)]
    with a.websocket_connect(f"/ws/{table.id}") as w0, \
            b.websocket_connect(f"/ws/{table.id}") as w1, \
            b.websocket_connect(f"/ws/{table.id}") as wb, \
            a.websocket_connect(f"/ws/{table.id}") as wa:
        sockets = [w0, w1, wb, wa]
        for ws, (_, seat) in zip(sockets, pages, strict=True):
            ws.send_json({} if seat is None else {"token": table.tokens[seat]})
            _receive(ws, lambda m: m.get("type") == "state")
        for n in range(6):
            mover = state(a, table, None)["to_move"]
            via = (a, b)[n % 2]  # each move through the other server in turn
            r = via.post(f"/api/tables/{table.id}/move",
                         json={"token": table.tokens[mover], "n": n,
                               "code": _first_choice(via, table, mover)})
            assert r.status_code == 200, r.text
            for ws in sockets:
                _receive(ws, lambda m, n=n: m.get("type") == "state" and m["n"] == n + 1)
    assert state(a, table, 0) == state(b, table, 0)


def test_two_servers_racing_for_one_move_store_exactly_one(servers) -> None:
    a, b, url, _ = servers
    table = create(a)
    seat = state(a, table, None)["to_move"]
    codes = [c["code"] for c in state(a, table, seat)["choices"]][:2]
    assert state(b, table, seat)["n"] == 0  # both servers hold the table
    go = threading.Barrier(2)

    def send(client: TestClient, code: int) -> int:
        go.wait()
        return client.post(f"/api/tables/{table.id}/move",
                           json={"token": table.tokens[seat], "n": 0, "code": code}).status_code

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(send, (a, b), (codes[0], codes[-1])))
    assert sorted(results) == ([200, 409] if codes[0] != codes[-1] else [200, 200])
    stored = open_store(url).load(table.id)
    assert stored is not None and len(stored.moves) == 1
    for client in (a, b):  # both end on the one stored move
        moved = client.post(f"/api/tables/{table.id}/move",
                            json={"token": table.tokens[seat], "n": 0,
                                  "code": stored.moves[0]})
        assert moved.status_code == 200 and moved.json()["repeated"]


def test_a_table_opened_on_one_server_is_joined_on_the_other(servers) -> None:
    a, b, _, _ = servers
    host = a.post("/api/open", json={"game": "draws-troidal"}).json()
    with a.websocket_connect(f"/ws/{host['table']}") as ws:
        ws.send_json({"token": token(host)})
        assert _receive(ws, lambda m: m.get("type") == "state")["waiting"]
        assert [t["table"] for t in a.get("/api/open").json()["tables"]] == [host["table"]]
        joined = b.post(f"/api/open/{host['table']}/join", json={})
        assert joined.status_code == 200, joined.text
        assert not _receive(ws, lambda m: m.get("type") == "state")["waiting"]
    again = a.post(f"/api/open/{host['table']}/join", json={})
    assert again.status_code == 409


def test_a_seat_whose_page_is_open_on_the_other_server_has_not_left(servers) -> None:
    a, b, _, clock = servers
    first = a.post("/api/quick", json={"game": "draws-troidal",
                                       "clock": {"kind": "none"}}).json()
    second = b.post("/api/quick", json={"game": "draws-troidal",
                                        "clock": {"kind": "none"}}).json()
    table = first["table"]
    assert second["table"] == table  # paired across servers
    _until(lambda: not a.app.state.manager.tables[table].meta.waiting)  # a heard of the join
    checks = [c.app.state.seating for c in (a, b)]  # type: ignore[attr-defined]
    with a.websocket_connect(f"/ws/{table}") as ws:  # seat of the first on a, then moved to b
        ws.send_json({"token": token(first)})
        _receive(ws, lambda m: m.get("type") == "state")
    _closed(a, table)
    with b.websocket_connect(f"/ws/{table}") as w1, b.websocket_connect(f"/ws/{table}") as w2:
        w1.send_json({"token": token(first)})
        w2.send_json({"token": token(second)})
        _receive(w1, lambda m: m.get("type") == "state")
        _receive(w2, lambda m: m.get("type") == "state")
        clock.advance(seating_module.LEAVE_GRACE / 2)
        b.portal.call(checks[1].check)  # b records the seats it holds
        clock.advance(seating_module.LEAVE_GRACE / 2 + 1)
        assert a.portal.call(checks[0].check) == []
    # both pages closed on b: once no server has seen the seats for the grace, they have left
    _closed(b, table)
    clock.advance(seating_module.LEAVE_GRACE + 1)
    assert a.portal.call(checks[0].check) == [table]
    assert b.get(f"/api/tables/{table}").json()["result"]["reason"] == "left"


def _gone(pid: int) -> bool:
    from pathlib import Path

    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except FileNotFoundError:
        return True


def test_serve_with_two_servers_survives_one_killed_and_ends_with_its_parent(
        postgres, announcer) -> None:
    """``cardtable serve --servers 2`` (and ``--redis``): moves go on through the survivor
    after a kill -9 of one server, none is lost, and a kill -9 of the parent ends the other."""
    import json
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    url = postgres.fresh()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    parent = subprocess.Popen(
        [sys.executable, "-c", "from cardtable.cli.app import main; main()", "serve",
         "--port", str(port), "--db", url, "--servers", "2", "--workers", "1",
         *(["--redis", announcer] if announcer else [])],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"

    def call(path: str, body: dict | None = None, token: str = "") -> dict:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(base + path, data=data, headers={
            "content-type": "application/json", "x-seat-token": token})
        with urllib.request.urlopen(req, timeout=30) as r:
            return dict(json.load(r))

    def play(table: str, tokens: dict[int, str], moves: int) -> None:
        for _ in range(moves):
            seen = call(f"/api/tables/{table}")
            mine = call(f"/api/tables/{table}", token=tokens[seen["to_move"]])
            assert call(f"/api/tables/{table}/move",
                        {"token": tokens[seen["to_move"]], "n": seen["n"],
                         "code": mine["choices"][0]["code"]})["ok"]

    try:
        deadline = time.monotonic() + 60
        while True:  # a readiness wait, not a timing assertion
            try:
                call("/api/games")
                break
            except OSError:
                assert time.monotonic() < deadline and parent.poll() is None
                time.sleep(0.1)
        children = [int(p) for p in subprocess.run(
            ["pgrep", "-P", str(parent.pid)], capture_output=True, text=True).stdout.split()]
        assert len(children) == 2
        made = call("/api/tables", {"game": "draws-troidal", "opponent": "friend"})
        tokens = {int(k) - 1: v.split("#k=")[1] for k, v in made["links"].items()}
        play(made["table"], tokens, 4)
        os.kill(children[0], signal.SIGKILL)
        play(made["table"], tokens, 4)
        assert call(f"/api/tables/{made['table']}")["n"] == 8
        assert len(open_store(url).load(made["table"]).moves) == 8  # type: ignore[union-attr]
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    for child in children[1:]:
        for _ in range(100):  # the kernel signals the orphan; wait for it to go
            if _gone(child):
                break
            time.sleep(0.1)
        else:
            os.kill(child, signal.SIGKILL)
            raise AssertionError("a server outlived its parent")


def _closed_port() -> int:
    import socket

    with socket.socket() as s:  # bound and closed: nothing listens there
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve_fails(*args: str) -> str:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", "from cardtable.cli.app import main; main()",
                           "serve", "--workers", "1", *args],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    return " ".join((done.stdout + done.stderr).split())


def test_redis_without_a_postgresql_database_is_refused(tmp_path) -> None:
    with pytest.raises(ValueError, match="postgresql"):
        create_app(str(tmp_path / "one.db"), redis_url="redis://127.0.0.1:6379/0")
    said = _serve_fails("--db", str(tmp_path / "one.db"), "--redis", "redis://127.0.0.1/0")
    assert "--redis announces moves between servers sharing a PostgreSQL" in said


def test_a_redis_that_does_not_answer_is_said_at_start(postgres, redis_server) -> None:
    from cardtable.web.announce import RedisUnreachable

    nowhere = f"redis://127.0.0.1:{_closed_port()}/0"
    with pytest.raises(RedisUnreachable, match="cannot reach Redis"):
        create_app(postgres.fresh(), redis_url=nowhere)
    said = _serve_fails("--db", "postgresql://nobody@127.0.0.1/none", "--redis", nowhere)
    assert f"cannot reach Redis at {nowhere}" in said


def test_a_server_that_lost_redis_catches_its_pages_up_when_it_is_back(postgres,
                                                                         own_redis) -> None:
    """A move announced while Redis was down is not heard; once the subscription is back the
    server catches up every table it holds, and its pages hear the move."""
    url, clock = postgres.fresh(), FakeTime()
    with TestClient(create_app(url, time_source=clock, redis_url=own_redis.url())) as a, \
            TestClient(create_app(url, time_source=clock, redis_url=own_redis.url())) as b:
        table = create(a)
        with b.websocket_connect(f"/ws/{table.id}") as ws:
            ws.send_json({})
            _receive(ws, lambda m: m.get("type") == "state")
            own_redis.kill()  # a's announcement of the move below goes nowhere
            mover = state(a, table, None)["to_move"]
            r = a.post(f"/api/tables/{table.id}/move",
                       json={"token": table.tokens[mover], "n": 0,
                             "code": _first_choice(a, table, mover)})
            assert r.status_code == 200, r.text  # stored all the same
            own_redis.again()
            _receive(ws, lambda m: m.get("type") == "state" and m["n"] == 1)

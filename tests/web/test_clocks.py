"""Clocks (issue 44, item 3): a real-time bank with an increment and a cap, a day a move for
turn-based tables, a loss once time runs out past the grace, shown on the table, kept across a
restart. Time is a ``FakeTime`` the tests move: nothing sleeps."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.web.lobby_helpers import check_clocks, look, pair, play_first, quick

from cardtable.web.app import create_app
from cardtable.web.clock import DAY, GRACE, Clock, ClockError, FakeTime


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture
def client(clock: FakeTime) -> Iterator[TestClient]:
    with TestClient(create_app(":memory:", time_source=clock)) as c:
        yield c


RT = {"kind": "realtime", "bank": 300, "increment": 5}


# -- the clock itself ----------
def test_the_decider_spends_its_own_time_only() -> None:
    c = Clock.realtime(300, 5)
    c.start(0, 1000.0)
    assert c.remaining(1040.0) == (260.0, 300.0)


def test_handing_the_decision_over_adds_the_increment() -> None:
    c = Clock.realtime(300, 5)
    c.start(0, 0.0)
    c.handed(0, 1, 40.0)
    assert c.left == (265.0, 300.0) and c.running == 1


def test_a_decision_kept_by_the_same_seat_adds_nothing() -> None:
    c = Clock.realtime(300, 5)
    c.start(0, 0.0)
    c.handed(0, 0, 10.0)
    assert c.left == (290.0, 300.0) and c.running == 0


def test_the_bank_never_grows_past_its_cap() -> None:
    c = Clock.realtime(300, 60, cap=320)
    c.start(0, 0.0)
    c.handed(0, 1, 1.0)
    assert c.left[0] == 320.0


def test_turn_based_gives_a_fresh_day_at_each_hand_over() -> None:
    c = Clock.turn_based()
    c.start(0, 0.0)
    c.handed(0, 1, DAY - 10)
    c.handed(1, 0, DAY * 1.5)
    assert c.left[0] == DAY and c.running == 0


def test_time_runs_out_only_past_the_grace() -> None:
    c = Clock.realtime(60, 0)
    c.start(1, 0.0)
    assert c.flagged(60 + GRACE) is None
    assert c.flagged(60 + GRACE + 0.1) == 1


@pytest.mark.parametrize("spec", [{"kind": "realtime", "bank": 5},
                                  {"kind": "realtime", "bank": 300, "increment": 10_000},
                                  {"kind": "turn", "per_move": 60},
                                  {"kind": "sundial"}])
def test_a_clock_out_of_its_bounds_is_refused(client: TestClient, spec: dict) -> None:
    r = client.post("/api/open", json={"game": "draws-troidal", "clock": spec})
    assert r.status_code == 400


def test_settings_out_of_bounds_are_refused_by_the_clock_too() -> None:
    with pytest.raises(ClockError):
        Clock.realtime(1, 0)
    with pytest.raises(ClockError):
        Clock.turn_based(10)


# -- at the table ----------
def test_no_clock_runs_while_the_table_waits(client: TestClient, clock: FakeTime) -> None:
    host = quick(client, None, clock=RT)
    clock.advance(1000)
    seen = look(client, host["table"])
    assert seen["clock"]["left_ms"] == [300_000, 300_000] and seen["clock"]["running"] is None


def test_the_clock_is_on_the_table_and_counts_the_deciders_time(
        client: TestClient, clock: FakeTime) -> None:
    table, _ = pair(client, None, None, clock=RT)
    seen = look(client, table)
    decider = seen["clock"]["running"]
    assert decider in (0, 1) and seen["clock"]["kind"] == "realtime"
    clock.advance(12.5)
    left = look(client, table)["clock"]["left_ms"]
    assert left[decider] == 287_500 and left[1 - decider] == 300_000


def test_a_move_spends_the_movers_time(client: TestClient, clock: FakeTime) -> None:
    table, tokens = pair(client, None, None, clock=RT)
    clock.advance(20)
    played = play_first(client, table, tokens)
    assert played["status"] == 200, played
    c = look(client, table)["clock"]
    gained = 5_000 if c["running"] != played["seat"] else 0
    assert c["left_ms"][played["seat"]] == 280_000 + gained


def test_a_player_whose_time_runs_out_loses_after_the_grace(
        client: TestClient, clock: FakeTime) -> None:
    table, tokens = pair(client, None, None, clock=RT)
    decider = look(client, table)["clock"]["running"]
    clock.advance(300 + GRACE - 1)
    assert check_clocks(client) == []
    clock.advance(2)
    assert check_clocks(client) == [table]
    seen = look(client, table)
    assert seen["result"]["winner"] == 1 - decider and seen["result"]["reason"] == "time"
    assert seen["clock"]["running"] is None and seen["clock"]["left_ms"][decider] == 0
    r = client.post(f"/api/tables/{table}/move",
                    json={"token": tokens[decider], "code": 0, "n": seen["n"]})
    assert r.status_code == 409


def test_a_move_after_the_flag_fell_is_refused(client: TestClient, clock: FakeTime) -> None:
    table, tokens = pair(client, None, None, clock=RT)
    clock.advance(300 + GRACE + 1)
    played = play_first(client, table, tokens)
    assert played["status"] == 409 and "time" in played["error"]


def test_a_turn_based_player_may_go_away_between_moves(
        client: TestClient, clock: FakeTime) -> None:
    table, tokens = pair(client, None, None, clock={"kind": "turn"})
    for seat in (0, 1):  # both pages open and close: both seats have gone away
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"token": tokens[seat]})
            ws.receive_json()
    clock.advance(DAY - 60)
    assert check_clocks(client) == []
    clock.advance(60 + GRACE + 1)
    assert check_clocks(client) == [table]
    assert look(client, table)["result"]["reason"] == "time"


def test_the_page_is_told_when_the_clock_ends_the_game(
        client: TestClient, clock: FakeTime) -> None:
    table, _ = pair(client, None, None, clock=RT)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({})
        assert ws.receive_json()["clock"]["kind"] == "realtime"
        clock.advance(400)
        check_clocks(client)
        assert ws.receive_json()["result"]["reason"] == "time"


def test_the_clock_survives_a_restart(tmp_path: Path) -> None:
    db, clock = tmp_path / "t.db", FakeTime()
    with TestClient(create_app(db, time_source=clock)) as c:
        table, tokens = pair(c, None, None, clock=RT)
        clock.advance(30)
        played = play_first(c, table, tokens)
        assert played["status"] == 200, played
        before = look(c, table)["clock"]
    with TestClient(create_app(db, time_source=clock)) as c:
        after = look(c, table)["clock"]
        assert after == before
        clock.advance(10)
        left = look(c, table)["clock"]["left_ms"]
        assert left[after["running"]] == after["left_ms"][after["running"]] - 10_000

"""Why not (issue 38 item 5): a card in hand that the seat cannot play now is sent with the
reason, worked out from the seat's view and its legal actions only."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from tests.web.helpers import create, move, state

from cardtable.web.app import create_app


@pytest.fixture
def client():
    with TestClient(create_app(":memory:")) as c:
        yield c


def test_a_sarasvati_card_costing_more_than_the_free_voltage_says_so(client):
    table = create(client, "sarasvati", seed=2)
    rng = random.Random(2)
    for _ in range(300):
        seat = state(client, table, None)["to_move"]
        if seat < 0:
            break
        now = state(client, table, seat)
        played = {c["code"] for c in now["choices"]}
        for entry in now["unplayable"]:
            assert entry["refs"][0].startswith(f"hand.{seat}#")
            assert entry["why"]
        costly = [u for u in now["unplayable"] if "voltage" in u["why"]]
        if costly:
            free = next(c for c in now["table"]["counters"] if c["id"] == f"voltage.{seat}")
            assert f"{free['value']} free" in costly[0]["why"]
            return
        assert played
        move(client, table, seat, rng.choice(now["choices"])["code"], n=now["n"])
    pytest.fail("no position with a card too dear for the free voltage")


def test_a_spectator_and_a_waiting_seat_are_told_nothing(client):
    table = create(client, "sarasvati", seed=3)
    assert state(client, table, None)["unplayable"] == []
    seat = state(client, table, None)["to_move"]
    assert state(client, table, 1 - seat)["unplayable"] == []

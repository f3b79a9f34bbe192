"""A first-game tutorial at the browser table (issue 38 item 7): the lobby's link deals the
tutorial's own game, and each of the learner's decisions offers the one move its step asks,
with the step's note, until the tutorial is over and the game goes on as any other."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from tests.web.helpers import Seated, move, state

from cardtable.table import tutorial
from cardtable.web.app import create_app


@pytest.fixture
def client():
    with TestClient(create_app(":memory:")) as c:
        yield c


def sit(client: TestClient, game_id: str, lang: str = "en") -> Seated:
    r = client.post(f"/play/{game_id}?tutorial=first_game&lang={lang}", json={})
    assert r.status_code == 200, r.text
    link = r.json()["link"]
    return Seated(r.json()["table"], {0: link.split("#k=")[1]}, {})


def my_turn(client: TestClient, table: Seated) -> dict:
    for _ in range(2000):  # the computer's moves are made by the server
        now = state(client, table, 0)
        if now["yours"] or now["result"]:
            return now
        time.sleep(0.01)
    raise AssertionError("the computer never gave the turn back")


@pytest.mark.parametrize("game_id", ["draws-troidal", "culdcept"])
def test_the_tutorial_offers_each_steps_move_with_its_note_to_the_end(client, game_id):
    lesson = tutorial.load(game_id)
    table = sit(client, game_id)
    for i, step in enumerate(lesson.steps):
        now = my_turn(client, table)
        while len(now["choices"]) == 1 and not now["tutorial"]["note"]:
            move(client, table, 0, now["choices"][0]["code"], n=now["n"])
            now = my_turn(client, table)
        assert now["tutorial"]["step"] == i + 1
        assert now["tutorial"]["note"] == step.note[0]
        assert [c["code"] for c in now["choices"]] == [now["tutorial"]["code"]]
        assert now["stop"] is None  # no stop answers for the learner in a tutorial
        move(client, table, 0, now["tutorial"]["code"], n=now["n"])
    now = my_turn(client, table)
    assert now["tutorial"]["over"] and now["tutorial"]["note"] == lesson.end[0]


def test_an_ordinary_table_is_no_tutorial(client):
    r = client.post("/play/draws-troidal?vs=greedy&seed=5", json={})
    link = r.json()["link"]
    now = state(client, Seated(r.json()["table"], {0: link.split("#k=")[1]}, {}), 0)
    assert now["tutorial"] is None


def test_an_unknown_tutorial_is_refused(client):
    assert client.get("/play/draws-troidal?tutorial=nope").status_code == 404

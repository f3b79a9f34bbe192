"""Issue 38 item 2: a finished game watched again, step by step, from what the viewer may see.

The record is replayed by the engine on the server: a seat's link watches from that seat (its
hand shown) or as a spectator; without a link only as a spectator (no hand card of any seat); a
downloaded record uploaded again is replayed the same, and a record that does not replay is
refused.
"""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from tests.web.helpers import create, move, state

from cardtable.web.app import create_app


@pytest.fixture
def finished():
    with TestClient(create_app(":memory:", http_rate=1000, get_rate=1000)) as client:
        table = create(client, "draws-troidal", "friend", options={"life": 6}, seed=4)
        rng = random.Random(4)
        for _ in range(500):
            now = state(client, table, None)
            if now["result"] is not None:
                break
            seat = now["to_move"]
            mine = state(client, table, seat)
            move(client, table, seat, rng.choice(mine["choices"])["code"], n=mine["n"])
        yield client, table


def _shown(step: dict) -> int:
    """The cards drawn face up (a seat's own hand and opening five are, for that seat only)."""
    return sum(1 for z in step["table"]["zones"] for c in z["cards"] if c and c.get("face_up"))


def test_a_seat_watches_from_its_side_and_anyone_else_as_a_spectator(finished):
    client, table = finished
    url = f"/api/tables/{table.id}/replay?at=3"
    seat = client.get(url, headers={"x-seat-token": table.tokens[0]}).json()
    assert seat["seat"] == 0 and seat["n"] == 3
    watched = client.get(url).json()
    assert watched["seat"] is None and _shown(watched) < _shown(seat)
    assert client.get(url + "&view=spectator",
                      headers={"x-seat-token": table.tokens[0]}).json()["seat"] is None
    assert client.get(url + "&view=1").json()["seat"] is None  # no seat without its link


def test_a_replay_step_is_the_move_with_its_story_and_the_turns(finished):
    client, table = finished
    last = client.get(f"/api/tables/{table.id}/replay?at=100000").json()
    assert last["n"] == last["total"] and last["result"] is not None
    assert len(last["cues"]) == len(last["log"])
    starts = [at for _, at in last["turns"]]
    assert starts[0] == 0 and starts == sorted(set(starts))
    assert client.get(f"/api/tables/{table.id}/replay?at=-5").json()["n"] == 0


def test_a_downloaded_record_replays_from_either_seat_and_a_broken_one_is_refused(finished):
    client, table = finished
    record = client.get(f"/api/tables/{table.id}/record").json()
    made = client.post("/api/replays", json=record).json()
    assert made["link"].startswith("/replay/r/")
    own = client.get(f"/api/tables/{table.id}/replay?at=5",
                     headers={"x-seat-token": table.tokens[1]}).json()
    again = client.get(f"/api/replays/{made['id']}?at=5&view=1").json()
    assert again["table"] == own["table"] and again["log"] == own["log"]
    assert client.get(f"/api/replays/{made['id']}?at=5").json()["seat"] is None
    record["actions"] = record["actions"][:-1]
    assert client.post("/api/replays", json=record).status_code == 400
    assert client.post("/api/replays", json={"nonsense": 1}).status_code == 400

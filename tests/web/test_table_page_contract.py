"""What the table page relies on from the server: Undo offered only when it works, each choice
with the things on the table it names (picks that point at real cards and slots), the one-link
quick start, the rematch, the lobby's explained options and the how-to-play page."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from tests.web.helpers import create, move, state

from cardtable.core import list_games, load_game
from cardtable.web.app import create_app

PLAYABLE = [g.id for g in list_games() if g.playable]


@pytest.fixture
def client():
    with TestClient(create_app(":memory:")) as c:
        yield c


def test_culdcept_offers_undo_only_when_it_will_work(client):
    """The bug: Undo showed after every own decision and answered "nothing to undo" after a
    move that rolled the die. Now the page is told to offer it exactly when undo works."""
    table = create(client, "culdcept", seed=1)
    rng = random.Random(1)
    deciders: list[int] = []
    refused_after_own_move = offered = 0
    for _ in range(40):
        seat = state(client, table, None)["to_move"]
        if seat < 0:
            break
        now = state(client, table, seat)
        if deciders and deciders[-1] == seat:  # where the old page showed Undo
            r = client.post(f"/api/tables/{table.id}/undo", json={"token": table.tokens[seat]})
            assert (r.status_code == 200) == now["undo"], (now["undo"], r.text)
            if now["undo"]:
                offered += 1
                deciders.pop()
                now = state(client, table, seat)
            else:
                refused_after_own_move += 1
        code = rng.choice(now["choices"])["code"]
        assert move(client, table, seat, code, n=now["n"]).status_code == 200
        deciders.append(seat)
    assert refused_after_own_move > 0


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_pick_points_at_something_drawn(client, game):
    table = create(client, game, seed=3)
    rng = random.Random(game)
    picked = 0
    for _ in range(30):
        seat = state(client, table, None)["to_move"]
        if seat < 0:
            break
        now = state(client, table, seat)
        zones = {z["id"]: z for z in now["table"]["zones"]}
        for choice in now["choices"]:
            for ref in choice["refs"]:
                picked += 1
                if "#" in ref:
                    zone, key = ref.split("#", 1)
                    assert any(c and c.get("key") == key for c in zones[zone]["cards"]), ref
                elif "/" in ref:
                    zone, index = ref.split("/")
                    z = zones[zone]
                    assert int(index) < max(len(z["cards"]), len(z["slot_labels"])), ref
                else:
                    assert ref in zones, ref
        code = rng.choice(now["choices"])["code"]
        assert move(client, table, seat, code, n=now["n"]).status_code == 200
    assert picked > 0


def _quick_start(client, query: str) -> str:
    """The quick start as the browser runs it: the page, then its POST; the seat's link."""
    page = client.get(query)
    assert page.status_code == 200 and "/static/play.js" in page.text
    r = client.post(query, json={})
    assert r.status_code == 200, r.text
    return r.json()["link"]


def test_the_quick_start_url_makes_a_table_against_the_computer(client):
    before = set(client.app.state.manager.tables)
    assert client.get("/play/sarasvati?vs=random&seed=9&lang=ja").status_code == 200
    assert set(client.app.state.manager.tables) == before  # the GET alone makes nothing
    where = _quick_start(client, "/play/sarasvati?vs=random&seed=9&lang=ja")
    assert where.startswith("/t/") and "?lang=ja#k=" in where
    table_id, token = where[3:].split("?")[0], where.split("#k=")[1]
    now = client.get(f"/api/tables/{table_id}", headers={"x-seat-token": token}).json()
    assert now["seat"] == 0 and now["seats"][1] == "random"
    for bad in ("/play/sarasvati?vs=nobody", "/play/nogame", "/play/sarasvati?lang=fr",
                "/play/sarasvati?deck=nodeck"):
        assert client.get(bad).status_code in (400, 404), bad
        assert client.post(bad, json={}).status_code in (400, 404), bad


def test_a_rematch_is_the_same_match_with_a_new_table(client):
    where = _quick_start(client, "/play/draws-troidal?vs=random&seed=4")
    table_id, token = where[3:].split("?")[0], where.split("#k=")[1]
    refused = client.post(f"/api/tables/{table_id}/rematch", json={"token": token})
    assert refused.status_code == 409  # not over yet
    assert client.post(f"/api/tables/{table_id}/rematch", json={}).status_code == 403


def test_the_lobby_explains_every_option_in_both_languages(client):
    data = client.get("/api/lobby").json()
    for g in data["games"]:
        if not g["playable"]:
            continue
        game = load_game(g["id"])
        for lang in ("en", "ja"):
            info = g["info"][lang]
            assert info["tagline"]
            names = [o["name"] for o in info["options"]]
            assert names == list(game.default_options())
            for o in info["options"]:
                assert o["label"] != o["name"] and o["help"], (g["id"], lang, o)
        page = client.get(f"/how/{g['id']}?lang=ja")
        assert page.status_code == 200 and "<h2>" in page.text

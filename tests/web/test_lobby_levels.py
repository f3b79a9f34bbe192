"""The lobby lists the five levels, named and described in both languages, with the ratings the
ladder measured (and none where it measured nothing); a table against a level can be made."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from cardtable.agents.levels import LEVELS, measured_rating
from cardtable.web.app import create_app
from cardtable.web.work import is_search


@pytest.fixture
def client():
    with TestClient(create_app(":memory:")) as c:
        yield c


def test_the_lobby_lists_every_level_in_both_languages(client: TestClient) -> None:
    data = client.get("/api/lobby").json()
    assert [lv["name"] for lv in data["levels"]] == list(LEVELS)
    for lv in data["levels"]:
        assert lv["title"]["en"] and lv["title"]["ja"] and lv["about"]["en"] and lv["about"]["ja"]


def test_the_lobby_shows_only_measured_ratings(client: TestClient) -> None:
    for g in client.get("/api/lobby").json()["games"]:
        if not g["playable"]:
            continue
        for level in LEVELS:
            rated = measured_rating(g["id"], level)
            if rated is None:
                assert level not in g["ratings"]
            else:
                assert g["ratings"][level] == round(rated["rating"])


def test_a_table_against_a_level_is_made_and_a_searching_level_thinks_apart(
        client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "draws-troidal", "opponent": "beginner"})
    assert r.status_code == 200, r.text
    assert is_search("expert") and is_search("hard:iters=5") and not is_search("beginner")
    assert is_search("rollout:iters=8")

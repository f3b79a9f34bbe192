"""Every page opens with the one head (``web/html_pages.py``): the pages the server sends
from files keep their body alone, and each is served whole at its address."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from cardtable.web.app import create_app
from cardtable.web.html_pages import BODIES, PAGES, body, head

ADDRESS = {"lobby": "/", "table": "/t/anything", "replay": "/replay/table/anything",
           "leaderboard": "/leaderboard", "design": "/design/culdcept"}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(":memory:")) as c:
        yield c


@pytest.mark.parametrize("name", list(PAGES))
def test_a_page_is_the_one_head_then_its_own_body(client, name: str) -> None:
    own = (BODIES / f"{name}.html").read_text("utf-8")
    assert "<head>" not in own and own.startswith("<body")
    page = client.get(ADDRESS[name])
    title, sheets = PAGES[name]
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert page.text == head(title, sheets) + body(name)


def test_the_head_names_the_language_the_title_and_table_css_before_the_page_s_own_sheets(
        ) -> None:
    text = head("Lobby", ("people.css",), "ja")
    assert text.startswith('<!doctype html>\n<html lang="ja">\n<head>\n<meta charset="utf-8">')
    assert text.index("/static/table.css") < text.index("/static/people.css")
    assert "<title>Lobby</title>" in text and text.endswith("</head>\n")


def test_the_table_and_its_replay_show_the_one_board_and_title() -> None:
    for piece in ("board.html", "table_title.html"):
        text = (BODIES / piece).read_text("utf-8")
        for name in ("table", "replay"):
            assert text in body(name) and "#include" not in body(name), (piece, name)


def test_the_bodies_are_not_sent_as_static_files(client) -> None:
    assert client.get("/static/lobby.html").status_code == 404

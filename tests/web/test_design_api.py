"""The designer's workbench's API (``/design/GAME``, ``/api/design/...``): what it answers, and
what it refuses from a designer's untrusted text: size caps, clear errors, no path or file of
the server reachable through a card or deck name, and JSON from this server's own page only."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.core import load_game
from cardtable.web import design as design_module
from cardtable.web.app import create_app
from cardtable.web.limits import MAX_DECK

GOOD = "◆ 火竜 / Fire Drake\n属性: 火  パワー: 7  リスク: 4  ガード: 1\n"
CHEAP = "◆ 火竜 / Fire Drake\n属性: 火  パワー: 8  リスク: 0  ガード: 2\n"
TYPO = "◆ 火竜 / Fire Drake\n属性: 火  パワ: 7  リスク: 4  ガード: 1\n"


@pytest.fixture
def client():
    with TestClient(create_app(":memory:")) as c:
        yield c


def check(client: TestClient, text: str, game: str = "draws-troidal", **extra: object):
    r = client.post(f"/api/design/{game}/check", json={"text": text, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def shipped_entries(game_id: str, index: int = 0) -> list[list[object]]:
    game = load_game(game_id)
    return [[n, k] for n, k in game.load_deck(game.deck_names()[index]).counts().items()]


# -- the page ---------------------------------------------------------------------------------

def test_the_workbench_page_is_served_for_a_playable_game_and_listed_at_design(client):
    r = client.get("/design/sarasvati")
    assert r.status_code == 200 and "design.js" in r.text
    index = client.get("/design")
    assert index.status_code == 200 and 'href="/design/culdcept"' in index.text


def test_an_unknown_game_is_a_404_not_a_page(client):
    assert client.get("/design/no-such-game").status_code == 404
    assert client.get("/api/design/no-such-game").status_code == 404


def test_the_lobby_links_the_workbench(client):
    assert 'href="/design"' in client.get("/").text


def test_the_pool_lists_every_shipped_card_with_its_face_and_a_starter_that_checks(client):
    data = client.get("/api/design/culdcept").json()
    game = load_game("culdcept")
    assert {c["name"] for c in data["cards"]} == set(game.pool())
    assert all(c["face"]["face_up"] for c in data["cards"])
    assert data["counted"] is True and {r["name"] for r in data["rules"]} >= {"deck_size"}
    assert check(client, data["starter"], "culdcept")["ok"]


def test_dice_and_monsters_decks_list_names_without_counts(client):
    assert client.get("/api/design/dice-and-monsters").json()["counted"] is False


# -- the card editor ------------------------------------------------------------------------

def test_a_valid_card_gets_the_face_the_table_draws(client):
    data = check(client, GOOD)
    assert data["ok"] and data["problems"] == []
    [card] = data["cards"]
    assert card["line"] == 1 and card["name"] == "火竜"
    assert card["face"]["name"] == "Fire Drake"
    roles = {role: value for _, value, role in card["face"]["stats"]}
    assert roles["attack"] == "7" and roles["defense"] == "1" and roles["attribute"] == "fire"


def test_a_misspelled_field_is_reported_on_its_line_with_the_nearest_phrase(client):
    data = check(client, TYPO)
    assert not data["ok"]
    line2 = [p for p in data["problems"] if p["line"] == 2]
    assert line2 and "パワー" in line2[0]["message"]
    assert line2[0]["text"].startswith("cards.txt:2: ")


def test_the_messages_are_those_of_cards_check(client, tmp_path: Path):
    path = tmp_path / "cards.txt"
    path.write_text(TYPO, "utf-8")
    expected = [str(d).replace(str(path), "cards.txt")
                for d in load_game("draws-troidal").check_file(path)]
    assert [p["text"] for p in check(client, TYPO)["problems"]] == expected


def test_a_cheap_card_is_warned_off_the_curve_and_placed_on_it(client):
    data = check(client, CHEAP)
    assert data["ok"]
    assert any("cost curve" in w["message"] for w in data["warnings"])
    curve = data["cards"][0]["curve"]
    assert curve["cost"] == 0 and curve["low"] > 0 and curve["warning"]
    assert len(curve["pool"]) == curve["size"] > 10
    assert check(client, GOOD)["cards"][0]["curve"]["warning"] is None


def test_a_valid_card_beside_a_broken_one_still_shows_its_face(client):
    data = check(client, GOOD + TYPO.replace("火竜 / Fire Drake", "水竜 / Water Drake"))
    assert [c["name"] for c in data["cards"]] == ["火竜"]
    assert {p["line"] for p in data["problems"]} >= {4}


def test_faces_come_in_japanese_too(client):
    data = check(client, GOOD, lang="ja")
    assert data["cards"][0]["face"]["name"] == "火竜"


@pytest.mark.parametrize("game_id", ["sarasvati", "culdcept", "dreadnought",
                                     "dice-and-monsters"])
def test_every_game_starts_from_a_card_that_checks_and_has_a_face(client, game_id):
    starter = client.get(f"/api/design/{game_id}").json()["starter"]
    data = check(client, starter, game_id)
    assert data["ok"], data["problems"]
    assert data["cards"][0]["face"]["name"]


# -- decks ----------------------------------------------------------------------------------

def test_a_deck_of_shipped_and_own_cards_is_a_file_cards_check_accepts(client, tmp_path):
    entries = [*shipped_entries("draws-troidal")[:14], ["火竜", 4]]
    r = client.post("/api/design/draws-troidal/deck",
                    json={"name": "Dragon test", "cards": GOOD, "entries": entries})
    data = r.json()
    assert data["ok"], data["problems"]
    assert data["size"] == 60
    path = tmp_path / "deck.txt"
    path.write_text(data["text"], "utf-8")
    game = load_game("draws-troidal")
    assert game.check_file(path) == []
    assert game.load_deck(str(path)).counts()["火竜"] == 4


def test_a_deck_that_breaks_the_rules_says_which_rule_and_which_entry(client):
    entries = shipped_entries("draws-troidal")
    entries[0][1] = 9
    data = client.post("/api/design/draws-troidal/deck",
                       json={"name": "x", "cards": "", "entries": entries}).json()
    assert not data["ok"]
    messages = " ".join(p["message"] for p in data["problems"])
    assert "copies" in messages and "at most 4" in messages
    assert any(p["card"] == entries[0][0] for p in data["problems"])


def test_a_card_being_written_does_not_stop_the_deck_and_stays_out_of_its_file(client):
    entries = [*shipped_entries("draws-troidal")[:14], ["火竜", 4]]
    draft = TYPO.replace("火竜 / Fire Drake", "水竜 / Water Drake")
    data = client.post("/api/design/draws-troidal/deck",
                       json={"name": "x", "cards": GOOD + draft + GOOD.replace(
                           "火竜 / Fire Drake", "土竜 / Earth Drake"), "entries": entries}).json()
    assert data["ok"], data["problems"]
    assert "火竜 / Fire Drake" in data["text"]
    assert "水竜" not in data["text"] and "土竜" not in data["text"]


def test_a_deck_using_a_broken_card_says_so_at_its_entry(client):
    entries = [*shipped_entries("draws-troidal")[:14], ["火竜", 4]]
    data = client.post("/api/design/draws-troidal/deck",
                       json={"name": "x", "cards": TYPO, "entries": entries}).json()
    assert not data["ok"]
    assert any(p["card"] == "火竜" and "unknown card" in p["message"] for p in data["problems"])


def test_a_problem_inside_a_used_card_points_at_the_editors_line(client):
    # reads as a card alone, but redefines a shipped card: reported at the editor's line 4
    cards = "\n\n\n" + "◆ 火の粉 / Ember Imp\n属性: 火  パワー: 9  リスク: 5  ガード: 0\n"
    data = client.post("/api/design/draws-troidal/deck",
                       json={"name": "x", "cards": cards,
                             "entries": shipped_entries("draws-troidal")}).json()
    assert not data["ok"]
    assert any(p["where"] == "cards" and p["line"] == 4 and "redefines" in p["message"]
               for p in data["problems"]), data["problems"]


def test_an_uploaded_deck_file_comes_back_as_name_cards_and_entries(client):
    entries = [*shipped_entries("draws-troidal")[:14], ["火竜", 4]]
    text = client.post("/api/design/draws-troidal/deck",
                       json={"name": "Round trip", "cards": GOOD, "entries": entries}
                       ).json()["text"]
    data = client.post("/api/design/draws-troidal/import", json={"text": text}).json()
    assert data["ok"] and data["name"] == "Round trip"
    assert data["cards"].strip() == GOOD.strip()
    assert sorted(map(tuple, data["entries"])) == sorted(map(tuple, entries))


def test_an_uploaded_dice_and_monsters_deck_keeps_its_own_cards(client):
    game = load_game("dice-and-monsters")
    starter = client.get("/api/design/dice-and-monsters").json()["starter"]
    name = check(client, starter, "dice-and-monsters")["cards"][0]["name"]
    deck = game.load_deck("holy-flame").counts()
    entries = [[n, 1] for n in list(deck)[:7]] + [[name, 1]]
    made = client.post("/api/design/dice-and-monsters/deck",
                       json={"name": "Mine", "cards": starter, "entries": entries}).json()
    data = client.post("/api/design/dice-and-monsters/import", json={"text": made["text"]}).json()
    assert data["ok"], data
    assert name in data["cards"] and dict(map(tuple, data["entries"]))[name] == 1


def test_an_uploaded_file_with_problems_is_refused_with_them(client):
    data = client.post("/api/design/draws-troidal/import", json={"text": "4 火の子\n"}).json()
    assert not data["ok"] and "火の粉" in data["problems"][0]["message"]


# -- untrusted input ------------------------------------------------------------------------

def test_text_over_the_cap_is_refused_clearly(client):
    r = client.post("/api/design/draws-troidal/check", json={"text": "x" * (MAX_DECK + 1)})
    assert r.status_code == 400 and "text" in r.json()["error"]


def test_unknown_fields_and_wrong_types_are_a_clear_400(client):
    for body in ({"text": GOOD, "path": "/etc/passwd"}, {"text": 5}, {}):
        r = client.post("/api/design/draws-troidal/check", json=body)
        assert r.status_code == 400 and r.json()["error"]
    r = client.post("/api/design/draws-troidal/deck",
                    json={"name": "x", "entries": [["火の粉", 0]]})
    assert r.status_code == 400
    r = client.post("/api/design/draws-troidal/deck",
                    json={"name": "x", "entries": [["火の粉", 1]] * 401})
    assert r.status_code == 400


def test_state_changes_need_json_from_this_server(client):
    r = client.post("/api/design/draws-troidal/check", content=b'{"text": "x"}',
                    headers={"content-type": "text/plain"})
    assert r.status_code == 415
    r = client.post("/api/design/draws-troidal/check", json={"text": GOOD},
                    headers={"origin": "https://evil.example"})
    assert r.status_code == 403


@pytest.mark.parametrize("name", ["../../../../etc/passwd", "/etc/hostname", "C:\\boot.ini",
                                  "deck\n4 火の粉", "..", "~root/.ssh/id_rsa"])
def test_a_deck_or_card_name_is_a_label_never_a_path(client, name):
    data = client.post("/api/design/draws-troidal/deck",
                       json={"name": name, "cards": "", "entries": [[name.strip() or "x", 4]]})
    if data.status_code == 400:  # a name of two lines is refused outright
        assert "one line" in data.json()["error"]
        return
    body = data.json()
    assert not body["ok"]
    everything = str(body)
    assert "root:" not in everything and "/tmp" not in everything
    header = body["text"].splitlines()[1]
    assert "/" not in header.split(":", 1)[1].replace(" / ", "") and "\\" not in header
    r = client.post("/api/design/draws-troidal/check", json={"text": f"4 {name}\n"})
    assert r.status_code in (200, 400)
    assert "root:" not in r.text and "/tmp" not in r.text


def test_no_message_shows_the_servers_temporary_path(client):
    data = check(client, "\x00\x01 garbage ◆\n" * 3)
    assert "/tmp" not in str(data) and "cardtable-design" not in str(data)


# -- studies --------------------------------------------------------------------------------

def deck_file(client: TestClient, game_id: str = "draws-troidal", name: str = "Mine") -> str:
    r = client.post(f"/api/design/{game_id}/deck",
                    json={"name": name, "cards": GOOD,
                          "entries": [*shipped_entries(game_id)[:14], ["火竜", 4]]})
    assert r.json()["ok"], r.text
    return str(r.json()["text"])


def wait(client: TestClient, study_id: str) -> dict:
    """Poll a study until it ends (a readiness wait, bounded, no timing asserted)."""
    deadline = time.monotonic() + 240
    while True:
        data = client.get(f"/api/design/study/{study_id}").json()
        if data["state"] not in ("starting", "running") or time.monotonic() > deadline:
            return data
        time.sleep(0.05)


def test_a_quick_study_plays_the_deck_against_the_shipped_decks_and_reports(client):
    r = client.post("/api/design/draws-troidal/study",
                    json={"text": deck_file(client), "games": 1, "agent": "random"})
    assert r.status_code == 200, r.text
    data = wait(client, r.json()["id"])
    assert data["state"] == "done", data
    summary = data["summary"]
    assert data["done"] == data["total"] == summary["games"] == 6  # 4 decks: 6 pairings
    assert summary["decks"][0]["name"] == "Mine"
    assert isinstance(summary["flags"], list)


def test_one_study_at_a_time_per_address_and_a_cancel_stops_it(client, monkeypatch):
    monkeypatch.setattr(design_module, "CHUNK", 1)
    r = client.post("/api/design/draws-troidal/study",
                    json={"text": deck_file(client), "games": 40, "agent": "greedy"})
    first = r.json()["id"]
    again = client.post("/api/design/draws-troidal/study",
                        json={"text": deck_file(client), "games": 1})
    assert again.status_code == 429 and "already running" in again.json()["error"]
    assert client.post(f"/api/design/study/{first}/cancel", json={}).status_code == 200
    data = wait(client, first)
    assert data["state"] == "cancelled" and data["done"] < data["total"]


def test_a_study_refuses_slow_agents_a_shipped_name_and_an_unknown_id(client):
    r = client.post("/api/design/draws-troidal/study",
                    json={"text": deck_file(client), "agent": "mcts"})
    assert r.status_code == 400 and "greedy" in r.json()["error"]
    r = client.post("/api/design/draws-troidal/study",
                    json={"text": deck_file(client), "games": 41})
    assert r.status_code == 400
    clash = deck_file(client, name="Fire and Steel")
    r = client.post("/api/design/draws-troidal/study", json={"text": clash, "games": 1})
    data = wait(client, r.json()["id"])
    assert data["state"] == "failed" and "shipped deck" in data["error"]
    assert client.get("/api/design/study/nope").status_code == 404


def test_a_study_runs_in_the_work_pool_not_on_the_event_loop(client, monkeypatch):
    import threading

    threads: list[str] = []
    real = design_module.dw.play_games

    def spy(study, indices):
        threads.append(threading.current_thread().name)
        return real(study, indices)

    monkeypatch.setattr(design_module.dw, "play_games", spy)
    r = client.post("/api/design/draws-troidal/study",
                    json={"text": deck_file(client), "games": 1, "agent": "random"})
    assert wait(client, r.json()["id"])["state"] == "done"
    assert threads and all(name.startswith("study") for name in threads)


# -- printing (cardtable.printing, built beside this) ----------------------------------------

def test_print_without_the_printing_module_says_so(client, monkeypatch):
    import builtins

    real = builtins.__import__

    def no_printing(name, *args, **kwargs):
        if name.startswith("cardtable.printing"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_printing)
    r = client.post("/api/design/draws-troidal/print", json={"text": deck_file(client)})
    assert r.status_code == 400 and "printing" in r.json()["error"]


def test_print_refuses_a_deck_with_problems(client):
    r = client.post("/api/design/draws-troidal/print", json={"text": "4 火の子\n"})
    assert r.status_code == 400 and "problems" in r.json()["error"]


def test_print_makes_a_pdf_and_a_tabletop_simulator_archive(client):
    pytest.importorskip("cardtable.printing")
    import io
    import zipfile

    text = deck_file(client)
    r = client.post("/api/design/draws-troidal/print", json={"text": text, "paper": "letter"})
    assert r.status_code == 200, r.text[:300]
    assert r.headers["content-type"] == "application/pdf" and r.content.startswith(b"%PDF")
    r = client.post("/api/design/draws-troidal/tts", json={"text": text})
    assert r.status_code == 200, r.text[:300]
    names = zipfile.ZipFile(io.BytesIO(r.content)).namelist()
    assert names and all("/" not in n for n in names)

"""The browser table played by clicks: a whole game of every playable game against random, a
friend game in two browser contexts with a spectator, a reload, and a server killed mid-game."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from cardtable.core import GameRecord, list_games, replay

PLAYABLE = [g.id for g in list_games() if g.playable]
#: a click waits at most this long for the server's answer
WAIT = 20_000
ENABLED = "#choices button.choice:not([disabled])"
#: options that keep a browser game short (the rules are the same, the games smaller)
SHORT = {"draws-troidal": {"life": 12}, "sarasvati": {}, "dice-and-monsters": {}}


def start_from_lobby(page, url: str, game: str, opponent: str) -> None:
    page.goto(url + "/")
    page.select_option("#game", game)
    for name, value in SHORT.get(game, {}).items():
        page.fill(f"[data-option={name}]", str(value))
    page.select_option("#opponent", opponent)
    page.click("#start")


def click_once(page, rng: random.Random) -> bool:
    """Click one enabled choice; False once the game is over."""
    page.wait_for_selector(f"{ENABLED}, #status.over", timeout=WAIT)
    if page.locator("#status.over").count():
        return False
    buttons = page.locator(ENABLED)
    buttons.nth(rng.randrange(buttons.count())).click()
    return True


def moves_seen(page) -> int:
    return len(page.locator("#log li").all())


def play_to_the_end(page, rng: random.Random, limit: int = 3000) -> None:
    for _ in range(limit):
        if not click_once(page, rng):
            return
    pytest.fail("the game did not end")


def check_record(page, tmp_path: Path) -> None:
    with page.expect_download() as info:
        page.click("#record")
    path = tmp_path / "record.json"
    info.value.save_as(path)
    report = replay(GameRecord.from_json(json.loads(path.read_text("utf-8"))))
    assert report.ok, report.message


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_whole_game_by_clicks_against_random(browser, server, tmp_path, game):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    start_from_lobby(page, server.url, game, "random")
    page.wait_for_url("**/t/**")
    play_to_the_end(page, random.Random(game))
    assert page.locator("#status.over").inner_text()
    check_record(page, tmp_path)
    assert errors == []
    page.close()


def wait_for_a_decision(seats: list) -> None:
    """Until either seat's page offers a choice or shows the end. Either seat may be the one to
    decide next, and under load one page draws the server's update a moment after the other:
    waiting on one fixed page would wait for a choice that is the other seat's."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    for _ in range(WAIT // 250):
        for page in seats:
            try:
                page.wait_for_selector(f"{ENABLED}, #status.over", timeout=125)
                return
            except PlaywrightTimeoutError:
                continue
    raise AssertionError("neither seat was offered a choice")


def test_a_friend_game_in_two_contexts_with_a_spectator(browser, server):
    lobby = browser.new_page()
    start_from_lobby(lobby, server.url, "draws-troidal", "friend")
    links = [lobby.locator("input.link").nth(i).input_value() for i in range(3)]
    seats = [browser.new_context().new_page() for _ in range(2)]
    watcher = browser.new_context().new_page()
    for page, link in zip([*seats, watcher], links, strict=True):
        page.goto(link)
    rng = random.Random(7)
    for _ in range(3000):
        for page in seats:
            page.wait_for_selector("#status:not(:empty)", timeout=WAIT)
        if seats[0].locator("#status.over").count() and seats[1].locator("#status.over").count():
            break
        page = next((p for p in seats if p.locator(ENABLED).count()), None)
        if page is None:
            wait_for_a_decision(seats)
            continue
        other = seats[1 - seats.index(page)]
        assert other.locator(ENABLED).count() == 0  # one decision at a time
        click_once(page, rng)
    outcomes = {p.locator("#status").inner_text() for p in seats}
    assert len(outcomes) == 2 or any("Draw" in o for o in outcomes)
    watcher.wait_for_selector("#status.over", timeout=WAIT)
    assert watcher.locator("#choices button").count() == 0
    assert watcher.locator("#seatname").inner_text() == "Watching"


def test_a_reload_in_the_middle_of_a_game_keeps_it_and_japanese_draws_it(browser, server,
                                                                         tmp_path):
    page = browser.new_page()
    start_from_lobby(page, server.url, "sarasvati", "random")
    page.wait_for_url("**/t/**")
    rng = random.Random(3)
    for _ in range(6):
        assert click_once(page, rng)
    page.wait_for_selector(f"{ENABLED}, #status.over", timeout=WAIT)
    before = page.locator("#grid").inner_text(), page.locator("#log").inner_text()
    page.reload()
    page.wait_for_selector(f"{ENABLED}, #status.over", timeout=WAIT)
    assert (page.locator("#grid").inner_text(), page.locator("#log").inner_text()) == before
    page.click("#lang")  # the same table in Japanese, from the server's own wording
    page.wait_for_selector("#choices-title:text('選択')", timeout=WAIT)
    page.wait_for_selector(f"{ENABLED}, #status.over", timeout=WAIT)
    assert "手札" in page.locator("#grid").inner_text()
    play_to_the_end(page, rng)
    check_record(page, tmp_path)


def test_a_server_killed_mid_game_comes_back_and_the_game_ends(browser, server, tmp_path):
    page = browser.new_page()
    start_from_lobby(page, server.url, "draws-troidal", "random")
    page.wait_for_url("**/t/**")
    rng = random.Random(5)
    for _ in range(5):
        assert click_once(page, rng)
    page.wait_for_selector(f"{ENABLED}, #status.over", timeout=WAIT)
    log_before = page.locator("#log").inner_text()
    server.kill()  # kill -9: no chance to flush anything
    page.wait_for_selector("#banner.show", timeout=WAIT)
    server.start()  # same port, same database: the page reconnects by itself
    page.wait_for_selector("#banner:not(.show)", state="attached", timeout=WAIT)
    page.wait_for_selector(f"{ENABLED}, #status.over", timeout=WAIT)
    assert page.locator("#log").inner_text() == log_before  # not one move lost
    play_to_the_end(page, rng)
    check_record(page, tmp_path)


def test_an_uploaded_deck_file_is_checked_line_by_line_in_the_lobby(browser, server, tmp_path):
    from playwright.sync_api import expect

    from cardtable.core import load_game

    game = load_game("draws-troidal")
    good = game.deck_file(game.deck_names()[0])
    bad = tmp_path / "bad-deck.txt"
    bad.write_text(good.read_text("utf-8") + "4 存在しないカード\n", "utf-8")
    page = browser.new_page()
    page.goto(server.url + "/")
    page.select_option("#deck1", "__file")
    upload = page.locator("#decks input[type=file]").first
    check = page.locator("#decks button").first
    upload.set_input_files(str(bad))
    text = page.locator("#deck1-text")
    expect(text).to_have_value(re.compile("存在しないカード"), timeout=WAIT)
    check.click()
    page.wait_for_selector("#deck1-diag:text('bad-deck.txt:')", timeout=WAIT)
    upload.set_input_files(str(good))
    expect(text).not_to_have_value(re.compile("存在しないカード"), timeout=WAIT)
    check.click()
    page.wait_for_selector("#deck1-diag:text('OK')", timeout=WAIT)

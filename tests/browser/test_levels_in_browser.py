"""The levels in the browser: the lobby lists them with their descriptions, and a whole game
against one is played by clicks to the end."""

from __future__ import annotations

import random

from tests.browser.test_table_pages import DESKTOP, play_to_the_end, start_from_lobby

from cardtable.agents.levels import LEVELS


def test_the_lobby_lists_the_levels_and_a_whole_game_against_one_ends(browser, server) -> None:
    page = browser.new_page(viewport=DESKTOP)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("#opponent option[data-level]", state="attached")
    listed = page.eval_on_selector_all("#opponent option[data-level]",
                                       "els => els.map(e => e.value)")
    assert listed == list(LEVELS)
    page.select_option("#opponent", "easy")
    assert "a worse one" in page.locator("#level-help").inner_text()
    page.close()
    page = browser.new_page(viewport=DESKTOP)
    page.on("pageerror", lambda e: errors.append(str(e)))
    start_from_lobby(page, server.url, "draws-troidal", "beginner")
    page.wait_for_url("**/t/**")
    assert play_to_the_end(page, random.Random(5)) > 0
    assert page.locator("#rematch").is_visible()
    assert errors == []
    page.close()

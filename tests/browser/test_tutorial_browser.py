"""A first-game tutorial in the browser (issue 38 item 7): reached from the lobby, its note
shown above the question at each step, clicked through to its end."""

from __future__ import annotations

import random

from tests.browser.test_table_pages import DESKTOP, INSTANT, READY, WAIT, decide

from cardtable.table import tutorial


def test_the_draws_tutorial_is_reached_from_the_lobby_and_finished_by_clicks(browser, server):
    lesson = tutorial.load("draws-troidal")
    page = browser.new_page(viewport=DESKTOP)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(INSTANT)
    page.goto(server.url + "/")
    page.click("[data-tutorial=draws-troidal]")
    page.wait_for_url("**/t/**")
    rng = random.Random(1)
    seen: list[str] = []
    for _ in range(200):
        page.wait_for_selector(READY, timeout=WAIT)
        if page.locator("body[data-state=over]").count():
            break
        note = page.locator("#tutorial-note")
        if note.is_visible():
            text = note.text_content()
            if not seen or seen[-1] != text:
                seen.append(text)
        decide(page, rng)
    assert seen == [step.note[0] for step in lesson.steps]
    page.wait_for_selector("#tutorial-head:has-text('the tutorial is over')", timeout=WAIT)
    assert page.text_content("#tutorial-note") == lesson.end[0]
    assert errors == []
    page.close()

"""Auto-pass with stops in the browser (issue 38 item 6): Dreadnought against greedy, clicked
through three turns, with every stop on (every decision with a choice asked, as before the
stops) and with the game's default stops: the clicks a turn, counted. The player clicks a
pass half the times one is offered and anything else otherwise. Measured: 13.5 clicks a turn
before, 9.5 with the default stops (seed 3, turns 1-3); the issue's target of 6 is not met."""

from __future__ import annotations

import random
import re

from tests.browser.test_table_pages import CHOICE, DESKTOP, READY, WAIT, move_number, moved_on

EVERY = ("localStorage.setItem('cardtable-stops-dreadnought', JSON.stringify({speed: true, "
         "cast: true, fast: true, action: true, react: true, 'god-draw': true, pay: true}))")


def turn_of(page) -> int:
    found = re.search(r"(\d+)", page.text_content("#phase") or "")
    return int(found.group(1)) if found else 0


def clicks_a_turn(browser, url: str, every: bool, turns: int = 3, seed: int = 3) -> float:
    page = browser.new_page(viewport=DESKTOP)
    page.add_init_script("localStorage.setItem('cardtable-pace', 'instant');"
                         "localStorage.setItem('cardtable-lang', 'en');"
                         + (EVERY if every else ""))
    page.goto(f"{url}/play/dreadnought?vs=greedy&seed={seed}&lang=en")
    rng = random.Random(seed)
    clicks: dict[int, int] = {}
    while True:
        page.wait_for_selector(READY, timeout=WAIT)
        if page.locator("body[data-state=over]").count():
            break
        turn = turn_of(page)
        if turn > turns:
            break
        n = move_number(page)
        for _ in range(30):
            choices = page.locator(CHOICE)
            if not choices.count() or moved_on(page, n):
                break
            # a player who passes half the time the page offers a pass, else clicks anything
            passing = page.locator(f"button{CHOICE}", has_text=re.compile(r"^Pass", re.I))
            pick = passing.first if passing.count() and rng.random() < 0.5 \
                else choices.nth(rng.randrange(choices.count()))
            pick.click(position={"x": 6, "y": 10})
            clicks[turn] = clicks.get(turn, 0) + 1
    page.close()
    played = [t for t in clicks if t >= 1]
    return sum(clicks[t] for t in played) / max(1, len(played))


def test_dreadnought_default_stops_cut_the_clicks_of_a_turn(browser, server):
    before = clicks_a_turn(browser, server.url, every=True)
    after = clicks_a_turn(browser, server.url, every=False)
    print(f"Dreadnought clicks a turn, pass-half clicks: {before:.1f} -> {after:.1f}")
    assert after <= 0.75 * before

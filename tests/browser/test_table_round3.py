"""The browser table, round 3 (issue 38): the whole hand in view, a card's detail that never
covers a choice and leaves with its card, a phone that keeps every fact, and one voice."""

from __future__ import annotations

import random

import pytest
from tests.browser.test_table_pages import (
    DESKTOP,
    PHONE,
    READY,
    WAIT,
    decide,
    play_some,
    quick_start,
    start_from_lobby,
)

#: every hand card inside the viewport and its hand's strip, its cost gem (where it has one)
#: not covered by the next card
HAND = """() => {
  const out = [], vw = innerWidth, vh = innerHeight;
  const hand = document.querySelector('#hand');
  const strip = hand.getBoundingClientRect();
  const cards = [...hand.querySelectorAll(':scope > .card')];
  for (const c of cards) {
    const r = c.getBoundingClientRect();
    const name = c.querySelector('[data-testid=card-name]').textContent;
    if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1)
      out.push('outside the viewport: ' + name);
    if (r.left < strip.left - 1 || r.right > strip.right + 1) out.push('outside the hand: ' + name);
    const gem = c.querySelector('.gem');
    if (gem) {
      const g = gem.getBoundingClientRect();
      const at = document.elementFromPoint(g.left + g.width / 2, g.top + g.height / 2);
      if (!g.width || !at || at.closest('.card') !== c) out.push('cost hidden: ' + name);
    }
  }
  return { cards: cards.length, problems: out };
}"""

OVERLAP = """() => {
  const d = document.querySelector('#detail');
  if (d.hidden) return [];
  const a = d.getBoundingClientRect(), out = [];
  for (const e of document.querySelectorAll('[data-testid=choice]')) {
    const b = e.getBoundingClientRect();
    if (b.width && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
      out.push(e.textContent.slice(0, 40));
  }
  return out;
}"""


@pytest.fixture
def ten_card_hand():
    from tests.browser import test_table_pages

    before = dict(test_table_pages.SHORT)
    test_table_pages.SHORT["sarasvati"] = {"hand_size": 10}
    yield
    test_table_pages.SHORT.clear()
    test_table_pages.SHORT.update(before)


def test_ten_cards_in_hand_overlap_and_all_show_their_cost(browser, server, ten_card_hand):
    page = browser.new_page(viewport=DESKTOP)
    start_from_lobby(page, server.url, "sarasvati", "random")
    page.wait_for_url("**/t/**")
    page.wait_for_selector(READY, timeout=WAIT)
    hand = page.evaluate(HAND)
    assert hand["cards"] >= 10 and hand["problems"] == []
    assert page.locator("#hand.fanned").count() == 1
    page.close()


@pytest.mark.parametrize("game", ["sarasvati", "culdcept", "dreadnought"])
def test_on_a_phone_every_hand_card_shows_its_cost_and_the_phase_is_in_reach(browser, server,
                                                                            game):
    page = browser.new_page(viewport=PHONE)
    quick_start(page, server.url, game, seed=2)
    page.wait_for_selector(READY, timeout=WAIT)
    hand = page.evaluate(HAND)
    assert hand["cards"] and hand["problems"] == []
    assert page.locator("#phase-phone").is_visible() and page.locator("#phase-phone").inner_text()
    assert page.locator("#how-phone").is_visible()
    header = page.locator("header").bounding_box()
    assert header is not None and header["height"] < 50, header  # one line
    assert "Tap" in page.locator("#choices").inner_text() or not page.locator(".pickable").count()
    page.close()


def test_a_card_detail_never_covers_a_choice_and_shows_only_a_card_on_the_table(browser, server):
    page = browser.new_page(viewport=DESKTOP)
    quick_start(page, server.url, "culdcept", seed=3)
    rng = random.Random(3)
    for _ in range(8):
        page.wait_for_selector(READY, timeout=WAIT)
        if page.locator("body[data-state=over]").count():
            break
        for card in page.locator("#layout .card:has([data-testid=card-name])").all()[:12]:
            card.hover()
            if page.locator("#detail:not([hidden])").count():
                assert page.evaluate(OVERLAP) == []
        decide(page, rng)
        page.wait_for_selector(READY, timeout=WAIT)
        if page.locator("#detail:not([hidden])").count():  # what it shows is still there
            shown = page.locator("#detail [data-testid=card-name]").inner_text()
            names = page.locator("#layout [data-testid=card-name]").all_inner_texts()
            assert shown in names
    page.close()


def test_a_seat_reads_you_and_the_opponent_never_player_1_or_2(browser, server):
    page = browser.new_page(viewport=DESKTOP)
    quick_start(page, server.url, "dreadnought", seed=4)
    rng = random.Random(4)
    for _ in range(6):
        page.wait_for_selector(READY, timeout=WAIT)
        text = page.locator("#layout").inner_text()
        assert "Player 1" not in text and "Player 2" not in text, text[:300]
        if not decide(page, rng):
            break
    page.close()


def test_a_card_that_cannot_be_played_is_dimmed_with_its_reason(browser, server):
    page = browser.new_page(viewport=DESKTOP)
    quick_start(page, server.url, "sarasvati", seed=2)
    rng = random.Random(2)
    for _ in range(60):
        page.wait_for_selector(READY, timeout=WAIT)
        dimmed = page.locator("#hand .card[data-why]")
        if dimmed.count():
            why = dimmed.first.get_attribute("data-why")
            assert why and why in (dimmed.first.get_attribute("title") or "")
            assert "unplayable" in (dimmed.first.get_attribute("class") or "")
            assert dimmed.first.get_attribute("data-testid") != "choice"
            page.close()
            return
        if not decide(page, rng):
            break
    pytest.fail("no hand card was ever dimmed")


def test_a_choice_with_one_legal_option_is_never_asked(browser, server):
    """Issue 38 item 6: forced moves go by themselves (the header's Auto, on by default)."""
    page = browser.new_page(viewport=DESKTOP)
    quick_start(page, server.url, "dreadnought", seed=5)
    rng = random.Random(5)
    asked = 0
    for _ in range(40):
        page.wait_for_selector(READY, timeout=WAIT)
        if page.locator("body[data-state=over]").count():
            break
        assert page.get_attribute("body", "data-choices") != "1"
        asked += 1
        decide(page, rng)
    assert asked > 10
    page.close()


def test_the_end_screen_says_who_won_how_and_offers_rematch_and_the_record(browser, server,
                                                                          tmp_path):
    """Issue 38 item 7: not a small pill but a screen, shown once the story reaches the end."""
    from tests.browser.test_table_pages import check_record, play_to_the_end

    page = browser.new_page(viewport=DESKTOP)
    start_from_lobby(page, server.url, "draws-troidal", "random")
    page.wait_for_url("**/t/**")
    play_to_the_end(page, random.Random(8))
    page.wait_for_selector("#end:not([hidden])", timeout=WAIT)
    head = page.locator("#end-head").inner_text()
    assert head in ("You win!", "You lose.", "Draw.")
    assert page.locator("#end-how li").count() >= 1
    rows = page.locator("#end-rows tr").all_inner_texts()
    assert any("Turns" in r for r in rows) and any("Life" in r for r in rows), rows
    assert page.locator("#end-rematch").is_visible()
    assert page.locator("#end-record").get_attribute("href").endswith("/record")
    page.click("#end-close")
    assert page.locator("#end").is_hidden()
    check_record(page, tmp_path)
    page.close()


#: every move the page draws, with the story's state at that moment (an observer on <body>)
WATCH = """
localStorage.setItem('cardtable-pace', 'normal'); localStorage.setItem('cardtable-lang', 'en');
window.__drawn = [];
document.addEventListener('DOMContentLoaded', () => {
  new MutationObserver(() => {
    const b = document.body, last = window.__drawn[window.__drawn.length - 1];
    if (b.dataset.move && (!last || last[0] !== b.dataset.move))
      window.__drawn.push([b.dataset.move, b.dataset.story, b.dataset.state]);
  }).observe(document.body, { attributes: true, attributeFilter: ['data-move'] });
});
"""


def test_at_normal_pace_the_board_waits_for_the_story(browser, server):
    """Issue 38 item 1, in part: a move's table is drawn only once its log lines have been told
    (data-story idle), so the board and the result are never ahead of the log."""
    page = browser.new_page(viewport=DESKTOP)
    page.add_init_script(WATCH)
    page.goto(f"{server.url}/play/draws-troidal?vs=random&seed=3")
    page.wait_for_url("**/t/**")
    play_some(page, random.Random(3), 4)
    page.wait_for_selector(READY, timeout=WAIT)
    drawn = page.evaluate("window.__drawn")
    assert len(drawn) >= 4
    assert all(story == "idle" for _, story, _ in drawn), drawn
    page.close()

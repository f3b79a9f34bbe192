"""DRAWS-◎-TROIDAL's field shuffle shown on the board before it is sent (issue 38 item 10: "a
swap is not previewed on the board"): one lane clicked and another pointed at, their two cards
are drawn where the swap takes them; the swap chosen, they stay so until it is sent."""

from __future__ import annotations

import random

from tests.browser.test_table_pages import CHOICE, DESKTOP, READY, WAIT, decide, quick_start

SHUFFLE = "#choices button.choice:has-text('Keep the order')"
#: the previewed cards: how far each is drawn from its own slot (where it slides to)
MOVED = """() => [...document.querySelectorAll('.card.swap-preview')].map((c) => {
  const dx = /translate\\((-?[\\d.]+)px/.exec(c.style.transform);
  return [c.closest('.slot').dataset.refs.split(' ')[0], dx ? Number(dx[1]) : 0];
})"""


def at_the_field_shuffle(page, rng: random.Random) -> None:
    for _ in range(60):
        page.wait_for_selector(READY, timeout=WAIT)
        if page.locator(SHUFFLE).count():
            return
        assert decide(page, rng), "the game ended before a field shuffle"
    raise AssertionError("no field shuffle in 60 decisions")


def test_a_swap_is_previewed_on_the_board_before_it_is_sent(browser, server):
    page = browser.new_page(viewport=DESKTOP)
    quick_start(page, server.url, "draws-troidal", seed=2, vs="greedy")
    at_the_field_shuffle(page, random.Random(2))
    assert page.locator(".swap-preview").count() == 0  # nothing chosen, nothing moved
    lanes = page.locator(f"#layout .slot{CHOICE}")
    first = lanes.first
    first_ref = first.get_attribute("data-pick")
    first.click(position={"x": 6, "y": 10})
    second = page.locator(f"#layout .slot{CHOICE}").first
    second_ref = second.get_attribute("data-pick")
    second.hover()
    moved = dict(page.evaluate(MOVED))
    assert set(moved) == {first_ref, second_ref}
    a = page.locator(f"[data-refs~='{first_ref}']").bounding_box()
    b = page.locator(f"[data-refs~='{second_ref}']").bounding_box()
    # each card drawn over the other's lane (slots of a row differ in x only)
    assert abs(moved[first_ref] - (b["x"] - a["x"])) <= 2
    assert abs(moved[second_ref] - (a["x"] - b["x"])) <= 2
    page.mouse.move(2, 2)  # pointed away: the swap is not chosen yet, nothing previewed
    assert page.locator(".swap-preview").count() == 0
    second.click(position={"x": 6, "y": 10})  # chosen: the preview stays until it is sent
    if page.locator(".pickable").count() and not page.locator("body[data-pending=yes]").count():
        page.mouse.move(2, 2)
        assert set(dict(page.evaluate(MOVED))) == {first_ref, second_ref}
    page.close()

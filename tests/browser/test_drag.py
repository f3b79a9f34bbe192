"""A drag (Hearthstone's, MTG Arena's): a hand card carried onto a highlighted area casts it,
one gesture for the two clicks; dropped anywhere else it makes nothing. Dreadnought against
greedy at seed 3, whose first hand has a unit to cast in turn 1."""

from __future__ import annotations

import json
import re

from tests.browser.test_table_pages import DESKTOP, READY, WAIT, move_number, moved_on

DRAGGABLE = "#hand .pickable[data-drag]"
#: where every zone and hand card lies (a drag must move and resize nothing on the board)
PLACES = """() => [...document.querySelectorAll('#layout .zone, #hand .card')].map((e) => {
  const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height].map(Math.round);
})"""


def to_a_cast(browser, url: str, viewport: dict = DESKTOP) -> tuple[object, list[dict],
                                                                      list[dict]]:
    """The page at the first decision with a hand card to drag (the mulligan kept), the
    messages with choices the server sent and the moves the page sent."""
    page = browser.new_page(viewport=viewport)
    page.add_init_script("localStorage.setItem('cardtable-pace', 'instant');"
                         "localStorage.setItem('cardtable-lang', 'en');")
    got: list[dict] = []
    sent: list[dict] = []

    def listen(ws) -> None:
        ws.on("framereceived", lambda f: got.append(json.loads(f))
              if isinstance(f, str) and '"choices"' in f else None)
        ws.on("framesent", lambda f: sent.append(json.loads(f))
              if isinstance(f, str) and '"move"' in f else None)

    page.on("websocket", listen)
    page.goto(f"{url}/play/dreadnought?vs=greedy&seed=3&lang=en")
    for _ in range(12):
        page.wait_for_selector(READY, timeout=WAIT)
        if page.locator(DRAGGABLE).count():
            return page, got, sent
        n = move_number(page)
        page.locator("#choices button.choice",
                     has_text=re.compile(r"^(Finish|Pass)")).first.click()
        page.wait_for_selector(f"body:not([data-move='{n}'])", state="attached", timeout=WAIT)
    raise AssertionError("no hand card to drag in the first turns")


def centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def lift(page, selector: str) -> None:
    """Press on what ``selector`` finds and carry it a little: the drag is under way. The press
    is near its top left corner, in view in an overlapped hand (as the clicks test clicks)."""
    box = page.locator(selector).first.bounding_box()
    assert box, selector
    x, y = box["x"] + 8, box["y"] + 14
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 20, y - 30, steps=4)


def test_a_hand_card_dragged_onto_a_highlighted_area_casts_it(browser, server):
    page, got, sent = to_a_cast(browser, server.url)
    n = move_number(page)
    source = page.locator(DRAGGABLE).first.get_attribute("data-pick")
    before = page.evaluate(PLACES)
    lift(page, DRAGGABLE)
    assert page.evaluate(PLACES) == before  # nothing on the board jumped
    assert page.locator("body[data-drag=on]").count() == 1
    assert page.locator("[data-testid=drag-ghost]").count() == 1
    targets = page.locator("#layout .drop-target")
    assert targets.count() >= 1
    target = targets.first.get_attribute("data-drop")
    x, y = centre(page, "#layout .drop-target")
    page.mouse.move(x, y, steps=6)
    assert page.locator("#layout .drop-target.drop-over").count() == 1
    page.mouse.up()
    assert moved_on(page, n)
    msg = next(m for m in reversed(got) if m.get("n") == n)
    made = next(c for c in msg["choices"] if c["code"] == sent[-1]["move"])
    assert made["kind"] == "cast" and made["refs"] == [source, target]
    page.wait_for_selector(f"body:not([data-move='{n}'])", state="attached", timeout=WAIT)
    assert page.locator("body[data-drag]").count() == 0
    page.close()


def test_a_drop_outside_the_targets_cancels_with_no_move(browser, server):
    page, _, sent = to_a_cast(browser, server.url)
    n, moves = move_number(page), len(sent)
    lift(page, DRAGGABLE)
    x, y = centre(page, "#log")
    page.mouse.move(x, y, steps=6)
    page.mouse.up()
    assert page.locator("body[data-drag]").count() == 0
    assert page.locator("#layout .drop-target, [data-testid=drag-ghost], .picked").count() == 0
    assert not moved_on(page, n) and len(sent) == moves
    assert page.text_content("#sofar") == ""
    # the two clicks still cast
    page.locator(DRAGGABLE).first.click(position={"x": 6, "y": 10})
    page.locator("#layout .zone.pickable").first.click()
    assert moved_on(page, n)
    page.close()


def test_escape_cancels_a_drag_under_way(browser, server):
    page, _, sent = to_a_cast(browser, server.url)
    n, moves = move_number(page), len(sent)
    lift(page, DRAGGABLE)
    page.keyboard.press("Escape")
    assert page.locator("body[data-drag]").count() == 0
    x, y = centre(page, "#layout .zone.pickable, #layout .zone")
    page.mouse.move(x, y, steps=3)
    page.mouse.up()
    assert not moved_on(page, n) and len(sent) == moves
    page.close()


def test_a_touch_screen_offers_no_drag(browser, server):
    """On a phone a long press shows the card and a finger's move scrolls: taps stay the way."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    page, _, _ = to_a_cast_in(context, server.url)
    assert page.locator("#hand .pickable").count() >= 1
    assert page.locator(DRAGGABLE).count() == 0
    context.close()


def to_a_cast_in(context, url: str):
    """to_a_cast in a browser context of its own (a touch screen), up to a playable hand card."""
    page = context.new_page()
    page.add_init_script("localStorage.setItem('cardtable-pace', 'instant');"
                         "localStorage.setItem('cardtable-lang', 'en');")
    page.goto(f"{url}/play/dreadnought?vs=greedy&seed=3&lang=en")
    for _ in range(12):
        page.wait_for_selector(READY, timeout=WAIT)
        if page.locator("#hand .pickable").count() and page.locator(
                "#choices button.choice", has_text=re.compile(r"^Finish")).count() == 0:
            return page, None, None
        n = move_number(page)
        page.locator("#choices button.choice",
                     has_text=re.compile(r"^(Finish|Pass)")).first.click()
        page.wait_for_selector(f"body:not([data-move='{n}'])", state="attached", timeout=WAIT)
    raise AssertionError("no playable hand card in the first turns")


def test_with_reduced_motion_the_carried_card_is_not_tilted_nor_the_board_faded(browser,
                                                                                 server):
    page, _, _ = to_a_cast(browser, server.url)
    page.emulate_media(reduced_motion="reduce")
    lift(page, DRAGGABLE)
    style = page.evaluate("""() => {
      const g = document.querySelector('[data-testid=drag-ghost]');
      const c = document.querySelector('#layout .zone:not(.drop-target) .card');
      return [getComputedStyle(g).rotate, getComputedStyle(c).transitionDuration];
    }""")
    assert style == ["none", "0s"]
    page.keyboard.press("Escape")
    page.mouse.up()
    page.close()

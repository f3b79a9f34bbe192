"""The stops control and why-not in the browser (issue 38 items 5 and 6): the stops a player
sets are kept and used, and a dimmed card says why in its detail on hover."""

from __future__ import annotations

from tests.browser.test_table_pages import DESKTOP, READY, WAIT, quick_start


def test_the_stops_control_lists_the_games_stops_and_keeps_a_change(browser, server):
    page = browser.new_page(viewport=DESKTOP)
    quick_start(page, server.url, "dreadnought", seed=3, vs="greedy")
    page.wait_for_selector(READY, timeout=WAIT)
    page.click("#stops summary")
    labels = page.locator("#stops-list label").all_text_contents()
    assert labels[:5] == ["Speed phase", "Cast phase", "Fast phase", "Action phase", "Reactions"]
    assert page.is_checked("[data-stop=cast]") and not page.is_checked("[data-stop=speed]")
    page.check("[data-stop=speed]")
    kept = page.evaluate("JSON.parse(localStorage.getItem('cardtable-stops-dreadnought'))")
    assert kept == {"speed": True}
    page.close()


def test_a_dimmed_card_says_why_in_its_detail_on_hover(browser, server):
    page = browser.new_page(viewport=DESKTOP)
    quick_start(page, server.url, "culdcept", seed=1, vs="greedy")
    for _ in range(40):
        page.wait_for_selector(READY, timeout=WAIT)
        dim = page.locator("#hand .card.unplayable")
        if dim.count():
            why = dim.first.get_attribute("data-why")
            dim.first.hover(position={"x": 6, "y": 10})
            page.wait_for_selector("#detail .why", timeout=WAIT)
            assert why in page.text_content("#detail .why")
            page.close()
            return
        page.locator("[data-testid=choice]").first.click(position={"x": 6, "y": 10})
    raise AssertionError("no dimmed card in hand")


def test_a_game_word_in_the_question_links_to_its_glossary_entry(browser, server):
    page = browser.new_page(viewport=DESKTOP)
    quick_start(page, server.url, "dreadnought", seed=3, vs="greedy")
    page.evaluate("localStorage.setItem('cardtable-stops-dreadnought', "
                  "JSON.stringify({speed: true}))")  # to be asked in the speed window
    for _ in range(20):
        page.wait_for_selector(READY, timeout=WAIT)
        link = page.locator("#prompt a.term[data-term=gear-change]")
        if link.count():
            href = link.get_attribute("href")
            assert href.startswith("/how/dreadnought?lang=en#g-gear-change")
            assert "speed card" in link.get_attribute("title")
            how = browser.new_page()
            how.goto(server.url + href)
            assert how.locator("#g-gear-change").text_content() == "gear change"
            how.close()
            page.close()
            return
        page.locator("[data-testid=choice]").first.click(position={"x": 6, "y": 10})
    raise AssertionError("no question with a gear change")

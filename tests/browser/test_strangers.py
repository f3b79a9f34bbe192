"""Two strangers find each other in the lobby (issue 44, item 2): each names themselves in their
own browser, asks for a quick match of the same game, and both land at one table with a clock;
one resigns, and the leaderboard shows them both."""

from __future__ import annotations

from tests.browser.test_table_pages import DESKTOP, INSTANT, WAIT

GAME = "draws-troidal"


def _quick(page, url: str, who: str) -> None:
    page.add_init_script(INSTANT)
    page.goto(url + "/")
    page.fill("#pname", who)
    page.click("#claim")
    page.wait_for_selector("#named:not([hidden])", timeout=WAIT)
    page.wait_for_selector(f"#m-game option[value={GAME}]", state="attached", timeout=WAIT)
    page.select_option("#m-game", GAME)
    page.click("#quick")
    page.wait_for_url("**/t/**", timeout=WAIT)
    page.wait_for_selector("#clockbar:not([hidden]) .seatclock", timeout=WAIT)


def test_two_browsers_quick_match_play_and_the_loser_resigns(browser, server) -> None:
    a_ctx, b_ctx = browser.new_context(viewport=DESKTOP), browser.new_context(viewport=DESKTOP)
    a, b = a_ctx.new_page(), b_ctx.new_page()
    _quick(a, server.url, "Alice")
    assert "opponent" in a.locator("#clockbar .waiting").inner_text()
    _quick(b, server.url, "ボブ")
    assert a.url.split("#")[0].split("?")[0] == b.url.split("#")[0].split("?")[0]
    for page in (a, b):  # the host hears the opponent sit down: no more waiting
        page.wait_for_function(
            "document.querySelector('#clockbar .waiting').textContent === ''", timeout=WAIT)
        names = page.locator("#clockbar .seatclock b").all_inner_texts()
        assert any("Alice" in n for n in names) and any("ボブ" in n for n in names)
        assert page.locator("#clockbar .seatclock.running").count() == 1
        assert ":" in page.locator("#clockbar .seatclock.running .time").inner_text()
    a.once("dialog", lambda d: d.accept())
    a.click("#resign")
    for page in (a, b):
        page.wait_for_selector("body[data-state=over]", timeout=WAIT)
    board = a_ctx.new_page()
    board.goto(f"{server.url}/leaderboard?game={GAME}")
    board.wait_for_selector("#rows tr:nth-child(2)", timeout=WAIT)
    rows = board.locator("#rows tr").all_inner_texts()
    assert "ボブ" in rows[0] and "Alice" in rows[1]
    a_ctx.close()
    b_ctx.close()

"""The browser table played by clicks: a whole game of every playable game by clicking the table
at 1280x800 with the layout checked at every decision, the start of every game on a phone,
keyboard play, a friend game with a spectator, a reload, a server killed mid-game, the lobby's
deck check, and the page's weight and hosts."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from cardtable.core import GameRecord, list_games, replay

PLAYABLE = [g.id for g in list_games() if g.playable]
#: a click waits at most this long for the server's answer
WAIT = 45_000
CHOICE = "[data-testid=choice]:not([disabled])"
READY = f"body[data-state=your-turn] {CHOICE}, body[data-state=over]"
#: options that keep a browser game short (the rules are the same, the games smaller)
SHORT = {"draws-troidal": {"life": 12}, "culdcept": {"points_to_win": 3, "turn_limit": 12},
         "dreadnought": {"turn_limit": 8}}
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
INSTANT = ("localStorage.setItem('cardtable-pace', 'instant');"
           "localStorage.setItem('cardtable-lang', 'en')")

#: everything a decision must show, measured in the page: the question, the hand and a choice
#: inside the viewport, no sideways scroll, and no card name wider or taller than its face
LAYOUT = r"""() => {
  const vw = innerWidth, vh = innerHeight, out = [];
  const inside = (sel) => {
    const e = document.querySelector(sel);
    if (!e || e.offsetParent === null) return true;
    const r = e.getBoundingClientRect();
    return r.top >= -1 && r.left >= -1 && r.bottom <= vh + 1 && r.right <= vw + 1 && r.height > 0;
  };
  if (!inside('[data-testid=prompt]')) out.push('prompt outside the viewport');
  const hand = document.querySelector('[data-testid=hand]');
  if (hand && hand.offsetParent !== null) {
    const r = hand.getBoundingClientRect();
    if (r.top < -1 || r.bottom > vh + 1 || r.right > vw + 1) out.push('hand outside the viewport');
  }
  const choices = [...document.querySelectorAll('[data-testid=choice]:not([disabled])')];
  const seen = choices.filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw;
  });
  if (choices.length && !seen.length) out.push('no choice inside the viewport');
  // the browser's words: no terminal keys ("; 0 ends.", "Type a number")
  if (/\b0 ends\b|Type a number|press Enter/i.test(document.body.innerText))
    out.push('terminal key hint');
  const root = document.scrollingElement;
  if (root.scrollWidth > vw + 1) out.push('sideways scroll ' + root.scrollWidth);
  for (const n of document.querySelectorAll('[data-testid=card-name]')) {
    if (n.offsetParent === null) continue;
    const card = n.closest('.card').getBoundingClientRect(), r = n.getBoundingClientRect();
    if (n.scrollWidth > n.clientWidth + 1 || r.right > card.right + 1 || r.left < card.left - 1
        || r.bottom > card.bottom + 1)
      out.push('card name overflows: ' + n.textContent);
  }
  return out;
}"""


def quick_start(page, url: str, game: str, seed: int = 1, vs: str = "random",
                lang: str = "en") -> None:
    page.add_init_script(INSTANT)
    page.goto(f"{url}/play/{game}?vs={vs}&seed={seed}&lang={lang}")
    page.wait_for_url("**/t/**")


def start_from_lobby(page, url: str, game: str, opponent: str, seed: int = 11) -> None:
    """Set up a table in the lobby, with a fixed seed so that every run plays the same game."""
    page.add_init_script(INSTANT)
    page.goto(url + "/")
    page.click(f"[data-setup={game}]")
    page.fill("#seed", str(seed))
    for name, value in SHORT.get(game, {}).items():
        page.fill(f"[data-option={name}]", str(value))
    page.select_option("#opponent", opponent)
    page.click("#start")


def move_number(page) -> int:
    """The move the page has drawn (``<body data-move>``: the page's modules keep no globals)."""
    return int(page.get_attribute("body", "data-move"))


def moved_on(page, n: int) -> bool:
    """The page has sent a move, or drawn one past ``n``."""
    return bool(page.evaluate(f"document.body.dataset.pending === 'yes'"
                              f" || document.body.dataset.move !== '{n}'"))


def decide(page, rng: random.Random, check: bool = False) -> bool:
    """Make one decision by clicking choices (a card, then a place...) until it is sent; False
    once the game is over. ``check``: the layout holds before the first click."""
    page.wait_for_selector(READY, timeout=WAIT)
    if page.locator("body[data-state=over]").count():
        return False
    if check:
        assert page.evaluate(LAYOUT) == []
    n = move_number(page)
    for _ in range(30):  # setting DRAWS' field is ten clicks (a card, its lane, five times)
        choices = page.locator(CHOICE)
        count = choices.count()
        if not count or moved_on(page, n):
            return True
        # near its top left corner, as a player clicks a card in a fanned hand (the next card
        # may lie over its middle)
        choices.nth(rng.randrange(count)).click(position={"x": 6, "y": 10})
    pytest.fail("thirty clicks did not make one decision")


def play_some(page, rng: random.Random, moves: int) -> None:
    """Up to ``moves`` decisions by clicks, fewer if the game ends first."""
    for _ in range(moves):
        if not decide(page, rng):
            return


def play_to_the_end(page, rng: random.Random, limit: int = 3000, check: bool = False) -> int:
    for i in range(limit):
        if not decide(page, rng, check):
            return i
    pytest.fail("the game did not end")


def check_record(page, tmp_path: Path) -> None:
    with page.expect_download() as info:
        page.click("#record")
    path = tmp_path / "record.json"
    info.value.save_as(path)
    report = replay(GameRecord.from_json(json.loads(path.read_text("utf-8"))))
    assert report.ok, report.message


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_whole_game_by_clicks_with_everything_in_view(browser, server, tmp_path, game):
    page = browser.new_page(viewport=DESKTOP)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    start_from_lobby(page, server.url, game, "random")
    page.wait_for_url("**/t/**")
    decisions = play_to_the_end(page, random.Random(game), check=True)
    assert decisions > 0
    assert page.locator("#status").inner_text()
    assert page.locator("#rematch").is_visible()
    check_record(page, tmp_path)
    assert errors == []
    page.close()


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_phone_keeps_the_question_its_choices_and_the_hand_in_view(browser, server, game):
    page = browser.new_page(viewport=PHONE)
    quick_start(page, server.url, game, seed=2)
    rng = random.Random(2)
    for _ in range(3):
        if not decide(page, rng, check=True):
            break
    page.close()


def test_the_lobby_quick_start_url_lands_on_a_seat_in_japanese(browser, server):
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{server.url}/play/sarasvati?vs=greedy&seed=5&lang=ja")
    page.wait_for_selector(READY, timeout=WAIT)
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.locator("#hand-title").inner_text() == "あなたの手札"
    assert page.evaluate("localStorage.getItem('cardtable-lang')") == "ja"
    page.goto(f"{server.url}/")  # remembered: the lobby opens in Japanese, with the table listed
    page.wait_for_selector(".gamecard button")
    assert page.locator("[data-t=pick]").inner_text() == "ゲームを選ぶ"
    assert page.locator("#mytables a").count() == 1


def test_keyboard_only_play(browser, server):
    page = browser.new_page(viewport=DESKTOP)
    quick_start(page, server.url, "sarasvati", seed=3)
    made = 0
    for _ in range(6):
        page.wait_for_selector(READY, timeout=WAIT)
        if page.locator("body[data-state=over]").count():
            break
        n = move_number(page)
        for _ in range(200):  # Tab to the first choice: a card or place, or a button
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.matches('[data-testid=choice]')"):
                break
        else:
            pytest.fail("Tab never reached a choice")
        for _ in range(12):  # Enter on it; then the number keys for what is left to say
            if moved_on(page, n):
                break
            if page.evaluate("document.activeElement.matches('[data-testid=choice]')"):
                page.keyboard.press("Enter")
            else:
                page.keyboard.press("1")
        made += 1
    assert made >= 3
    page.keyboard.press("Tab")  # a card reached by the keyboard shows its whole text
    for _ in range(200):
        if page.evaluate("!!document.activeElement.closest('.card, .slot')"):
            break
        page.keyboard.press("Tab")
    page.wait_for_selector("#detail:not([hidden]) .text", timeout=WAIT)


def wait_for_a_decision(seats: list) -> None:
    """Until either seat's page offers a choice or shows the end. Either seat may be the one to
    decide next, and under load one page draws the server's update a moment after the other:
    waiting on one fixed page would wait for a choice that is the other seat's."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    for _ in range(WAIT // 250):
        for page in seats:
            try:
                page.wait_for_selector(READY, timeout=125)
                return
            except PlaywrightTimeoutError:
                continue
    raise AssertionError("neither seat was offered a choice")


def test_a_friend_game_in_two_contexts_with_a_spectator(browser, server):
    lobby = browser.new_page()
    start_from_lobby(lobby, server.url, "draws-troidal", "friend")
    lobby.wait_for_selector("input.link")
    links = [lobby.locator("input.link").nth(i).input_value() for i in range(3)]
    contexts = [browser.new_context() for _ in range(3)]
    seats, watcher = [c.new_page() for c in contexts[:2]], contexts[2].new_page()
    for page, link in zip([*seats, watcher], links, strict=True):
        page.add_init_script(INSTANT)
        page.goto(link)
    rng = random.Random(7)
    for _ in range(3000):
        for page in seats:
            page.wait_for_selector("body[data-state] #status:not(:empty)", timeout=WAIT)
        if all(p.locator("body[data-state=over]").count() for p in seats):
            break
        page = next((p for p in seats if p.locator(f"body[data-state=your-turn] {CHOICE}").count()),
                    None)
        if page is None:
            wait_for_a_decision(seats)
            continue
        other = seats[1 - seats.index(page)]
        assert other.locator(f"body[data-state=your-turn] {CHOICE}").count() == 0
        decide(page, rng)
    outcomes = {p.locator("#status").inner_text() for p in seats}
    assert len(outcomes) == 2 or any("Draw" in o for o in outcomes)
    watcher.wait_for_selector("body[data-state=over]", timeout=WAIT)
    assert watcher.locator("[data-testid=choice]").count() == 0
    assert "Your" not in watcher.locator("[data-testid=prompt]").inner_text()
    log = watcher.locator("#log").inner_text()
    assert log
    # sentences, not raw event fields ("toll (to 1; amount 1; from level; ...)")
    assert not re.search(r"\(\w+ [^()]*; \w+ ", log), log[:400]


def test_a_reload_in_the_middle_of_a_game_keeps_it_and_japanese_draws_it(browser, server,
                                                                         tmp_path):
    page = browser.new_page(viewport=DESKTOP)
    quick_start(page, server.url, "sarasvati", seed=4)
    rng = random.Random(3)
    for _ in range(6):
        assert decide(page, rng)
    page.wait_for_selector(READY, timeout=WAIT)
    before = page.locator("#board").inner_text(), page.locator("#log").inner_text()
    page.reload()
    page.wait_for_selector(READY, timeout=WAIT)
    assert (page.locator("#board").inner_text(), page.locator("#log").inner_text()) == before
    page.click("#lang")  # the same table in Japanese, from the server's own wording
    page.wait_for_selector("#hand-title:text('あなたの手札')", timeout=WAIT)
    page.wait_for_selector(READY, timeout=WAIT)
    assert "前列" in page.locator("#grid").inner_text()
    play_to_the_end(page, rng)
    check_record(page, tmp_path)
    first = page.url
    page.click("#rematch")  # the same match again, at a new table
    page.wait_for_url(lambda url: url != first and "/t/" in url, timeout=WAIT)
    page.wait_for_selector(READY, timeout=WAIT)


def test_a_server_killed_mid_game_comes_back_and_the_game_ends(browser, server, tmp_path):
    page = browser.new_page(viewport=DESKTOP)
    quick_start(page, server.url, "draws-troidal", seed=5)
    rng = random.Random(5)
    for _ in range(5):
        assert decide(page, rng)
    page.wait_for_selector(READY, timeout=WAIT)
    log_before = page.locator("#log").inner_text()
    server.kill()  # kill -9: no chance to flush anything
    page.wait_for_selector("#banner.show", timeout=WAIT)
    server.start()  # same port, same database: the page reconnects by itself
    page.wait_for_selector("#banner:not(.show)", state="attached", timeout=WAIT)
    page.wait_for_selector(READY, timeout=WAIT)
    assert page.locator("#log").inner_text() == log_before  # not one move lost
    play_to_the_end(page, rng)
    check_record(page, tmp_path)


def test_the_page_weighs_under_300_kb_and_asks_no_other_host(browser, server):
    page = browser.new_page(viewport=DESKTOP)
    hosts: set[str] = set()
    sizes: list[int] = []
    page.on("request", lambda r: hosts.add(re.sub(r"^\w+://([^/]+).*$", r"\1", r.url)))
    page.on("response", lambda r: sizes.append(len(r.body()) if r.status == 200 else 0))
    quick_start(page, server.url, "culdcept", seed=6)
    page.wait_for_selector(READY, timeout=WAIT)
    page.goto(server.url + "/")
    page.wait_for_selector(".gamecard button")
    assert hosts == {f"127.0.0.1:{server.port}"}
    assert sum(sizes) < 300_000, sizes


def test_an_uploaded_deck_file_is_checked_line_by_line_in_the_lobby(browser, server, tmp_path):
    from playwright.sync_api import expect

    from cardtable.core import load_game

    game = load_game("draws-troidal")
    good = game.deck_file(game.deck_names()[0])
    bad = tmp_path / "bad-deck.txt"
    bad.write_text(good.read_text("utf-8") + "4 存在しないカード\n", "utf-8")
    page = browser.new_page()
    page.goto(server.url + "/")
    page.click("[data-setup=draws-troidal]")
    page.select_option("#deck1", "__file")
    upload = page.locator("#decks input[type=file]").first
    check = page.locator("#decks .deck-row button").first
    upload.set_input_files(str(bad))
    text = page.locator("#deck1-text")
    expect(text).to_have_value(re.compile("存在しないカード"), timeout=WAIT)
    check.click()
    page.wait_for_selector("#deck1-diag:text('bad-deck.txt:')", timeout=WAIT)
    upload.set_input_files(str(good))
    expect(text).not_to_have_value(re.compile("存在しないカード"), timeout=WAIT)
    check.click()
    page.wait_for_selector("#deck1-diag:text('OK')", timeout=WAIT)


def test_the_undo_button_takes_back_the_last_own_decision(browser, server):
    """The page offers Undo only when the core says it will work, and clicking it takes back one
    move (it sends the move number it has seen, so a resent click takes back nothing more)."""
    page = browser.new_page(viewport=DESKTOP)
    quick_start(page, server.url, "dice-and-monsters", seed=2)
    rng = random.Random(2)
    for _ in range(12):
        assert decide(page, rng)
        page.wait_for_selector(READY, timeout=WAIT)
        if page.locator("#undo").is_visible():
            break
    else:
        pytest.fail("Undo was never offered in the draft")
    before = move_number(page)
    page.click("#undo")
    # a selector, not wait_for_function: the page's CSP forbids the eval that one needs
    page.wait_for_selector(f'body[data-move="{before - 1}"]', timeout=WAIT)
    assert move_number(page) == before - 1
    page.close()

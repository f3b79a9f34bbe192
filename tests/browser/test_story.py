"""Issue 38 item 1 and 7: the board tells each move in step with the log, and a finished game
can be watched again, forward and back, from a record the lobby opens too.

Every game is played through by clicking at the normal pace (against greedy, which ends it
sooner). An observer on ``<body>`` notes
each change of ``data-state``, ``data-story`` and ``data-move``: the result (``data-state=over``)
and a new question may only appear while the story is ``idle``, and by then the log holds every
line the game wrote (the result never runs ahead of the story).
"""

from __future__ import annotations

import json
import random

import pytest
from tests.browser.test_table_pages import CHOICE, DESKTOP, SHORT, WAIT, play_to_the_end

GAMES = ["draws-troidal", "dice-and-monsters", "sarasvati", "culdcept", "dreadnought"]
NORMAL = ("localStorage.setItem('cardtable-pace', 'normal');"
          "localStorage.setItem('cardtable-lang', 'en')")
#: smaller games still (the normal pace tells every move): a battle of two rounds, three turns
SMALL = {**SHORT, "dice-and-monsters": {"rounds": 2}, "dreadnought": {"turn_limit": 3}}
IDLE = (f"body[data-story=idle][data-state=your-turn] {CHOICE}, "
        "body[data-story=idle][data-state=over]")

#: every change of the page's contract, with the log's length when it happened; to keep the
#: test short, after the first four stories only one in eight is told whole at the normal pace,
#: the others skipped as they start (as a player may)
WATCH = """() => {
  window.__seen = [];
  window.__stories = 0;
  const b = document.body;
  let was = b.dataset.story;
  new MutationObserver(() => {
    if (b.dataset.story === 'telling' && was !== 'telling' && ++window.__stories > 4
        && window.__stories % 8)
      setTimeout(() => { const s = document.getElementById('skip'); if (!s.hidden) s.click(); });
    was = b.dataset.story;
  }).observe(b, { attributes: true, attributeFilter: ['data-story'] });
  const note = () => window.__seen.push({ state: b.dataset.state, story: b.dataset.story,
    move: b.dataset.move, end: !document.getElementById('end').hidden,
    lines: document.querySelectorAll('#log li').length,
    asked: b.dataset.state === 'your-turn' && !!document.querySelector('#choices button.choice') });
  new MutationObserver(note).observe(b, { attributes: true,
    attributeFilter: ['data-state', 'data-story', 'data-move'] });
  new MutationObserver(note).observe(document.getElementById('end'), { attributes: true });
}"""


def _start(page, url: str, game: str, seed: int) -> None:
    page.add_init_script(NORMAL)
    options = json.dumps(SMALL.get(game, {}))
    page.goto(f"{url}/")
    link = page.evaluate("""async ([game, seed, options]) => {
      const r = await fetch('/api/tables', { method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game, opponent: 'greedy', seed, options: JSON.parse(options) }) });
      return (await r.json()).links['1'];
    }""", [game, seed, options])
    page.goto(url + link)
    page.wait_for_selector("body[data-move]", timeout=WAIT)


@pytest.mark.parametrize("game", GAMES)
def test_at_normal_pace_the_result_and_the_question_wait_for_the_story(browser, server, game):
    page = browser.new_page(viewport=DESKTOP)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _start(page, server.url, game, seed=7)
    page.evaluate(WATCH)
    rng = random.Random(7)
    for _ in range(400):
        page.wait_for_selector(IDLE, timeout=WAIT)
        if page.locator("body[data-state=over]").count():
            break
        choices = page.locator(CHOICE).all()
        # as a click on it (a fanned hand card may lie under its neighbour)
        rng.choice(choices).dispatch_event("click")
    page.wait_for_selector("body[data-story=idle][data-state=over] #end:not([hidden])",
                           timeout=WAIT)
    seen = page.evaluate("window.__seen")
    final = page.locator("#log li").count()
    assert page.evaluate("window.__stories") >= 4, "no move was told step by step"
    assert any(s["story"] == "telling" for s in seen)
    for s in seen:
        if s["state"] == "over" or s["end"]:
            assert s["story"] == "idle", s
            assert s["lines"] == final, (s, final)  # the whole story told before the result
        if s["asked"]:
            assert s["story"] == "idle", s
    assert errors == []
    page.close()


#: what a replay shows at a move: the board's cards and counters, as text
BOARD = ("() => document.querySelector('#board').innerText + '|'"
         " + document.querySelector('#hand').innerText")


def _step(page, button: str, n: int) -> str:
    page.click(button)
    page.wait_for_selector(f"body[data-move='{n}'][data-story=idle]", timeout=WAIT)
    return page.evaluate(BOARD)


def test_a_replay_steps_forward_and_back_to_the_same_tables(browser, server, tmp_path):
    page = browser.new_page(viewport=DESKTOP)
    page.add_init_script("localStorage.setItem('cardtable-pace', 'instant');"
                         "localStorage.setItem('cardtable-lang', 'en')")
    page.goto(f"{server.url}/play/draws-troidal?vs=random&seed=3&lang=en")
    play_to_the_end(page, random.Random(3))
    page.wait_for_selector("#end:not([hidden]) #end-replay[href]", timeout=WAIT)
    with page.expect_download() as info:
        page.click("#end-record")
    record = tmp_path / "record.json"
    info.value.save_as(record)
    page.click("#end-replay")
    page.wait_for_selector("body[data-move='0'][data-story=idle]", timeout=WAIT)
    page.evaluate("localStorage.setItem('cardtable-pace', 'normal')")
    page.select_option("#pace", "normal")
    forward = [page.evaluate(BOARD)]
    for n in range(1, 5):
        forward.append(_step(page, "#forward", n))
    assert len(set(forward)) > 1  # the board changed as the moves went by
    for n in range(3, -1, -1):
        assert _step(page, "#back", n) == forward[n]
    # a jump to a turn lands on the move it starts at
    options = page.locator("#turn option").all()
    assert len(options) > 1
    last = options[-1]
    at = last.get_attribute("data-at")
    page.select_option("#turn", last.get_attribute("value"))
    page.wait_for_selector(f"body[data-move='{at}'][data-story=idle]", timeout=WAIT)
    # watching as a spectator shows no card of the seat's hand
    page.select_option("#view", "spectator")
    page.wait_for_function("document.querySelector('#view').value === 'spectator'")
    page.wait_for_selector("body[data-story=idle]")
    assert page.locator("#hand [data-testid=card-name]").count() == 0

    # the downloaded record, opened from the lobby, replays the same game
    page.goto(f"{server.url}/")
    page.set_input_files("#watch-file", str(record))
    page.wait_for_url("**/replay/r/**", timeout=WAIT)
    page.wait_for_selector("body[data-move='0']", timeout=WAIT)
    page.select_option("#view", "0")
    page.wait_for_selector("body[data-move='0'][data-story=idle]")
    page.select_option("#pace", "instant")
    for n in range(1, 5):
        assert _step(page, "#forward", n) == forward[n]
    page.close()

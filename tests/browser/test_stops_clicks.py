"""Actions a turn (a click or a drag) in Dreadnought against greedy (issue 38 item 6: from
about 18 clicks to 6 or fewer), counted by playing the page as a player would.

The player makes the decisions the issue counts and nothing else, the same way in every run:
each turn it casts one unit (two in the busier test: a random unit card with a cast, then a
random area it may go to), attacks once (twice: a random attack, its units, then the enemy
area), blocks whenever it is asked (a random blocker), aims at a random target, pays a log
cost as it is asked, keeps its opening hand and never plays a reaction, a code or a dummy.
Everything else it passes. It reads what to do from the choices the page was sent (the paths,
as the buttons word them) and makes them by clicking what the page highlights, then its
buttons: every click counts, the buttons that tell two plays apart too. Where ``drags`` is
set it carries the thing a choice names last but one onto its last (a cast's card onto its
area, an attacker onto the enemy area) with the mouse wherever the page offers that drag, and
a drag counts as one action, as a click does.

Runs over turns 1-3 of seed 3:

* every stop on (each decision with a choice asked, as before the stops): it passes with
  "Pass";
* the game's default stops: "Pass" as before;
* the default stops and "End turn": once it is done attacking it passes with "End turn", and
  the turn's later windows are passed for it (it is still asked to block and to aim, and when
  the opponent plays something it could answer: it passes those);
* the default stops, "End turn" and drags.

Measured (docs/browser.md "Actions a turn, measured"): one cast and one attack a turn, clicks
alone, 15.0 -> 9.5 -> 7.5 (every stop on -> default stops -> End turn), and 5.5 actions with
drags; two and two, 20.3 -> 14.0 clicks alone (every stop on -> default stops with End turn),
10.7 with drags. What is left with drags is the player's own decisions: a cast (one drag), the
pass that ends its cast window, an attack (one drag), End turn, a block, and the opponent's
plays it could answer (a reaction window End turn still stops at). With ``-s`` the End turn
runs print each decision, its actions and its stop.
"""

from __future__ import annotations

import json
import random
import re

from tests.browser.test_table_pages import DESKTOP, READY, WAIT, move_number, moved_on

EVERY = ("localStorage.setItem('cardtable-stops-dreadnought', JSON.stringify({speed: true, "
         "cast: true, fast: true, action: true, react: true, 'react-attack': true, "
         "'react-own': true, "
         "'god-draw': true, pay: true}))")
END_TURN = "button[data-testid=end-turn]"


def turn_of(page) -> int:
    found = re.search(r"(\d+)", page.text_content("#phase") or "")
    return int(found.group(1)) if found else 0


class Player:
    """The clicking player: the decisions it makes, from the choices the page was sent."""

    def __init__(self, seed: int, end_turn: bool, plays: int) -> None:
        self.rng = random.Random(seed)
        self.end_turn = end_turn
        self.plays = plays  # casts a turn, and attacks a turn, at most
        self.casts: dict[int, int] = {}
        self.attacks: dict[int, int] = {}

    def decide(self, msg: dict, turn: int) -> dict | str:
        """A choice to make, or "pass" / "end" (the End turn button)."""
        choices, question = msg["choices"], msg.get("question", "")

        def starting(*words: str) -> list[dict]:
            return [c for c in choices if c["path"] and c["path"][0].startswith(words)]

        asked = starting("block with") or starting("target:") or starting("pay by") \
            or starting("finish the mulligan")
        if asked:
            return self.rng.choice(asked)
        casts = [c for c in starting("cast ") if not c["path"][0].startswith("cast the speed")]
        if question.startswith("Cast") and casts and self.casts.get(turn, 0) < self.plays:
            self.casts[turn] = self.casts.get(turn, 0) + 1
            return self.rng.choice(casts)
        attacks = starting("attack with")
        acting = question.startswith("Your action")
        if acting and attacks and self.attacks.get(turn, 0) < self.plays:
            self.attacks[turn] = self.attacks.get(turn, 0) + 1
            return self.rng.choice(attacks)
        done = self.attacks.get(turn, 0) >= self.plays or acting
        return "end" if self.end_turn and done else "pass"


def drag(page, ref: str, onto: str) -> bool:
    """Carry what ``ref`` names onto ``onto`` with the mouse, where the page offers that drag
    (``ref`` marked ``data-drag`` and ``onto`` lit as a target once it is lifted)."""
    source = page.locator(f".pickable[data-drag][data-pick=\"{ref}\"]")
    if not source.count():
        return False
    box = source.first.bounding_box()
    x, y = box["x"] + 6, box["y"] + 10  # in view in an overlapped hand, as a click is
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y - 12, steps=2)
    target = page.locator(f"#layout .drop-target[data-drop=\"{onto}\"]")
    if not target.count():
        page.keyboard.press("Escape")
        page.mouse.up()
        return False
    box = target.first.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=3)
    page.mouse.up()
    return True


#: the one-click plays whose cost the clicked thing said (a caster's block: "… (breaks 2 HP)")
SAID: list[str] = []


def make(page, choice: dict, drags: bool = False) -> int:
    """Make the choice as the page offers it: click what it names (its last two refs one drag
    where ``drags`` and the page offers it), then its buttons, until the page sends it. The
    actions: a click or a drag each."""
    n, clicks = move_number(page), 0
    refs, i = choice["refs"], 0
    while i < len(refs):
        if moved_on(page, n):
            return clicks
        if drags and i == len(refs) - 2 and drag(page, refs[i], refs[i + 1]):
            clicks, i = clicks + 1, i + 2  # one gesture for the last two picks
            continue
        node = page.locator(f".pickable[data-pick=\"{refs[i]}\"]").first
        if len(refs) == 1 and "HP)" in choice["path"][0]:  # a caster's block says its cost
            assert "HP)" in (node.get_attribute("data-says") or ""), choice["path"]
            SAID.append(choice["path"][0])
        node.click(position={"x": 6, "y": 10})
        clicks, i = clicks + 1, i + 1
    parts = [p[:1].upper() + p[1:] for p in choice["path"]]
    for _ in range(len(parts) + 1):
        if moved_on(page, n):
            return clicks
        for b in page.locator("#choices button.choice").all():
            text = re.sub(r"\d+$", "", b.text_content() or "").strip()
            if text in parts or text == " · ".join(parts) or \
                    any(" · ".join(parts[i:]) == text for i in range(len(parts))):
                b.click()
                clicks += 1
                break
        else:
            raise AssertionError(f"no button for {choice['path']}")
    assert moved_on(page, n), choice
    return clicks


def clicks_a_turn(browser, url: str, every: bool, end_turn: bool, plays: int, turns: int = 3,
                  seed: int = 3, log: list[str] | None = None, drags: bool = False) -> float:
    """The actions a turn (a click or a drag) over turns 1 to ``turns`` (the mulligan not
    counted), dragging where the page offers it if ``drags``, else clicks alone; ``log`` gets
    a line a decision: its turn, its actions, what was made and the stop it was under."""
    log = [] if log is None else log
    page = browser.new_page(viewport=DESKTOP)
    page.add_init_script("localStorage.setItem('cardtable-pace', 'instant');"
                         "localStorage.setItem('cardtable-lang', 'en');"
                         + (EVERY if every else ""))
    sent: list[dict] = []

    def listen(ws) -> None:
        ws.on("framereceived", lambda frame: sent.append(json.loads(frame))
              if isinstance(frame, str) and '"choices"' in frame else None)

    page.on("websocket", listen)
    page.goto(f"{url}/play/dreadnought?vs=greedy&seed={seed}&lang=en")
    player = Player(seed, end_turn, plays)
    clicks: dict[int, int] = {}
    while True:
        page.wait_for_selector(READY, timeout=WAIT)
        if page.locator("body[data-state=over]").count():
            log.append(f"over in turn {turn_of(page)}")
            break
        turn = turn_of(page)
        if turn > turns:
            break
        n = move_number(page)
        msg = next(m for m in reversed(sent) if m.get("n") == n)
        what = player.decide(msg, turn)
        if what == "end" and page.locator(END_TURN).count():
            page.click(END_TURN)
            made = 1
        elif what in ("end", "pass"):
            page.locator("#choices button.choice", has_text=re.compile(r"^Pass")).first.click()
            made = 1
        else:
            made = make(page, what, drags)
        clicks[turn] = clicks.get(turn, 0) + made
        label = what if isinstance(what, str) else " · ".join(what["path"])
        key = (msg.get("stop") or {}).get("key", "-")
        log.append(f"turn {turn}: {made} {label} (stop {key}, {len(msg['choices'])} choices)")
        page.wait_for_selector(f"body:not([data-move='{n}'])", state="attached", timeout=WAIT)
    page.close()
    played = [t for t in clicks if t >= 1]
    return sum(clicks[t] for t in played) / max(1, len(played))


def test_dreadnought_stops_and_end_turn_cut_the_clicks_of_a_turn(browser, server):
    """A player who casts a unit, attacks once and blocks each turn, by clicks alone."""
    before = clicks_a_turn(browser, server.url, every=True, end_turn=False, plays=1)
    stops = clicks_a_turn(browser, server.url, every=False, end_turn=False, plays=1)
    made: list[str] = []
    after = clicks_a_turn(browser, server.url, every=False, end_turn=True, plays=1, log=made)
    print(f"Dreadnought actions a turn (a click or a drag), 1 cast and 1 attack, clicks "
          f"alone: every stop on {before:.1f}, default stops {stops:.1f}, with End turn "
          f"{after:.1f}; with End turn:", *made, sep="\n  ")
    assert after < stops < before
    assert after <= 0.65 * before
    # issue 38: "a caster block does not show the HP it will cost": the caster's slot, one
    # click, says the play and its cost (``make`` checks it at each such block)
    assert SAID, "no caster block was met"


def test_dragging_a_cast_and_an_attack_makes_each_one_action(browser, server):
    """The same player with the default stops and End turn, dragging its cast's card onto its
    area and its attacker onto the enemy area (issue 38's 6 actions a turn or fewer)."""
    clicks = clicks_a_turn(browser, server.url, every=False, end_turn=True, plays=1)
    made: list[str] = []
    actions = clicks_a_turn(browser, server.url, every=False, end_turn=True, plays=1,
                            log=made, drags=True)
    print(f"Dreadnought actions a turn (a click or a drag), 1 cast and 1 attack, default "
          f"stops with End turn: {clicks:.1f} by clicks alone, {actions:.1f} with drags; with "
          f"drags:", *made, sep="\n  ")
    assert actions < clicks
    assert actions <= 6.0


def test_a_busier_turn_is_cut_as_well(browser, server):
    """Two casts and two attacks a turn: what is left is those plays' own clicks (a cast is
    a card and an area, an attack its units and an area), the blocks and the reactions."""
    before = clicks_a_turn(browser, server.url, every=True, end_turn=False, plays=2)
    after = clicks_a_turn(browser, server.url, every=False, end_turn=True, plays=2)
    dragged = clicks_a_turn(browser, server.url, every=False, end_turn=True, plays=2,
                            drags=True)
    print(f"Dreadnought actions a turn (a click or a drag), 2 casts and 2 attacks: every stop "
          f"on {before:.1f}, default stops with End turn {after:.1f} by clicks alone, "
          f"{dragged:.1f} with drags")
    assert after <= 0.8 * before
    assert dragged < after


def test_end_turn_is_not_offered_at_culdcepts_spell_step(browser, server):
    """Culdcept's one stop is a step of its own turn: "Cast no spell" already says it all."""
    from tests.browser.test_table_pages import quick_start

    page = browser.new_page(viewport=DESKTOP)
    quick_start(page, server.url, "culdcept", seed=1, vs="greedy")  # a spell in the first hand
    page.wait_for_selector(READY, timeout=WAIT)
    assert page.locator("#choices button.choice", has_text="Cast no spell").count() == 1
    assert page.locator(END_TURN).count() == 0
    page.close()

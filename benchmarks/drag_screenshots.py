"""Screenshots of a drag under way on the browser table (docs/screenshots/): Dreadnought
against greedy at seed 3, the first hand card that can be cast lifted and carried over an area
it may go to (lit, the rest of the board dimmed), at 1280x800 and at 390x844. The narrow one is
taken with a mouse, as a narrow window: on a touch screen the page offers taps, no drag.

Not a benchmark. Run: ``.venv/bin/python benchmarks/drag_screenshots.py``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screens import DOCS, chromium, served, shrink

READY = "body[data-state=your-turn] [data-testid=choice]:not([disabled])"
DRAGGABLE = "#hand .pickable[data-drag]"
SIZES = {"dreadnought-drag.png": {"width": 1280, "height": 800},
         "dreadnought-drag-phone.png": {"width": 390, "height": 844}}


def lift(page) -> None:
    """Press on the first hand card that can be dragged and carry it a little."""
    box = page.locator(DRAGGABLE).first.bounding_box()
    x, y = box["x"] + 8, box["y"] + 14  # in view in an overlapped hand
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 10, y - 10, steps=2)


def photograph(browser, base: str, name: str, viewport: dict) -> Path:
    page = browser.new_page(viewport=viewport)
    page.add_init_script("localStorage.setItem('cardtable-pace', 'instant');"
                         "localStorage.setItem('cardtable-lang', 'en');")
    page.goto(f"{base}/play/dreadnought?vs=greedy&seed=3&lang=en")
    for _ in range(12):  # keep the opening hand, pass until a card can be cast
        page.wait_for_selector(READY, timeout=60_000)
        if page.locator(DRAGGABLE).count():
            break
        n = page.get_attribute("body", "data-move")
        page.locator("#choices button.choice",
                     has_text=re.compile(r"^(Finish|Pass)")).first.click()
        page.wait_for_selector(f"body:not([data-move='{n}'])", state="attached")
    lift(page)  # once to learn the target, which a narrow board may have scrolled away
    ref = page.locator("#layout .drop-target").last.get_attribute("data-drop")
    page.keyboard.press("Escape")
    page.mouse.up()
    target = page.locator(f'#layout .zone[data-refs~="{ref}"], #layout [data-refs~="{ref}"]')
    target.first.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    lift(page)
    t = target.first.bounding_box()
    # over the target's middle: lit the most, the card on its way
    tx, ty = t["x"] + t["width"] / 2, t["y"] + t["height"] / 2
    page.mouse.move(tx, ty, steps=6)
    path = DOCS / name
    page.screenshot(path=str(path))
    page.keyboard.press("Escape")
    page.mouse.up()
    page.close()
    shrink(path)
    return path


def main() -> None:
    DOCS.mkdir(parents=True, exist_ok=True)
    with served() as base, chromium() as browser:
        for name, viewport in SIZES.items():
            print(photograph(browser, base, name, viewport))


if __name__ == "__main__":
    main()

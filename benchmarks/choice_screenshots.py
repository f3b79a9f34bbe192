"""Screenshots of a decision as the page offers it (docs/screenshots): DRAWS-◎-TROIDAL's field
shuffle previewed on the board (one lane clicked, the next pointed at or, on a phone, tapped)
and Dreadnought's action window with End turn, at 1280x800 in English and 390x844 in Japanese.

Not a benchmark: it starts ``cardtable serve`` on a free port with a throwaway database and
plays seat 1 against greedy by clicking random choices (seeded) at the instant pace until the
moment comes. Run: ``.venv/bin/python benchmarks/choice_screenshots.py``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
from screens import DOCS, chromium, served  # noqa: E402
from tests.browser.test_table_pages import READY, decide  # noqa: E402

SIZES = ((("width", 1280), ("height", 800)), (("width", 390), ("height", 844)))


def shuffle_moment(page) -> bool:
    first = page.locator("#choices button.choice").first
    return bool(page.locator("#layout .slot.pickable").count() and first.count()
                and (first.text_content() or "").startswith(("Keep", "並び")))


def action_moment(page) -> bool:
    prompt = page.text_content("#prompt") or ""
    return prompt.startswith(("Your action", "アクション")) and \
        bool(page.locator("[data-testid=end-turn]").count())


def main() -> None:
    with served("--http-rate", "1000") as base, chromium() as browser:
        for game, seed, moment, name in (
                ("draws-troidal", 2, shuffle_moment, "draws-swap-preview"),
                ("dreadnought", 3, action_moment, "dreadnought-end-turn")):
            for size, lang, suffix in ((dict(SIZES[0]), "en", ""),
                                       (dict(SIZES[1]), "ja", "-phone-ja")):
                page = browser.new_page(viewport=size)
                page.add_init_script("localStorage.setItem('cardtable-pace','instant');"
                                     f"localStorage.setItem('cardtable-lang','{lang}')")
                page.goto(f"{base}/play/{game}?vs=greedy&seed={seed}&lang={lang}")
                page.wait_for_url("**/t/**")
                rng = random.Random(5 if game == "dreadnought" else seed)
                for _ in range(80):
                    page.wait_for_selector(READY, timeout=60_000)
                    if moment(page):
                        break
                    decide(page, rng)
                if game == "draws-troidal":
                    page.locator("#layout .slot.pickable").first.click(
                        position={"x": 6, "y": 10})
                    second = page.locator("#layout .slot.pickable").first
                    if size["width"] > 760:
                        second.hover()
                    else:
                        second.click(position={"x": 6, "y": 10})
                else:
                    page.locator("[data-testid=end-turn]").hover()
                page.wait_for_timeout(400)  # the preview's slide, for the picture
                page.screenshot(path=str(DOCS / f"{name}{suffix}.png"))
                print(name + suffix)
                page.close()


if __name__ == "__main__":
    main()

"""A strip of frames of one move told on the board, for every playable game (docs/screenshots).

Not a benchmark: it starts ``cardtable serve`` on a free port with a throwaway database, plays
seat 1 against greedy by clicking random choices at the instant pace, then at the slow pace
photographs the page every half second (three for Dice and Monsters' long battle) while the
story of each of the last moves is told, and keeps the longest story as a 3-column strip,
``story-GAME.png``. Run: ``.venv/bin/python benchmarks/story_strips.py [GAME...]``.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

from cardtable.core import list_games

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screens import DOCS, chromium, served

CHOICE = "[data-testid=choice]:not([disabled])"
IDLE = (f"body[data-story=idle][data-state=your-turn] {CHOICE}, "
        "body[data-story=idle][data-state=over]")
SEEDS = {"draws-troidal": 2, "dice-and-monsters": 3, "sarasvati": 2, "culdcept": 4,
         "dreadnought": 2}
#: the seat's decisions made; the last six are told at the slow pace and photographed
DECISIONS = {"draws-troidal": 14, "dice-and-monsters": 17, "sarasvati": 12, "culdcept": 10,
             "dreadnought": 16}
SKIP = "() => { const b = document.getElementById('skip'); if (!b.hidden) b.click(); }"


def strip(frames: list[Path], path: Path, cols: int = 3) -> None:
    ims = [Image.open(f) for f in frames]
    w, h = ims[0].size
    tw, th = w // 2, h // 2
    rows = (len(ims) + cols - 1) // cols
    out = Image.new("RGB", (tw * cols + 6 * (cols - 1), th * rows + 6 * (rows - 1)), (20, 20, 20))
    for i, im in enumerate(ims):
        out.paste(im.resize((tw, th)), ((i % cols) * (tw + 6), (i // cols) * (th + 6)))
    out.save(path)


def told(page, game: str, i: int, tmp: Path) -> list[Path]:
    """Photographs of the story the last click started, until it is told (at most nine)."""
    frames: list[Path] = []
    start = time.time()
    while len(frames) < 9 and time.time() - start < 40:
        time.sleep(3.0 if game == "dice-and-monsters" else 0.5)
        if page.get_attribute("body", "data-story") != "telling":
            break
        frames.append(tmp / f"{game}-{i}-{len(frames)}.png")
        page.screenshot(path=str(frames[-1]))
    page.evaluate(SKIP)
    return frames


def main() -> None:
    only = set(sys.argv[1:])
    with served("--http-rate", "1000") as base, chromium() as browser, \
            tempfile.TemporaryDirectory() as tmp:
        for info in list_games():
            game = info.id
            if not info.playable or (only and game not in only) or game not in SEEDS:
                continue
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.add_init_script("localStorage.setItem('cardtable-pace','instant');"
                                 "localStorage.setItem('cardtable-lang','en')")
            page.goto(f"{base}/play/{game}?vs=greedy&seed={SEEDS[game]}&lang=en")
            rng = random.Random(SEEDS[game])
            best: list[Path] = []
            for i in range(DECISIONS[game]):
                page.wait_for_selector(IDLE, timeout=120_000)
                if page.locator("body[data-state=over]").count():
                    break
                if i == DECISIONS[game] - 7:
                    page.select_option("#pace", "slow")
                rng.choice(page.locator(CHOICE).all()).click()
                if i >= DECISIONS[game] - 7:
                    frames = told(page, game, i, Path(tmp))
                    best = frames if len(frames) > len(best) else best
            if best:
                strip(best, DOCS / f"story-{game}.png")
            print(game, len(best), "frames")
            page.close()


if __name__ == "__main__":
    main()

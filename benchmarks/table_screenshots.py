"""Screenshots of the browser table in the middle of a game of every playable game (docs/).

Not a benchmark: it starts ``cardtable serve`` on a free port with a throwaway database, plays
a friend game by random legal moves over HTTP to a seeded point, and photographs seat 1's page
in Debian's chromium at 1280x800 and at 390x844 (a phone), plus the lobby. Run:
``.venv/bin/python benchmarks/table_screenshots.py [GAME...]`` (no game: every playable game).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

from cardtable.core import list_games

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screens import DOCS, call, chromium, served, shrink

#: how far into each game the picture is taken (moves by both seats)
MOVES = {"draws-troidal": 24, "dice-and-monsters": 60, "sarasvati": 40, "culdcept": 400,
         "dreadnought": 400}
#: or until seat 1's table shows a moment worth a picture (Dice and Monsters: asked for the
#: team, its one mid-game step; Culdcept: defending a land against an invader whose battle card
#: lies face down; Dreadnought: a reaction chain open between the sides)
STOP: dict[str, Callable[[dict], bool]] = {
    "dice-and-monsters": lambda t: t["phase"] == "team",
    "culdcept": lambda t: any(z["id"] == "battle" and z["cards"][1] == {"face_up": False}
                              for z in t["zones"]),
    "dreadnought": lambda t: any(z["id"] == "chain" for z in t["zones"]),
}
#: the games also photographed in Japanese
JAPANESE = tuple(g.id for g in list_games() if g.playable)


def main() -> None:
    only = set(sys.argv[1:])  # game ids to photograph; none: every playable game
    DOCS.mkdir(parents=True, exist_ok=True)
    with served("--http-rate", "1000") as base, chromium() as browser:
        for info in list_games():
            if not info.playable or (only and info.id not in only):
                continue
            made = call(base + "/api/tables", {"game": info.id, "opponent": "friend",
                                               "seed": 7})
            tokens = {int(s) - 1: link.split("#k=")[1]
                      for s, link in made["links"].items()}
            rng = random.Random(1)
            for _ in range(MOVES.get(info.id, 30)):
                seat = call(f"{base}/api/tables/{made['table']}")["to_move"]
                if seat < 0:
                    break
                now = call(f"{base}/api/tables/{made['table']}", token=tokens[seat])
                stop = STOP.get(info.id)
                if now["result"] is not None or (
                        seat == 0 and stop is not None and stop(now["table"])):
                    break
                code = rng.choice(now["choices"])["code"]
                call(f"{base}/api/tables/{made['table']}/move",
                     {"token": tokens[seat], "code": code, "n": now["n"]})
            for lang, size, suffix in (("en", (1280, 800), ""), ("ja", (1280, 800), "-ja"),
                                       ("en", (390, 844), "-phone"),
                                       ("ja", (390, 844), "-phone-ja")):
                if suffix.endswith("-ja") and info.id not in JAPANESE:
                    continue
                page = browser.new_page(viewport={"width": size[0], "height": size[1]})
                page.add_init_script(f"localStorage.setItem('cardtable-lang', '{lang}');"
                                     "localStorage.setItem('cardtable-pace', 'instant')")
                page.goto(base + made["links"]["1"])
                page.wait_for_selector("[data-testid=prompt]:not(:empty)")
                page.wait_for_timeout(300)
                page.screenshot(path=str(DOCS / f"{info.id}{suffix}.png"))
                shrink(DOCS / f"{info.id}{suffix}.png")
                page.close()
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.add_init_script("localStorage.setItem('cardtable-lang', 'en')")
        page.goto(base + "/")
        page.wait_for_selector(".gamecard button")
        page.screenshot(path=str(DOCS / "lobby.png"))
        shrink(DOCS / "lobby.png")
        page.close()


if __name__ == "__main__":
    main()

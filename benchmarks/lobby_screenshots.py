"""Screenshots of the lobby for strangers, the leaderboard and a lobby table with its clock
(docs/screenshots/), at 1280x800 and 390x844.

Not a benchmark: it starts ``cardtable serve`` on a free port with a throwaway database, names
five players, has them play (and resign) a few rated games so the leaderboard has rows, opens
two tables waiting for an opponent, pairs two players by quick match on a real-time clock and
photographs the pages in Debian's chromium. Run:
``PYTHONPATH=src .venv/bin/python benchmarks/lobby_screenshots.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screens import DOCS, call, chromium, served

GAME = "draws-troidal"


def main() -> None:
    with served() as base:
        keys = {n: call(base + "/api/players", {"name": n})["key"]
                for n in ("Alice", "ボブ", "Carmen", "さくら", "Dmitri")}
        names = list(keys)
        for winner, loser in ((0, 1), (0, 2), (1, 2), (3, 4), (0, 3), (3, 1), (2, 4)):
            first = call(base + "/api/quick", {"game": GAME, "player": keys[names[loser]]})
            second = call(base + "/api/quick", {"game": GAME, "player": keys[names[winner]]})
            assert first["table"] == second["table"]
            call(f"{base}/api/tables/{first['table']}/resign",
                 {"token": first["link"].split("#k=")[1]})
        for game, clock in (("culdcept", {"kind": "turn"}),
                            ("sarasvati", {"kind": "realtime", "bank": 600, "increment": 10})):
            call(base + "/api/open", {"game": game, "player": keys["Carmen"], "clock": clock,
                                      "rated": True})
        host = call(base + "/api/quick", {"game": GAME, "player": keys["Alice"],
                                          "clock": {"kind": "realtime", "bank": 300,
                                                    "increment": 5}})
        guest = call(base + "/api/quick", {"game": GAME, "player": keys["ボブ"],
                                           "clock": {"kind": "realtime", "bank": 300,
                                                     "increment": 5}})
        with chromium() as browser:
            for size, suffix in (((1280, 800), ""), ((390, 844), "-phone")):
                for lang in ("en", "ja"):
                    tail = suffix + ("-ja" if lang == "ja" else "")
                    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
                    page.add_init_script(
                        f"localStorage.setItem('cardtable-lang', '{lang}');"
                        "localStorage.setItem('cardtable-pace', 'instant');"
                        "localStorage.setItem('cardtable-player', "
                        f"JSON.stringify({{name: 'さくら', key: '{keys['さくら']}'}}))")
                    page.goto(base + "/")
                    page.wait_for_selector(".open-table")
                    page.screenshot(path=str(DOCS / f"lobby-people{tail}.png"))
                    page.goto(f"{base}/leaderboard?game={GAME}")
                    page.wait_for_selector("#rows tr")
                    page.screenshot(path=str(DOCS / f"leaderboard{tail}.png"))
                    page.goto(base + host["link"])
                    page.wait_for_selector("#clockbar .seatclock.running")
                    page.wait_for_selector("[data-testid=prompt]:not(:empty)")
                    page.wait_for_timeout(1500)
                    page.screenshot(path=str(DOCS / f"table-clock{tail}.png"))
                    page.close()
        del guest


if __name__ == "__main__":
    main()

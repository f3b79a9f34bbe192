"""A strip of frames of Dreadnought's chain resolving link by link, with a code's damage rising
over the unit it hits (docs/screenshots/story-dreadnought-chain.png), and with ``--dummy`` one
whose hit destroys the opponent's face-down dummy, shown on its back
(docs/screenshots/story-dreadnought-dummy.png).

Not a benchmark: it starts ``cardtable serve`` on a free port with a throwaway database, plays
friend games by random legal moves over HTTP to their end, finds the first move whose story
resolves a chain link and hits a unit face up on the board (a card drawn as a back: the
dummy), opens the record's replay at the move before from seat 1 at the slow pace and
photographs the step forward. Run: ``.venv/bin/python benchmarks/chain_strip.py [--dummy]``.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screens import call, chromium, served
from story_strips import DOCS, strip


def played(base: str, seed: int) -> tuple[str, dict[int, str]]:
    """A friend game of random legal moves to its end: its table and seat tokens."""
    made = call(base + "/api/tables", {"game": "dreadnought", "opponent": "friend", "seed": seed})
    tokens = {int(s) - 1: link.split("#k=")[1] for s, link in made["links"].items()}
    table, rng = made["table"], random.Random(seed)
    while True:
        seat = call(f"{base}/api/tables/{table}")["to_move"]
        if seat < 0:
            return table, tokens
        now = call(f"{base}/api/tables/{table}", token=tokens[seat])
        if now["result"] is not None:
            return table, tokens
        code = rng.choice(now["choices"])["code"]
        call(f"{base}/api/tables/{table}/move",
             {"token": tokens[seat], "code": code, "n": now["n"]})


def chain_move(base: str, table: str, token: str, dummy: bool = False) -> int | None:
    """The first move that resolves a link and hits a unit drawn face up before it (drawn as
    a back that the move destroys, with ``dummy``)."""
    total = call(f"{base}/api/tables/{table}")["n"]
    for at in range(2, total + 1):
        step = call(f"{base}/api/tables/{table}/replay?at={at}&lang=en", token=token)
        cues = [c for line in step.get("cues") or [] for c in line]
        if not any(c.get("zone") == "chain" for c in cues):
            continue
        before = call(f"{base}/api/tables/{table}/replay?at={at - 1}&lang=en", token=token)
        shown = {c["key"] for z in before["table"]["zones"] if z["id"].startswith("area")
                 for c in z["cards"] if c and c.get("face_up") and c.get("key")} if not dummy \
            else set()
        slots = {(z["id"], i) for z in before["table"]["zones"] if z["id"].startswith("area")
                 for i, c in enumerate(z["cards"]) if c and bool(c.get("face_up")) != dummy and i}
        if dummy:  # the back greys too: the hit destroyed it
            slots &= {(c.get("zone"), c.get("slot")) for c in cues if c.get("do") == "gone"}
        if any(c.get("do") == "hit" and (c.get("key") in shown or
                                         (c.get("zone"), c.get("slot")) in slots) for c in cues):
            return at
    return None


def main() -> None:
    dummy = "--dummy" in sys.argv[1:]
    # the script polls the replay of every move: GETs past the public server's per-address rate
    with served("--http-rate", "1000", "--get-rate", "100000") as base, \
            tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        seeds = range(7, 40) if dummy else range(7, 12)
        for seed in seeds:
            table, tokens = played(base, seed)
            at = chain_move(base, table, tokens[0], dummy)
            if at is not None:
                break
        else:
            raise SystemExit(f"no chain with damage on a unit in {len(seeds)} games")
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.add_init_script("localStorage.setItem('cardtable-pace','slow');"
                                 "localStorage.setItem('cardtable-lang','en')")
            page.goto(f"{base}/replay/t/{table}?at={at - 1}&lang=en#k={tokens[0]}")
            page.wait_for_selector("body[data-story=idle]", timeout=30_000)
            page.wait_for_timeout(800)
            page.click("#forward")
            frames: list[Path] = []
            for i in range(9):
                page.wait_for_timeout(450)
                frames.append(tmp / f"chain-{i}.png")
                page.screenshot(path=str(frames[-1]))
                if page.get_attribute("body", "data-story") != "telling":
                    break
            strip(frames, DOCS / ("story-dreadnought-dummy.png" if dummy else
                                  "story-dreadnought-chain.png"))
            print(f"move {at} of table {table}: {len(frames)} frames")


if __name__ == "__main__":
    main()

"""A strip of frames of Dreadnought's chain resolving link by link, with a code's damage rising
over the unit it hits (docs/screenshots/story-dreadnought-chain.png).

Not a benchmark: it starts ``cardtable serve`` on a free port with a throwaway database, plays
friend games by random legal moves over HTTP to their end, finds the first move whose story
resolves a chain link and hits a unit face up on the board, opens the record's replay at the
move before from seat 1 at the slow pace and photographs the step forward. Run:
``.venv/bin/python benchmarks/chain_strip.py``.
"""

from __future__ import annotations

import json
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from story_strips import DOCS, strip


def call(url: str, body: dict | None = None, token: str = "") -> dict:
    headers = {"content-type": "application/json", **({"x-seat-token": token} if token else {})}
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers=headers)
    return json.loads(urllib.request.urlopen(request, timeout=60).read())


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


def chain_move(base: str, table: str, token: str) -> int | None:
    """The first move that resolves a link and hits a unit drawn face up before it."""
    total = call(f"{base}/api/tables/{table}")["n"]
    for at in range(2, total + 1):
        step = call(f"{base}/api/tables/{table}/replay?at={at}&lang=en", token=token)
        cues = [c for line in step.get("cues") or [] for c in line]
        if not any(c.get("zone") == "chain" for c in cues):
            continue
        before = call(f"{base}/api/tables/{table}/replay?at={at - 1}&lang=en", token=token)
        shown = {c["key"] for z in before["table"]["zones"] if z["id"].startswith("area")
                 for c in z["cards"] if c and c.get("face_up") and c.get("key")}
        slots = {(z["id"], i) for z in before["table"]["zones"] if z["id"].startswith("area")
                 for i, c in enumerate(z["cards"]) if c and c.get("face_up") and i}
        if any(c.get("do") == "hit" and (c.get("key") in shown or
                                         (c.get("zone"), c.get("slot")) in slots) for c in cues):
            return at
    return None


def main() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    tmp = Path(tempfile.mkdtemp())
    server = subprocess.Popen(
        [sys.executable, "-c", "from cardtable.cli.app import main; main()", "serve",
         "--port", str(port), "--db", str(tmp / "t.db"), "--http-rate", "1000"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):  # until it answers
            try:
                urllib.request.urlopen(base + "/api/games", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        for seed in range(7, 12):
            table, tokens = played(base, seed)
            at = chain_move(base, table, tokens[0])
            if at is not None:
                break
        else:
            raise SystemExit("no chain with damage on a unit in five games")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"),
                                        args=["--no-sandbox"])
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
            strip(frames, DOCS / "story-dreadnought-chain.png")
            print(f"move {at} of table {table}: {len(frames)} frames")
            browser.close()
    finally:
        server.kill()
        server.wait()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

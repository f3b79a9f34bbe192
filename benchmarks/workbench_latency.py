"""How long the workbench takes to answer a keystroke: a card check and a deck check over HTTP,
and, with ``--browser``, from a key typed in chromium to the page showing that text's check.

Starts nothing: point it at a running ``cardtable serve`` (``--url``, default
http://127.0.0.1:8000). Each is timed over ``--runs`` runs (after one warm-up) and the median
and the 90th percentile are printed. The page waits 120 ms after the last key before it asks,
so the browser figure includes that pause. Run (``--browser`` for the page's figure):
``.venv/bin/python benchmarks/workbench_latency.py --url http://127.0.0.1:8000 --runs 50``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import urllib.request

CARDS = ("◆ 火竜 / Fire Drake\n属性: 火  パワー: 7  リスク: 4  ガード: 1\n\n"
         "◆ 安い巨人 / Bargain Giant\n属性: 土  パワー: 8  リスク: 1  ガード: 2\n\n"
         "◆ 霧の番人 / Mist Keeper\n属性: 水  パワ: 3  リスク: 2  ガード: 0\n")


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, json.dumps(body).encode(),
                                 {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def timed(fn, runs: int) -> tuple[float, float]:
    fn()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    times.sort()
    return statistics.median(times), times[int(0.9 * (len(times) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default="http://127.0.0.1:8000")
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--browser", action="store_true", help="also time the page in chromium")
    args = ap.parse_args()
    base = f"{args.url}/api/design/draws-troidal"
    pool = json.load(urllib.request.urlopen(base))
    entries = [*pool["decks"][0]["entries"][:13], ["火竜", 4], ["安い巨人", 4]]
    for label, fn in (
            ("card check", lambda: post(f"{base}/check", {"text": CARDS})),
            ("deck check", lambda: post(f"{base}/deck", {"name": "t", "cards": CARDS,
                                                         "entries": entries}))):
        median, p90 = timed(fn, args.runs)
        print(f"{label}: median {1000 * median:.0f} ms, 90th percentile {1000 * p90:.0f} ms "
              f"over {args.runs} runs")
    if args.browser:
        median, p90 = in_browser(args.url, args.runs)
        print(f"last key to its check shown in chromium: median {1000 * median:.0f} ms, "
              f"90th percentile {1000 * p90:.0f} ms over {args.runs} runs")


def in_browser(url: str, runs: int) -> tuple[float, float]:
    import shutil

    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"),
                                    args=["--no-sandbox"])
        page = browser.new_page()
        page.goto(f"{url}/design/draws-troidal?fresh=1")
        page.wait_for_selector("body[data-fresh=yes]", state="attached")
        page.locator("#editor").fill(CARDS)
        page.wait_for_selector("body[data-fresh=yes]", state="attached")
        page.locator("#editor").press("End")

        def one() -> None:
            page.keyboard.type("x")  # the flavour-less third card's last line grows by one
            page.wait_for_selector("body[data-fresh=yes]", state="attached")

        result = timed(one, runs)
        browser.close()
        return result


if __name__ == "__main__":
    main()

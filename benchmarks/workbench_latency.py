"""How long the workbench takes to answer a keystroke: a card check and a deck check over HTTP.

Starts nothing: point it at a running ``cardtable serve`` (``--url``, default
http://127.0.0.1:8000). Each request is timed over ``--runs`` runs (after one warm-up) and the
median and the 90th percentile are printed: what a designer waits between the last key and the
face and problems on the page (the page adds a 120 ms pause after the last key). Run:
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


if __name__ == "__main__":
    main()

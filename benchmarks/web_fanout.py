"""Spectator fan-out benchmark of the browser table server (not a test): what 48 spectators'
pages on one table, each asking for the whole table again 15 times a second (a change of
language, just under the per-connection message limit), cost another table's players.

One table (A) has its two seats moving about once a second and 48 spectator pages that read
everything they are sent, all from one address (127.0.0.2). Another table (B), from another
address (127.0.0.1), has two seats playing random legal moves a tenth of a second after each
position arrives; its move latency (sending a move to receiving the position after it) is the
figure. The server runs with its default limits; ``--serve-args`` passes others (``"--ws-rate
100000 --ws-address-rate 100000"`` leaves only the cache and the per-page sender in the way).
The run alternates phases with the spectators silent and asking, ``--rounds`` times each, and
reports B's p50 and p99 in each kind of phase (issue 44 saw 12 ms become 11.5 s), and how many
spectators' pages the server closed.

    nice -n 10 .venv/bin/python benchmarks/web_fanout.py --spectators 48 --rate 15 --rounds 3
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).parent))
from web_load import cpu_seconds, free_port, percentile, wait_ready


class Phase:
    """Whether the spectators are asking now; B's latencies, by kind of phase."""

    def __init__(self) -> None:
        self.asking = False
        self.latencies: dict[bool, list[float]] = {False: [], True: []}
        self.asked = 0
        self.received = 0
        self.stop = False
        #: the close codes of spectators' pages the server closed
        self.closed: list[int] = []


async def player(ws_url: str, token: str, rng: random.Random, phase: Phase,
                 pause: float = 0.0, timed: bool = False) -> None:
    async with websockets.connect(ws_url, max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"token": token}))
        sent_at: float | None = None
        sent_in = False
        while not phase.stop:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
            except TimeoutError:
                continue
            if msg["type"] != "state":
                sent_at = None
                continue
            if sent_at is not None and timed:
                phase.latencies[sent_in].append(time.perf_counter() - sent_at)
            sent_at = None
            if msg["result"] is not None:
                return
            if msg["yours"]:
                if pause:
                    await asyncio.sleep(pause)
                sent_at, sent_in = time.perf_counter(), phase.asking
                await ws.send(json.dumps({"move": rng.choice(msg["choices"])["code"],
                                          "n": msg["n"]}))


async def spectator(ws_url: str, rate: float, phase: Phase, index: int) -> None:
    async with websockets.connect(ws_url, max_size=None, compression=None,
                                  local_addr=("127.0.0.2", 0)) as ws:
        await ws.send(json.dumps({"token": None}))

        async def reader() -> None:
            async for _ in ws:
                phase.received += 1

        task = asyncio.get_running_loop().create_task(reader())
        langs = ("en", "ja")
        i = index
        try:
            while not phase.stop:
                await asyncio.sleep(1 / rate)
                if phase.asking:
                    i += 1
                    await ws.send(json.dumps({"lang": langs[i % 2]}))
                    phase.asked += 1
        except websockets.ConnectionClosed as exc:
            phase.closed.append(exc.rcvd.code if exc.rcvd else 1006)
        task.cancel()


async def table(client: httpx.AsyncClient, base: str) -> tuple[str, list[str]]:
    r = await client.post(base + "/api/tables", json={"game": "draws-troidal",
                                                      "opponent": "friend"})
    data = r.json()
    return data["table"], [data["links"][s].split("#k=")[1] for s in ("1", "2")]


async def keep_playing(base: str, client: httpx.AsyncClient, rng: random.Random, phase: Phase,
                       pause: float, timed: bool, first: tuple[str, list[str]] | None = None
                       ) -> None:
    while not phase.stop:
        table_id, tokens = first or await table(client, base)
        first = None
        url = base.replace("http", "ws") + f"/ws/{table_id}"
        await asyncio.gather(*(player(url, t, random.Random(rng.random()), phase, pause, timed)
                               for t in tokens))


async def run(base: str, spectators: int, rate: float, seconds: float, rounds: int) -> Phase:
    phase = Phase()
    async with httpx.AsyncClient(timeout=60) as client:
        watched = await table(client, base)
        url = base.replace("http", "ws") + f"/ws/{watched[0]}"
        tasks = [asyncio.ensure_future(spectator(url, rate, phase, i))
                 for i in range(spectators)]
        tasks.append(asyncio.ensure_future(
            keep_playing(base, client, random.Random(1), phase, 1.0, False, watched)))
        tasks.append(asyncio.ensure_future(
            keep_playing(base, client, random.Random(2), phase, 0.1, True)))
        await asyncio.sleep(2.0)  # everyone connected
        for _ in range(rounds):
            for asking in (False, True):
                phase.asking = asking
                await asyncio.sleep(seconds)
        phase.stop = True
        await asyncio.gather(*tasks, return_exceptions=True)
    return phase


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spectators", type=int, default=48)
    ap.add_argument("--rate", type=float, default=15.0, help="redraws a spectator asks a second")
    ap.add_argument("--seconds", type=float, default=8.0, help="length of one phase")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--server-src", default=None, help="serve from another checkout's src/")
    ap.add_argument("--serve-args", default="", help="more options for cardtable serve")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = dict(os.environ)
        if args.server_src:
            env["PYTHONPATH"] = args.server_src
        serve = [sys.executable, "-c", "from cardtable.cli.app import main; main()", "serve",
                 "--port", str(port), "--db", str(Path(tmp) / "fanout.db"),
                 *args.serve_args.split()]
        server = subprocess.Popen(serve, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT)
        try:
            wait_ready(server, base)
            cpu = cpu_seconds(server.pid)
            phase = asyncio.run(run(base, args.spectators, args.rate, args.seconds,
                                    args.rounds))
            cpu = cpu_seconds(server.pid) - cpu
        finally:
            server.kill()
            server.wait()
    quiet, asking = phase.latencies[False] or [0.0], phase.latencies[True] or [0.0]
    p50q, p50a = statistics.median(quiet), statistics.median(asking)
    print(f"{args.spectators} spectators asking {args.rate:g} redraws a second each, "
          f"{args.rounds} x {args.seconds:g} s phases: another table's moves "
          f"silent p50 {1000 * p50q:.1f} ms p99 {1000 * percentile(quiet, 0.99):.1f} ms "
          f"({len(quiet)} moves); asking p50 {1000 * p50a:.1f} ms "
          f"p99 {1000 * percentile(asking, 0.99):.1f} ms ({len(asking)} moves): "
          f"p50 {100 * (p50a / p50q - 1):+.0f}%; {phase.asked} redraws asked, "
          f"{phase.received} messages to spectators, {len(phase.closed)} spectators' pages "
          f"closed ({', '.join(map(str, sorted(set(phase.closed)))) or 'none'}); "
          f"server CPU {cpu:.1f} s", flush=True)


if __name__ == "__main__":
    main()

"""Load benchmark of the browser table server (not a test): simulated players on WebSocket
clients, all on this machine, each playing random legal moves as fast as the server answers.

``TABLES`` friend tables run at once; both seats of each are WebSocket clients. When a game ends
its two players open a new table, so the load stays at ``TABLES`` tables for ``--seconds``.
Latency is the time from sending a move to receiving the position after it. Afterwards every
table in the server's database is replayed from its stored moves and compared with the moves
the clients saw acknowledged: nothing lost, nothing duplicated; finished games' downloaded
records must pass ``cardtable replay``.

    nice -n 10 .venv/bin/python benchmarks/web_load.py --tables 50 200 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import httpx
import websockets

from cardtable.core import GameRecord, load_game, replay
from cardtable.web.store import Store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Load:
    def __init__(self, base: str, game: str, deadline: float) -> None:
        self.base, self.game, self.deadline = base, game, deadline
        self.latencies: list[float] = []
        self.acked: dict[str, int] = defaultdict(int)
        self.finished: list[str] = []
        self.errors: list[str] = []

    async def seat(self, table: str, token: str, rng: random.Random) -> None:
        ws_url = self.base.replace("http", "ws") + f"/ws/{table}"
        async with websockets.connect(ws_url, max_size=None, compression=None) as ws:
            await ws.send(json.dumps({"token": token}))
            sent_at: float | None = None
            waiting_for = -1
            while True:
                wait = max(0.5, self.deadline - time.monotonic() + 5.0)
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), wait))
                except TimeoutError:
                    return  # the other seat stopped at the deadline
                if msg["type"] == "error":
                    self.errors.append(msg["message"])
                    sent_at = None
                    continue
                if sent_at is not None and msg["n"] >= waiting_for:
                    self.latencies.append(time.perf_counter() - sent_at)
                    self.acked[table] += 1
                    sent_at = None
                if msg["result"] is not None:
                    return
                if msg["yours"] and sent_at is None and time.monotonic() < self.deadline:
                    code = rng.choice(msg["choices"])["code"]
                    waiting_for = msg["n"] + 1
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"move": code, "n": msg["n"]}))
                elif time.monotonic() >= self.deadline and sent_at is None:
                    return

    async def pair(self, client: httpx.AsyncClient, rng: random.Random) -> None:
        while time.monotonic() < self.deadline:
            r = await client.post(self.base + "/api/tables",
                                  json={"game": self.game, "opponent": "friend"})
            data = r.json()
            table = data["table"]
            tokens = [data["links"][s].split("#k=")[1] for s in ("1", "2")]
            await asyncio.gather(*(self.seat(table, t, random.Random(rng.random()))
                                   for t in tokens))
            if time.monotonic() < self.deadline:
                self.finished.append(table)


async def run(base: str, game: str, tables: int, seconds: float, first: int = 0) -> Load:
    load = Load(base, game, time.monotonic() + seconds)
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        rngs = [random.Random(first + i) for i in range(tables)]
        await asyncio.gather(*(load.pair(client, r) for r in rngs))
    return load


def run_process(base: str, game: str, tables: int, seconds: float, first: int
                ) -> tuple[list[float], dict[str, int], list[str], list[str]]:
    """One client process's share of the players (so the clients are not the bottleneck)."""
    load = asyncio.run(run(base, game, tables, seconds, first))
    return load.latencies, dict(load.acked), load.finished, load.errors


def run_all(base: str, game: str, tables: int, seconds: float, processes: int) -> Load:
    shares = [tables // processes + (i < tables % processes) for i in range(processes)]
    starts = [sum(shares[:i]) for i in range(processes)]
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        parts = pool.starmap(run_process, [(base, game, n, seconds, first)
                                           for n, first in zip(shares, starts, strict=True)])
    load = Load(base, game, 0.0)
    for latencies, acked, finished, errors in parts:
        load.latencies += latencies
        load.acked.update(acked)
        load.finished += finished
        load.errors += errors
    return load


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a live process has used (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def verify(db: Path, load: Load, base: str) -> tuple[int, int, list[str]]:
    """Replay every stored table; compare with what clients saw acknowledged."""
    store = Store(db)
    problems = []
    tables = 0
    moves = 0
    for table_id in list(load.acked):
        row = store.load(table_id)
        if row is None:
            problems.append(f"{table_id}: not stored")
            continue
        game = load_game(row.game)
        record = GameRecord(game=row.game, seed=row.seed, options=row.options, decks=row.decks,
                            cards=row.cards, actions=row.moves, digests=[], result=None)
        report = replay(record)
        if report.steps != len(row.moves) or (not report.ok and "result" not in report.message):
            problems.append(f"{table_id}: {report.message}")
        if len(row.moves) != load.acked[table_id]:
            problems.append(f"{table_id}: {len(row.moves)} stored, "
                            f"{load.acked[table_id]} acknowledged")
        tables += 1
        moves += len(row.moves)
        del game
    with httpx.Client(timeout=60) as client:
        for table_id in load.finished:
            rec = GameRecord.from_json(client.get(f"{base}/api/tables/{table_id}/record").json())
            report = replay(rec)
            if not report.ok:
                problems.append(f"{table_id} record: {report.message}")
    store.close()
    return tables, moves, problems


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, nargs="+", default=[50, 200])
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--game", default="draws-troidal")
    ap.add_argument("--clients", type=int, default=2, help="client processes")
    args = ap.parse_args()
    for tables in args.tables:
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "load.db"
            port = free_port()
            base = f"http://127.0.0.1:{port}"
            server = subprocess.Popen(
                [sys.executable, "-c", "from cardtable.cli.app import main; main()", "serve",
                 "--port", str(port), "--db", str(db), "--ws-rate", "100000",
                 "--http-rate", "100000"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            try:
                assert server.stdout is not None
                server.stdout.readline()
                for _ in range(200):
                    try:
                        httpx.get(base + "/api/games")
                        break
                    except httpx.HTTPError:
                        time.sleep(0.05)
                cpu_before = cpu_seconds(server.pid)
                started = time.perf_counter()
                load = run_all(base, args.game, tables, args.seconds, args.clients)
                elapsed = time.perf_counter() - started
                server_cpu = cpu_seconds(server.pid) - cpu_before
                count, stored, problems = verify(db, load, base)
            finally:
                server.kill()
                server.wait()
        lat = load.latencies
        print(f"{args.game}: {tables} concurrent tables ({2 * tables} WebSocket players), "
              f"{elapsed:.1f} s: {len(lat)} moves, {len(lat) / elapsed:.0f} moves/s, "
              f"latency p50 {1000 * statistics.median(lat):.1f} ms, "
              f"p99 {1000 * percentile(lat, 0.99):.1f} ms; server CPU {server_cpu:.1f} s "
              f"({1000 * server_cpu / max(1, len(lat)):.1f} ms a move); {count} tables "
              f"({len(load.finished)} finished) replayed, {stored} moves stored, "
              f"{len(problems)} problems, {len(load.errors)} refused moves", flush=True)
        for p in problems[:10]:
            print("  problem:", p)
        for e in load.errors[:5]:
            print("  refused:", e)


if __name__ == "__main__":
    main()

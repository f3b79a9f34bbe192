"""Load benchmark of the browser table server (not a test): simulated players on WebSocket
clients, all on this machine, each playing random legal moves as fast as the server answers.

``TABLES`` friend tables run at once; both seats of each are WebSocket clients. When a game ends
its two players open a new table, so the load stays at ``TABLES`` tables for ``--seconds``.
Latency is the time from sending a move to receiving the position after it. Afterwards every
table in the server's database is replayed from its stored moves (as a record with its rules
version, ``make_record``) and compared with the moves the clients saw acknowledged: nothing
lost, nothing duplicated; finished games' downloaded records must pass ``cardtable replay``.
Any problem is printed and the run exits with status 1: a lost move never passes quietly.

``--mcts-tables N`` adds N tables where a scripted human plays the strongest computer opponent
(``mcts:ms=3000``); their human moves' acknowledgements are reported on their own line, as is
every move of the friend tables running beside them. Server CPU counts the server process and
its worker processes.

    nice -n 10 .venv/bin/python benchmarks/web_load.py --tables 50 200 --seconds 20
    nice -n 10 .venv/bin/python benchmarks/web_load.py --tables 10 --mcts-tables 40 --seconds 30
    nice -n 10 .venv/bin/python benchmarks/web_load.py --tables 50 --db postgresql://... --servers 2
    nice -n 10 .venv/bin/python benchmarks/web_load.py --tables 50 --postgres --servers 2 --redis

``--postgres`` and ``--redis`` start a throwaway PostgreSQL (a fresh database each run) and
Redis as the tests do (``tests/web/conftest.py``: Debian's ``postgresql`` and
``redis-server``); with ``--redis`` the servers tell each other of moves over its pub/sub
instead of PostgreSQL's LISTEN/NOTIFY. Their own CPU is reported beside the servers'.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' service starters

from cardtable.core import GameRecord, load_game, make_record, replay
from cardtable.core.record import decks_from_record
from cardtable.web.store import open_store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(server: subprocess.Popen[bytes], base: str) -> None:
    """Returns once the started ``server`` has printed its first line and answers HTTP (about
    10 s at most), so that no run times the server's own start."""
    assert server.stdout is not None
    server.stdout.readline()
    for _ in range(200):
        try:
            httpx.get(base + "/api/games")
            return
        except httpx.HTTPError:
            time.sleep(0.05)


class Load:
    def __init__(self, base: str, game: str, deadline: float, compress: bool = False) -> None:
        self.base, self.game, self.deadline = base, game, deadline
        #: the clients ask for permessage-deflate, as every browser does (else plain frames)
        self.compression = "deflate" if compress else None
        self.latencies: list[float] = []
        #: acknowledgements of the human's moves on tables against the computer
        self.vs_computer: list[float] = []
        #: acknowledgements on friend tables where each seat takes about a second a move
        self.humans: list[float] = []
        #: from asking for a table against greedy to its first computer move
        self.first: list[float] = []
        self.acked: dict[str, int] = defaultdict(int)
        self.finished: list[str] = []
        self.errors: list[str] = []
        self.computer_tables: list[str] = []
        #: CPU seconds the client processes used (the load generator's own cost)
        self.client_cpu = 0.0

    async def seat(self, table: str, token: str, rng: random.Random,
                   into: list[float] | None = None, pause: float = 0.0) -> None:
        into = self.latencies if into is None else into
        ws_url = self.base.replace("http", "ws") + f"/ws/{table}"
        async with websockets.connect(ws_url, max_size=None,
                                      compression=self.compression) as ws:
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
                    into.append(time.perf_counter() - sent_at)
                    self.acked[table] += 1
                    sent_at = None
                if msg["result"] is not None:
                    return
                if msg["yours"] and sent_at is None and time.monotonic() < self.deadline:
                    if pause:  # a person reads the table before choosing
                        await asyncio.sleep(pause * (0.5 + rng.random()))
                    code = rng.choice(msg["choices"])["code"]
                    waiting_for = msg["n"] + 1
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"move": code, "n": msg["n"]}))
                elif time.monotonic() >= self.deadline and sent_at is None:
                    return

    async def paced(self, client: httpx.AsyncClient, rng: random.Random) -> None:
        """Two people at a friend table, each taking about a second to choose."""
        while time.monotonic() < self.deadline:
            table, tokens = await self.friend_table(client)
            await asyncio.gather(*(self.seat(table, t, random.Random(rng.random()),
                                             self.humans, 1.0) for t in tokens))

    async def friend_table(self, client: httpx.AsyncClient) -> tuple[str, list[str]]:
        """A new friend table and its two seats' tokens; a refusal says why (its status and
        body) rather than failing later on a missing key."""
        r = await client.post(self.base + "/api/tables",
                              json={"game": self.game, "opponent": "friend"})
        data = r.json()
        if "table" not in data:
            raise RuntimeError(f"POST /api/tables answered {r.status_code}: {r.text[:300]}")
        return data["table"], [data["links"][s].split("#k=")[1] for s in ("1", "2")]

    async def first_moves(self, client: httpx.AsyncClient) -> None:
        """Now and then a new table against ``greedy`` with the computer to move first: how
        long until its first move arrives (the audit saw 31 s behind forty searches)."""
        while time.monotonic() < self.deadline - 3:
            started = time.perf_counter()
            r = await client.post(self.base + "/api/tables", json={
                "game": self.game, "opponent": "greedy", "seat": 2})
            data = r.json()
            token = data["links"]["2"].split("#k=")[1]
            url = self.base.replace("http", "ws") + f"/ws/{data['table']}"
            async with websockets.connect(url, max_size=None,
                                          compression=self.compression) as ws:
                await ws.send(json.dumps({"token": token}))
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 120))
                    if msg["type"] == "state" and msg["n"] >= 1:
                        self.first.append(time.perf_counter() - started)
                        break
                    if msg["type"] == "state" and msg["yours"]:
                        break  # the human moves first in this game: nothing to time
            self.computer_tables.append(data["table"])
            await asyncio.sleep(2.0)

    async def versus(self, client: httpx.AsyncClient, rng: random.Random) -> None:
        """A human against the strongest computer opponent, table after table."""
        while time.monotonic() < self.deadline:
            r = await client.post(self.base + "/api/tables", json={
                "game": self.game, "opponent": "mcts", "strength": "strong"})
            data = r.json()
            token = data["links"]["1"].split("#k=")[1]
            await self.seat(data["table"], token, random.Random(rng.random()), self.vs_computer)
            # the computer's moves are stored but never acknowledged to this client: count them
            self.computer_tables.append(data["table"])

    async def pair(self, client: httpx.AsyncClient, rng: random.Random) -> None:
        while time.monotonic() < self.deadline:
            table, tokens = await self.friend_table(client)
            await asyncio.gather(*(self.seat(table, t, random.Random(rng.random()))
                                   for t in tokens))
            if time.monotonic() < self.deadline:
                self.finished.append(table)


async def run(base: str, game: str, tables: int, seconds: float, first: int = 0,
              versus: int = 0, paced: int = 0, compress: bool = False) -> Load:
    load = Load(base, game, time.monotonic() + seconds, compress)
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        rngs = [random.Random(first + i) for i in range(tables)]
        others = [random.Random(10_000 + first + i) for i in range(versus)]
        people = [random.Random(20_000 + first + i) for i in range(paced)]
        probe = [load.first_moves(client)] if versus and first == 0 else []
        await asyncio.gather(*(load.pair(client, r) for r in rngs),
                             *(load.versus(client, r) for r in others),
                             *(load.paced(client, r) for r in people), *probe)
    return load


def run_process(base: str, game: str, tables: int, seconds: float, first: int, versus: int,
                paced: int, compress: bool
                ) -> tuple[list[float], list[float], list[float], dict[str, int], list[str],
                           list[str], list[str], list[float], float]:
    """One client process's share of the players (so the clients are not the bottleneck)."""
    cpu = time.process_time()
    load = asyncio.run(run(base, game, tables, seconds, first, versus, paced, compress))
    return (load.latencies, load.vs_computer, load.humans, dict(load.acked), load.finished,
            load.errors, load.computer_tables, load.first, time.process_time() - cpu)


def _shares(total: int, processes: int) -> list[int]:
    return [total // processes + (i < total % processes) for i in range(processes)]


def run_all(base: str, game: str, tables: int, seconds: float, processes: int,
            versus: int = 0, paced: int = 0, compress: bool = False) -> Load:
    shares = _shares(tables, processes)
    starts = [sum(shares[:i]) for i in range(processes)]
    jobs = [(base, game, n, seconds, first, v, h, compress)
            for n, first, v, h in zip(shares, starts, _shares(versus, processes),
                                      _shares(paced, processes), strict=True)]
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        parts = pool.starmap(run_process, jobs)
    load = Load(base, game, 0.0)
    for (latencies, vs_computer, humans, acked, finished, errors, computer_tables, first,
         cpu) in parts:
        load.client_cpu += cpu
        load.first += first
        load.latencies += latencies
        load.vs_computer += vs_computer
        load.humans += humans
        load.acked.update(acked)
        load.finished += finished
        load.errors += errors
        load.computer_tables += computer_tables
    return load


def _children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids = [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            continue
        for kid in kids:
            out += [kid, *_children(kid)]
    return out


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a live process and its live worker processes have used
    (Linux ``/proc``)."""
    total = 0.0
    for p in [pid, *_children(pid)]:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def verify(db: Path | str, load: Load, base: str) -> tuple[int, int, list[str]]:
    """Replay every stored table as a record; compare with what clients saw acknowledged."""
    store = open_store(db)
    problems = []
    tables = 0
    moves = 0
    computer = set(load.computer_tables)
    for table_id in sorted(set(load.acked) | computer):
        row = store.load(table_id)
        if row is None:
            problems.append(f"{table_id}: not stored")
            continue
        game = load_game(row.game)
        setup = GameRecord(game=row.game, seed=row.seed, options=row.options, decks=row.decks,
                           cards=row.cards, actions=[], digests=[], result=None)
        state = game.new_game(row.seed, decks_from_record(game, setup), row.options)
        try:
            for code in row.moves:
                state.apply(code)
        except Exception as exc:  # a stored move that does not replay
            problems.append(f"{table_id}: stored moves do not replay: {exc}")
            continue
        report = replay(make_record(state, players=list(row.seats)))
        if not report.ok or report.steps != len(row.moves):
            problems.append(f"{table_id}: {report.message}")
        if table_id not in computer and len(row.moves) != load.acked[table_id]:
            problems.append(f"{table_id}: {len(row.moves)} stored, "
                            f"{load.acked[table_id]} acknowledged"
                            + (" (MOVES LOST)" if len(row.moves) < load.acked[table_id]
                               else ""))
        tables += 1
        moves += len(row.moves)
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
    ap.add_argument("--server-src", default=None,
                    help="serve from another checkout's src/ (an A/B comparison; the caps "
                         "are lifted only where that server has them)")
    ap.add_argument("--mcts-tables", type=int, default=0,
                    help="tables of a scripted human against mcts:ms=3000 beside the others")
    ap.add_argument("--human-tables", type=int, default=0,
                    help="friend tables whose seats take about a second a move, beside the "
                         "others: the acknowledgement a person waits for")
    ap.add_argument("--db", default=None,
                    help="a PostgreSQL URL (an empty database) instead of a fresh SQLite file; "
                         "its server's own CPU is not in the server CPU figure")
    ap.add_argument("--servers", type=int, default=1,
                    help="server processes sharing the tables (with --db postgresql://...)")
    ap.add_argument("--postgres", action="store_true",
                    help="start a throwaway PostgreSQL (as the tests do) and use a fresh "
                         "database of it for each run")
    ap.add_argument("--redis", action="store_true",
                    help="start a throwaway Redis (as the tests do) and have the servers "
                         "announce moves over its pub/sub (with a PostgreSQL database)")
    ap.add_argument("--compression", action="store_true",
                    help="the clients ask for permessage-deflate, as browsers do (by default "
                         "they send and read plain frames)")
    args = ap.parse_args()
    if (args.redis or args.servers > 1) and not (args.db or args.postgres):
        ap.error("--redis and --servers share the tables through PostgreSQL: give --db "
                 "postgresql://... or --postgres")
    failed = False
    with contextlib.ExitStack() as services:
        postgres, redis = _services(services, args.postgres, args.redis)
        for tables in args.tables:
            failed |= _run_once(args, tables, postgres, redis)
    if failed:
        sys.exit(1)


def _services(stack: contextlib.ExitStack, postgres: bool, redis: bool) -> tuple[Any, Any]:
    """The throwaway PostgreSQL and Redis asked for (None each when not), stopped with
    ``stack``."""
    from tests.web.conftest import Postgres, Redis

    pg = rd = None
    if postgres:
        root = Path(tempfile.mkdtemp(prefix="cardtable-load-pg-"))
        pg = Postgres(root)
        pg.start()
        stack.callback(shutil.rmtree, root, True)
        stack.callback(pg.stop)
    if redis:
        root = Path(tempfile.mkdtemp(prefix="cardtable-load-redis-"))
        rd = Redis(root)
        rd.ready()
        stack.callback(shutil.rmtree, root, True)
        stack.callback(rd.stop)
    return pg, rd


def _run_once(args: argparse.Namespace, tables: int, postgres: Any, redis: Any) -> bool:
    """One run at ``tables`` tables; True when it found a problem."""
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        db: Path | str = args.db or (postgres.fresh() if postgres is not None
                                     else Path(tmp) / "load.db")
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = dict(os.environ)
        if args.server_src:
            env["PYTHONPATH"] = args.server_src
        serve = [sys.executable, "-c", "from cardtable.cli.app import main; main()", "serve"]
        caps = subprocess.run([*serve, "--help"], env=env, capture_output=True,
                              text=True).stdout
        lifted = ["--max-tables-per-address", "100000", "--max-tables", "100000"] \
            if "--max-tables" in caps else []
        if "--max-connections" in caps:  # every client is on 127.0.0.1
            lifted += ["--max-connections-per-address", "100000", "--get-rate", "100000",
                       "--ws-address-rate", "100000"]
        server = subprocess.Popen(
            [*serve, "--port", str(port), "--db", str(db), "--ws-rate", "100000",
             "--http-rate", "100000", *lifted,
             *(["--servers", str(args.servers)] if args.servers > 1 else []),
             *(["--redis", redis.url()] if redis is not None else [])],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        try:
            wait_ready(server, base)
            cpu_before = cpu_seconds(server.pid)
            services_before = _services_cpu(postgres, redis)
            started = time.perf_counter()
            load = run_all(base, args.game, tables, args.seconds, args.clients,
                           args.mcts_tables, args.human_tables, args.compression)
            elapsed = time.perf_counter() - started
            server_cpu = cpu_seconds(server.pid) - cpu_before
            services_cpu = {k: v - services_before.get(k, 0.0)
                            for k, v in _services_cpu(postgres, redis).items()}
            count, stored, problems = verify(db, load, base)
        finally:
            server.kill()
            server.wait()
    lat = load.latencies or [0.0]
    done = len(load.latencies)
    print(f"{args.game}: {tables} concurrent tables ({2 * tables} WebSocket players), "
          f"{elapsed:.1f} s: {done} moves, {done / elapsed:.0f} moves/s, "
          f"latency p50 {1000 * statistics.median(lat):.1f} ms, "
          f"p99 {1000 * percentile(lat, 0.99):.1f} ms; server CPU {server_cpu:.1f} s "
          f"({1000 * server_cpu / max(1, stored):.1f} ms a stored move), clients' CPU "
          f"{load.client_cpu:.1f} s; {count} tables "
          f"({len(load.finished)} finished) replayed, {stored} moves stored, "
          f"{len(problems)} problems, {len(load.errors)} refused moves"
          + "".join(f"; {name}'s CPU {cpu:.1f} s ({1000 * cpu / max(1, stored):.1f} ms a "
                    "stored move)" for name, cpu in services_cpu.items()), flush=True)
    for acks, what in ((load.humans, f"{args.human_tables} tables of people (about 1 s a "
                                     f"move): {len(load.humans)} moves"),
                       (load.vs_computer, f"{args.mcts_tables} tables against mcts:ms=3000: "
                                          f"{len(load.vs_computer)} human moves")):
        if acks:
            print(f"  {what} acknowledged, p50 {1000 * statistics.median(acks):.1f} ms, "
                  f"p99 {1000 * percentile(acks, 0.99):.1f} ms, "
                  f"max {1000 * max(acks):.1f} ms", flush=True)
    if load.first:
        print(f"  a new table against greedy, computer first: its first move after "
              f"{', '.join(f'{1000 * f:.0f}' for f in load.first)} ms", flush=True)
    for p in problems[:10]:
        print("  problem:", p)
    for e in load.errors[:5]:
        print("  refused:", e)
    if problems:
        print(f"FAILED: {len(problems)} problems (lost or unreplayable moves)", flush=True)
        failed = True
    return failed


def _services_cpu(postgres: Any, redis: Any) -> dict[str, float]:
    """CPU seconds the throwaway PostgreSQL (its postmaster and every backend) and Redis
    have used so far."""
    out = {}
    if postgres is not None:
        pid_file = postgres.data / "postmaster.pid"
        with contextlib.suppress(OSError, ValueError):
            out["PostgreSQL"] = cpu_seconds(int(pid_file.read_text().split()[0]))
    if redis is not None:
        out["Redis"] = cpu_seconds(redis.process.pid)
    return out


if __name__ == "__main__":
    main()

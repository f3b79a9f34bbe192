"""Work that must never run on the event loop: computer moves and deck-file checks.

The event loop answers every seat of every table; anything that takes more than a few
milliseconds runs here, so a 60 KB deck of unknown names or forty tables of the strongest
computer opponent delay nobody's move acknowledgement. Four lanes, each its own pool:

* ``think``: searching agents (``mcts``), ``workers`` processes. Each table has at most one
  move in the lane (a table waits for its computer's move before asking for the next), so the
  lane's queue is bounded by the cap on open tables.
* ``quick``: the cheap agents (``random``, ``greedy``), one process, so a table against
  ``greedy`` never waits behind a three-second search.
* ``checks``: deck files, one process, shared fairly between addresses (``FairLane``): each
  address has at most ``CHECKS_PER_ADDRESS`` checks waiting or running (then 429), the
  addresses take turns, and at most ``MAX_WAITING_CHECKS`` wait in all (then 503, "busy, try
  again"), so one address keeping checks in flight delays another's by one check, no more. A
  file is at most ``MAX_DECK`` bytes and its diagnostics are capped at ``MAX_DIAGNOSTICS``.
  The designer's workbench's card checks and prints share this lane (``web/design.py``).
* ``study``: the workbench's quick balance studies, one process, a few games at a time (capped
  and cancellable in ``web/design.py``).

With ``processes=True`` (``cardtable serve``) the lanes are processes started with a lower
priority (``nice``), so the event loop wins the processor whenever it has work, and no search
holds the interpreter lock the loop needs. With ``processes=False`` (tests, embedding) they are
threads: the same code paths, without start-up cost. A move that takes longer than its limit
(``think_limit`` seconds for a search, ``quick_limit`` otherwise) is replaced by a random legal
move, so a stuck agent never freezes a table. A worker process watches the server that started
it and ends when that server does, however it ended (``kill -9`` included): no orphan is left
holding memory or a search.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import sys
import threading
from collections import OrderedDict, deque
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from cardtable.agents import make_agent
from cardtable.core import CardtableError, Deck, load_game
from cardtable.core.seeding import derive_seed
from cardtable.web.limits import MAX_DECK
from cardtable.web.refusal import Refusal

#: deck checks that may wait for the checking lane, in all and from one address
MAX_WAITING_CHECKS = 32
CHECKS_PER_ADDRESS = 2
#: seconds one deck check may take before its request is answered "too slow"
CHECK_LIMIT = 20.0
#: the diagnostics a check returns at most (the last one then says how many more there are)
MAX_DIAGNOSTICS = 100
#: how often a worker process looks whether its server still runs (seconds)
PARENT_WATCH = 0.5


class Busy(Refusal, CardtableError):
    """The lane is full: the request is refused now rather than queued without end."""

    def __init__(self, message: str, status: int = 503) -> None:
        super().__init__(message, status)


def _watch_parent(parent: int) -> None:
    """End this worker once the process that started it is gone (its parent changes)."""
    while True:
        if os.getppid() != parent:
            os._exit(0)
        threading.Event().wait(PARENT_WATCH)


def _worker_start(parent: int) -> None:
    """A work-pool process: lower priority, and an end of its own when its server ends."""
    with contextlib.suppress(OSError):  # not permitted: run at the same priority
        os.nice(10)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True,
                     name="parent-watch").start()


def _executor(workers: int, processes: bool, name: str) -> Executor:
    if processes:
        return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_worker_start, initargs=(os.getpid(),))
    return ThreadPoolExecutor(workers, thread_name_prefix=name)


class FairLane:
    """One lane of work shared in turn by the addresses asking: each address's requests wait
    in a queue of its own, and the next to run is taken from the next address in turn."""

    def __init__(self, executor: Executor, per_address: int = CHECKS_PER_ADDRESS,
                 waiting: int = MAX_WAITING_CHECKS, running: int = 1) -> None:
        self.executor = executor
        self.per_address, self.waiting, self.running = per_address, waiting, running
        self._queues: dict[str, deque[asyncio.Future[None]]] = {}
        self._held: dict[str, int] = {}
        #: when each address last had a turn (a count of turns given): the least recent goes
        self._served: OrderedDict[str, int] = OrderedDict()
        self._turns = 0
        self._busy = 0

    def held(self, address: str | None = None) -> int:
        """Requests waiting or running, in all or from one address."""
        return sum(self._held.values()) if address is None else self._held.get(address, 0)

    async def run(self, address: str, fn: Any, *args: Any, limit: float) -> Any:
        if self._held.get(address, 0) >= self.per_address:
            raise Busy(f"this address already has {self.per_address} deck checks under way; "
                       "wait for their answers", 429)
        if sum(len(q) for q in self._queues.values()) >= self.waiting:
            raise Busy("the server is checking other deck files; try again in a few seconds")
        self._held[address] = self._held.get(address, 0) + 1
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queues.setdefault(address, deque()).append(turn)
        started = False
        try:
            self._next()
            await turn
            started = True
            job = asyncio.get_running_loop().run_in_executor(self.executor, fn, *args)
            job.add_done_callback(self._done)  # the lane is free when the work ends, not
            return await asyncio.wait_for(asyncio.shield(job), limit)  # when we stop waiting
        finally:
            self._held[address] -= 1
            if not self._held[address]:
                del self._held[address]
            if not started:
                queue = self._queues.get(address)
                if queue is not None and turn in queue:
                    queue.remove(turn)
                    if not queue:
                        del self._queues[address]
                elif turn.done() and not turn.cancelled():  # given its turn, then cancelled
                    self._busy -= 1
                    self._next()

    def _done(self, _: Any) -> None:
        self._busy -= 1
        self._next()

    def _next(self) -> None:
        while self._busy < self.running and self._queues:
            address = min(self._queues, key=lambda a: self._served.get(a, -1))
            queue = self._queues[address]
            turn = queue.popleft()
            if not queue:
                del self._queues[address]
            self._turns += 1
            self._served[address] = self._turns
            self._served.move_to_end(address)
            if len(self._served) > 10_000:  # forget the addresses served longest ago
                self._served.popitem(last=False)
            if not turn.done():
                self._busy += 1
                turn.set_result(None)


def check_deck_text(game_id: str, name: str, text: str) -> tuple[Deck | None, list[str]]:
    """A pasted or uploaded deck file, checked as ``cards check`` checks a file on disk.

    The file is written under a fixed name in a fresh directory: the client's ``name`` is only
    the label its diagnostics carry, never part of a path.
    """
    import tempfile

    game = load_game(game_id)
    if len(text.encode("utf-8", "surrogatepass")) > MAX_DECK:
        return None, [f"{name}: the deck file is larger than {MAX_DECK} bytes"]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "deck.txt"
        path.write_text(text, "utf-8")
        problems = [str(d).replace(str(path), name) for d in game.check_file(path)]
        if len(problems) > MAX_DIAGNOSTICS:
            more = len(problems) - MAX_DIAGNOSTICS + 1
            problems = [*problems[:MAX_DIAGNOSTICS - 1],
                        f"{name}: {more} more problems not shown; fix these first"]
        if problems:
            return None, problems
        try:
            return game.load_deck(str(path)), []
        except CardtableError as exc:
            return None, [str(exc).replace(str(path), name)]


def agent_move(spec: str, game_id: str, seed: int, view: dict[str, Any] | None,
               legal: list[int]) -> int:
    """One computer move, made afresh from the agent's spec and a seed of its own."""
    agent = make_agent(spec)
    agent.reset(seed)
    return int(agent.act(load_game(game_id), view, legal))


#: agents that search (the thinking lane); the others answer at once
SEARCHING = frozenset({"mcts", "mcts-learned", "rollout", "hard", "expert"})


def is_search(spec: str) -> bool:
    return spec.split(":", 1)[0] in SEARCHING


class WorkPool:
    def __init__(self, workers: int = 2, processes: bool = False,
                 think_limit: float = 30.0, quick_limit: float = 10.0) -> None:
        self.processes = processes
        self.think = _executor(workers, processes, "think")
        self.quick = _executor(1, processes, "quick")
        self.checks = _executor(1, processes, "check")
        self.check_lane = FairLane(self.checks)
        #: the designer's workbench's quick balance studies (web/design.py), one at a time
        self.study = _executor(1, processes, "study")
        self.think_limit, self.quick_limit = think_limit, quick_limit

    async def check_deck(self, game_id: str, name: str, text: str, address: str = "?"
                         ) -> tuple[Deck | None, list[str]]:
        """A deck file checked in the checking lane, in turn with other addresses' checks."""
        try:
            return await self.check_lane.run(address, check_deck_text, game_id, name, text,
                                             limit=CHECK_LIMIT)  # type: ignore[no-any-return]
        except TimeoutError:
            raise Busy(f"checking {name} took longer than {CHECK_LIMIT:.0f} s") from None

    async def move(self, spec: str, game_id: str, seed: int, view: dict[str, Any] | None,
                   legal: list[int], table: str = "?") -> int:
        """The agent's move; a failing or overlong agent gives a seeded random legal move."""
        search = is_search(spec)
        lane, limit = (self.think, self.think_limit) if search else (self.quick, self.quick_limit)
        loop = asyncio.get_running_loop()
        try:
            code = await asyncio.wait_for(
                loop.run_in_executor(lane, agent_move, spec, game_id, seed, view, legal), limit)
        except Exception as exc:  # an agent that fails must not freeze the table
            reason = "took too long" if isinstance(exc, TimeoutError) else f"failed ({exc!r})"
            print(f"cardtable: table {table}: agent {spec} {reason}; playing a random legal "
                  "move", file=sys.stderr, flush=True)
            code = legal[derive_seed(seed, "fallback") % len(legal)]
        return code if code in legal else legal[0]

    def close(self) -> None:
        """Drop waiting work; processes finish the move in hand (a search's few seconds) and
        exit cleanly, threads are left to end on their own."""
        for pool in (self.think, self.quick, self.checks, self.study):
            pool.shutdown(wait=self.processes, cancel_futures=True)

"""Work that must never run on the event loop: computer moves and deck-file checks.

The event loop answers every seat of every table; anything that takes more than a few
milliseconds runs here, so a 60 KB deck of unknown names or forty tables of the strongest
computer opponent delay nobody's move acknowledgement. Three lanes, each its own pool:

* ``think``: searching agents (``mcts``), ``workers`` processes. Each table has at most one
  move in the lane (a table waits for its computer's move before asking for the next), so the
  lane's queue is bounded by the cap on open tables.
* ``quick``: the cheap agents (``random``, ``greedy``), one process, so a table against
  ``greedy`` never waits behind a three-second search.
* ``checks``: deck files, one process, at most ``MAX_WAITING_CHECKS`` waiting: beyond that a
  check is refused at once with "busy, try again" rather than queued without end. A file is at
  most ``MAX_DECK`` bytes and its diagnostics are capped as ``cards check`` caps them.

With ``processes=True`` (``cardtable serve``) the lanes are processes started with a lower
priority (``nice``), so the event loop wins the processor whenever it has work, and no search
holds the interpreter lock the loop needs. With ``processes=False`` (tests, embedding) they are
threads: the same code paths, without start-up cost. A move that takes longer than its limit
(``think_limit`` seconds for a search, ``quick_limit`` otherwise) is replaced by a random legal
move, so a stuck agent never freezes a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import sys
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from cardtable.agents import make_agent
from cardtable.core import CardtableError, Deck, load_game
from cardtable.core.seeding import derive_seed
from cardtable.web.limits import MAX_DECK

#: deck checks that may wait for the checking lane before new ones are refused
MAX_WAITING_CHECKS = 4
#: seconds one deck check may take before its request is answered "too slow"
CHECK_LIMIT = 20.0


class Busy(CardtableError):
    """The lane is full: the request is refused now rather than queued without end."""


def _lower_priority() -> None:
    with contextlib.suppress(OSError):  # not permitted: run at the same priority
        os.nice(10)


def _executor(workers: int, processes: bool, name: str) -> Executor:
    if processes:
        return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_lower_priority)
    return ThreadPoolExecutor(workers, thread_name_prefix=name)


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
SEARCHING = frozenset({"mcts", "mcts-learned", "hard", "expert"})


def is_search(spec: str) -> bool:
    return spec.split(":", 1)[0] in SEARCHING


class WorkPool:
    def __init__(self, workers: int = 2, processes: bool = False,
                 think_limit: float = 30.0, quick_limit: float = 10.0) -> None:
        self.processes = processes
        self.think = _executor(workers, processes, "think")
        self.quick = _executor(1, processes, "quick")
        self.checks = _executor(1, processes, "check")
        self.think_limit, self.quick_limit = think_limit, quick_limit
        self._waiting_checks = 0

    async def check_deck(self, game_id: str, name: str, text: str
                         ) -> tuple[Deck | None, list[str]]:
        if self._waiting_checks >= MAX_WAITING_CHECKS:
            raise Busy("the server is checking other deck files; try again in a few seconds")
        self._waiting_checks += 1
        try:
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(self.checks, check_deck_text, game_id, name, text)
            try:
                return await asyncio.wait_for(future, CHECK_LIMIT)
            except TimeoutError:
                raise Busy(f"checking {name} took longer than {CHECK_LIMIT:.0f} s") from None
        finally:
            self._waiting_checks -= 1

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
        for pool in (self.think, self.quick, self.checks):
            pool.shutdown(wait=self.processes, cancel_futures=True)

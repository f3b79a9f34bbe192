"""The live tables: the only holder of states, and the only place moves are accepted.

A move is accepted from the seat whose decision it is, only if it is legal and only if the
client saw the latest position (``n``, the number of moves played, guards against a stale page
or a double click). It is stored before anyone is told of it. Computer seats think on worker
threads, on a copy of their view, so a long search never holds up the event loop or another
table; the state itself is only touched on the event loop, under the table's lock.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import random
import secrets
import sys
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from cardtable.agents import Agent, make_agent
from cardtable.core import (
    CardtableError,
    Deck,
    Game,
    IllegalActionError,
    State,
    derive_seed,
    load_game,
    make_record,
)
from cardtable.core.record import GameRecord, decks_from_record
from cardtable.core.undo import undo as undo_state
from cardtable.core.undo import undo_depth
from cardtable.web.payload import log_payload
from cardtable.web.store import Store, TableRow

HUMAN = "human"


class TableError(CardtableError):
    """A request the table refuses; ``status`` is the HTTP status it maps to."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


Listener = Callable[["LiveTable", bool], Awaitable[None]]


@dataclass
class LiveTable:
    id: str
    game: Game
    state: State
    seats: list[str]
    tokens: list[str]
    lang: str
    agents: dict[int, Agent] = field(default_factory=dict)
    #: who decided each move, for undo (a seat number per move)
    deciders: list[int] = field(default_factory=list)
    #: the log's length at the start and after each move: a page's log is drawn move by move,
    #: so a reloaded page words it exactly as the live one did
    marks: list[int] = field(default_factory=list)
    #: per (seat, lang): each move's log lines, worded with that seat's view right after it
    #: (the wording names cards by where they were), so a reloaded page reads as the live one
    lines: dict[tuple[int | None, str], list[list[str]]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Listener] = field(default_factory=set)
    thinking: bool = False

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds; None (a spectator) for no token; an error for a wrong one."""
        if token is None or token == "":
            return None
        digest = token_hash(token)
        for seat, known in enumerate(self.tokens):
            if known and hmac.compare_digest(known, digest):
                return seat
        raise TableError("this seat link is not valid for this table", 403)

    def log_chunks(self, seat: int | None, lang: str) -> list[list[str]]:
        """The log lines of the start and of every move since, as ``seat`` was shown them."""
        chunks = self.lines.setdefault((seat, lang), [])
        have, want = len(chunks), len(self.marks)

        def word(i: int, at: State) -> None:  # chunk i: the start (0) or move i, after it
            start = self.marks[i - 1] if i else 0
            chunks.append(log_payload(at, seat, lang, start, end=self.marks[i]))

        if have == want - 1:
            word(have, self.state)
        elif have < want:  # not drawn since a restart or an undo: replay to word each move
            replay = self.game.new_game(self.state.seed, self.state.decks, self.state.options)
            if have == 0:
                word(0, replay)
            for i, code in enumerate(self.state.history[: want - 1], start=1):
                replay.apply(code)
                if i >= have:
                    word(i, replay)
        return chunks

    def record(self) -> GameRecord:
        return make_record(self.state, players=list(self.seats))


class TableManager:
    def __init__(self, store: Store, workers: int = 2) -> None:
        self.store = store
        self.tables: dict[str, LiveTable] = {}
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="agent")
        self._tasks: set[asyncio.Task[None]] = set()

    # -- making and finding tables ----------
    def create(self, game_id: str, decks: Sequence[Deck], options: dict[str, Any] | None,
               seats: list[str], lang: str = "en", seed: int | None = None
               ) -> tuple[LiveTable, list[str]]:
        """A new table; returns it and one fresh token per human seat ("" for computers)."""
        game = load_game(game_id)
        if len(seats) != game.num_players:
            raise TableError(f"{game.id} needs {game.num_players} seats")
        agents = {s: make_agent(spec) for s, spec in enumerate(seats) if spec != HUMAN}
        if seed is None:
            seed = secrets.randbelow(2**31)
        state = game.new_game(seed, list(decks), options)
        tokens = [secrets.token_urlsafe(24) if spec == HUMAN else "" for spec in seats]
        table_id = secrets.token_urlsafe(9)
        row = TableRow(table_id, game.id, seed, dict(state.options),
                       [d.to_json() for d in state.decks],
                       {k: v for d in state.decks for k, v in d.definitions().items()},
                       list(seats), [token_hash(t) if t else "" for t in tokens], lang, False, [])
        self.store.create(row)
        table = self._live(row, game, state, agents)
        return table, tokens

    def _live(self, row: TableRow, game: Game, state: State, agents: dict[int, Agent]
              ) -> LiveTable:
        for seat, agent in agents.items():
            agent.reset(derive_seed(row.seed, "agent", seat, len(row.moves)))
        table = LiveTable(row.id, game, state, list(row.seats), list(row.tokens), row.lang,
                          agents)
        table.marks = [len(state.log)]
        self.tables[row.id] = table
        return table

    def get(self, table_id: str) -> LiveTable:
        """A live table, rebuilt from the store by replay if this process has not seen it."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not table_id or len(table_id) > 64:
            raise TableError("no such table", 404)
        row = self.store.load(table_id)
        if row is None:
            raise TableError("no such table", 404)
        game = load_game(row.game)
        record = GameRecord(game=row.game, seed=row.seed, options=row.options, decks=row.decks,
                            cards=row.cards, actions=[], digests=[], result=None)
        state = game.new_game(row.seed, decks_from_record(game, record), row.options)
        deciders = []
        marks = [len(state.log)]
        for code in row.moves:
            deciders.append(state.current_player())
            state.apply(code)
            marks.append(len(state.log))
        agents = {s: make_agent(spec) for s, spec in enumerate(row.seats) if spec != HUMAN}
        table = self._live(row, game, state, agents)
        table.deciders = deciders
        table.marks = marks
        return table

    def resume_all(self) -> int:
        """Rebuild every unfinished table and let its computer seats move again."""
        ids = self.store.unfinished()
        for table_id in ids:
            self.kick(self.get(table_id))
        return len(ids)

    # -- moves ----------
    async def move(self, table: LiveTable, seat: int | None, code: Any, n: Any = None) -> None:
        if seat is None:
            raise TableError("spectators cannot move", 403)
        if not isinstance(code, int) or isinstance(code, bool):
            raise TableError("the move must be an integer action code")
        if n is not None and (not isinstance(n, int) or isinstance(n, bool)):
            raise TableError("'n' must be the number of moves the page has seen")
        async with table.lock:
            state = table.state
            if state.is_terminal():
                raise TableError("the game is over", 409)
            if state.current_player() != seat:
                raise TableError(f"it is not your decision: player {state.current_player() + 1}"
                                 " decides now", 409)
            if n is not None and n != len(state.history):
                raise TableError("the table has moved on since this page was drawn; "
                                 "choose again", 409)
            try:
                state.check_legal(code)
            except IllegalActionError as exc:
                raise TableError(str(exc)) from None
            await self._commit(table, seat, code)
        await self._tell(table, False)
        self.kick(table)

    async def _commit(self, table: LiveTable, seat: int, code: int) -> None:
        """Store the move, then play it (the store refuses a duplicate move number)."""
        state = table.state
        probe = state.clone()
        probe.apply(code)  # a move that fails to apply is never stored
        await asyncio.to_thread(self.store.add_move, table.id, len(state.history), code,
                                probe.is_terminal())
        state.apply(code)
        table.deciders.append(seat)
        table.marks.append(len(state.log))

    async def undo(self, table: LiveTable, seat: int | None) -> int:
        """Take back the seat's last decision, by replaying the record without it."""
        if seat is None:
            raise TableError("spectators cannot undo", 403)
        async with table.lock:
            if table.thinking:
                raise TableError("wait for the computer's move before undoing", 409)
            if undo_depth(table.state, seat) < 1:
                raise TableError("nothing to undo: undo takes back your own decisions of this "
                                 "turn, as long as nothing hidden was revealed since", 409)
            state = undo_state(table.state, seat, 1)
            keep = len(state.history)
            await asyncio.to_thread(self.store.truncate, table.id, keep)
            table.state = state
            table.deciders = table.deciders[:keep]
            table.marks = table.marks[:keep + 1]
            for chunks in table.lines.values():
                del chunks[keep + 1:]
        await self._tell(table, True)
        return keep

    # -- computer seats ----------
    def kick(self, table: LiveTable) -> None:
        """If a computer seat decides now, let it think in the background."""
        seat = table.state.current_player()
        if seat in table.agents and not table.thinking:
            table.thinking = True
            task = asyncio.get_event_loop().create_task(self._agents(table))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _agents(self, table: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                state = table.state
                seat = state.current_player()
                agent = table.agents.get(seat)
                if agent is None:
                    return
                legal = list(state.legal_actions())
                view = state.view(seat) if agent.needs_view else None
                moves = len(state.history)
                try:
                    code = (legal[0] if len(legal) == 1 else await loop.run_in_executor(
                        self.pool, agent.act, table.game, view, legal))
                except Exception as exc:  # an agent that fails must not freeze the table
                    print(f"cardtable: table {table.id}: agent {agent.spec()} failed ({exc}); "
                          "playing a random legal move", file=sys.stderr, flush=True)
                    code = random.Random(moves).choice(legal)
                if code not in legal:
                    code = legal[0]
                async with table.lock:
                    if table.state is not state or len(state.history) != moves:
                        continue  # an undo replaced the position meanwhile
                    await self._commit(table, seat, code)
                await self._tell(table, False)
        finally:
            table.thinking = False

    # -- listeners ----------
    async def _tell(self, table: LiveTable, reset: bool) -> None:
        for listener in list(table.listeners):
            try:
                await listener(table, reset)
            except Exception:
                table.listeners.discard(listener)

    async def drain(self) -> None:
        """Wait for every computer move in progress (tests and shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

"""Several servers sharing one PostgreSQL database: every table open on all of them at once.

Each server holds the tables its pages use in memory, as one server does; what keeps them one
table is the database. A move is written in a transaction holding the table's advisory lock,
and the primary key (table, move number) takes only one move ``n``: of two servers accepting a
move for the same position, exactly one stores it, and the other refuses its own as played
over. Before a server checks a move it catches its copy up from the database (the moves other
servers stored since, the lobby record, the tokens); after a server stores anything it says so
(``pg_notify``), and every other server holding the table catches up and tells its own pages,
so every seat and spectator hears every move whichever server holds its socket.

Leaving a lobby game is judged across servers too: each server records, every few seconds,
which seats have a page open on it (``presence``), and a seat has left only when no server has
seen it for the grace period.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from typing import TYPE_CHECKING, Any

from cardtable.web.clock import Clock

if TYPE_CHECKING:
    from cardtable.web.store import PgStore
    from cardtable.web.tables import LiveTable, TableManager

#: seconds between a server's records of the seats whose pages it holds
PRESENCE_EVERY = 5.0


class Sharing:
    def __init__(self, manager: TableManager, store: PgStore) -> None:
        self.manager, self.store = manager, store
        self.server = secrets.token_hex(6)
        store.server = self.server
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._marked = float("-inf")

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._thread = self.store.listen(self._heard, self._stop)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)

    def _heard(self, table_id: str) -> None:  # the listening thread
        if self._loop is not None and table_id in self.manager.tables:
            self._loop.call_soon_threadsafe(
                lambda: self._loop.create_task(self.refresh(table_id)))  # type: ignore[union-attr]

    async def refresh(self, table_id: str) -> None:
        """Another server changed the table: catch up, and tell this server's pages."""
        table = self.manager.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            changed, reset = await self.catch_up(table)
        if changed:
            await self.manager._tell(table, reset)
            self.manager.kick(table)

    async def catch_up(self, table: LiveTable) -> tuple[bool, bool]:
        """Bring the table to what the database holds (called under the table's lock):
        (changed at all, replayed from the start because an undo shortened it)."""
        have = len(table.state.history)
        last = table.state.history[have - 1] if have else None
        got = await asyncio.to_thread(self.store.since, table.id, have, last)
        if got is None:  # closed by another server
            return False, False
        count, moves, meta, tokens, _finished = got
        changed = reset = False
        history = table.state.history
        if count < have or (have and moves and moves[0] != history[have - 1]):
            full = await asyncio.to_thread(self.store.since, table.id, 0)
            assert full is not None
            self._replay(table, full[1])
            changed = reset = True
        elif count > have:
            for code in moves[1:] if have else moves:
                table.deciders.append(table.state.current_player())
                table.state.apply(code)
                table.marks.append(len(table.state.log))
            changed = True
        if tokens != table.tokens:
            table.tokens = list(tokens)
            changed = True
        if meta and json.dumps(meta, sort_keys=True) != json.dumps(table.meta_json(),
                                                                   sort_keys=True):
            from cardtable.web.tables import TableMeta

            table.meta = TableMeta.from_json(meta)
            table.clock = Clock.from_json(table.meta.clock)
            changed = True
        if changed:
            table.version += 1
            table.touched = self.manager.time.now()
        return changed, reset

    def _replay(self, table: LiveTable, moves: list[int]) -> None:
        state = table.game.new_game(table.state.seed, table.state.decks, table.state.options)
        table.deciders, table.marks = [], [len(state.log)]
        for code in moves:
            table.deciders.append(state.current_player())
            state.apply(code)
            table.marks.append(len(state.log))
        table.state = state
        table.lines.clear()

    # -- presence ----------
    def mark_present(self, now: float, force: bool = False) -> None:
        if not force and now - self._marked < PRESENCE_EVERY:
            return
        self._marked = now
        seats = [(t.id, s) for t in self.manager.tables.values()
                 if t.meta.lobby and not t.over for s in (0, 1) if t.pages.get(s)]
        if seats:
            self.store.present(seats, self.server, now)

    def seen(self, table: LiveTable, seat: int) -> float:
        return self.store.last_seen(table.id, seat)


def sharing_for(manager: TableManager, store: Any) -> Sharing | None:
    from cardtable.web.store import PgStore

    return Sharing(manager, store) if isinstance(store, PgStore) else None

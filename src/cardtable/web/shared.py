"""Several servers sharing one PostgreSQL database: every table open on all of them at once.

Each server holds the tables its pages use in memory, as one server does; what keeps them one
table is the database. A move is written in a transaction holding the table's advisory lock,
and the primary key (table, move number) takes only one move ``n``: of two servers accepting a
move for the same position, exactly one stores it, and the other refuses its own as played
over. Before a server checks a move it catches its copy up from the database (the moves other
servers stored since, the lobby record, the tokens); after a server stores anything it says so
(``announce``: ``pg_notify``, or Redis pub/sub with ``--redis``), and every other server holding
the table catches up and tells its own pages, so every seat and spectator hears every move
whichever server holds its socket.

Leaving a lobby game is judged across servers too: each server records, every few seconds,
which seats have a page open on it (``presence``), and a seat has left only when no server has
seen it for the grace period.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import TYPE_CHECKING, Any

from cardtable.web.announce import Announcer, PgAnnouncer
from cardtable.web.clock import Clock

if TYPE_CHECKING:
    from cardtable.web.store import PgStore
    from cardtable.web.tables import LiveTable, TableManager

#: seconds between a server's records of the seats whose pages it holds
PRESENCE_EVERY = 5.0


class Sharing:
    def __init__(self, manager: TableManager, store: PgStore,
                 redis_url: str | None = None) -> None:
        self.manager, self.store = manager, store
        self.server = secrets.token_hex(6)
        self.announcer: Announcer
        if redis_url:
            from cardtable.web.announce import RedisAnnouncer

            self.announcer = redis = RedisAnnouncer(redis_url, self.server)
            redis.resubscribed = self._refresh_all
        else:
            self.announcer = PgAnnouncer(store, self.server)
        store.announcer = self.announcer
        self._loop: asyncio.AbstractEventLoop | None = None
        self._marked = float("-inf")

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        await self.announcer.subscribe(self._heard)

    async def stop(self) -> None:
        await self.announcer.close()

    def _heard(self, table_id: str) -> None:  # the listening thread, or the loop
        if self._loop is not None and table_id in self.manager.tables:
            self._loop.call_soon_threadsafe(
                lambda: self._loop.create_task(self.refresh(table_id)))  # type: ignore[union-attr]

    def _refresh_all(self) -> None:
        """Announcements may have been missed (the announcer lost its connection)."""
        for table_id in list(self.manager.tables):
            self._heard(table_id)

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
        table.frames.clear()  # worded for the moves replaced

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


def sharing_for(manager: TableManager, store: Any,
                redis_url: str | None = None) -> Sharing | None:
    """The sharing of a PostgreSQL store (none for SQLite: one server); ``redis_url``: its
    announcements go over Redis pub/sub instead of LISTEN/NOTIFY."""
    from cardtable.web.store import PgStore

    if not isinstance(store, PgStore):
        if redis_url:
            raise ValueError("--redis announces moves between servers sharing a PostgreSQL "
                             "database: give --db postgresql://... too")
        return None
    return Sharing(manager, store, redis_url)

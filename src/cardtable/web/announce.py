"""How servers sharing one database tell each other that a table changed.

An announcement carries only a table's id: the database holds what changed, and a server that
hears one catches its copy up from there (``shared.Sharing``). So an announcement lost or heard
twice costs nothing but a page told late or twice; what keeps the moves in order is the
advisory lock in PostgreSQL, whichever announcer is used.

Two announcers with the same small interface: PostgreSQL's own LISTEN/NOTIFY (the default,
nothing more to run), and Redis pub/sub (``--redis redis://...``), which takes the
notifications off the database for many servers, or for a database whose pooler (pgbouncer in
transaction mode) cannot LISTEN.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from cardtable.web.store import PgStore

#: the channel every server publishes on and listens to
CHANNEL = "cardtable"

log = logging.getLogger("cardtable.announce")


class Announcer(Protocol):
    async def subscribe(self, heard: Callable[[str], None]) -> None:
        """Start calling ``heard(table_id)`` for every table another server changed; heard
        from now on (the subscription is in place when this returns)."""

    def publish(self, table_id: str) -> None:
        """Tell the other servers that this one changed a table (after the change is
        committed); from the event loop or from a worker thread."""

    async def close(self) -> None:
        """Stop listening."""


class RedisUnreachable(RuntimeError):
    """``--redis`` names a server this one cannot reach (said at start, not at the first move)."""


def _message(server: str, table_id: str) -> str:
    return f"{server} {table_id}"


def _from_other(server: str, payload: str) -> str | None:
    who, _, table_id = payload.partition(" ")
    return table_id if who != server and table_id else None


class PgAnnouncer:
    """``pg_notify`` on the store's connection, ``LISTEN`` on a connection of its own in a thread
    of its own."""

    def __init__(self, store: PgStore, server: str) -> None:
        self.store, self.server = store, server
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    async def subscribe(self, heard: Callable[[str], None]) -> None:
        import psycopg

        conn = psycopg.connect(self.store.path, autocommit=True)
        conn.execute(f"LISTEN {CHANNEL}")

        def run() -> None:
            try:
                while not self._stop.is_set():
                    for note in conn.notifies(timeout=0.5):
                        table_id = _from_other(self.server, note.payload)
                        if table_id is not None:
                            heard(table_id)
                        if self._stop.is_set():
                            break
            finally:
                conn.close()

        self._thread = threading.Thread(target=run, name="cardtable-listen", daemon=True)
        self._thread.start()

    def publish(self, table_id: str) -> None:
        with self.store._lock:
            self.store._x(f"SELECT pg_notify('{CHANNEL}', ?)",
                          (_message(self.server, table_id),))

    async def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            await asyncio.to_thread(self._thread.join, 5)


def check_redis(url: str, timeout: float = 5.0) -> None:
    """Raise ``RedisUnreachable`` unless a Redis answers at ``url`` (the sync client, once at
    start: the server would otherwise come up deaf to the others)."""
    try:
        import redis
    except ModuleNotFoundError:
        raise RedisUnreachable("--redis needs the redis extra: pip install "
                               "'cardtable[redis]'") from None
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=timeout,
                                      socket_timeout=timeout)
        try:
            client.ping()
        finally:
            client.close()
    except (redis.RedisError, ValueError, OSError) as exc:
        raise RedisUnreachable(f"cannot reach Redis at {_shown(url)}: {exc}") from None


def _shown(url: str) -> str:
    """The URL without its password (it is printed)."""
    import re

    return re.sub(r"//([^:/@]*):[^@/]*@", r"//\1:***@", url)


class RedisAnnouncer:
    """Redis pub/sub through redis-py's asyncio client: publishing on the server's event loop
    (from a worker thread it waits there until Redis took the message, so a move is announced
    before it is acknowledged, as with ``pg_notify``), one subscription read by a task of the
    loop. A lost connection is retried every second; after it is back, every table this server
    holds is caught up, since announcements made meanwhile were not heard."""

    def __init__(self, url: str, server: str) -> None:
        check_redis(url)
        self.url, self.server = url, server
        self._loop: asyncio.AbstractEventLoop | None = None
        self._client: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._sent: set[asyncio.Task[Any]] = set()
        #: called after a lost subscription is back (set by ``shared.Sharing``)
        self.resubscribed: Callable[[], None] = lambda: None

    async def subscribe(self, heard: Callable[[str], None]) -> None:
        import redis.asyncio as aioredis

        self._loop = asyncio.get_running_loop()
        self._client = aioredis.Redis.from_url(self.url, decode_responses=True)
        pubsub = await self._subscribed()
        self._reader = self._loop.create_task(self._read(pubsub, heard))

    async def _subscribed(self) -> Any:
        pubsub = self._client.pubsub()
        await pubsub.subscribe(CHANNEL)
        while True:  # redis-py sends SUBSCRIBE without waiting; wait for Redis to confirm it
            msg = await pubsub.get_message(timeout=5.0)
            if msg is None:
                raise RedisUnreachable(f"Redis at {_shown(self.url)} did not confirm the "
                                       "subscription")
            if msg["type"] == "subscribe":
                return pubsub

    async def _read(self, pubsub: Any, heard: Callable[[str], None]) -> None:
        import redis

        while True:
            try:
                async for msg in pubsub.listen():
                    if msg["type"] == "message":
                        table_id = _from_other(self.server, msg["data"])
                        if table_id is not None:
                            heard(table_id)
            except (redis.RedisError, OSError, RedisUnreachable) as exc:
                log.warning("Redis subscription lost (%s); retrying", exc)
                await _quietly(pubsub.aclose())
                await asyncio.sleep(1.0)
                try:
                    pubsub = await self._subscribed()
                except (redis.RedisError, OSError, RedisUnreachable):
                    pubsub = self._client.pubsub()  # listen() raises again: retried
                    continue
                self.resubscribed()

    def publish(self, table_id: str) -> None:
        loop = self._loop
        if loop is None or self._client is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        sent = self._send(_message(self.server, table_id))
        if running is loop:  # on the loop: it cannot wait for itself
            task = loop.create_task(sent)
            self._sent.add(task)
            task.add_done_callback(self._sent.discard)
            return
        try:
            asyncio.run_coroutine_threadsafe(sent, loop).result(timeout=10)
        except Exception as exc:  # the others catch up at their next move anyway
            log.warning("announcing %s over Redis failed: %s", table_id, exc)

    async def _send(self, message: str) -> None:
        import redis

        try:
            await self._client.publish(CHANNEL, message)
        except (redis.RedisError, OSError) as exc:
            log.warning("announcing over Redis failed: %s", exc)

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            await _quietly(self._reader)
        for task in list(self._sent):
            await _quietly(task)
        if self._client is not None:
            await _quietly(self._client.aclose())


async def _quietly(awaitable: Any) -> None:
    """Await, whatever it raises (closing: nothing left to tell)."""
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await awaitable

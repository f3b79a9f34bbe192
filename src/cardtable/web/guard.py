"""Connections as a resource: caps per address and in all, and timeouts on slow requests.

Every open connection holds a file descriptor, and a server that runs out of them locks everyone
out. uvicorn neither caps connections per client nor times out a request whose headers or body
never finish (a slowloris): its keep-alive timer only runs between requests, and a byte that
arrives cancels it. This module adds both, as subclasses of uvicorn's own HTTP and WebSocket
protocols, so every connection is counted from its first byte to its last, across the upgrade
to a WebSocket:

* A connection beyond ``per_address`` open from one address, or beyond ``total`` in all, is
  closed at once (its descriptor is freed before it costs anything else).
* A request whose headers are not complete ``header_timeout`` seconds after the connection (or
  the previous response) is closed; so is one whose body is not complete ``body_timeout``
  seconds after its headers. An idle keep-alive connection is closed by uvicorn's own
  ``timeout_keep_alive``.

WebSockets are bounded by the application (``live.py``): a hello within 10 s, a message rate,
and idle spectators closed; uvicorn's pings drop peers that stopped answering.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

#: connections one address may hold open (a browser opens about six, plus a WebSocket a tab)
PER_ADDRESS = 64
#: connections open at once in all (kept under the process's file descriptor limit)
TOTAL = 4000
#: seconds a request's headers may take to arrive, and then its body
HEADER_TIMEOUT = 10.0
BODY_TIMEOUT = 30.0
#: descriptors kept free beyond the connections: the database, the work pool's pipes, logs
SPARE_DESCRIPTORS = 200
#: how a page's messages are compressed when its browser asks (every browser asks for
#: permessage-deflate): zlib's fastest level over a 16 KiB window. uvicorn's own choice (level
#: 6 over 4 KiB) cost about 200 µs of the server's CPU for each 15 KB state message, ten times
#: the frame itself; level 1 costs half that, and the wider window, which reaches back into
#: the message before (the same cards' text, move after move), keeps the bytes below level
#: 6's (about 1.8 KB against 2.2 KB). The price is memory: some 80 KiB a compressed
#: connection instead of 32 KiB
DEFLATE = {"server_max_window_bits": 14, "client_max_window_bits": 12,
           "compress_settings": {"level": 1, "memLevel": 5}}


@dataclass
class _Open:
    host: str
    protocol: Any
    #: when the connection last started waiting for a request's headers
    quiet_since: float
    #: the request being read (a uvicorn cycle) and when its headers were complete
    cycle: Any = None
    cycle_since: float = 0.0


@dataclass
class ConnectionGuard:
    """Counts every connection by address and closes those over a cap or too slow."""

    per_address: int = PER_ADDRESS
    total: int = TOTAL
    header_timeout: float = HEADER_TIMEOUT
    body_timeout: float = BODY_TIMEOUT
    #: addresses the per-address cap does not apply to: the operator's reverse proxy (with
    #: ``--proxy-headers``), through which every client arrives; "*" for every address
    trusted: frozenset[str] = frozenset()
    open: dict[Any, _Open] = field(default_factory=dict)
    by_host: dict[str, int] = field(default_factory=dict)
    refused: int = 0
    timed_out: int = 0
    _timer: asyncio.TimerHandle | None = None

    # -- counting ----------
    def admit(self, transport: Any, protocol: Any, host: str) -> bool:
        """Count a new connection; False (answered 503 and closed) when it is over a cap."""
        crowded = self.by_host.get(host, 0) >= self.per_address \
            and host not in self.trusted and "*" not in self.trusted
        if len(self.open) >= self.total or crowded:
            self.refused += 1
            whose = "the server" if len(self.open) >= self.total else "this address"
            _answer(transport, 503, f"{whose} has as many connections open as it admits; "
                                    "close some and try again")
            return False
        self.open[transport] = _Open(host, protocol, time.monotonic())
        self.by_host[host] = self.by_host.get(host, 0) + 1
        self._watch(protocol.loop)
        return True

    def handed_over(self, transport: Any, protocol: Any) -> None:
        """The connection became a WebSocket: the same slot, another protocol."""
        entry = self.open.get(transport)
        if entry is not None:
            entry.protocol = protocol

    def release(self, transport: Any) -> None:
        entry = self.open.pop(transport, None)
        if entry is None:
            return
        left = self.by_host[entry.host] - 1
        if left:
            self.by_host[entry.host] = left
        else:
            del self.by_host[entry.host]

    def connections(self, host: str | None = None) -> int:
        return len(self.open) if host is None else self.by_host.get(host, 0)

    # -- timeouts ----------
    def _watch(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._timer is None:
            tick = max(0.05, min(self.header_timeout, self.body_timeout) / 4)
            self._timer = loop.call_later(tick, self._sweep, loop, tick)

    def _sweep(self, loop: asyncio.AbstractEventLoop, tick: float) -> None:
        self._timer = None
        now = time.monotonic()
        for transport, entry in list(self.open.items()):
            slow = self._too_slow(entry, now)
            if slow:
                self.timed_out += 1
                self.release(transport)
                _answer(transport, 408, slow)
        if self.open:
            self._timer = loop.call_later(tick, self._sweep, loop, tick)

    def _too_slow(self, entry: _Open, now: float) -> str:
        """Why the connection is closed now ("" while it is in time)."""
        protocol = entry.protocol
        if not isinstance(protocol, H11Protocol):
            return ""  # a WebSocket: the application bounds it
        cycle = protocol.cycle
        if cycle is None or cycle.response_complete:  # waiting for the next request's headers
            if entry.cycle is not None:
                entry.cycle, entry.quiet_since = None, now
            if now - entry.quiet_since > self.header_timeout:
                return f"the request's headers took longer than {self.header_timeout:g} s"
            return ""
        if cycle is not entry.cycle:  # headers complete: the body's clock starts
            entry.cycle, entry.cycle_since = cycle, now
        # the body must arrive in time; an answer being worked on is the application's
        if cycle.more_body and now - entry.cycle_since > self.body_timeout:
            return f"the request's body took longer than {self.body_timeout:g} s"
        return ""

    # -- uvicorn ----------
    def protocols(self) -> tuple[type[H11Protocol], type[WebSocketsSansIOProtocol]]:
        """uvicorn's HTTP and WebSocket protocols, counted and timed by this guard."""
        guard = self

        class GuardedHTTP(H11Protocol):
            def connection_made(self, transport: Any) -> None:  # type: ignore[override]
                super().connection_made(transport)
                guard.admit(transport, self, self.client[0] if self.client else "?")

            def connection_lost(self, exc: Exception | None) -> None:
                guard.release(self.transport)
                super().connection_lost(exc)

        class GuardedWebSocket(WebSocketsSansIOProtocol):
            def __init__(self, config: Any, *args: Any, **kwargs: Any) -> None:
                super().__init__(config, *args, **kwargs)
                if config.ws_per_message_deflate:  # the same protocol, cheaper compression
                    self.conn = ServerProtocol(
                        extensions=[ServerPerMessageDeflateFactory(**DEFLATE)],  # type: ignore[arg-type]
                        max_size=config.ws_max_size, logger=self.conn.logger)

            def connection_made(self, transport: Any) -> None:
                super().connection_made(transport)
                guard.handed_over(transport, self)

            def connection_lost(self, exc: Exception | None) -> None:
                guard.release(self.transport)
                super().connection_lost(exc)

        return GuardedHTTP, GuardedWebSocket


def _answer(transport: Any, status: int, message: str) -> None:
    """A last answer written straight to the socket (no request was read), then closed."""
    body = json.dumps({"error": message}).encode()
    phrase = {408: "Request Timeout", 503: "Service Unavailable"}[status]
    with contextlib.suppress(Exception):
        transport.write(f"HTTP/1.1 {status} {phrase}\r\ncontent-type: application/json\r\n"
                        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
                        .encode() + body)
    if transport.get_write_buffer_size():  # a peer that does not read: free the slot now
        transport.abort()
    else:
        transport.close()


def descriptor_room(wanted: int) -> int:
    """Raise the soft file descriptor limit as far as allowed; the connections that fit."""
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        target = hard if hard != resource.RLIM_INFINITY else max(soft, wanted + SPARE_DESCRIPTORS)
        if soft < target:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    room = wanted if soft == resource.RLIM_INFINITY else min(wanted, soft - SPARE_DESCRIPTORS)
    if room < wanted:
        print(f"cardtable: only {soft} file descriptors allowed: at most {room} connections "
              "(raise ulimit -n for more)", file=sys.stderr, flush=True)
    return max(1, room)


def uvicorn_config(app: Any, host: str, port: int, guard: ConnectionGuard, **settings: Any
                   ) -> Any:
    """A uvicorn configuration whose every connection passes through ``guard``."""
    import uvicorn

    http, ws = guard.protocols()
    return uvicorn.Config(app, host=host, port=port, http=http, ws=ws, **settings)

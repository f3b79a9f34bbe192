"""Bounds on what a client may send, and how fast: sizes, and token buckets for flooding."""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Any

#: the largest HTTP request body (a deck file upload is the biggest thing a client sends)
MAX_BODY = 256 * 1024
#: the largest deck file accepted
MAX_DECK = 64 * 1024
#: the largest WebSocket message from a client (a move is a few dozen bytes)
MAX_MESSAGE = 4 * 1024
#: spectators' pages one table admits; the seats are counted apart and always get in
MAX_SPECTATORS = 64
#: pages one seat may hold open at once (tabs, phones); a newer one closes the oldest
MAX_SEAT_PAGES = 8
#: seconds a new WebSocket may take to say who it is before it is closed
HELLO_WAIT = 10.0


class Bucket:
    """A token bucket: ``rate`` actions a second on average, bursts of ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self) -> float:
        """Spend one token; returns the tokens left (negative: the client is over its limit)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        self.tokens -= 1
        return self.tokens


class Buckets:
    """One bucket per client address, the least recently used forgotten past ``size``."""

    def __init__(self, rate: float, burst: float, size: int = 10_000) -> None:
        self.rate, self.burst, self.size = rate, burst, size
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, key: str) -> float:
        bucket = self._buckets.pop(key, None) or Bucket(self.rate, self.burst)
        self._buckets[key] = bucket
        if len(self._buckets) > self.size:
            self._buckets.popitem(last=False)
        return bucket.take()


class BodyLimit:
    """ASGI middleware: refuse an HTTP body over ``limit`` bytes with 413, declared or not."""

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await _too_large(send, self.limit)
                return
        seen = 0

        async def limited() -> Any:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _too_large(send, self.limit)


class _TooLarge(Exception):
    pass


async def _too_large(send: Any, limit: int) -> None:
    body = f'{{"error": "the request is larger than {limit} bytes"}}'.encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def same_origin(headers: Any) -> bool:
    """Whether a request comes from this server's own page, or from no page at all.

    Browsers name the page a request comes from: ``Origin`` (sent with every POST and
    WebSocket) and ``Sec-Fetch-Site``. A request that names another site's page is refused, so
    no web page can make its visitors create tables or move in them; one that names no page
    (a script, ``curl``) passes, since it carries no visitor's browser with it.
    """
    origin = headers.get("origin")
    if origin is not None:
        scheme, _, where = origin.partition("://")
        return bool(where) and scheme in ("http", "https") and \
            where.lower() == headers.get("host", "").lower()
    return headers.get("sec-fetch-site") in (None, "same-origin", "none")


def json_body(headers: Any) -> bool:
    """Whether a request says its body is JSON (``application/json``, any parameters).

    A page of another site can send a form or ``text/plain`` without asking, but must ask
    (a CORS preflight this server never grants) before sending JSON."""
    kind = headers.get("content-type", "").split(";", 1)[0].strip().lower()
    return kind == "application/json"

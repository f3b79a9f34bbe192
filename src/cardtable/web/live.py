"""The live table over a WebSocket: one page's connection, from its hello to its close.

What a page is sent is the table's cached state message (``LiveTable.message``), so a table
watched by many pages builds each position once, whatever they ask. Each page has its own
sender: a move only marks the page out of date, and the sender sends the latest position when
the page can take it. A page that reads slowly, or not at all, therefore holds up nobody (the
mover's acknowledgement, the other seat, the other spectators) and never makes the server
queue messages for it; it gets the moves it missed in one message once it reads again. A full
redraw (a change of language) is sent at most every ``RESET_EVERY`` seconds to one page, so a
page asking for it again and again costs one send per interval, and a page asking for the
language it already has costs nothing. Messages are limited per connection and, together, per
address (``LiveLimits``): forty-eight pages each just under the per-connection rate are a flood
of one address, dropped, and closed with 1008 far over it.

Every way a connection ends is a close frame with a code and a reason: 1001 a spectator's page
idle for ``SPECTATOR_IDLE``, 1003 a binary frame, 1008 a refused hello (or one from another
site's page), a flood or no hello within 10 s, 1009 a message over 4 KiB, 1013 a table full of
spectators, 4000 a seat's oldest page replaced by a newer one. A client that goes away mid-way
ends its handler quietly: its misbehaviour is not the server's error, and leaves no traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from cardtable.web.limits import (
    HELLO_WAIT,
    MAX_MESSAGE,
    MAX_SEAT_PAGES,
    MAX_SPECTATORS,
    Bucket,
    Buckets,
    same_origin,
)
from cardtable.web.models import BadRequest, Hello, WsLang, WsMove, WsUndo, parse, parse_message
from cardtable.web.tables import LANGS, LiveTable, TableError, TableManager, language

if TYPE_CHECKING:
    from cardtable.web.seating import Seating

#: a page's full redraws (a change of language) are sent at most this often
RESET_EVERY = 1.0
#: "slow down" is said to a page at most this often (each saying is a send too)
WARN_EVERY = 1.0
#: a spectator's page that sent nothing while the table did not move for this long is closed
SPECTATOR_IDLE = 30 * 60.0

#: a change of language as pages send it (``JSON.stringify({lang})``, or Python's spacing),
#: answered without parsing it: it is the message a flood of redraws is made of
LANG_MESSAGES = {text: lang for lang in LANGS
                 for text in (f'{{"lang":"{lang}"}}', f'{{"lang": "{lang}"}}')}

#: what a send to a page that has gone raises (uvicorn, starlette, the socket)
GONE = (WebSocketDisconnect, RuntimeError, OSError)


class Page:
    """One open page of a table: who it is, what it was last sent, and its sender."""

    def __init__(self, ws: WebSocket, table: LiveTable, seat: int | None, lang: str) -> None:
        self.ws, self.table, self.seat, self.lang = ws, table, seat, lang
        #: the table's ``marks`` the page has the log of (0: nothing yet)
        self.sent = 0
        self.reset = True
        self.last_reset = -RESET_EVERY
        self.heard = time.monotonic()
        self.due = asyncio.Event()
        self.due.set()
        self.closed = False

    async def listener(self, table: LiveTable, reset: bool) -> None:
        """Told by the table of every move: mark the page out of date (never waits)."""
        self.table = table
        self.reset = self.reset or reset
        self.heard = time.monotonic()
        self.due.set()

    def redraw(self, lang: str) -> None:
        self.lang, self.reset = lang, True
        self.due.set()

    async def send_text(self, text: str) -> bool:
        if self.closed:
            return False
        try:
            await self.ws.send_text(text)
            return True
        except GONE:
            self.closed = True
            return False

    async def close(self, code: int, reason: str, fatal: str | None = None) -> None:
        if self.closed:
            return
        if fatal is not None:
            await self.send_text(f'{{"type":"error","fatal":true,"message":{_quote(fatal)}}}')
        self.closed = True
        with contextlib.suppress(*GONE):
            if self.ws.application_state != WebSocketState.DISCONNECTED:
                await self.ws.close(code, reason[:120])

    async def sender(self) -> None:
        """Send the latest position whenever the page is out of date, until it closes."""
        while not self.closed:
            await self.due.wait()
            if self.reset:
                wait = self.last_reset + RESET_EVERY - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
            self.due.clear()
            table = self.table
            reset = self.reset or self.sent > len(table.marks)  # an undo shortened the log
            self.reset = False
            text = table.message(self.seat, self.lang, 0 if reset else self.sent)
            self.sent = len(table.marks)
            if reset:
                self.last_reset = time.monotonic()
            if not await self.send_text(text):
                return


def _quote(text: str) -> str:
    import json

    return json.dumps(text, ensure_ascii=False)


@dataclass
class LiveLimits:
    """How much a page, and all the pages of one address together, may ask."""

    #: messages a second one connection may send (bursts of twice that)
    rate: float = 20.0
    #: messages a second all the connections of one address may send together (bursts of
    #: twice that): 48 pages each under ``rate`` cannot add up to a flood
    address_rate: float = 60.0
    max_spectators: int = MAX_SPECTATORS
    addresses: Buckets = field(init=False)

    def __post_init__(self) -> None:
        self.addresses = Buckets(self.address_rate, self.address_rate * 2)


def add_live(app: FastAPI, manager: TableManager, limits: LiveLimits,
             seating: Seating | None = None) -> Callable[..., Awaitable[None]]:
    """The table's WebSocket route; returns it as a bare ASGI application too, for the app
    to call directly (``app.TableApp``)."""
    @app.websocket("/ws/{table_id}")
    async def live(ws: WebSocket, table_id: str) -> None:
        try:
            await _live(ws, table_id, manager, limits, seating)
        except (WebSocketDisconnect, OSError):
            return  # the page went away while being answered: nothing to report
        except RuntimeError:
            if ws.client_state == WebSocketState.CONNECTED and \
                    ws.application_state == WebSocketState.CONNECTED:
                raise  # not a closed connection: a real error, to be seen
            return

    async def bare(scope: Any, receive: Any, send: Any) -> None:
        await live(WebSocket(scope, receive, send), scope["path"][len(WS_PREFIX):])

    return bare


#: where the tables' WebSockets are (``/ws/<table id>``)
WS_PREFIX = "/ws/"


async def _live(ws: WebSocket, table_id: str, manager: TableManager, limits: LiveLimits,
                seating: Seating | None = None) -> None:
    await ws.accept()
    ws_rate = limits.rate
    bucket = Bucket(ws_rate, ws_rate * 2)
    address = ws.client.host if ws.client else "?"
    warned = -WARN_EVERY
    page: Page | None = None

    async def close(code: int, reason: str, fatal: str | None = None) -> None:
        if page is not None:
            await page.close(code, reason, fatal)
            return
        with contextlib.suppress(*GONE):
            if fatal is not None:
                await ws.send_json({"type": "error", "message": fatal, "fatal": True})
            await ws.close(code, reason[:120])

    async def error(message: str) -> None:
        with contextlib.suppress(*GONE):
            await ws.send_json({"type": "error", "message": message})

    async def receive() -> str | None:
        """The next text message; "" for one dropped as a flood; None once closed."""
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        if text is None:
            await close(1003, "binary messages are not accepted; send JSON text",
                        "binary messages are not accepted; send JSON text")
            return None
        if len(text) > MAX_MESSAGE:
            await close(1009, "message too large")
            return None
        nonlocal warned
        left = bucket.take()
        shared = limits.addresses.take(address)
        if left < -ws_rate or shared < -limits.address_rate:
            await close(1008, "too many messages")
            return None
        if left < 0 or shared < 0:
            if time.monotonic() - warned >= WARN_EVERY:
                warned = time.monotonic()
                await error("too many messages: slow down")
            return ""
        return text

    if not same_origin(ws.headers):
        await close(1008, "a page of another site may not open this table",
                    "a page of another site may not open this table")
        return
    try:
        table = manager.get(table_id)
    except TableError as exc:
        await close(1008, str(exc), str(exc))
        return
    try:
        first = await asyncio.wait_for(receive(), HELLO_WAIT)
    except TimeoutError:
        await close(1008, "no hello: send {\"token\": ..., \"lang\": ...} first")
        return
    if first is None:
        return
    try:
        hello = parse(Hello, first)
        seat = table.seat_of(hello.token)
        lang = language(hello.lang)
    except (BadRequest, TableError) as exc:
        await close(1008, str(exc), str(exc))
        return
    pages: list[Page] = table.pages.setdefault(seat, [])
    if seat is None and len(pages) >= limits.max_spectators:
        await close(1013, "this table has as many spectators as it admits",
                    "this table has as many spectators as it admits; try later")
        return
    if seat is not None and len(pages) >= MAX_SEAT_PAGES:  # a seat always gets in:
        oldest = pages.pop(0)  # its oldest page makes room
        await oldest.close(4000, "this seat was opened in a newer page")
    page = Page(ws, table, seat, lang)
    pages.append(page)
    if seating is not None:
        seating.page_opened(table, seat)
    table.listeners.add(page.listener)
    loop = asyncio.get_running_loop()
    sender = loop.create_task(page.sender())
    # a spectator's page idle too long is closed by one timer per page, looked at once per
    # idle period (not a timeout around every message: 48 pages asking 15 times a second
    # made 720 timeout tasks a second); it interrupts only the wait for the next message
    handler = asyncio.current_task()
    waiting = False
    idle_out = False
    idle_timer: asyncio.TimerHandle | None = None

    def idle() -> None:
        nonlocal idle_timer, idle_out
        left = page.heard + SPECTATOR_IDLE - time.monotonic()
        if left > 0 or not waiting or handler is None:
            idle_timer = loop.call_later(max(left, 0.05), idle)
            return
        idle_out = True
        handler.cancel()

    if seat is None:
        idle_timer = loop.call_later(SPECTATOR_IDLE, idle)
    try:
        while not page.closed:
            waiting = True
            try:
                text = await receive()
            except asyncio.CancelledError:
                if not idle_out or handler is None:
                    raise
                handler.uncancel()
                await close(1001, "idle", f"closed after {SPECTATOR_IDLE / 60:g} minutes "
                            "without a move; reload the page to watch again")
                return
            finally:
                waiting = False
            if text is None:
                return
            page.heard = time.monotonic()
            if not text:
                continue
            asked = LANG_MESSAGES.get(text)
            if asked is not None:  # the page's own way of asking for a language: no parse
                if asked != page.lang or page.sent == 0:  # else the page has it already
                    page.redraw(asked)
                continue
            table = manager.tables.get(table_id, table)
            try:
                data = parse_message(text)
                if isinstance(data, WsMove):
                    await manager.move(table, seat, data.move, data.n)
                elif isinstance(data, WsUndo):
                    await manager.undo(table, seat, data.n)
                elif isinstance(data, WsLang):
                    lang = language(data.lang)
                    if lang != page.lang or page.sent == 0:  # the page has it already
                        page.redraw(lang)
            except (BadRequest, TableError) as exc:
                await error(str(exc))
    except WebSocketDisconnect:
        return
    finally:
        if idle_timer is not None:
            idle_timer.cancel()
        page.closed = True
        page.due.set()
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, *GONE):
            await sender
        table.listeners.discard(page.listener)
        if page in pages:
            pages.remove(page)
        if seating is not None:
            seating.page_closed(table, seat)

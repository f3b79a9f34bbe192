"""The HTTP and WebSocket face of the tables: lobby, table page, moves, undo, records.

Every answer is built in ``payload.py`` from what the seat may know; every refusal is a JSON
``{"error": ...}`` with a status that says why, and leaves the table as it was. What a client
sends is read by the models in ``models.py`` (bounded, typed, nothing else accepted); deck
checks and computer moves run in the work pool (``work.py``), never on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.requests import ClientDisconnect

from cardtable.agents.registry import AGENTS
from cardtable.core import CardtableError, Deck, load_game
from cardtable.web import heap
from cardtable.web.clock import TimeSource
from cardtable.web.html_pages import page
from cardtable.web.limits import (
    MAX_SPECTATORS,
    BodyLimit,
    Buckets,
    json_body,
    same_origin,
)
from cardtable.web.live import WS_PREFIX, LiveLimits, add_live
from cardtable.web.lobby_info import STRENGTHS, games_listed
from cardtable.web.lobby_routes import add_lobby
from cardtable.web.models import (
    BadRequest,
    CreateTable,
    DeckCheck,
    DeckText,
    Move,
    Undo,
    read_body,
)
from cardtable.web.pages import add_pages
from cardtable.web.people import Players
from cardtable.web.replays import add_replays
from cardtable.web.seating import Seating
from cardtable.web.shared import sharing_for
from cardtable.web.store import open_store
from cardtable.web.tables import (
    EXPIRE_AFTER,
    HUMAN,
    MAX_OPEN,
    MAX_PER_ADDRESS,
    TableError,
    TableManager,
    language,
)
from cardtable.web.work import Busy, WorkPool

STATIC = Path(__file__).parent / "static"


#: every answer: the page may load and connect only to this server (nothing from the internet),
#: may not be framed, and sends no referrer
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
                               "style-src 'self'; script-src 'self'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


#: how often abandoned tables are looked for (seconds)
SWEEP_EVERY = 60.0
#: how often the clocks and the players who left are looked at (seconds)
CLOCK_EVERY = 1.0


class TableApp(FastAPI):
    """The application, with the tables' WebSockets (``/ws/<id>``) handed straight to their
    handler (``live``) instead of through the middleware and the router: a WebSocket's every
    message resumes every frame between the server and the handler, and a page sending 15
    messages a second paid for a dozen frames that do nothing for a WebSocket (the HTTP
    middleware lets them pass, the router has matched them once). Every other request takes
    the usual way."""

    live: Callable[..., Awaitable[None]] | None = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket" and self.live is not None:
            path = scope.get("path", "")
            rest = path[len(WS_PREFIX):]
            if path.startswith(WS_PREFIX) and rest and "/" not in rest:
                scope["app"] = self
                await self.live(scope, receive, send)
                return
        await super().__call__(scope, receive, send)


def create_app(db: str | Path = ":memory:", workers: int = 2, sync: str = "normal",
               http_rate: float = 20.0, ws_rate: float = 20.0, *, processes: bool = False,
               proxy_headers: bool = False, forwarded_allow_ips: str = "127.0.0.1",
               max_open: int = MAX_OPEN, max_per_address: int = MAX_PER_ADDRESS,
               expire_after: float = EXPIRE_AFTER, max_spectators: int = MAX_SPECTATORS,
               get_rate: float = 50.0, ws_address_rate: float = 60.0,
               time_source: TimeSource | None = None,
               redis_url: str | None = None) -> FastAPI:
    """The application. ``processes``: run computer moves and deck checks in worker processes
    (``cardtable serve``) rather than threads. ``proxy_headers``: believe X-Forwarded-For from
    ``forwarded_allow_ips`` (only behind a proxy the operator runs; otherwise anyone could
    claim any address and slip past the per-address limits). ``http_rate`` and ``get_rate``:
    requests a second one address may make that change something (POST) and that only read
    (GET: pages, files, positions), each with bursts of a few times that; ``ws_rate`` and
    ``ws_address_rate``: WebSocket messages a second one connection, and all the connections
    of one address together, may send. ``time_source``: what the clocks read (tests pass a
    ``clock.FakeTime``, move it, and run ``Seating.check`` themselves: with a time source
    given, the server does not look at the clocks on its own). ``redis_url``: servers sharing
    a PostgreSQL ``db`` announce their changes over Redis pub/sub rather than LISTEN/NOTIFY
    (``announce.RedisUnreachable`` when no Redis answers there)."""
    store = open_store(db, sync)
    work = WorkPool(workers, processes)
    manager = TableManager(store, work, max_open=max_open, max_per_address=max_per_address,
                           expire_after=expire_after, time_source=time_source)
    players = Players(store)
    seating = Seating(manager, players)
    manager.sharing = sharing_for(manager, store, redis_url)
    post_buckets = Buckets(http_rate, http_rate * 3)
    get_buckets = Buckets(get_rate, get_rate * 4)

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        if manager.sharing is not None:
            await manager.sharing.start()
        manager.resume_all()
        seating.resumed()
        if processes:  # ``cardtable serve``: this process is the server's (``heap.py``)
            heap.settle()

        async def sweeper() -> None:
            while True:
                await asyncio.sleep(SWEEP_EVERY)
                manager.sweep()

        async def clocks() -> None:
            while True:
                await asyncio.sleep(CLOCK_EVERY)
                await seating.check()

        loop = asyncio.get_running_loop()
        tasks = [loop.create_task(sweeper())]
        if time_source is None:  # whoever gives the time (a test) also runs the checks
            tasks.append(loop.create_task(clocks()))
        yield
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if manager.sharing is not None:
            await manager.sharing.stop()
        manager.close()
        store.close()

    app = TableApp(title="cardtable", lifespan=lifespan, docs_url=None, redoc_url=None,
                   openapi_url=None)
    app.state.manager = manager
    app.state.seating = seating
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def _address(request: Request | WebSocket) -> str:
        return request.client.host if request.client else "?"

    @app.middleware("http")
    async def refusals(request: Request, call_next: Any) -> Response:
        """What any request must be before it is read: within its address's rate, and, for
        one that changes something, JSON from this server's own page (or from no page)."""
        reads = request.method in ("GET", "HEAD")
        if (get_buckets if reads else post_buckets).take(_address(request)) < 0:
            return _error("too many requests: slow down", 429)
        if not reads:
            if not same_origin(request.headers):
                return _error("a page of another site may not send this request", 403)
            if not json_body(request.headers):
                return _error("send the request's body as JSON "
                              "(content-type: application/json)", 415)
        response: Response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        host = request.headers.get("host", "")
        if re.fullmatch(r"[\w.:\[\]-]{1,255}", host):  # older browsers: name the WebSocket
            response.headers["content-security-policy"] = SECURITY_HEADERS[
                "content-security-policy"].replace(
                "connect-src 'self'", f"connect-src 'self' ws://{host} wss://{host}")
        return response

    if proxy_headers:  # added last, so it runs first: the limits above see the real client
        from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=forwarded_allow_ips)

    @app.exception_handler(Busy)
    async def busy(request: Request, exc: Busy) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=exc.status,
                            headers={"retry-after": "5"})

    @app.exception_handler(ClientDisconnect)
    async def gone(request: Request, exc: ClientDisconnect) -> Response:
        # the client left before its body arrived: nobody to answer, nothing to log
        return Response(status_code=400)

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> JSONResponse:
        return _error(str(exc), exc.status)

    @app.exception_handler(BadRequest)
    async def bad_request(request: Request, exc: BadRequest) -> JSONResponse:
        return _error(str(exc), 400)

    @app.exception_handler(CardtableError)
    async def cardtable_error(request: Request, exc: CardtableError) -> JSONResponse:
        return _error(str(exc), 400)

    # -- pages ----------
    @app.get("/")
    async def lobby() -> HTMLResponse:
        return page("lobby")

    @app.get("/favicon.ico")
    async def favicon() -> Response:
        return Response(status_code=204)

    from cardtable.web.design import add_design  # the designer's workbench: /design/GAME

    add_design(app, work, _address)

    @app.get("/t/{table_id}")
    async def table_page(table_id: str) -> HTMLResponse:
        return page("table")

    add_pages(app, manager, _address)
    add_lobby(app, manager, seating, players, _address)

    # -- lobby ----------
    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return games_listed(lambda game: {"options": game.default_options()})

    @app.post("/api/decks/check")
    async def deck_check(request: Request) -> dict[str, Any]:
        data = await read_body(request, DeckCheck)
        load_game(data.game)
        deck, problems = await work.check_deck(data.game, data.name, data.text,
                                               _address(request))
        return {"ok": deck is not None, "diagnostics": problems,
                "deck": None if deck is None else {"name": deck.name, "cards": len(deck)}}

    async def _deck(game_id: str, spec: str | DeckText | None, fallback: Deck, address: str
                    ) -> Deck:
        game = load_game(game_id)
        if spec is None or spec == "":
            return fallback
        if isinstance(spec, str):
            if spec not in game.deck_names():
                raise TableError(f"no shipped deck {spec!r}; decks: {', '.join(game.deck_names())}")
            return game.load_deck(spec)
        deck, problems = await work.check_deck(game_id, spec.name, spec.text, address)
        if deck is None:
            raise TableError("the deck file has problems:\n" + "\n".join(problems))
        return deck

    @app.post("/api/tables")
    async def create_table(request: Request) -> dict[str, Any]:
        data = await read_body(request, CreateTable)
        game = load_game(data.game)
        lang = language(data.lang)
        opponent = data.opponent
        if opponent == "friend":
            other = HUMAN
        elif opponent == "mcts":
            if data.strength not in STRENGTHS:
                raise TableError(f"strength must be one of {', '.join(STRENGTHS)}")
            other = STRENGTHS[data.strength]
        elif opponent in AGENTS:
            other = opponent
        else:
            raise TableError(f"opponent must be friend or one of {', '.join(AGENTS)}")
        owner = _address(request)
        manager.check_room(owner)  # before any deck is checked
        decks_in = data.decks or [None, None]
        defaults = game.default_decks()
        decks = [await _deck(data.game, decks_in[i], defaults[i], owner) for i in (0, 1)]
        seats = [HUMAN, other] if data.seat == 1 else [other, HUMAN]
        seed = None if data.seed in (None, "") else int(data.seed)
        table, tokens = manager.create(data.game, decks, dict(data.options or {}), seats, lang,
                                       seed=seed, owner=owner)
        manager.kick(table)
        links = {str(s + 1): f"/t/{table.id}#k={tok}" for s, tok in enumerate(tokens) if tok}
        return {"table": table.id, "links": links, "watch": f"/t/{table.id}"}

    # -- the table over HTTP (the page uses the WebSocket; these serve scripts and tests) ----
    def _token(request: Request, data: Move | Undo | None = None) -> str | None:
        if data is not None and data.token is not None:
            return data.token
        token = request.headers.get("x-seat-token")
        if token is not None and len(token) > 128:
            raise TableError("this seat link is not valid for this table", 403)
        return token

    @app.get("/api/tables/{table_id}")
    async def table_state(table_id: str, request: Request, lang: str = "en") -> Response:
        table = await manager.fresh(manager.get(table_id))
        text = table.message(table.seat_of(_token(request)), language(lang))
        return Response(text, media_type="application/json")

    @app.post("/api/tables/{table_id}/move")
    async def move(table_id: str, request: Request) -> dict[str, Any]:
        table = manager.get(table_id)
        data = await read_body(request, Move)
        seat = table.seat_of(_token(request, data))
        played = await manager.move(table, seat, data.code, data.n)
        return {"ok": True, "n": len(table.state.history), "repeated": not played}

    @app.post("/api/tables/{table_id}/undo")
    async def undo(table_id: str, request: Request) -> dict[str, Any]:
        table = manager.get(table_id)
        data = await read_body(request, Undo)
        keep = await manager.undo(table, table.seat_of(_token(request, data)), data.n)
        return {"ok": True, "n": keep}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> Response:
        table = manager.get(table_id)
        if not table.over:
            raise TableError("the record is offered once the game is over", 409)
        if table.record_json is None or table.record_json[0] != len(table.state.history):
            # a replay of the whole game: made once, off the event loop (a finished game
            # never changes, and anyone with the watch link may ask again and again)
            record = await asyncio.to_thread(table.record)
            table.record_json = (len(table.state.history),
                                 json.dumps(record.to_json(), ensure_ascii=False, indent=1))
        body = table.record_json[1]
        name = f"{table.game.id}-{table.id}.json"
        return Response(body, media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    add_replays(app, manager, _token)
    live = add_live(app, manager, LiveLimits(ws_rate, ws_address_rate, max_spectators), seating)
    if proxy_headers:  # the client's address, as for every other request
        from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

        live = ProxyHeadersMiddleware(live, trusted_hosts=forwarded_allow_ips)
    app.live = live

    return app


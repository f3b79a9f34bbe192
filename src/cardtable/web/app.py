"""The HTTP and WebSocket face of the tables: lobby, table page, moves, undo, records.

Every answer is built in ``payload.py`` from what the seat may know; every refusal is a JSON
``{"error": ...}`` with a status that says why, and leaves the table as it was.
"""

from __future__ import annotations

import json
import re
import tempfile
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from cardtable.agents.registry import AGENTS
from cardtable.core import CardtableError, Deck, list_games, load_game
from cardtable.web.limits import (
    MAX_DECK,
    MAX_LISTENERS,
    MAX_MESSAGE,
    BodyLimit,
    Bucket,
    Buckets,
)
from cardtable.web.pages import add_pages
from cardtable.web.payload import can_undo, table_payload
from cardtable.web.store import Store
from cardtable.web.tables import HUMAN, LiveTable, TableError, TableManager

STATIC = Path(__file__).parent / "static"
LANGS = ("en", "ja")
#: the strength settings the lobby offers for mcts: milliseconds of search a move
STRENGTHS = {"weak": "mcts:ms=200", "medium": "mcts:ms=1000", "strong": "mcts:ms=3000"}


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


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    try:
        data = json.loads(raw or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise TableError(f"malformed JSON: {exc}") from None
    if not isinstance(data, dict):
        raise TableError("the request body must be a JSON object")
    return data


def _lang(value: Any) -> str:
    if value in (None, ""):
        return "en"
    if value not in LANGS:
        raise TableError(f"unknown language {value!r}; use en or ja")
    return str(value)


def check_deck_text(game_id: str, name: str, text: str) -> tuple[Deck | None, list[str]]:
    """A pasted or uploaded deck file, checked as ``cards check`` checks a file on disk."""
    game = load_game(game_id)
    if len(text.encode()) > MAX_DECK:
        return None, [f"{name}: the deck file is larger than {MAX_DECK} bytes"]
    safe = re.sub(r"[^\w.-]", "_", name)[:80] or "deck.txt"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / safe
        path.write_text(text, "utf-8")
        problems = [str(d).replace(str(path), name) for d in game.check_file(path)]
        if problems:
            return None, problems
        try:
            return game.load_deck(str(path)), []
        except CardtableError as exc:
            return None, [str(exc).replace(str(path), name)]


def create_app(db: str | Path = ":memory:", workers: int = 2, sync: str = "normal",
               http_rate: float = 20.0, ws_rate: float = 20.0) -> FastAPI:
    store = Store(db, sync)
    manager = TableManager(store, workers)
    http_buckets = Buckets(http_rate, http_rate * 3)

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        manager.resume_all()
        yield
        manager.close()
        store.close()

    app = FastAPI(title="cardtable", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.manager = manager
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.middleware("http")
    async def refusals(request: Request, call_next: Any) -> Response:
        if request.method == "POST":
            client = request.client.host if request.client else "?"
            if http_buckets.take(client) < 0:
                return _error("too many requests: slow down", 429)
        response: Response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        host = request.headers.get("host", "")
        if re.fullmatch(r"[\w.:\[\]-]{1,255}", host):  # older browsers: name the WebSocket
            response.headers["content-security-policy"] = SECURITY_HEADERS[
                "content-security-policy"].replace(
                "connect-src 'self'", f"connect-src 'self' ws://{host} wss://{host}")
        return response

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> JSONResponse:
        return _error(str(exc), exc.status)

    @app.exception_handler(CardtableError)
    async def cardtable_error(request: Request, exc: CardtableError) -> JSONResponse:
        return _error(str(exc), 400)

    # -- pages ----------
    @app.get("/")
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/favicon.ico")
    async def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/t/{table_id}")
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    add_pages(app, manager)

    # -- lobby ----------
    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        out = []
        for info in list_games():
            entry: dict[str, Any] = {"id": info.id, "title": info.title,
                                     "title_ja": info.title_ja, "playable": info.playable}
            if info.playable:
                game = load_game(info.id)
                entry["decks"] = game.deck_names()
                entry["options"] = game.default_options()
            out.append(entry)
        return {"games": out, "agents": [*AGENTS], "strengths": [*STRENGTHS]}

    @app.post("/api/decks/check")
    async def deck_check(request: Request) -> dict[str, Any]:
        data = await _body(request)
        deck, problems = check_deck_text(str(data.get("game", "")),
                                         str(data.get("name") or "deck.txt"),
                                         str(data.get("text", "")))
        return {"ok": deck is not None, "diagnostics": problems,
                "deck": None if deck is None else {"name": deck.name, "cards": len(deck)}}

    def _deck(game_id: str, spec: Any, fallback: Deck) -> Deck:
        game = load_game(game_id)
        if spec in (None, ""):
            return fallback
        if isinstance(spec, str):
            if spec not in game.deck_names():
                raise TableError(f"no shipped deck {spec!r}; decks: {', '.join(game.deck_names())}")
            return game.load_deck(spec)
        if isinstance(spec, dict) and isinstance(spec.get("text"), str):
            deck, problems = check_deck_text(game_id, str(spec.get("name") or "deck.txt"),
                                             spec["text"])
            if deck is None:
                raise TableError("the deck file has problems:\n" + "\n".join(problems))
            return deck
        raise TableError("a deck is a shipped deck's name or {\"name\": ..., \"text\": ...}")

    @app.post("/api/tables")
    async def create_table(request: Request) -> dict[str, Any]:
        data = await _body(request)
        game_id = str(data.get("game", ""))
        game = load_game(game_id)
        lang = _lang(data.get("lang"))
        seat = data.get("seat", 1)
        if seat not in (1, 2):
            raise TableError("seat must be 1 or 2")
        opponent = str(data.get("opponent", "greedy"))
        if opponent == "friend":
            other = HUMAN
        elif opponent == "mcts":
            strength = str(data.get("strength", "medium"))
            if strength not in STRENGTHS:
                raise TableError(f"strength must be one of {', '.join(STRENGTHS)}")
            other = STRENGTHS[strength]
        elif opponent in AGENTS:
            other = opponent
        else:
            raise TableError(f"opponent must be friend or one of {', '.join(AGENTS)}")
        decks_in = data.get("decks") or [None, None]
        if not isinstance(decks_in, list) or len(decks_in) != 2:
            raise TableError("decks must be a list of two")
        defaults = game.default_decks()
        decks = [_deck(game_id, decks_in[i], defaults[i]) for i in (0, 1)]
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise TableError("options must be a JSON object")
        seats = [HUMAN, other] if seat == 1 else [other, HUMAN]
        seed = data.get("seed")
        if seed in (None, ""):
            seed = None
        elif not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise TableError("seed must be a whole number from 0 (or left out)")
        table, tokens = manager.create(game_id, decks, options, seats, lang, seed=seed)
        manager.kick(table)
        links = {str(s + 1): f"/t/{table.id}#k={tok}" for s, tok in enumerate(tokens) if tok}
        return {"table": table.id, "links": links, "watch": f"/t/{table.id}"}

    # -- the table over HTTP (the page uses the WebSocket; these serve scripts and tests) ----
    def _token(request: Request, data: dict[str, Any] | None = None) -> str | None:
        if data is not None and "token" in data:
            token = data["token"]
            if token is not None and not isinstance(token, str):
                raise TableError("the token must be a string", 403)
            return token
        return request.headers.get("x-seat-token")

    def _message(table: LiveTable, seat: int | None, lang: str, sent: int = 0
                 ) -> dict[str, Any]:
        """One state message: the payload, and the log lines of the moves from ``sent`` on
        (0: the whole log, which the page then draws afresh)."""
        out = table_payload(table.state, seat, lang)
        chunks = table.log_chunks(seat, lang)
        out.update(type="state", seat=seat, n=len(table.state.history), reset=sent == 0,
                   log=[line for chunk in chunks[sent:] for line in chunk],
                   seats=table.seats,
                   undo=can_undo(table.state, seat, table.deciders))
        return out

    def _snapshot(table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
        return _message(table, seat, lang, 0)

    @app.get("/api/tables/{table_id}")
    async def table_state(table_id: str, request: Request, lang: str = "en") -> dict[str, Any]:
        table = manager.get(table_id)
        return _snapshot(table, table.seat_of(_token(request)), _lang(lang))

    @app.post("/api/tables/{table_id}/move")
    async def move(table_id: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        table = manager.get(table_id)
        seat = table.seat_of(_token(request, data))
        await manager.move(table, seat, data.get("code"), data.get("n"))
        return {"ok": True, "n": len(table.state.history)}

    @app.post("/api/tables/{table_id}/undo")
    async def undo(table_id: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        table = manager.get(table_id)
        keep = await manager.undo(table, table.seat_of(_token(request, data)))
        return {"ok": True, "n": keep}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> Response:
        table = manager.get(table_id)
        if not table.state.is_terminal():
            raise TableError("the record is offered once the game is over", 409)
        body = json.dumps(table.record().to_json(), ensure_ascii=False, indent=1)
        name = f"{table.game.id}-{table.id}.json"
        return Response(body, media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    # -- the live table ----------
    @app.websocket("/ws/{table_id}")
    async def live(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        bucket = Bucket(ws_rate, ws_rate * 2)

        async def receive() -> dict[str, Any] | None:
            text = await ws.receive_text()
            if len(text) > MAX_MESSAGE:
                await ws.close(1009, "message too large")
                return None
            left = bucket.take()
            if left < -ws_rate:
                await ws.close(1008, "too many messages")
                return None
            if left < 0:
                await ws.send_json({"type": "error", "message": "too many messages: slow down"})
                return {}
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                await ws.send_json({"type": "error", "message": f"malformed JSON: {exc}"})
                return {}
            if not isinstance(data, dict):
                await ws.send_json({"type": "error", "message": "a message is a JSON object"})
                return {}
            return data

        try:
            try:
                table = manager.get(table_id)
            except TableError as exc:
                await ws.send_json({"type": "error", "message": str(exc), "fatal": True})
                await ws.close(1008)
                return
            if len(table.listeners) >= MAX_LISTENERS:
                await ws.send_json({"type": "error", "fatal": True,
                                    "message": "this table has too many open pages"})
                await ws.close(1013)
                return
            hello = await receive()
            if hello is None:
                return
            try:
                seat = table.seat_of(hello.get("token"))
                lang = _lang(hello.get("lang"))
            except TableError as exc:
                await ws.send_json({"type": "error", "message": str(exc), "fatal": True})
                await ws.close(1008)
                return
            conn: dict[str, Any] = {"lang": lang, "sent": 0}

            async def listener(live_table: LiveTable, reset: bool) -> None:
                sent = 0 if reset or conn["sent"] > len(live_table.marks) else conn["sent"]
                await ws.send_json(_message(live_table, seat, conn["lang"], sent))
                conn["sent"] = len(live_table.marks)

            table.listeners.add(listener)
            try:
                await ws.send_json(_snapshot(table, seat, lang))
                conn["sent"] = len(table.marks)
                while True:
                    data = await receive()
                    if data is None:
                        return
                    table = manager.tables.get(table_id, table)
                    try:
                        if "move" in data:
                            await manager.move(table, seat, data["move"], data.get("n"))
                        elif data.get("undo"):
                            await manager.undo(table, seat)
                        elif "lang" in data:
                            conn["lang"] = _lang(data["lang"])
                            await listener(table, True)
                        elif data:
                            raise TableError("unknown message: send move, undo or lang")
                    except TableError as exc:
                        await ws.send_json({"type": "error", "message": str(exc)})
            finally:
                table.listeners.discard(listener)
        except WebSocketDisconnect:
            return

    return app


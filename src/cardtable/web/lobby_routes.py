"""The lobby's API for strangers: names, open tables, quick match, resigning, ratings.

``POST /api/players`` claims a display name and answers its key (kept by the browser; only its
hash is stored). ``GET /api/open`` lists the tables waiting for an opponent; ``POST /api/open``
opens one; ``POST /api/open/ID/join`` sits down at one; ``POST /api/quick`` pairs two people
asking for the same game. ``POST /api/tables/ID/resign`` gives a lobby game up.
``GET /api/leaderboard?game=ID`` and ``GET /leaderboard`` show the ratings. Every body goes
through the strict reader (``models.read_body``); names are shown by the pages as text only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse

from cardtable.core import list_games, load_game
from cardtable.web.clock import ClockError
from cardtable.web.html_pages import page
from cardtable.web.models import ClaimName, JoinTable, OpenTable, QuickMatch, Resign, read_body
from cardtable.web.people import PlayerError, Players, shown
from cardtable.web.seating import Seating, make_clock
from cardtable.web.tables import LiveTable, TableError, TableManager, language


def _playable(game_id: str) -> None:
    if not any(g.id == game_id and g.playable for g in list_games()):
        raise TableError(f"no playable game {game_id!r}", 404)


def add_lobby(app: FastAPI, manager: TableManager, seating: Seating, players: Players,
              address: Callable[[Request], str]) -> None:
    @app.exception_handler(PlayerError)
    async def player_error(request: Request, exc: PlayerError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=exc.status)

    @app.exception_handler(ClockError)
    async def clock_error(request: Request, exc: ClockError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    def _seated(table: LiveTable, seat: int, token: str) -> dict[str, Any]:
        return {"table": table.id, "seat": seat + 1, "link": f"/t/{table.id}#k={token}",
                "waiting": table.meta.waiting}

    @app.post("/api/players")
    async def claim(request: Request) -> dict[str, Any]:
        data = await read_body(request, ClaimName)
        name, key = players.claim(data.name, address(request))
        return {"name": name, "key": key}

    @app.get("/api/open")
    async def open_list(game: str = "") -> dict[str, Any]:
        if len(game) > 64:
            raise TableError("no such game")
        return {"tables": seating.open_list(game or None)}

    @app.post("/api/open")
    async def open_table(request: Request) -> dict[str, Any]:
        data = await read_body(request, OpenTable)
        _playable(data.game)
        load_game(data.game)
        clock = make_clock(None if data.clock is None else data.clock.model_dump())
        table, seat, token = seating.open(
            data.game, dict(data.options or {}), clock, data.rated, language(data.lang),
            address(request), data.player, None if data.seat == 0 else data.seat - 1)
        return _seated(table, seat, token)

    @app.post("/api/open/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        data = await read_body(request, JoinTable)
        table = manager.get(table_id)
        seat, token = await seating.join(table, data.player)
        return _seated(table, seat, token)

    @app.post("/api/quick")
    async def quick(request: Request) -> dict[str, Any]:
        data = await read_body(request, QuickMatch)
        _playable(data.game)
        spec = None if data.clock is None else data.clock.model_dump()
        table, seat, token = await seating.quick(data.game, spec, language(data.lang),
                                                 address(request), data.player)
        return _seated(table, seat, token)

    @app.post("/api/tables/{table_id}/resign")
    async def resign(table_id: str, request: Request) -> dict[str, Any]:
        data = await read_body(request, Resign)
        table = manager.get(table_id)
        await seating.resign(table, table.seat_of(data.token))
        return {"ok": True, "result": table.result()}

    @app.get("/api/leaderboard")
    async def leaderboard(game: str) -> dict[str, Any]:
        _playable(game)
        rows = manager.store.leaderboard(game)
        return {"game": game, "players": [
            {"rank": i + 1, "name": r.name, "rating": shown(r), "games": r.games,
             "wins": r.wins, "mu": round(r.mu, 3), "sigma": round(r.sigma, 3)}
            for i, r in enumerate(rows)]}

    @app.get("/leaderboard")
    async def leaderboard_page() -> HTMLResponse:
        return page("leaderboard")

"""Page routes beside the API: a one-link table against the computer, a rematch, how to play.

``GET /play/GAME?vs=AGENT&seed=N[&lang=en|ja][&deck=NAME]`` makes a table against the computer
and lands on the player's seat (the lobby's quick start and scripts use it); ``POST
/api/tables/ID/rematch`` deals the same match again with a new seed for the seat that asks;
``GET /how/GAME`` is the game's how-to-play page (the lobby links it).
"""

from __future__ import annotations

import html
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from cardtable.agents.levels import level_list, level_ratings, ratings_preliminary
from cardtable.agents.registry import AGENTS
from cardtable.core import list_games, load_game
from cardtable.web.tables import HUMAN, TableError, TableManager

#: the strength settings the lobby offers for mcts: milliseconds of search a move
STRENGTHS = {"weak": "mcts:ms=200", "medium": "mcts:ms=1000", "strong": "mcts:ms=3000"}


def opponent_spec(vs: str) -> str:
    """An agent name or an mcts strength, as the lobby names them."""
    if vs in STRENGTHS:
        return STRENGTHS[vs]
    if vs in AGENTS:
        return vs
    raise TableError(f"vs must be one of {', '.join([*AGENTS, *STRENGTHS])}")


def _playable(game_id: str) -> None:
    if not any(g.id == game_id and g.playable for g in list_games()):
        raise TableError(f"no playable game {game_id!r}", 404)


def add_pages(app: FastAPI, manager: TableManager) -> None:
    @app.get("/api/lobby")
    async def lobby_data() -> dict[str, Any]:
        from cardtable.web.lobby_info import game_info

        out = []
        for info in list_games():
            entry: dict[str, Any] = {"id": info.id, "title": info.title,
                                     "title_ja": info.title_ja, "playable": info.playable}
            if info.playable:
                entry["decks"] = load_game(info.id).deck_names()
                entry["info"] = {lang: game_info(info.id, lang) for lang in ("en", "ja")}
                entry["ratings"] = level_ratings(info.id)
                entry["ratings_preliminary"] = ratings_preliminary(info.id)
            out.append(entry)
        return {"games": out, "agents": [*AGENTS], "strengths": [*STRENGTHS],
                "levels": level_list()}

    def _owner(request: Request) -> str:
        return request.client.host if request.client else "?"

    @app.get("/play/{game_id}")
    async def play(game_id: str, request: Request, vs: str = "greedy", seed: int | None = None,
                   lang: str = "en", deck: str | None = None) -> RedirectResponse:
        _playable(game_id)
        game = load_game(game_id)
        if lang not in ("en", "ja"):
            raise TableError("lang must be en or ja")
        if seed is not None and not 0 <= seed < 2**63:
            raise TableError("seed must be a whole number from 0")
        decks = list(game.default_decks())
        if deck:
            if deck not in game.deck_names():
                raise TableError(f"no shipped deck {deck!r}; decks: "
                                 f"{', '.join(game.deck_names())}")
            decks[0] = game.load_deck(deck)
        table, tokens = manager.create(game_id, decks, {}, [HUMAN, opponent_spec(vs)], lang,
                                       seed=seed, owner=_owner(request))
        manager.kick(table)
        return RedirectResponse(f"/t/{table.id}?lang={lang}#k={tokens[0]}", status_code=303)

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        try:
            data = await request.json()
        except ValueError:
            data = {}
        token = data.get("token") if isinstance(data, dict) else None
        old = manager.get(table_id)
        seat = old.seat_of(token if isinstance(token, str) else None)
        if seat is None:
            raise TableError("only a seat can ask for a rematch", 403)
        if not old.state.is_terminal():
            raise TableError("a rematch is offered once the game is over", 409)
        if sum(s == HUMAN for s in old.seats) > 1:
            raise TableError("a rematch of a friend game is a new table from the lobby", 409)
        table, tokens = manager.create(old.game.id, list(old.state.decks),
                                       dict(old.state.options), list(old.seats), old.lang,
                                       owner=_owner(request))
        manager.kick(table)
        return {"table": table.id, "link": f"/t/{table.id}#k={tokens[seat]}"}

    @app.get("/how/{game_id}")
    async def how_to_play(game_id: str, lang: str = "en") -> HTMLResponse:
        _playable(game_id)
        from cardtable.web.lobby_info import how_to_play as text

        game = load_game(game_id)
        title = game.title_ja if lang == "ja" else game.title
        body = text(game_id, lang)
        back = "ロビーへ戻る" if lang == "ja" else "Back to the lobby"
        page = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                f'<title>{html.escape(title)}</title>'
                '<link rel="stylesheet" href="/static/table.css"></head>'
                f'<body class="lobby-page{" ja" if lang == "ja" else ""}">'
                f'<header><a class="home" href="/">◆</a><h1>{html.escape(title)}</h1></header>'
                f'<main class="howto">{body}<p><a href="/">{back}</a></p></main></body></html>')
        return HTMLResponse(page)

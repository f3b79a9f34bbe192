"""Page routes beside the API: a one-link table against the computer, a rematch, how to play.

``GET /play/GAME?vs=AGENT&seed=N[&lang=en|ja][&deck=NAME]`` is the quick start (the lobby's
"Play vs computer" and scripts' links; ``?tutorial=first_game`` deals the game's first-game
tutorial, ``table/tutorial.py``): a page that asks for the table with ``POST`` to the same
address and lands on the player's seat. The GET itself makes nothing, so a link, an image or a
frame on another site cannot make its visitors open tables; the POST is held to what every
state-changing request is (JSON, from this server's own page). ``POST /api/tables/ID/rematch``
deals the same match again with a new seed for the seat that asks; ``GET /how/GAME`` is the
game's how-to-play page (the lobby links it).

Nothing a client sends is written into a page: the language is checked against en and ja,
and everything else on these pages is escaped.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse

from cardtable.agents.levels import level_list, level_ratings, ratings_preliminary
from cardtable.agents.registry import AGENTS
from cardtable.core import Game, list_games, load_game
from cardtable.core.errors import CardtableError
from cardtable.table import glossary
from cardtable.table import tutorial as tutorials
from cardtable.table.tutorial import Tutorial
from cardtable.web.html_pages import head
from cardtable.web.lobby_info import STRENGTHS, game_info, games_listed
from cardtable.web.models import Nothing, Rematch, read_body
from cardtable.web.tables import HUMAN, TableError, TableManager, language


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


def _page(lang: str, title: str, body: str, script: str = "") -> HTMLResponse:
    """A small page in the lobby's style; ``title`` and ``body`` are already escaped HTML."""
    lang = language(lang)
    tail = f'<script src="/static/{script}"></script>' if script else ""
    return HTMLResponse(
        head(title, lang=lang)
        + f'<body class="lobby-page{" ja" if lang == "ja" else ""}">'
        f'<header><a class="home" href="/">◆</a><h1>{title}</h1></header>'
        f'<main class="howto">{body}</main>{tail}</body></html>')


def glossary_html(game_id: str, lang: str) -> str:
    """The game's glossary (``table/glossary.py``) as a list whose entries the table links to
    (``/how/GAME#g-KEY``); a game without one has no section."""
    found = glossary.entries(game_id)
    if not found:
        return ""
    ja = lang == "ja"
    rows = []
    for entry in found:
        term, text = entry.says(lang)
        rows.append(f'<dt id="{glossary.anchor(entry.key)}"><b>{html.escape(term)}</b></dt>'
                    f"<dd>{html.escape(text)}</dd>")
    return (f'<h2 id="glossary">{"用語集" if ja else "Glossary"}</h2>'
            f'<dl class="glossary">{"".join(rows)}</dl>')


def add_pages(app: FastAPI, manager: TableManager, address: Callable[[Request], str]) -> None:
    @app.get("/api/lobby")
    async def lobby_data() -> dict[str, Any]:
        def details(game: Game) -> dict[str, Any]:
            return {"info": {lang: game_info(game.id, lang) for lang in ("en", "ja")},
                    "ratings": level_ratings(game.id),
                    "ratings_preliminary": ratings_preliminary(game.id)}

        return {**games_listed(details), "levels": level_list()}

    def quick_start(game_id: str, vs: str, seed: int | None, lang: str, deck: str | None
                    ) -> tuple[list[Any], str]:
        """The quick start's decks and opponent, every parameter checked."""
        _playable(game_id)
        game = load_game(game_id)
        language(lang)
        if seed is not None and not 0 <= seed < 2**63:
            raise TableError("seed must be a whole number from 0")
        decks = list(game.default_decks())
        if deck:
            if deck not in game.deck_names():
                raise TableError(f"no shipped deck {deck!r}; decks: "
                                 f"{', '.join(game.deck_names())}")
            decks[0] = game.load_deck(deck)
        return decks, opponent_spec(vs)

    def lesson(game_id: str, name: str | None) -> Tutorial | None:
        """The first-game tutorial a quick-start link asks for (``tutorial=first_game``)."""
        if not name:
            return None
        _playable(game_id)
        try:
            return tutorials.load(game_id, name)
        except CardtableError as exc:
            raise TableError(str(exc), 404) from exc

    @app.get("/play/{game_id}")
    async def play_page(game_id: str, vs: str = "greedy", seed: int | None = None,
                        lang: str = "en", deck: str | None = None,
                        tutorial: str | None = None) -> HTMLResponse:
        lesson(game_id, tutorial)
        quick_start(game_id, vs, seed, lang, deck)  # a bad link is refused here, as before
        ja = language(lang) == "ja"
        title = html.escape(load_game(game_id).title_ja if ja else load_game(game_id).title)
        text = "卓を用意しています…" if ja else "Setting up your table…"
        return _page(lang, title, f'<p id="play-status" role="status">{text}</p>', "play.js")

    @app.post("/play/{game_id}")
    async def play(game_id: str, request: Request, vs: str = "greedy", seed: int | None = None,
                   lang: str = "en", deck: str | None = None,
                   tutorial: str | None = None) -> dict[str, Any]:
        await read_body(request, Nothing)
        taught = lesson(game_id, tutorial)
        options: dict[str, Any] = {}
        if taught is not None:  # the tutorial's own deal, decks and opponent
            seed, vs, deck, options = taught.seed, taught.vs, None, dict(taught.options)
        decks, opponent = quick_start(game_id, vs, seed, lang, deck)
        table, tokens = manager.create(game_id, decks, options, [HUMAN, opponent],
                                       language(lang), seed=seed, owner=address(request))
        manager.kick(table)
        return {"table": table.id, "link": f"/t/{table.id}?lang={lang}#k={tokens[0]}"}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        data = await read_body(request, Rematch)
        old = manager.get(table_id)
        seat = old.seat_of(data.token)
        if seat is None:
            raise TableError("only a seat can ask for a rematch", 403)
        if not old.state.is_terminal():
            raise TableError("a rematch is offered once the game is over", 409)
        if sum(s == HUMAN for s in old.seats) > 1:
            raise TableError("a rematch of a friend game is a new table from the lobby", 409)
        table, tokens = manager.create(old.game.id, list(old.state.decks),
                                       dict(old.state.options), list(old.seats), old.lang,
                                       owner=address(request))
        manager.kick(table)
        return {"table": table.id, "link": f"/t/{table.id}#k={tokens[seat]}"}

    @app.get("/how/{game_id}")
    async def how_to_play(game_id: str, lang: str = "en") -> HTMLResponse:
        _playable(game_id)
        from cardtable.web.lobby_info import how_to_play as text

        lang = language(lang)
        game = load_game(game_id)
        title = html.escape(game.title_ja if lang == "ja" else game.title)
        back = "ロビーへ戻る" if lang == "ja" else "Back to the lobby"
        return _page(lang, title, f'{text(game_id, lang)}{glossary_html(game_id, lang)}'
                                  f'<p><a href="/">{back}</a></p>')

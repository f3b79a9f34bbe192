"""The designer's workbench in ``cardtable serve``: ``/design/GAME`` and its API.

A designer types cards in the game's own template and sees, as they type, the face the table
draws, the checker's problems under their lines and the card's place on the cost curve; builds
a deck of shipped cards and their own by clicks; downloads it as a deck file the command line
reads; plays it against the computer; runs a quick balance study of it against the shipped
decks; and prints it. Every check, study game and print runs in the work pool (``work.py``),
never on the event loop. What a designer sends is untrusted: read by the strict models below
(bounded, nothing else accepted), through the app's same-origin and JSON-only gate, and never
made into a path (``design_work.py`` writes a fixed name in a fresh directory).

Studies are capped (``MAX_STUDIES`` running in all, one per address, ``MAX_STUDY_GAMES`` games,
``STUDY_LIMIT`` seconds) and cancellable: a study plays its games a few at a time, and a
cancel stops it before the next few.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import Field, StrictInt

from cardtable.core import list_games
from cardtable.web import design_work as dw
from cardtable.web.html_pages import head, page
from cardtable.web.limits import MAX_DECK
from cardtable.web.models import Name, Nothing, _Strict, read_body
from cardtable.web.tables import TableError, language
from cardtable.web.work import Busy, WorkPool

#: studies running at once in all, and per address
MAX_STUDIES = 2
#: games a study may play in all, and per pairing of two decks
MAX_STUDY_GAMES = 240
MAX_GAMES_PER_PAIRING = 40
#: seconds a study may run before it is stopped
STUDY_LIMIT = 300.0
#: games sent to the work pool at once (a cancel waits for these at most)
CHUNK = 2
#: finished studies kept for their pages to read
KEEP_FINISHED = 64
#: the agents a study may use: the quick ones (a search would take minutes a game)
STUDY_AGENTS = ("greedy", "random")
#: seconds one check or print may take
CHECK_LIMIT = 30.0
PRINT_LIMIT = 120.0
#: the most deck entries (distinct cards) and copies of one a page may send
MAX_ENTRIES = 400
MAX_COPIES = 99

Text = Annotated[str, Field(max_length=MAX_DECK)]
Lang = Literal["en", "ja", ""]
CardName = Annotated[str, Field(min_length=1, max_length=120)]
Count = Annotated[StrictInt, Field(ge=1, le=MAX_COPIES)]


class CardsIn(_Strict):
    text: Text
    lang: Lang | None = None


class DeckIn(_Strict):
    name: Annotated[str, Field(max_length=80)] = "my deck"
    cards: Text = ""
    entries: Annotated[list[tuple[CardName, Count]], Field(max_length=MAX_ENTRIES)]
    lang: Lang | None = None


class DeckFileIn(_Strict):
    text: Text
    lang: Lang | None = None


class PrintIn(DeckFileIn):
    paper: Literal["a4", "letter"] = "a4"


class StudyIn(DeckFileIn):
    games: Annotated[StrictInt, Field(ge=1, le=MAX_GAMES_PER_PAIRING)] = 2
    agent: Name = "greedy"
    seed: Annotated[StrictInt, Field(ge=0, lt=2**63)] = 0


def _playable(game_id: str) -> None:
    if not any(g.id == game_id and g.playable for g in list_games()):
        raise TableError(f"no playable game {game_id!r}", 404)


@dataclass
class Run:
    """One study, as its page polls it."""

    id: str
    address: str
    game: str
    lang: str
    total: int = 0
    done: int = 0
    state: str = "starting"  # starting, running, done, cancelled, failed
    error: str = ""
    summary: dict[str, Any] | None = None
    started: float = field(default_factory=time.monotonic)
    cancel: bool = False
    task: asyncio.Task[None] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "state": self.state, "done": self.done,
                "total": self.total, "error": self.error, "summary": self.summary}

    @property
    def live(self) -> bool:
        return self.state in ("starting", "running")


class Studies:
    """The workbench's studies: started, polled and cancelled by their pages."""

    def __init__(self, work: WorkPool, limit: float = STUDY_LIMIT) -> None:
        self.work = work
        self.limit = limit
        self.runs: OrderedDict[str, Run] = OrderedDict()

    def running(self, address: str | None = None) -> int:
        return sum(r.live and (address is None or r.address == address)
                   for r in self.runs.values())

    def start(self, game_id: str, data: StudyIn, address: str) -> Run:
        if data.agent not in STUDY_AGENTS:
            raise TableError(f"a quick study plays {' or '.join(STUDY_AGENTS)}, "
                             f"not {data.agent!r}")
        if self.running(address):
            raise Busy("a study of yours is already running: wait for it or cancel it", 429)
        if self.running() >= MAX_STUDIES:
            raise Busy("the server is running other studies; try again in a minute")
        run = Run(secrets.token_urlsafe(12), address, game_id, language(data.lang))
        self.runs[run.id] = run
        while len(self.runs) > KEEP_FINISHED + MAX_STUDIES:
            oldest = next((k for k, r in self.runs.items() if not r.live), None)
            if oldest is None:
                break
            del self.runs[oldest]
        run.task = asyncio.get_running_loop().create_task(self._play(run, data))
        return run

    def get(self, study_id: str) -> Run:
        run = self.runs.get(study_id) if len(study_id) <= 32 else None
        if run is None:
            raise TableError("no such study (it may have ended long ago)", 404)
        return run

    async def _play(self, run: Run, data: StudyIn) -> None:
        loop = asyncio.get_running_loop()
        lane = self.work.study
        try:
            study = await loop.run_in_executor(lane, dw.make_design_study, run.game, data.text,
                                               data.games, data.agent, data.seed)
            if study.total > MAX_STUDY_GAMES:
                raise dw.DesignError(f"{study.total} games is more than a quick study plays "
                                     f"({MAX_STUDY_GAMES}); ask for fewer games a pairing")
            run.total, run.state = study.total, "running"
            results: list[dict[str, Any]] = []
            for start in range(0, study.total, CHUNK):
                if run.cancel:
                    run.state = "cancelled"
                    return
                if time.monotonic() - run.started > self.limit:
                    run.state, run.error = "failed", (
                        f"the study took longer than {self.limit:.0f} s and was stopped")
                    return
                chunk = list(range(start, min(start + CHUNK, study.total)))
                results += await loop.run_in_executor(lane, dw.play_games, study, chunk)
                run.done = len(results)
            run.summary = await loop.run_in_executor(lane, dw.study_summary, study, results,
                                                     run.lang)
            run.state = "done"
        except asyncio.CancelledError:
            run.state = "cancelled"
            raise
        except Exception as exc:  # a refused deck, a failing game: said on the page
            run.state, run.error = "failed", "\n".join(str(exc).splitlines()[:12])

    def close(self) -> None:
        for run in self.runs.values():
            run.cancel = True
            if run.task is not None and not run.task.done():
                run.task.cancel()


def _index(lang: str) -> HTMLResponse:
    """``/design``: the games a designer may open, as links."""
    ja = language(lang) == "ja"
    items = "".join(
        f'<li><a href="/design/{html.escape(g.id)}{"?lang=ja" if ja else ""}">'
        f'{html.escape(g.title_ja if ja else g.title)}</a></li>'
        for g in list_games() if g.playable)
    title = "デザイナーの作業台" if ja else "The designer's workbench"
    text = ("カードを書き、その場で見て、試し、バランスを測り、印刷します。" if ja else
            "Write a card, see it as you type, test it, balance it and print it.")
    return HTMLResponse(
        head(title, ("design.css",), "ja" if ja else "en")
        + f'<body class="lobby-page design-index"><header><a class="home" href="/">◆</a>'
        f'<h1>{title}</h1></header><main class="howto"><p>{text}</p>'
        f'<ul class="design-games">{items}</ul></main></body></html>')


def add_design(app: FastAPI, work: WorkPool, address: Callable[[Request], str]) -> Studies:
    """The workbench's page and API, on ``app``; its studies (closed with the app)."""
    studies = Studies(work)
    app.state.studies = studies

    async def checked(request: Request, fn: Any, *args: Any, limit: float = CHECK_LIMIT
                      ) -> Any:
        """``fn`` in the checking lane, in turn with other addresses' checks."""
        try:
            return await work.check_lane.run(address(request), fn, *args, limit=limit)
        except TimeoutError:
            raise Busy(f"that took longer than {limit:.0f} s") from None
        except dw.DesignError as exc:
            raise TableError(str(exc)) from None

    @app.get("/design")
    async def design_index(lang: str = "en") -> HTMLResponse:
        return _index(lang)

    @app.get("/design/{game_id}")
    async def design_page(game_id: str) -> HTMLResponse:
        _playable(game_id)
        return page("design")

    @app.get("/api/design/{game_id}")
    async def design_pool(game_id: str, request: Request, lang: str = "en") -> Any:
        _playable(game_id)
        return await checked(request, dw.pool_info, game_id, language(lang))

    @app.post("/api/design/{game_id}/check")
    async def design_check(game_id: str, request: Request) -> Any:
        data = await read_body(request, CardsIn)
        _playable(game_id)
        return await checked(request, dw.check_cards, game_id, data.text, language(data.lang))

    @app.post("/api/design/{game_id}/deck")
    async def design_deck(game_id: str, request: Request) -> Any:
        data = await read_body(request, DeckIn)
        _playable(game_id)
        return await checked(request, dw.check_deck, game_id, data.name, data.cards,
                             [(n, k) for n, k in data.entries], language(data.lang))

    @app.post("/api/design/{game_id}/import")
    async def design_import(game_id: str, request: Request) -> Any:
        data = await read_body(request, DeckFileIn)
        _playable(game_id)
        return await checked(request, dw.import_deck, game_id, data.text)

    @app.post("/api/design/{game_id}/print")
    async def design_print(game_id: str, request: Request) -> Response:
        data = await read_body(request, PrintIn)
        _playable(game_id)
        pdf = await checked(request, dw.print_deck, game_id, data.text, language(data.lang),
                            data.paper, limit=PRINT_LIMIT)
        return Response(pdf, media_type="application/pdf", headers={
            "content-disposition": f'attachment; filename="{game_id}-deck.pdf"'})

    @app.post("/api/design/{game_id}/tts")
    async def design_tts(game_id: str, request: Request) -> Response:
        data = await read_body(request, DeckFileIn)
        _playable(game_id)
        archive = await checked(request, dw.tts_zip, game_id, data.text, language(data.lang),
                                limit=PRINT_LIMIT)
        return Response(archive, media_type="application/zip", headers={
            "content-disposition": f'attachment; filename="{game_id}-tts.zip"'})

    @app.post("/api/design/{game_id}/study")
    async def design_study(game_id: str, request: Request) -> dict[str, Any]:
        data = await read_body(request, StudyIn)
        _playable(game_id)
        return studies.start(game_id, data, address(request)).to_json()

    @app.get("/api/design/study/{study_id}")
    async def design_study_state(study_id: str) -> dict[str, Any]:
        return studies.get(study_id).to_json()

    @app.post("/api/design/study/{study_id}/cancel")
    async def design_study_cancel(study_id: str, request: Request) -> dict[str, Any]:
        await read_body(request, Nothing)
        run = studies.get(study_id)
        if run.address != address(request):
            raise TableError("only the page that started a study may cancel it", 403)
        run.cancel = True
        if run.state == "starting" and run.task is not None:
            with contextlib.suppress(Exception):
                run.task.cancel()
        return run.to_json()

    return studies

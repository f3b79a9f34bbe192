"""Watching a finished game again: its record replayed by the engine, step by step, from one
seat's view or a spectator's.

``GET /api/tables/ID/replay?at=N&lang=L[&view=spectator]`` is move ``N`` of a finished table:
the table after it, the move's log lines with their board cues (``payload.move_story``) and
where each turn starts. A seat's link (``x-seat-token``) watches from that seat, or, with
``view=spectator``, as a spectator; without one, only as a spectator: the replay of a table
shows nobody a seat's hidden cards they did not hold.

``POST /api/replays`` takes a downloaded record (the lobby's "watch a record"), checks it as
``cardtable replay`` does, and keeps it (in memory, the last ``KEPT``) under a new id;
``GET /api/replays/ID?at=N&view=0|1|spectator`` steps through it. Whoever holds a record holds
its seed and every move already, so any seat's view of it may be asked for.
``GET /replay/...`` is the page (``pages/replay.html``) for either.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse

from cardtable.core import State
from cardtable.core.record import GameRecord, check_record_data, replay, start_state
from cardtable.web.html_pages import page
from cardtable.web.payload import move_story
from cardtable.web.tables import TableError, TableManager, language

JSON = dict[str, Any]
#: uploaded records kept at once (the oldest goes first)
KEPT = 64
#: the lines the summary keeps per counter (a long game is sampled)
SERIES = 60


@dataclass
class Replay:
    """A finished game's moves from its start, and what each viewer's turns are."""

    start: Callable[[], State]
    actions: list[int]
    title: str
    seats: list[str]
    turns: dict[tuple[int | None, str], list[list[int]]] = field(default_factory=dict)
    #: per viewer: each numeric counter at each turn's start and at the end (the end screen's
    #: lines of the key counters over time)
    series: dict[tuple[int | None, str], list[JSON]] = field(default_factory=dict)

    def at(self, n: int) -> tuple[State, int]:
        """The position after move ``n`` and the log's length before that move."""
        state = self.start()
        before = len(state.log)
        for code in self.actions[:n]:
            before = len(state.log)
            state.apply(code)
        return state, before

    def step(self, n: int, seat: int | None, lang: str) -> JSON:
        n = max(0, min(n, len(self.actions)))
        state, before = self.at(n)
        story = move_story(state, seat, lang, 0 if n == 0 else before, len(state.log))
        out: JSON = {"type": "replay", "n": n, "total": len(self.actions), "seat": seat,
                     "title": self.title, "seats": self.seats, "log": story["lines"],
                     "cues": story["cues"], "table": story["table"],
                     "result": state.result() if state.is_terminal() else None,
                     "turns": self.turn_starts(seat, lang),
                     "series": self.series[(seat, lang)]}
        return out

    def turn_starts(self, seat: int | None, lang: str) -> list[list[int]]:
        """``[turn, first move]`` for each turn, as the viewer's table numbers them."""
        key = (seat, lang)
        if key not in self.turns:
            from cardtable.web.payload import seat_table

            state = self.start()
            out: list[list[int]] = []
            series: dict[str, JSON] = {}
            last = None
            for i in range(len(self.actions) + 1):
                if i:
                    state.apply(self.actions[i - 1])
                table = seat_table(state, seat, lang)
                turn = table.get("turn")
                if turn != last or i == len(self.actions):
                    if turn != last:
                        out.append([turn, i])
                    last = turn
                    for c in table.get("counters", []):
                        if isinstance(c.get("value"), int | float) and c.get("owner") is not None:
                            line = series.setdefault(c["id"], {"id": c["id"], "label": c["label"],
                                                               "owner": c["owner"], "values": []})
                            line["values"].append(c["value"])
            self.turns[key] = out
            self.series[key] = [
                {**line, "values": line["values"][:: max(1, len(line["values"]) // SERIES)]}
                for line in series.values()]
        return self.turns[key]


def _viewer(view: str | None, seats: int) -> int | None:
    if view in (None, "", "spectator"):
        return None
    if view.isdigit() and int(view) < seats:
        return int(view)
    raise TableError("view must be spectator or a seat number")


def add_replays(app: FastAPI, manager: TableManager, token: Callable[[Request], str | None]
                ) -> None:
    uploaded: OrderedDict[str, Replay] = OrderedDict()
    of_tables: OrderedDict[str, Replay] = OrderedDict()

    def table_replay(table_id: str) -> Replay:
        table = manager.get(table_id)
        if not table.state.is_terminal():
            raise TableError("a game can be watched again once it is over", 409)
        known = of_tables.get(table_id)
        if known is None or len(known.actions) != len(table.state.history):
            state = table.state
            known = Replay(lambda: table.game.new_game(state.seed, state.decks, state.options),
                           list(state.history), table.game.title, list(table.seats))
            of_tables[table_id] = known
            while len(of_tables) > KEPT:
                of_tables.popitem(last=False)
        return known

    @app.get("/replay/{kind}/{rid}")
    async def replay_page(kind: str, rid: str) -> HTMLResponse:
        return page("replay")

    @app.get("/api/tables/{table_id}/replay")
    async def table_step(table_id: str, request: Request, at: int = 0, lang: str = "en",
                         view: str | None = None) -> JSON:
        table = manager.get(table_id)
        seat = table.seat_of(token(request))
        if view == "spectator":
            seat = None
        rep = table_replay(table_id)
        return await asyncio.to_thread(rep.step, at, seat, language(lang))

    @app.post("/api/replays")
    async def upload(request: Request) -> JSON:
        body = await request.body()
        try:
            data = json.loads(body)
        except ValueError:
            raise TableError("the record is not JSON") from None
        problems = check_record_data(data)
        if problems:
            raise TableError("not a record: " + "; ".join(problems[:3]))
        record = GameRecord.from_json(data)
        report = await asyncio.to_thread(replay, record)
        if not report.ok:
            raise TableError(f"this record does not replay: {report.message}")
        from cardtable.core import load_game

        game = load_game(record.game)
        rid = secrets.token_urlsafe(9)
        uploaded[rid] = Replay(lambda: start_state(record), list(record.actions), game.title,
                               [str(p) for p in (data.get("players") or [])])
        while len(uploaded) > KEPT:
            uploaded.popitem(last=False)
        return {"id": rid, "link": f"/replay/r/{rid}", "game": game.id,
                "seats": game.num_players}

    @app.get("/api/replays/{rid}")
    async def uploaded_step(rid: str, at: int = 0, lang: str = "en",
                            view: str | None = None) -> JSON:
        rep = uploaded.get(rid)
        if rep is None:
            raise TableError("no such replay (the server keeps uploaded records a while only)",
                             404)
        return await asyncio.to_thread(rep.step, at, _viewer(view, 2), language(lang))

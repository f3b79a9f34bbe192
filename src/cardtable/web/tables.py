"""The live tables: the only holder of states, and the only place moves are accepted.

A move is accepted from the seat whose decision it is, only if it is legal and only if the
client saw the latest position (``n``, the number of moves played, is required: a stale page
cannot move, and a request sent again for a move already played is answered as before without
playing it twice). It is stored before anyone is told of it. Computer seats think in the work
pool (``work.py``) on a copy of their view, so a long search never holds up the event loop or
another table; the state itself is only touched on the event loop, under the table's lock.

Tables are bounded: at most ``max_open`` unfinished tables in all and ``max_per_address`` made
from one address are open at once, and an unfinished table with no move for ``expire_after``
seconds and no seat's page open is closed (its link then says so). Neither cap can be held by
abandoned tables: when an address is at its own cap, its oldest abandoned table (no seat's page
open, no move for ``evict_idle`` seconds) is closed to make room; when the server is full, the
abandoned table idle longest of the address holding the most tables goes first, so a hundred
addresses filling the server lock a newcomer out only while they keep every table open in a
page. Finished games keep their rows, so their records can still be downloaded; they only leave
memory when idle.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from cardtable.agents import Agent, make_agent
from cardtable.core import (
    CardtableError,
    Deck,
    Game,
    IllegalActionError,
    State,
    derive_seed,
    load_game,
    make_record,
)
from cardtable.core.projection import Face
from cardtable.core.record import GameRecord, decks_from_record
from cardtable.core.undo import undo as undo_state
from cardtable.core.undo import undo_depth
from cardtable.web.clock import Clock, SystemTime, TimeSource
from cardtable.web.payload import can_undo, log_payload, move_story, seat_table, table_payload
from cardtable.web.refusal import Refusal
from cardtable.web.store import Store, TableRow, secret_hash
from cardtable.web.work import WorkPool

HUMAN = "human"
#: unfinished tables open at once, in all and made from one address
MAX_OPEN = 2000
MAX_PER_ADDRESS = 20
#: an unfinished table with no move for this long and no seat's page open is closed
EXPIRE_AFTER = 12 * 3600.0
#: a finished table idle this long leaves memory (it stays in the database)
IDLE_FINISHED = 600.0
#: when the server (or an address) is at its cap, an unfinished table with no seat's page open
#: and no move for this long may be closed to make room for a new one
EVICT_IDLE = 60.0
LANGS = ("en", "ja")
#: a page told more moves than this at once (it read nothing for a while) gets them as a log
FRAMES_KEPT = 48
JSON = dict[str, Any]


def language(value: Any) -> str:
    """A client's language: en or ja ("" and null mean en); anything else is refused."""
    if value in (None, ""):
        return "en"
    if value not in LANGS:
        raise TableError(f"unknown language {value!r}; use en or ja")
    return str(value)


class TableError(Refusal, CardtableError):
    """A request the table refuses; ``status`` is the HTTP status it maps to."""


Listener = Callable[["LiveTable", bool], Awaitable[None]]


@dataclass
class TableMeta:
    """What a table made in the lobby keeps beside its moves (stored as the row's ``meta``)."""

    #: made in the lobby for strangers (no undo: a stranger's decision stands)
    lobby: bool = False
    #: listed as waiting for an opponent: the seat ``open_seat`` is not taken yet
    waiting: bool = False
    open_seat: int | None = None
    #: made by a quick match (paired with the next asker of the same game and clock)
    quick: bool = False
    #: the display name per seat (None: a guest without a name)
    names: list[str | None] = field(default_factory=lambda: [None, None])
    #: counted in both players' ratings once over (only between named players)
    rated: bool = False
    rated_done: bool = False
    #: the clock's settings and state (``Clock.to_json``), or None for an untimed table
    clock: dict[str, Any] | None = None
    #: a game ended off the board: {"loser": seat, "why": "time" | "left" | "resigned"}
    forfeit: dict[str, Any] | None = None
    #: ``time.time()`` when the opponent sat down (the lobby lists by when a table was made)
    made: float = 0.0

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableMeta:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass
class LiveTable:
    id: str
    game: Game
    state: State
    seats: list[str]
    tokens: list[str]
    lang: str
    agents: dict[int, Agent] = field(default_factory=dict)
    #: who decided each move, for undo (a seat number per move)
    deciders: list[int] = field(default_factory=list)
    #: the log's length at the start and after each move: a page's log is drawn move by move,
    #: so a reloaded page words it exactly as the live one did
    marks: list[int] = field(default_factory=list)
    #: per (seat, lang): each move's log lines, worded with that seat's view right after it
    #: (the wording names cards by where they were), so a reloaded page reads as the live one;
    #: kept as tuples of ``(tone, sentence)`` (immutable, and so left alone by the collector)
    lines: dict[tuple[int | None, str], list[Chunk]] = field(default_factory=dict)
    #: per (seat, lang): for the latest moves worded, what each log line does to the board and
    #: the table right after the move, so a page tells a move on the board step by step; kept
    #: as JSON text (``Frame``): two hundred tables' 48 frames each, kept as dicts, were
    #: millions of objects for every full garbage collection to walk (pauses of a second)
    frames: dict[tuple[int | None, str], dict[int, Frame]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Listener] = field(default_factory=set)
    thinking: bool = False
    #: the address the table was made from (for the per-address cap)
    owner: str = ""
    #: ``time.time()`` of the last move, or of the making
    touched: float = field(default_factory=time.time)
    #: open pages: per seat (None: spectators) the connections, oldest first
    pages: dict[int | None, list[Any]] = field(default_factory=dict)
    #: the finished game's record as downloaded, with the number of moves it holds
    record_json: tuple[int, str] | None = None
    #: counts every change of position (a move, an undo): the messages below are of one
    version: int = 0
    #: state messages as sent, per (seat, lang, first move of the log): built once per
    #: position however many pages (48 spectators, a seat's tabs, a GET flood) ask for them
    messages: dict[tuple[int | None, str, int], str] = field(default_factory=dict)
    messages_version: int = 0
    #: the position's table as drawn per (seat, lang), and as JSON text: the message's and its
    #: move's story's
    drawn: dict[tuple[int | None, str], JSON] = field(default_factory=dict)
    #: the moves the position of ``drawn`` had, and the tables drawn of the position before it
    #: with its moves: the undo check reads a seat's table before and after its last decision
    drawn_history: list[int] = field(default_factory=list)
    earlier: tuple[list[int], dict[tuple[int | None, str], JSON]] = field(
        default_factory=lambda: ([], {}))
    drawn_texts: dict[tuple[int | None, str], str] = field(default_factory=dict)
    #: the position before the last move applied here, for the undo check (``undo_depth``)
    before: State | None = None
    #: the position's view per seat (``seat_view``), read by its table, story and question
    #: while one message is built (a spectator's reads both seats')
    views: dict[int, JSON] = field(default_factory=dict)
    meta: TableMeta = field(default_factory=TableMeta)
    clock: Clock | None = None
    time: TimeSource = field(default_factory=SystemTime)
    #: per human seat: when its last page closed (None: a page is open, or never tracked)
    gone_since: dict[int, float] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        """The game is over: on the board, or by a loss on time, a resignation, a quit."""
        return self.meta.forfeit is not None or self.state.is_terminal()

    def result(self) -> dict[str, Any] | None:
        forfeit = self.meta.forfeit
        if forfeit is not None:
            return {"winner": 1 - int(forfeit["loser"]), "draw": False,
                    "turns": self.state.turn, "reason": str(forfeit["why"])}
        return self.state.result()

    def meta_json(self) -> dict[str, Any]:
        if self.clock is not None:
            self.meta.clock = self.clock.to_json()
        return self.meta.to_json()

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds; None (a spectator) for no token; an error for a wrong one."""
        if token is None or token == "":
            return None
        digest = secret_hash(token)
        for seat, known in enumerate(self.tokens):
            if known and hmac.compare_digest(known, digest):
                return seat
        raise TableError("this seat link is not valid for this table", 403)

    def _position(self) -> None:
        """Forget what was drawn of an earlier position."""
        if self.messages_version != self.version:
            self.messages.clear()
            # kept only for a seat that decided the last move and decides now (``undo_tables``)
            seat = self.state.current_player()
            mine = self.deciders[-1:] == [seat]
            self.earlier = (self.drawn_history, {k: t for k, t in self.drawn.items()
                                                 if mine and k[0] == seat})
            self.drawn, self.drawn_history = {}, list(self.state.history)
            self.drawn_texts.clear()
            self.views.clear()
            self.messages_version = self.version

    def seat_view(self, seat: int) -> JSON:
        """``state.view(seat)``, made once per position for every reader of its messages."""
        self._position()
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self.state.view(seat)
        return view

    def drawn_table(self, seat: int | None, lang: str) -> JSON:
        """The table ``seat`` is shown now, drawn once per position (the message and the
        latest move's story show the same one)."""
        self._position()
        table = self.drawn.get((seat, lang))
        if table is None:
            table = self.drawn[(seat, lang)] = seat_table(self.state, seat, lang,
                                                          self.seat_view)
        return table

    def undo_tables(self, seat: int | None, lang: str) -> tuple[JSON, JSON] | None:
        """``seat``'s tables drawn just before and after the last move, when both were drawn
        (every seat's page is sent every position of a friend table), else None."""
        history, tables = self.earlier
        before = tables.get((seat, lang))
        now = self.state.history
        if before is None or len(history) != len(now) - 1 or now[:len(history)] != history:
            return None
        return before, self.drawn_table(seat, lang)

    def drawn_text(self, seat: int | None, lang: str) -> str:
        """``drawn_table`` as JSON text, written once per position."""
        table = self.drawn_table(seat, lang)
        text = self.drawn_texts.get((seat, lang))
        if text is None:
            text = self.drawn_texts[(seat, lang)] = _table_json(table)
        return text

    def log_chunks(self, seat: int | None, lang: str) -> list[Chunk]:
        """The log lines of the start and of every move since, as ``seat`` was shown them."""
        chunks = self.lines.setdefault((seat, lang), [])
        frames = self.frames.setdefault((seat, lang), {})
        have, want = len(chunks), len(self.marks)

        def word(i: int, at: State) -> None:  # chunk i: the start (0) or move i, after it
            start = self.marks[i - 1] if i else 0
            if have and i > want - FRAMES_KEPT:  # a page may be told this move on the board
                now = at is self.state
                story = move_story(at, seat, lang, start, self.marks[i],
                                   self.drawn_table(seat, lang) if now else None,
                                   self.seat_view if now else None)
                chunks.append(_chunk(story["lines"]))
                frames[i] = Frame(_json(story["cues"]), self.drawn_text(seat, lang) if now
                                  else _table_json(story["table"]))
                for old in [k for k in frames if k <= i - FRAMES_KEPT]:
                    del frames[old]
            else:  # a page drawn afresh (a reload, a new language) reads these in its log
                chunks.append(_chunk(log_payload(at, seat, lang, start, end=self.marks[i])))

        if have == want - 1:
            word(have, self.state)
        elif have < want:  # not drawn since a restart or an undo: replay to word each move
            replay = self.game.new_game(self.state.seed, self.state.decks, self.state.options)
            if have == 0:
                word(0, replay)
            for i, code in enumerate(self.state.history[: want - 1], start=1):
                replay.apply(code)
                if i >= have:
                    word(i, replay)
        return chunks

    def story(self, seat: int | None, lang: str, sent: int, chunks: list[Chunk]) -> str:
        """The moves from ``sent`` on, as JSON text: each its number of log lines, their cues
        and the table after it (none for the last move: that is the message's own table); empty
        when a move's frame has gone (a page that read nothing for many moves gets the log)."""
        frames = self.frames.get((seat, lang), {})
        want = len(self.marks)
        if any(i not in frames for i in range(sent, want)):
            return "[]"
        return "[" + ",".join(
            f'{{"lines":{len(chunks[i])},"cues":{frames[i].cues},'
            f'"table":{frames[i].table if i < want - 1 else "null"}}}'
            for i in range(sent, want)) + "]"

    def record(self) -> GameRecord:
        return make_record(self.state, players=list(self.seats))

    def message(self, seat: int | None, lang: str, sent: int = 0) -> str:
        """The state message for ``seat`` as JSON text: the payload, and the log lines of the
        moves from ``sent`` on (0: the whole log, which the page then draws afresh).

        Built once per position, seat, language and ``sent``: every spectator's page of a
        table is at the same ``sent`` after a move, so fan-out costs one build per move."""
        table = self.drawn_table(seat, lang)  # (a new position clears the messages too)
        key = (seat, lang, sent)
        text = self.messages.get(key)
        if text is None:
            out = table_payload(self.state, seat, lang, table, self.seat_view)
            del out["table"]  # written once per position (``drawn_text``), shared with the story
            chunks = self.log_chunks(seat, lang)
            out.update(type="state", seat=seat, n=len(self.state.history), reset=sent == 0,
                       log=[line for chunk in chunks[sent:] for line in chunk],
                       seats=self.seats, undo=can_undo(self.state, seat, self.deciders,
                                                self.undo_tables(seat, lang), self.before)
                       and not self.meta.lobby)
            if self.meta.lobby:
                out.update(players=self.meta.names, waiting=self.meta.waiting,
                           rated=self.meta.rated)
                if self.meta.waiting or self.meta.forfeit is not None:
                    out.update(yours=False, choices=[])
                if self.meta.forfeit is not None:
                    out.update(result=self.result(), undo=False)
            tail = f',"table":{self.drawn_text(seat, lang)}'
            if sent:
                tail += f',"story":{self.story(seat, lang, sent, chunks)}'
            text = f"{_json(out)[:-1]}{tail}}}"
            # a seat's message reads its own view alone: kept past it, two hundred tables'
            # views were more objects for every full garbage collection to walk
            self.views.clear()
            if len(self.messages) >= 64:  # pages at many different points: start over
                self.messages.clear()
            self.messages[key] = text
        if self.clock is not None:  # counted to the moment of sending, so not cached
            shown = json.dumps(self.clock.shown(self.time.now()), separators=(",", ":"))
            text = f'{text[:-1]},"clock":{shown}}}'
        return text


Chunk = tuple[tuple[str, str], ...]


class Frame(NamedTuple):
    """One move as a page may be told it on the board, as JSON text: its lines' cues and the
    table right after it."""

    cues: str
    table: str


def _json(data: Any) -> str:
    """JSON text as the pages are sent it (and as pieces of it are joined into a message)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


#: what stands for a zone's cards while the rest of a table is written (``_table_json``): a
#: control character, written escaped, so no label or text can read as this key and value
_CARDS = "\x00cards"
_CARDS_TEXT = '"cards":"\\u0000cards"'
#: a plain back (a spectator's table makes its own: ``core.projection.public_table``)
_BACK = {"face_up": False}
_BACK_TEXT = '{"face_up":false}'


def _table_json(table: JSON) -> str:
    """``_json(table)`` for a drawn table, the same text, with each face-up card written once
    for every table that shows it (``core.projection.Face``): the cards are most of a table's
    text, and mostly the same cards move after move."""
    zones = table.get("zones")
    if not isinstance(zones, list) or not zones:
        return _json(table)
    pieces = _json({**table, "zones": [{**z, "cards": _CARDS} for z in zones]}
                   ).split(_CARDS_TEXT)
    if len(pieces) != len(zones) + 1:  # a zone without cards: written the plain way
        return _json(table)
    out = [pieces[0]]
    for zone, rest in zip(zones, pieces[1:], strict=True):
        cards = ",".join("null" if c is None else c.json_text if type(c) is Face
                         else _BACK_TEXT if c == _BACK else _json(c) for c in zone["cards"])
        out.append(f'"cards":[{cards}]{rest}')
    return "".join(out)


def _chunk(lines: list[list[str]]) -> Chunk:
    return tuple((str(tone), str(text)) for tone, text in lines)


class TableManager:
    def __init__(self, store: Store, work: WorkPool | None = None, *, max_open: int = MAX_OPEN,
                 max_per_address: int = MAX_PER_ADDRESS, expire_after: float = EXPIRE_AFTER,
                 evict_idle: float = EVICT_IDLE, time_source: TimeSource | None = None) -> None:
        self.store = store
        self.time: TimeSource = time_source or SystemTime()
        #: called once a game is over, whichever way (the lobby rates it)
        self.on_over: Callable[[LiveTable], None] | None = None
        #: the other servers sharing the database (``shared.Sharing``), if any
        self.sharing: Any = None
        self.tables: dict[str, LiveTable] = {}
        self.work = work or WorkPool()
        self.max_open, self.max_per_address = max_open, max_per_address
        self.expire_after, self.evict_idle = expire_after, evict_idle
        self._tasks: set[asyncio.Task[None]] = set()

    def open_tables(self, owner: str | None = None) -> int:
        """Unfinished tables in memory, or those made from ``owner``'s address."""
        return sum(1 for t in self.tables.values() if not t.over
                   and (owner is None or t.owner == owner))

    def check_room(self, owner: str) -> None:
        """Make room for a new table, or refuse it: an address at its cap gives up its own
        oldest abandoned table; a full server, the oldest abandoned table of the address
        holding the most. Refused only when every table in the way is in use."""
        if owner and self.open_tables(owner) >= self.max_per_address \
                and not self._evict(owner):
            raise TableError(f"this address already has {self.max_per_address} unfinished "
                             "tables open; finish or leave one first", 429)
        if self.open_tables() >= self.max_open:
            self.sweep()
            if self.open_tables() >= self.max_open and not self._evict(None):
                raise TableError("the server has as many open tables as it can hold, all of "
                                 "them in use; try again later", 503)

    def _abandoned(self, table: LiveTable, now: float) -> bool:
        """Unfinished, no computer thinking, no seat's page open, no move for a while."""
        return (not table.over and not table.thinking
                and not any(table.pages.get(s) for s in range(len(table.seats)))
                and now - table.touched >= self.evict_idle)

    def _evict(self, owner: str | None) -> bool:
        """Close one abandoned table of ``owner`` (None: of the address holding the most
        unfinished tables that has one), the one idle longest; False if there is none."""
        now = time.time()
        held: dict[str, list[LiveTable]] = {}
        for table in self.tables.values():
            if not table.over:
                held.setdefault(table.owner, []).append(table)
        owners = [owner] if owner is not None else sorted(held, key=lambda o: -len(held[o]))
        for who in owners:
            idle = [t for t in held.get(who, []) if self._abandoned(t, now)]
            if idle:
                self._close(min(idle, key=lambda t: t.touched))
                return True
        return False

    def _still_open(self, table: LiveTable) -> None:
        """Refuse a move to a table closed since the page found it (expired, made room for)."""
        if self.tables.get(table.id) is not table and not table.over:
            raise TableError("this table was closed: nobody moved in it for a while", 410)

    def _close(self, table: LiveTable) -> None:
        self.store.expire(table.id)
        del self.tables[table.id]
        table.listeners.clear()

    def sweep(self, now: float | None = None) -> list[str]:
        """Close abandoned unfinished tables; let idle finished ones leave memory."""
        now = time.time() if now is None else now
        closed = []
        for table in list(self.tables.values()):
            if any(table.pages.get(s) for s in range(len(table.seats))) or table.thinking:
                continue
            idle = now - table.touched
            if table.over:
                if idle >= IDLE_FINISHED and not table.listeners:
                    del self.tables[table.id]
            elif idle >= self.expire_after:
                self._close(table)
                closed.append(table.id)
        return closed

    # -- making and finding tables ----------
    def create(self, game_id: str, decks: Sequence[Deck], options: dict[str, Any] | None,
               seats: list[str], lang: str = "en", seed: int | None = None, owner: str = "",
               meta: TableMeta | None = None, clock: Clock | None = None
               ) -> tuple[LiveTable, list[str]]:
        """A new table; returns it and one fresh token per human seat ("" for computers)."""
        self.check_room(owner)
        game = load_game(game_id)
        if len(seats) != game.num_players:
            raise TableError(f"{game.id} needs {game.num_players} seats")
        agents = {s: make_agent(spec) for s, spec in enumerate(seats) if spec != HUMAN}
        if seed is None:
            seed = secrets.randbelow(2**31)
        state = game.new_game(seed, list(decks), options)
        tokens = [secrets.token_urlsafe(24) if spec == HUMAN else "" for spec in seats]
        table_id = secrets.token_urlsafe(9)
        row = TableRow(table_id, game.id, seed, dict(state.options),
                       [d.to_json() for d in state.decks],
                       {k: v for d in state.decks for k, v in d.definitions().items()},
                       list(seats), [secret_hash(t) if t else "" for t in tokens], lang, False, [],
                       owner)
        meta = meta or TableMeta()
        if meta.open_seat is not None:  # its token is made when someone sits down
            tokens[meta.open_seat] = ""
            row.tokens[meta.open_seat] = ""
        if clock is not None and not meta.waiting:
            clock.start(state.current_player(), self.time.now())
        meta.clock = None if clock is None else clock.to_json()
        meta.made = self.time.now()
        row.meta = meta.to_json()
        self.store.create(row)
        table = self._live(row, game, state, agents)
        return table, tokens

    def _live(self, row: TableRow, game: Game, state: State, agents: dict[int, Agent]
              ) -> LiveTable:
        for seat, agent in agents.items():
            agent.reset(derive_seed(row.seed, "agent", seat, len(row.moves)))
        meta = TableMeta.from_json(row.meta)
        table = LiveTable(row.id, game, state, list(row.seats), list(row.tokens), row.lang,
                          agents, owner=row.owner, meta=meta, clock=Clock.from_json(meta.clock),
                          time=self.time)
        table.marks = [len(state.log)]
        self.tables[row.id] = table
        return table

    def get(self, table_id: str) -> LiveTable:
        """A live table, rebuilt from the store by replay if this process has not seen it."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not table_id or len(table_id) > 64:
            raise TableError("no such table", 404)
        row = self.store.load(table_id)
        if row is None:
            if self.store.expired(table_id):
                raise TableError("this table was closed: nobody moved in it for "
                                 f"{self.expire_after / 3600:g} hours", 410)
            raise TableError("no such table", 404)
        game = load_game(row.game)
        record = GameRecord(game=row.game, seed=row.seed, options=row.options, decks=row.decks,
                            cards=row.cards, actions=[], digests=[], result=None)
        state = game.new_game(row.seed, decks_from_record(game, record), row.options)
        deciders = []
        marks = [len(state.log)]
        for code in row.moves:
            deciders.append(state.current_player())
            state.apply(code)
            marks.append(len(state.log))
        agents = {s: make_agent(spec) for s, spec in enumerate(row.seats) if spec != HUMAN}
        table = self._live(row, game, state, agents)
        table.deciders = deciders
        table.marks = marks
        table.touched = self.store.touched(table_id) or time.time()
        return table

    def resume_all(self) -> int:
        """Rebuild every unfinished table and let its computer seats move again."""
        ids = self.store.unfinished()
        for table_id in ids:
            self.kick(self.get(table_id))
        return len(ids)

    # -- moves ----------
    async def move(self, table: LiveTable, seat: int | None, code: Any, n: Any) -> bool:
        """Play ``code`` for ``seat`` as move ``n``; False when that very move was already
        played (a request sent again), which changes nothing and is not an error."""
        if seat is None:
            raise TableError("spectators cannot move", 403)
        if not isinstance(code, int) or isinstance(code, bool):
            raise TableError("the move must be an integer action code")
        if not isinstance(n, int) or isinstance(n, bool):
            raise TableError("'n', the number of moves the page has seen, is required")
        async with table.lock:
            await self.catch_up(table)
            self._still_open(table)
            state = table.state
            played = len(state.history)
            if n < played:
                if state.history[n] == code and table.deciders[n] == seat:
                    return False  # this move, sent again: it was played once
                raise TableError("the table has moved on since this page was drawn; "
                                 "choose again", 409)
            if n > played:
                raise TableError(f"'n' is {n} but only {played} moves have been played", 409)
            if table.over:
                raise TableError("the game is over", 409)
            if table.meta.waiting:
                raise TableError("waiting for an opponent: the game starts when someone "
                                 "sits down", 409)
            if state.current_player() != seat:
                raise TableError(f"it is not your decision: player {state.current_player() + 1}"
                                 " decides now", 409)
            try:
                state.check_legal(code)
            except IllegalActionError as exc:
                raise TableError(str(exc)) from None
            await self._commit(table, seat, code)
        await self._tell(table, False)
        self.kick(table)
        return True

    async def _commit(self, table: LiveTable, seat: int, code: int) -> None:
        """Store the move, then play it (the store refuses a duplicate move number)."""
        state = table.state
        probe = state.clone()
        probe.apply(code)  # a move that fails to apply is never stored
        meta = None
        if table.clock is not None:
            clock = Clock.from_json(table.clock.to_json())
            assert clock is not None
            if clock.flagged(self.time.now()) == seat:
                raise TableError("your time has run out", 409)
            clock.handed(seat, None if probe.is_terminal() else probe.current_player(),
                         self.time.now())
            table.meta.clock = clock.to_json()
            meta = table.meta.to_json()
        try:
            if self.store.inline:  # a commit that never waits for the disk: no thread hop
                self.store.add_move(table.id, len(state.history), code, probe.is_terminal(),
                                    meta)
            else:
                await asyncio.to_thread(self.store.add_move, table.id, len(state.history),
                                        code, probe.is_terminal(), meta)
        except self.store.IntegrityError:  # another server stored this move number first
            raise TableError("the table has moved on since this page was drawn; "
                             "choose again", 409) from None
        if meta is not None:
            table.clock = Clock.from_json(meta["clock"])
        # the probe is the position after the move: it becomes the table's, and the position
        # before it is kept for the undo check when the mover decides again (``undo_depth``)
        table.state = probe
        table.before = state if probe.current_player() == seat else None
        table.deciders.append(seat)
        table.marks.append(len(probe.log))
        table.touched = time.time()
        table.version += 1
        if table.over and self.on_over is not None:
            self.on_over(table)

    async def undo(self, table: LiveTable, seat: int | None, n: Any) -> int:
        """Take back the seat's last decision, by replaying the record without it. ``n`` (the
        moves the page has seen) is required: an undo sent again takes back nothing more."""
        if seat is None:
            raise TableError("spectators cannot undo", 403)
        if table.meta.lobby:
            raise TableError("a decision at a lobby table stands: there is no undo", 409)
        if not isinstance(n, int) or isinstance(n, bool):
            raise TableError("'n', the number of moves the page has seen, is required")
        async with table.lock:
            await self.catch_up(table)
            self._still_open(table)
            if n != len(table.state.history):
                raise TableError("the table has changed since this page was drawn", 409)
            if table.thinking:
                raise TableError("wait for the computer's move before undoing", 409)
            # a replay of the match: off the event loop (the lock keeps the state still)
            if await asyncio.to_thread(undo_depth, table.state, seat, None, 1) < 1:
                raise TableError("nothing to undo: undo takes back your own decisions of this "
                                 "turn, as long as nothing hidden was revealed since", 409)
            state = await asyncio.to_thread(undo_state, table.state, seat, 1)
            keep = len(state.history)
            await asyncio.to_thread(self.store.truncate, table.id, keep)
            table.state = state
            table.version += 1
            table.deciders = table.deciders[:keep]
            table.marks = table.marks[:keep + 1]
            for chunks in table.lines.values():
                del chunks[keep + 1:]
            for frames in table.frames.values():
                for gone in [k for k in frames if k > keep]:
                    del frames[gone]
        await self._tell(table, True)
        return keep

    # -- computer seats ----------
    def kick(self, table: LiveTable) -> None:
        """If a computer seat decides now, let it think in the background."""
        seat = table.state.current_player()
        if seat in table.agents and not table.thinking:
            table.thinking = True
            task = asyncio.get_event_loop().create_task(self._agents(table))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _agents(self, table: LiveTable) -> None:
        try:
            while True:
                state = table.state
                seat = state.current_player()
                if seat not in table.agents:
                    return
                legal = list(state.legal_actions())
                moves = len(state.history)
                spec = table.seats[seat]
                if len(legal) == 1:
                    code = legal[0]
                else:
                    view = state.view(seat) if table.agents[seat].needs_view else None
                    code = await self.work.move(spec, table.game.id,
                                                derive_seed(state.seed, "agent", seat, moves),
                                                view, legal, table.id)
                async with table.lock:
                    await self.catch_up(table)
                    if table.state is not state or len(state.history) != moves:
                        continue  # an undo replaced the position meanwhile
                    try:
                        await self._commit(table, seat, code)
                    except TableError:
                        continue  # another server's computer moved first
                await self._tell(table, False)
        finally:
            table.thinking = False

    async def fresh(self, table: LiveTable) -> LiveTable:
        """The table as the database holds it now (a read by one server of a table another
        may have moved a moment ago); the table itself for a server of its own."""
        if self.sharing is not None:
            async with table.lock:
                await self.catch_up(table)
        return table

    async def catch_up(self, table: LiveTable) -> None:
        """Under the table's lock: take in what other servers sharing the database changed
        (nothing to do for a server of its own), and have this server's pages told of it."""
        if self.sharing is None:
            return
        changed, reset = await self.sharing.catch_up(table)
        if changed:
            task = asyncio.get_running_loop().create_task(self._tell(table, reset))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    # -- listeners ----------
    async def tell(self, table: LiveTable) -> None:
        """Tell every page of the table that it changed (a seat taken, a game forfeited)."""
        await self._tell(table, False)

    async def _tell(self, table: LiveTable, reset: bool) -> None:
        for listener in list(table.listeners):
            try:
                await listener(table, reset)
            except Exception:
                table.listeners.discard(listener)

    async def drain(self) -> None:
        """Wait for every computer move in progress (tests and shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def close(self) -> None:
        self.work.close()

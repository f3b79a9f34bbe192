"""SQLite persistence: a table's setup once, then one row per move, committed before the move
is acknowledged.

A table is rebuilt by replaying its moves on its setup (seed, decks, options), so the database
holds no state snapshots at all; a killed server loses nothing that any player was told had
happened. WAL with ``synchronous=NORMAL`` makes every commit durable against the process being
killed (power loss may drop the last commits; ``--db-sync full`` is the option against that).

Each table row also holds when it last moved (``touched``), so an abandoned unfinished table can
be closed (``expire``: its rows deleted, its id remembered so its link can say so); a finished
table is never expired, and its record stays downloadable.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    decks TEXT NOT NULL,
    cards TEXT NOT NULL,
    seats TEXT NOT NULL,
    tokens TEXT NOT NULL,
    lang TEXT NOT NULL,
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS expired (
    id TEXT PRIMARY KEY,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    code INTEGER NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS players (
    name_key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    owner TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS ratings (
    game TEXT NOT NULL,
    name_key TEXT NOT NULL,
    name TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (game, name_key)
);
CREATE TABLE IF NOT EXISTS rated (
    id TEXT PRIMARY KEY
);
CREATE TABLE IF NOT EXISTS presence (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    server TEXT NOT NULL,
    seen REAL NOT NULL,
    PRIMARY KEY (table_id, seat, server)
);
"""


def secret_hash(secret: str) -> str:
    """What the store keeps of a secret a browser holds (a seat's token, a player's key): its
    SHA-256, so a copy of the database plays as nobody."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass
class TableRow:
    id: str
    game: str
    seed: int
    options: dict[str, Any]
    decks: list[dict[str, Any]]
    cards: dict[str, Any]
    #: per seat: "human" or an agent spec
    seats: list[str]
    #: per seat: the SHA-256 of its token ("" for a computer seat)
    tokens: list[str]
    lang: str
    finished: bool
    moves: list[int]
    #: the address the table was made from (the per-address cap counts it)
    owner: str = ""
    #: what the lobby and the clock keep of a table (``tables.TableMeta.to_json``)
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class Rating:
    """A player's openskill rating in one game, with the games counted for the leaderboard."""

    name: str
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0


class Store:
    """One SQLite file (or ``:memory:``) shared by every table; calls are serialized.

    The SQL is written once for SQLite and PostgreSQL alike (``PgStore`` only changes the
    placeholders and the column types); ``open_store`` picks the one a ``--db`` names."""

    IntegrityError: type[Exception] = sqlite3.IntegrityError
    #: a move's commit is quick enough to make on the event loop itself: SQLite in WAL mode
    #: with ``synchronous=NORMAL`` appends to the log without waiting for the disk (tens of
    #: microseconds, less than handing it to a thread costs); with ``--db-sync full`` every
    #: commit waits for the disk, and PostgreSQL is a round trip away: those go to a thread
    inline: bool = True

    def __init__(self, path: str | Path, sync: str = "normal") -> None:
        self.path = str(path)
        self.inline = sync != "full"
        self._lock = threading.Lock()
        self._db: Any = sqlite3.connect(self.path, check_same_thread=False,
                                        isolation_level=None)
        if self.path != ":memory:":
            self._x("PRAGMA journal_mode=WAL")
        self._x(f"PRAGMA synchronous={'FULL' if sync == 'full' else 'NORMAL'}")
        self._db.executescript(SCHEMA)
        columns = {c[1] for c in self._x("PRAGMA table_info(tables)")}
        if "touched" not in columns:  # a database from before expiry: last activity = creation
            self._x("ALTER TABLE tables ADD COLUMN touched REAL")
            self._x("UPDATE tables SET touched=created")
        if "owner" not in columns:  # from before per-address caps survived a restart
            self._x("ALTER TABLE tables ADD COLUMN owner TEXT NOT NULL DEFAULT ''")
        if "meta" not in columns:  # from before the lobby and the clocks
            self._x("ALTER TABLE tables ADD COLUMN meta TEXT NOT NULL DEFAULT '{}'")
        if "waiting" not in columns:
            self._x("ALTER TABLE tables ADD COLUMN waiting INTEGER NOT NULL DEFAULT 0")

    def _x(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        return self._db.execute(sql, params)

    def _lock_table(self, table_id: str) -> None:
        """Within a move's transaction: one writer of this table at a time (SQLite has one
        writer anyway; PostgreSQL takes an advisory lock)."""

    def since(self, table_id: str, have: int, last: int | None = None
              ) -> tuple[int, list[int], dict[str, Any], list[str], bool] | None:
        """What another server may have changed in a table this one holds: the number of
        moves stored, the moves from index ``have - 1`` on (the first checks that the tail
        this server holds is still there), the lobby record, the token hashes, finished.
        ``last``: the code of move ``have - 1`` as this server holds it; when the database
        agrees and holds no more moves, one query answers (the moves list is then empty)."""
        with self._lock:
            r = self._x("SELECT meta, tokens, finished,"
                        " (SELECT COUNT(*) FROM moves WHERE table_id=?),"
                        " (SELECT code FROM moves WHERE table_id=? AND n=?)"
                        " FROM tables WHERE id=?",
                        (table_id, table_id, have - 1, table_id)).fetchone()
            if r is None:
                return None
            count = int(r[3])
            if count == have and (have == 0 or (last is not None and r[4] == last)):
                moves: list[int] = []
            else:
                moves = [m for (m,) in self._x(
                    "SELECT code FROM moves WHERE table_id=? AND n>=? ORDER BY n",
                    (table_id, max(0, have - 1)))]
        return count, moves, json.loads(r[0] or "{}"), json.loads(r[1]), bool(r[2])

    def waiting(self, limit: int = 500) -> list[str]:
        """Unfinished tables waiting for an opponent, newest first (the servers' shared list)."""
        with self._lock:
            return [i for (i,) in self._x(
                "SELECT id FROM tables WHERE waiting=1 AND finished=0 ORDER BY created DESC"
                " LIMIT ?", (limit,))]

    def present(self, seats: list[tuple[str, int]], server: str, now: float) -> None:
        """The seats whose page is open on ``server`` (for the other servers' quit check)."""
        with self._lock:
            for table_id, seat in seats:
                self._x("INSERT INTO presence (table_id, seat, server, seen) VALUES (?,?,?,?)"
                        " ON CONFLICT (table_id, seat, server) DO UPDATE SET seen=excluded.seen",
                        (table_id, seat, server, now))

    def last_seen(self, table_id: str, seat: int) -> float:
        """When any server last had a page of this seat open (0: never)."""
        with self._lock:
            r = self._x("SELECT MAX(seen) FROM presence WHERE table_id=? AND seat=?",
                        (table_id, seat)).fetchone()
        return float(r[0]) if r and r[0] is not None else 0.0

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, row: TableRow) -> None:
        with self._lock:
            self._x(
                "INSERT INTO tables (id, game, seed, options, decks, cards, seats, tokens, lang,"
                " created, finished, touched, owner, meta, waiting)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,0,?,?,?,?)",
                (row.id, row.game, row.seed, json.dumps(row.options), json.dumps(row.decks),
                 json.dumps(row.cards, ensure_ascii=False), json.dumps(row.seats),
                 json.dumps(row.tokens), row.lang, time.time(), time.time(), row.owner,
                 json.dumps(row.meta, ensure_ascii=False), int(bool(row.meta.get("waiting")))))

    def add_move(self, table_id: str, n: int, code: int, finished: bool,
                 meta: dict[str, Any] | None = None) -> None:
        """Move ``n`` (0-based) of the table, with the table's clock as it stands after it
        (``meta``), in one transaction; the primary key refuses a second move ``n``."""
        with self._lock:
            self._x("BEGIN")
            try:
                self._lock_table(table_id)
                self._x("INSERT INTO moves (table_id, n, code) VALUES (?,?,?)",
                                 (table_id, n, code))
                self._x("UPDATE tables SET touched=?, finished=? WHERE id=?",
                                 (time.time(), int(finished), table_id))
                if meta is not None:
                    self._x("UPDATE tables SET meta=? WHERE id=?",
                                     (json.dumps(meta, ensure_ascii=False), table_id))
                self._x("COMMIT")
            except BaseException:
                self._x("ROLLBACK")
                raise

    def truncate(self, table_id: str, keep: int) -> None:
        """Drop moves from index ``keep`` on (an undo); the table is unfinished again."""
        with self._lock:
            self._x("BEGIN")
            self._x("DELETE FROM moves WHERE table_id=? AND n>=?", (table_id, keep))
            self._x("UPDATE tables SET finished=0 WHERE id=?", (table_id,))
            self._x("COMMIT")

    def load(self, table_id: str) -> TableRow | None:
        with self._lock:
            r = self._x(
                "SELECT id, game, seed, options, decks, cards, seats, tokens, lang, finished,"
                " owner, meta FROM tables WHERE id=?", (table_id,)).fetchone()
            if r is None:
                return None
            moves = [m for (m,) in self._x(
                "SELECT code FROM moves WHERE table_id=? ORDER BY n", (table_id,))]
        return TableRow(r[0], r[1], r[2], json.loads(r[3]), json.loads(r[4]), json.loads(r[5]),
                        json.loads(r[6]), json.loads(r[7]), r[8], bool(r[9]), moves, r[10],
                        json.loads(r[11] or "{}"))

    def unfinished(self) -> list[str]:
        with self._lock:
            return [i for (i,) in self._x("SELECT id FROM tables WHERE finished=0")]

    def touched(self, table_id: str) -> float:
        """When the table last moved (or was made), as ``time.time()``; 0 if unknown."""
        with self._lock:
            r = self._x("SELECT touched FROM tables WHERE id=?", (table_id,)).fetchone()
        return float(r[0]) if r and r[0] is not None else 0.0

    def expire(self, table_id: str) -> None:
        """Drop an abandoned unfinished table, remembering only that it was closed."""
        with self._lock:
            self._x("BEGIN")
            self._x("DELETE FROM moves WHERE table_id=?", (table_id,))
            self._x("DELETE FROM tables WHERE id=? AND finished=0", (table_id,))
            self._x("INSERT INTO expired (id, at) VALUES (?,?) ON CONFLICT (id) DO UPDATE"
                    " SET at=excluded.at", (table_id, time.time()))
            self._x("COMMIT")

    def expired(self, table_id: str) -> bool:
        with self._lock:
            return self._x("SELECT 1 FROM expired WHERE id=?",
                                    (table_id,)).fetchone() is not None

    def set_meta(self, table_id: str, meta: dict[str, Any], finished: bool | None = None,
                 tokens: list[str] | None = None) -> None:
        """The table's lobby and clock record (a seat taken, a clock run out, a resignation);
        ``finished`` marks a game ended off the board (a loss on time, a player who left);
        ``tokens``, the seats' token hashes once a stranger sat down."""
        with self._lock:
            self._x("UPDATE tables SET meta=?, waiting=? WHERE id=?",
                    (json.dumps(meta, ensure_ascii=False), int(bool(meta.get("waiting"))),
                     table_id))
            if tokens is not None:
                self._x("UPDATE tables SET tokens=? WHERE id=?",
                                 (json.dumps(tokens), table_id))
            if finished is not None:
                self._x("UPDATE tables SET finished=? WHERE id=?",
                                 (int(finished), table_id))

    # -- players and ratings ----------
    def add_player(self, name: str, key_hash: str, owner: str) -> bool:
        """A new display name with the hash of its key; False when the name is taken."""
        with self._lock:
            try:
                self._x("INSERT INTO players (name_key, name, key_hash, owner, created)"
                                 " VALUES (?,?,?,?,?)",
                                 (name.casefold(), name, key_hash, owner, time.time()))
            except self.IntegrityError:
                return False
        return True

    def player(self, key_hash: str) -> str | None:
        """The display name whose key hashes to ``key_hash``."""
        with self._lock:
            r = self._x("SELECT name FROM players WHERE key_hash=?",
                                 (key_hash,)).fetchone()
        return None if r is None else str(r[0])

    def players_from(self, owner: str, since: float) -> int:
        """Names made from ``owner``'s address since ``since`` (the per-address quota)."""
        with self._lock:
            r = self._x("SELECT COUNT(*) FROM players WHERE owner=? AND created>=?",
                                 (owner, since)).fetchone()
        return int(r[0])

    def rating(self, game: str, name: str) -> Rating | None:
        with self._lock:
            r = self._x("SELECT name, mu, sigma, games, wins FROM ratings WHERE game=?"
                                 " AND name_key=?", (game, name.casefold())).fetchone()
        return None if r is None else Rating(r[0], r[1], r[2], r[3], r[4])

    def rate(self, table_id: str, game: str, ratings: list[Rating]) -> bool:
        """Store the ratings after the rated game ``table_id``, once: False (nothing written)
        when that game was already rated (a second ending, a restart mid-way)."""
        with self._lock:
            self._x("BEGIN")
            try:
                self._x("INSERT INTO rated (id) VALUES (?)", (table_id,))
            except self.IntegrityError:
                self._x("ROLLBACK")
                return False
            for r in ratings:
                self._x(
                    "INSERT INTO ratings (game, name_key, name, mu, sigma, games, wins)"
                    " VALUES (?,?,?,?,?,?,?) ON CONFLICT (game, name_key) DO UPDATE SET"
                    " mu=excluded.mu, sigma=excluded.sigma, games=excluded.games,"
                    " wins=excluded.wins",
                    (game, r.name.casefold(), r.name, r.mu, r.sigma, r.games, r.wins))
            self._x("COMMIT")
        return True

    def leaderboard(self, game: str, limit: int = 100) -> list[Rating]:
        """The game's rated players, best first (by the rating shown: mu - 3 sigma)."""
        with self._lock:
            rows = self._x(
                "SELECT name, mu, sigma, games, wins FROM ratings WHERE game=?"
                " ORDER BY mu - 3 * sigma DESC, name_key LIMIT ?", (game, limit)).fetchall()
        return [Rating(*r) for r in rows]


#: the columns the SQLite schema adds later, in PostgreSQL's schema from the start
PG_COLUMNS = ("ALTER TABLE tables ADD COLUMN IF NOT EXISTS touched DOUBLE PRECISION",
              "ALTER TABLE tables ADD COLUMN IF NOT EXISTS owner TEXT NOT NULL DEFAULT ''",
              "ALTER TABLE tables ADD COLUMN IF NOT EXISTS meta TEXT NOT NULL DEFAULT '{}'",
              "ALTER TABLE tables ADD COLUMN IF NOT EXISTS waiting BIGINT NOT NULL DEFAULT 0")


def pg_schema() -> list[str]:
    """The schema in PostgreSQL's types: 64-bit integers (seeds reach 2**63) and doubles
    (``REAL`` is four bytes there: a timestamp would lose its seconds)."""
    text = SCHEMA.replace("INTEGER", "BIGINT").replace("REAL", "DOUBLE PRECISION")
    return [stmt.strip() for stmt in text.split(";") if stmt.strip()]


class PgStore(Store):
    """The same store in PostgreSQL (``--db postgresql://...``), through psycopg 3: one
    connection in autocommit, each multi-statement change in its own BEGIN ... COMMIT, every
    commit durable before the move is acknowledged (PostgreSQL's default fsync)."""

    def __init__(self, url: str, sync: str = "normal") -> None:
        import psycopg

        self.path = url
        self.inline = False
        self.IntegrityError = psycopg.errors.IntegrityError
        self._lock = threading.Lock()
        self._db = psycopg.connect(url, autocommit=True)
        with self._lock:
            self._x("SELECT pg_advisory_lock(7744)")  # two servers starting create it once
            try:
                for stmt in [*pg_schema(), *PG_COLUMNS]:
                    self._x(stmt)
            finally:
                self._x("SELECT pg_advisory_unlock(7744)")

    def _x(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        return self._db.execute(sql.replace("?", "%s"), params)

    def _lock_table(self, table_id: str) -> None:
        # moves of one table are written by one server at a time, in order; the primary key
        # (table_id, n) then refuses a second move n from a server that was behind
        self._x("SELECT pg_advisory_xact_lock(hashtext(?))", (table_id,))

    #: set by the server sharing this database (``announce.Announcer``): told of every change
    announcer: Any = None

    def _notify(self, table_id: str) -> None:
        if self.announcer is not None:
            self.announcer.publish(table_id)

    def add_move(self, table_id: str, n: int, code: int, finished: bool,
                 meta: dict[str, Any] | None = None) -> None:
        super().add_move(table_id, n, code, finished, meta)
        self._notify(table_id)

    def truncate(self, table_id: str, keep: int) -> None:
        super().truncate(table_id, keep)
        self._notify(table_id)

    def set_meta(self, table_id: str, meta: dict[str, Any], finished: bool | None = None,
                 tokens: list[str] | None = None) -> None:
        super().set_meta(table_id, meta, finished, tokens)
        self._notify(table_id)

    def expire(self, table_id: str) -> None:
        super().expire(table_id)
        self._notify(table_id)


def is_postgres(db: str | Path) -> bool:
    return str(db).startswith(("postgresql://", "postgres://"))


def open_store(db: str | Path, sync: str = "normal") -> Store:
    """The store a ``--db`` names: a PostgreSQL URL, or a SQLite file (``:memory:``)."""
    return PgStore(str(db), sync) if is_postgres(db) else Store(db, sync)

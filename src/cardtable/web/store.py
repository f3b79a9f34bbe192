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

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
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
"""


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


class Store:
    """One SQLite file (or ``:memory:``) shared by every table; calls are serialized."""

    def __init__(self, path: str | Path, sync: str = "normal") -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if sync == 'full' else 'NORMAL'}")
        self._db.executescript(SCHEMA)
        columns = {c[1] for c in self._db.execute("PRAGMA table_info(tables)")}
        if "touched" not in columns:  # a database from before expiry: last activity = creation
            self._db.execute("ALTER TABLE tables ADD COLUMN touched REAL")
            self._db.execute("UPDATE tables SET touched=created")
        if "owner" not in columns:  # from before per-address caps survived a restart
            self._db.execute("ALTER TABLE tables ADD COLUMN owner TEXT NOT NULL DEFAULT ''")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, row: TableRow) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO tables (id, game, seed, options, decks, cards, seats, tokens, lang,"
                " created, finished, touched, owner) VALUES (?,?,?,?,?,?,?,?,?,?,0,?,?)",
                (row.id, row.game, row.seed, json.dumps(row.options), json.dumps(row.decks),
                 json.dumps(row.cards, ensure_ascii=False), json.dumps(row.seats),
                 json.dumps(row.tokens), row.lang, time.time(), time.time(), row.owner))

    def add_move(self, table_id: str, n: int, code: int, finished: bool) -> None:
        """Move ``n`` (0-based) of the table; the primary key refuses a second move ``n``."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.execute("INSERT INTO moves (table_id, n, code) VALUES (?,?,?)",
                                 (table_id, n, code))
                self._db.execute("UPDATE tables SET touched=?, finished=? WHERE id=?",
                                 (time.time(), int(finished), table_id))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def truncate(self, table_id: str, keep: int) -> None:
        """Drop moves from index ``keep`` on (an undo); the table is unfinished again."""
        with self._lock:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM moves WHERE table_id=? AND n>=?", (table_id, keep))
            self._db.execute("UPDATE tables SET finished=0 WHERE id=?", (table_id,))
            self._db.execute("COMMIT")

    def load(self, table_id: str) -> TableRow | None:
        with self._lock:
            r = self._db.execute(
                "SELECT id, game, seed, options, decks, cards, seats, tokens, lang, finished,"
                " owner FROM tables WHERE id=?", (table_id,)).fetchone()
            if r is None:
                return None
            moves = [m for (m,) in self._db.execute(
                "SELECT code FROM moves WHERE table_id=? ORDER BY n", (table_id,))]
        return TableRow(r[0], r[1], r[2], json.loads(r[3]), json.loads(r[4]), json.loads(r[5]),
                        json.loads(r[6]), json.loads(r[7]), r[8], bool(r[9]), moves, r[10])

    def unfinished(self) -> list[str]:
        with self._lock:
            return [i for (i,) in self._db.execute("SELECT id FROM tables WHERE finished=0")]

    def touched(self, table_id: str) -> float:
        """When the table last moved (or was made), as ``time.time()``; 0 if unknown."""
        with self._lock:
            r = self._db.execute("SELECT touched FROM tables WHERE id=?", (table_id,)).fetchone()
        return float(r[0]) if r and r[0] is not None else 0.0

    def expire(self, table_id: str) -> None:
        """Drop an abandoned unfinished table, remembering only that it was closed."""
        with self._lock:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM moves WHERE table_id=?", (table_id,))
            self._db.execute("DELETE FROM tables WHERE id=? AND finished=0", (table_id,))
            self._db.execute("INSERT OR REPLACE INTO expired (id, at) VALUES (?,?)",
                             (table_id, time.time()))
            self._db.execute("COMMIT")

    def expired(self, table_id: str) -> bool:
        with self._lock:
            return self._db.execute("SELECT 1 FROM expired WHERE id=?",
                                    (table_id,)).fetchone() is not None

"""Strangers at one table: the open tables of the lobby, quick match, and how a game between
two people ends when one of them stops playing.

A host opens a table (game, options, clock, rated or not) and it is listed as waiting for an
opponent while the host's page is open; anyone may sit down with one click, and the table
leaves the list. A quick match sits the asker down at the oldest waiting quick table of the
same game, clock and ratedness, or opens one for the next asker. Nobody can flood the list: an
address may have ``WAITING_PER_ADDRESS`` tables waiting (and a table counts, as every table
does, against the per-address and global caps of ``TableManager``), and a table whose host
closed its page drops out of the list at once.

A game between two people ends off the board in three ways, each a loss for one seat: a clock
run out (past its grace, ``clock.py``), a resignation, or leaving: a seat of a real-time or
untimed table with no page open for ``LEAVE_GRACE`` seconds (the time to reload, or to come
back after a dropped line) has left and loses. A turn-based table expects its players to go
away between moves; there only its clock decides. A rated game, however it ends, updates both
players' ratings once (``people.rate``).
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from cardtable.core import load_game
from cardtable.web.clock import Clock
from cardtable.web.people import Players, rate
from cardtable.web.shared import PRESENCE_EVERY
from cardtable.web.store import secret_hash
from cardtable.web.tables import (
    HUMAN,
    LiveTable,
    TableError,
    TableManager,
    TableMeta,
)

#: tables one address may have waiting for an opponent at once
WAITING_PER_ADDRESS = 3
#: seconds a seat of a real-time or untimed table may have no page open before it has left
LEAVE_GRACE = 60.0
#: seconds a new table is listed before its host's page has connected
CONNECT_GRACE = 30.0
#: the longest list the lobby is sent
MAX_LISTED = 200
#: a quick match's clock unless the asker names one: five minutes, five seconds a move
QUICK_CLOCK = {"kind": "realtime", "bank": 300, "increment": 5}


def make_clock(spec: dict[str, Any] | None) -> Clock | None:
    """A clock from the lobby's settings (already bounded by the request's model)."""
    if not spec or spec.get("kind") in (None, "none"):
        return None
    if spec["kind"] == "turn":
        return Clock.turn_based(float(spec.get("per_move", 86400)))
    cap = spec.get("cap")
    return Clock.realtime(float(spec.get("bank", 300)), float(spec.get("increment", 0)),
                          None if cap is None else float(cap))


class Seating:
    def __init__(self, manager: TableManager, players: Players) -> None:
        self.manager, self.players = manager, players
        manager.on_over = self._over

    # -- the open list ----------
    def listed(self, table: LiveTable) -> bool:
        now = self.manager.time.now()
        host = 1 - int(table.meta.open_seat or 0)
        if not table.meta.waiting or table.over:
            return False
        if table.pages.get(host) or now - table.meta.made < CONNECT_GRACE:
            return True
        sharing = self.manager.sharing  # the host's page may be open on another server
        return sharing is not None and now - sharing.seen(table, host) < 3 * PRESENCE_EVERY

    def _waiting(self) -> list[LiveTable]:
        """The tables that may be waiting: this server's, and with servers sharing the
        database, every server's (loaded here when first listed)."""
        sharing = self.manager.sharing
        if sharing is not None:
            for table_id in self.manager.store.waiting(MAX_LISTED):
                if table_id not in self.manager.tables:
                    try:
                        self.manager.get(table_id)
                    except TableError:
                        continue
        return list(self.manager.tables.values())

    def open_list(self, game: str | None = None) -> list[dict[str, Any]]:
        out = []
        for table in self._waiting():
            if not self.listed(table) or (game and table.game.id != game):
                continue
            host = 1 - int(table.meta.open_seat or 0)
            out.append({"table": table.id, "game": table.game.id, "host": table.meta.names[host],
                        "options": table.state.options, "rated": table.meta.rated,
                        "quick": table.meta.quick, "made": table.meta.made,
                        "clock": None if table.clock is None else table.clock.settings()})
        out.sort(key=lambda t: -t["made"])
        return out[:MAX_LISTED]

    def open(self, game_id: str, options: dict[str, Any], clock: Clock | None, rated: bool,
             lang: str, owner: str, key: str | None, seat: int | None = None,
             quick: bool = False) -> tuple[LiveTable, int, str]:
        """Open a table for ``key``'s player (a guest without a key): the table, the host's
        seat and its token."""
        name = self.players.name_of(key)
        if rated and name is None:
            raise TableError("rated games are between named players: choose a name first", 403)
        waiting = sum(1 for t in self.manager.tables.values()
                      if t.owner == owner and t.meta.waiting and not t.over)
        if owner and waiting >= WAITING_PER_ADDRESS:
            raise TableError(f"this address already has {WAITING_PER_ADDRESS} tables waiting "
                             "for an opponent", 429)
        game = load_game(game_id)
        if game.num_players != 2:
            raise TableError("the lobby seats two players")
        host = secrets.randbelow(2) if seat is None else seat
        names: list[str | None] = [None, None]
        names[host] = name
        meta = TableMeta(lobby=True, waiting=True, open_seat=1 - host, quick=quick,
                         names=names, rated=rated)
        table, tokens = self.manager.create(game_id, game.default_decks(), options,
                                            [HUMAN, HUMAN], lang, owner=owner, meta=meta,
                                            clock=clock)
        return table, host, tokens[host]

    async def join(self, table: LiveTable, key: str | None) -> tuple[int, str]:
        """Sit ``key``'s player down at the open seat: the seat and its new token."""
        name = self.players.name_of(key)
        async with table.lock:
            await self.manager.catch_up(table)
            meta = table.meta
            if not meta.waiting or table.over or meta.open_seat is None:
                raise TableError("this table has its two players already", 409)
            seat = meta.open_seat
            host = meta.names[1 - seat]
            if name is not None and host is not None and host.casefold() == name.casefold():
                raise TableError("this is your own table: wait for an opponent", 409)
            if meta.rated and name is None:
                raise TableError("this table is rated: choose a name to sit down", 403)
            token = secrets.token_urlsafe(24)
            table.tokens[seat] = secret_hash(token)
            meta.names[seat] = name
            meta.waiting, meta.open_seat = False, None
            if table.clock is not None:
                table.clock.start(table.state.current_player(), self.manager.time.now())
            table.touched = self.manager.time.now()
            self.manager.store.set_meta(table.id, table.meta_json(), tokens=table.tokens)
            table.version += 1
        await self.manager.tell(table)
        return seat, token

    async def quick(self, game_id: str, clock_spec: dict[str, Any] | None, lang: str,
                    owner: str, key: str | None) -> tuple[LiveTable, int, str]:
        """Pair with the oldest waiting quick table of the same game, clock and ratedness,
        or open one and wait there."""
        name = self.players.name_of(key)
        rated = name is not None
        spec = clock_spec or QUICK_CLOCK
        clock = make_clock(spec)
        want = None if clock is None else clock.settings()
        for table in sorted(self._waiting(), key=lambda t: t.meta.made):
            if not (self.listed(table) and table.meta.quick and table.game.id == game_id
                    and table.meta.rated == rated
                    and (None if table.clock is None else table.clock.settings()) == want):
                continue
            host = table.meta.names[1 - int(table.meta.open_seat or 0)]
            if name is not None and host is not None and host.casefold() == name.casefold():
                continue  # one's own waiting table (another tab) is no opponent
            seat, token = await self.join(table, key)
            return table, seat, token
        return self.open(game_id, {}, clock, rated, lang, owner, key, quick=True)

    # -- ending off the board ----------
    async def resign(self, table: LiveTable, seat: int | None) -> None:
        if seat is None:
            raise TableError("spectators cannot resign", 403)
        if not table.meta.lobby:
            raise TableError("resigning is for lobby tables", 409)
        async with table.lock:
            await self.manager.catch_up(table)
            if table.over:
                raise TableError("the game is over", 409)
            self._forfeit(table, seat, "resigned")
        await self.manager.tell(table)

    def _forfeit(self, table: LiveTable, loser: int, why: str) -> None:
        now = self.manager.time.now()
        if table.clock is not None:
            table.clock.stop(now)
        table.meta.forfeit = {"loser": loser, "why": why}
        table.meta.waiting = False
        self.manager.store.set_meta(table.id, table.meta_json(), finished=True)
        table.version += 1
        table.touched = now
        self._over(table)

    def page_opened(self, table: LiveTable, seat: int | None) -> None:
        if seat is not None:
            table.gone_since.pop(seat, None)

    def page_closed(self, table: LiveTable, seat: int | None) -> None:
        if seat is not None and not table.pages.get(seat):
            table.gone_since[seat] = self.manager.time.now()

    def resumed(self) -> None:
        """After a restart no page is open: every seat of a lobby game in play starts its
        grace now (its page reconnects within it)."""
        now = self.manager.time.now()
        for table in self.manager.tables.values():
            if table.meta.lobby and not table.meta.waiting and not table.over:
                for seat in range(2):
                    if not table.pages.get(seat):
                        table.gone_since.setdefault(seat, now)

    async def check(self) -> list[str]:
        """Declare the losses that are due (run every second, and by tests after moving
        time): a clock run out past its grace, a seat that left. Returns the tables ended."""
        now = self.manager.time.now()
        ended = []
        sharing = self.manager.sharing
        if sharing is not None:
            await asyncio.to_thread(sharing.mark_present, now)
        for table in list(self.manager.tables.values()):
            if not table.meta.lobby or table.meta.waiting or table.over:
                continue
            loser, why = None, ""
            if table.clock is not None and table.clock.flagged(now) is not None:
                loser, why = table.clock.flagged(now), "time"
            elif table.clock is None or table.clock.kind == "realtime":
                gone = [s for s, t in table.gone_since.items() if now - t > LEAVE_GRACE]
                if sharing is not None:  # a page open on another server is not gone
                    gone = [s for s in gone if now - await asyncio.to_thread(
                        sharing.seen, table, s) > LEAVE_GRACE]
                if gone:
                    loser, why = min(gone, key=lambda s: table.gone_since[s]), "left"
            if loser is None:
                continue
            async with table.lock:
                await self.manager.catch_up(table)
                if table.over or (why == "time" and (table.clock is None
                                                     or table.clock.flagged(now) != loser)):
                    continue  # ended, or moved, on another server meanwhile
                self._forfeit(table, loser, why)
            await self.manager.tell(table)
            ended.append(table.id)
        return ended

    def _over(self, table: LiveTable) -> None:
        """A game is over: a rated one updates both ratings, once."""
        meta = table.meta
        if not meta.rated or meta.rated_done or None in meta.names:
            return
        result = table.result()
        winner = None if result is None or result.get("draw") else result.get("winner")
        names = [str(n) for n in meta.names]
        rate(self.manager.store, table.id, table.game.id, names, winner)
        meta.rated_done = True
        self.manager.store.set_meta(table.id, table.meta_json())

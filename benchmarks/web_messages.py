"""A move's messages without sockets (not a test): the server's own work per move, and a
digest of every byte it would send.

``--tables`` friend tables are held at once (as a busy server holds them) and moved round
robin with seeded random legal moves; after each move both seats' state messages are built as
their pages' senders build them (``LiveTable.message`` with the moves each page has), and, with
``--spectator``, a spectator's too. The CPU time of the moves and their messages is reported
per move, with the garbage collector's share; the digest covers every message in order, so
two checkouts (``PYTHONPATH=OTHER/src``) that send the same bytes print the same digest: an
optimisation of the payload is checked to change nothing a page is sent.

    PYTHONPATH=src .venv/bin/python benchmarks/web_messages.py --tables 200 --moves 3000
    PYTHONPATH=OTHER/src .venv/bin/python benchmarks/web_messages.py --tables 200 --moves 3000
    PYTHONPATH=src .venv/bin/python benchmarks/web_messages.py --game culdcept --spectator
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import random
import time
from typing import Any

from cardtable.core import load_game
from cardtable.web.store import Store
from cardtable.web.tables import HUMAN, LiveTable, TableManager
from cardtable.web.work import WorkPool


async def run(game_id: str, tables: int, moves: int, spectator: bool, lang: str
              ) -> tuple[int, float, float, str]:
    """Moves played, CPU seconds of the moves and their messages, of which the collector's,
    and the digest of every message."""
    manager = TableManager(Store(":memory:"), WorkPool(1, processes=False),
                           max_open=10**6, max_per_address=10**6)
    game = load_game(game_id)
    digest = hashlib.sha256()
    collecting = [0.0, 0.0]

    def collector(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            collecting[1] = time.process_time()
        else:
            collecting[0] += time.process_time() - collecting[1]

    made = 0

    def new() -> tuple[LiveTable, dict[int | None, int], random.Random]:
        nonlocal made
        made += 1
        table, _ = manager.create(game_id, list(game.default_decks()), None, [HUMAN, HUMAN],
                                  seed=made)
        return table, {0: 0, 1: 0, None: 0}, random.Random(made)

    seats: tuple[int | None, ...] = (0, 1, None) if spectator else (0, 1)
    live = [new() for _ in range(tables)]
    played = 0
    spent = 0.0
    gc.callbacks.append(collector)
    try:
        while played < moves:
            for i, (table, sent, rng) in enumerate(live):
                started = time.process_time()
                texts = []
                for seat in seats:
                    texts.append(table.message(seat, lang, sent[seat]))
                    sent[seat] = len(table.marks)
                state = table.state
                if state.is_terminal():
                    manager.tables.pop(table.id, None)
                    live[i] = new()
                else:
                    await manager.move(table, state.current_player(),
                                       rng.choice(list(state.legal_actions())),
                                       len(state.history))
                    played += 1
                spent += time.process_time() - started
                for seat, text in zip(seats, texts, strict=True):
                    digest.update(f"{seat}:".encode())
                    digest.update(text.encode())
    finally:
        gc.callbacks.remove(collector)
    return played, spent, collecting[0], digest.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="draws-troidal")
    ap.add_argument("--tables", type=int, default=50, help="tables held at once")
    ap.add_argument("--moves", type=int, default=2000)
    ap.add_argument("--spectator", action="store_true", help="a spectator's message too")
    ap.add_argument("--lang", default="en")
    args = ap.parse_args()
    played, spent, collecting, digest = asyncio.run(
        run(args.game, args.tables, args.moves, args.spectator, args.lang))
    print(f"{args.game}: {args.tables} tables at once, {played} moves: "
          f"{1000 * spent / played:.3f} ms of CPU a move and its messages "
          f"(the collector {1000 * collecting / played:.3f} ms); digest {digest}")


if __name__ == "__main__":
    main()

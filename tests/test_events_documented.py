"""Every event a game emits is documented in docs/events.md, field by field.

The tables there are the reference for anyone reading a log (a front end, the balance lab, a
researcher); this test plays random games of every playable game, with decklists private and
open, and checks each event: its type has a row in the game's table, each of its fields is
listed there, and each field listed without ``?`` is present.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from cardtable.core import list_games, load_game

DOC = Path(__file__).resolve().parents[1] / "docs" / "events.md"
PLAYABLE = [g.id for g in list_games() if g.playable]


def documented() -> dict[str, dict[str, dict[str, bool]]]:
    """game id -> event type -> field -> required."""
    out: dict[str, dict[str, dict[str, bool]]] = {}
    table: dict[str, dict[str, bool]] | None = None
    for line in DOC.read_text("utf-8").splitlines():
        head = re.match(r"^## .*\(`([a-z0-9-]+)`\)\s*$", line)
        if head:
            table = out.setdefault(head.group(1), {})
            continue
        row = re.match(r"^\|\s*`([a-z0-9-]+)`\s*\|([^|]*)\|", line)
        if row and table is not None:
            fields = re.findall(r"`([a-z_.]+\??)`", row.group(2))
            table[row.group(1)] = {f.rstrip("?"): not f.endswith("?") for f in fields}
    return out


def test_the_document_has_a_table_for_every_playable_game() -> None:
    assert set(PLAYABLE) <= set(documented())


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_event_emitted_is_documented(game_id: str) -> None:
    tables = documented().get(game_id)
    assert tables, f"docs/events.md has no table for {game_id}"
    game = load_game(game_id)
    emitted: set[str] = set()
    for seed in range(16):
        options = {"open_decklists": True} if seed % 2 and "open_decklists" in \
            game.default_options() else None
        rng = random.Random(seed)
        s = game.new_game(seed, options=options)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        for event in s.log:
            kind = event["type"]
            assert kind in tables, f"event type {kind!r} is not in docs/events.md"
            fields = tables[kind]
            seen = {k for k in event if k not in ("type", "private")}
            if "private" in event:
                seen |= {f"private.{k}" for k in event["private"][1]}
            extra = seen - set(fields)
            assert not extra, f"{kind}: fields {sorted(extra)} are not documented"
            missing = {f for f, required in fields.items() if required} - seen
            assert not missing, f"{kind}: documented fields {sorted(missing)} are missing"
            emitted.add(kind)
    assert len(emitted) >= len(tables) // 2  # the games did reach most of the table

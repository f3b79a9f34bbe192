"""The registry of games: one line a game, naming the module of its record.

A game's record (``PARTS``, a ``core.parts.GameParts`` in ``games/<id>/record.py``) declares
everything the game offers; this module is its only reader. Agents, front ends, the adapters,
the lab and the compiled build ask here (``parts(game_id)``, ``part(game_id, slot)``), so a new
game is its folder and one line below (or one ``register`` call, for a game kept elsewhere).

Records are read only when asked for, and each lookup is cached: a worker process loads just
the game it plays, and a search asking for a policy in its loop pays a dictionary lookup.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from types import ModuleType

from cardtable.core.contract import Game
from cardtable.core.diagnostics import did_you_mean
from cardtable.core.errors import CardtableError, GameNotPlayableError, UnknownGameError
from cardtable.core.parts import GameParts

#: every game: its id and the module holding its record (``PARTS``), in listing order
GAMES: dict[str, str | GameParts] = {
    "draws-troidal": "cardtable.games.draws_troidal.record",
    "dice-and-monsters": "cardtable.games.dice_and_monsters.record",
    "sarasvati": "cardtable.games.sarasvati.record",
    "culdcept": "cardtable.games.culdcept.record",
    "dreadnought": "cardtable.games.dreadnought.record",
}


@dataclass(frozen=True)
class GameInfo:
    """A game as a list shows it, read from its record."""

    id: str
    title: str
    title_ja: str
    module: str | None  # the game's package; None: rules core not built yet

    @property
    def playable(self) -> bool:
        return self.module is not None


def register(record: GameParts | str) -> str:
    """Add a game kept outside this package: its record, or the module holding it as
    ``PARTS``. Returns its id; a game already listed under that id is an error."""
    parts = record if isinstance(record, GameParts) else _read(record)
    if parts.id in GAMES and GAMES[parts.id] not in (record, parts):
        raise CardtableError(f"a game '{parts.id}' is already registered")
    GAMES[parts.id] = record
    return parts.id


def _read(module_name: str) -> GameParts:
    parts = getattr(importlib.import_module(module_name), "PARTS", None)
    if not isinstance(parts, GameParts):
        raise CardtableError(f"{module_name} declares no PARTS (a core.parts.GameParts)")
    return parts


@cache
def _parts(game_id: str, entry: str | GameParts) -> GameParts:
    parts = entry if isinstance(entry, GameParts) else _read(entry)
    if parts.id != game_id:
        raise CardtableError(f"the registry lists '{game_id}' but its record says '{parts.id}'")
    return parts


def parts(game_id: str) -> GameParts:
    """The record of ``game_id``: everything the game offers."""
    entry = GAMES.get(game_id)
    if entry is None:
        raise UnknownGameError(
            f"no game '{game_id}'{did_you_mean(game_id, list(GAMES))}; "
            f"games: {', '.join(GAMES)}"
        )
    return _parts(game_id, entry)


def part(game_id: str, slot: str) -> ModuleType | None:
    """The module of one part of ``game_id`` (``policy``, ``value``, ``terminal``...), or None
    when the game does not offer it."""
    return parts(game_id).module(slot)


def list_games() -> list[GameInfo]:
    return [game_info(game_id) for game_id in GAMES]


def game_info(game_id: str) -> GameInfo:
    record = parts(game_id)
    return GameInfo(record.id, record.title, record.title_ja,
                    record.package if record.rules is not None else None)


def load_game(game_id: str) -> Game:
    """The game's definition object; raises for unknown or not-yet-playable ids."""
    return _load(game_id, GAMES.get(game_id))


@cache
def _load(game_id: str, entry: str | GameParts | None) -> Game:
    record = parts(game_id)
    rules = record.module("rules")
    if rules is None:
        raise GameNotPlayableError(f"{record.title} ({game_id}) is not playable yet")
    return rules.GAME  # type: ignore[no-any-return]

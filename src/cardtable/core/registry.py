"""The registry of games: ids, titles, whether each is playable, and lazy loading.

Games are imported only when asked for, so listing them costs nothing and a worker process
loads just the game it simulates.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from types import ModuleType

from cardtable.core.contract import Game
from cardtable.core.diagnostics import did_you_mean
from cardtable.core.errors import GameNotPlayableError, UnknownGameError


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    title_ja: str
    module: str | None  # None: rules core not built yet

    @property
    def playable(self) -> bool:
        return self.module is not None


GAMES: tuple[GameInfo, ...] = (
    GameInfo("draws-troidal", "DRAWS-◎-TROIDAL", "DRAWS-◎-TROIDAL",
             "cardtable.games.draws_troidal"),
    GameInfo("dice-and-monsters", "Cardguard Dice and Monsters",
             "カードガルド・ダイス・アンド・モンスターズ", "cardtable.games.dice_and_monsters"),
    GameInfo("sarasvati", "Sarasvati TCG", "サラスヴァティTCG", "cardtable.games.sarasvati"),
    GameInfo("culdcept", "Culdcept card game (test 0.75)",
             "カルドセプト カードゲーム（テスト版0.75）", "cardtable.games.culdcept"),
    GameInfo("dreadnought", "Dreadnought", "ドレッドノート", "cardtable.games.dreadnought"),
)


def list_games() -> list[GameInfo]:
    return list(GAMES)


def game_info(game_id: str) -> GameInfo:
    for info in GAMES:
        if info.id == game_id:
            return info
    raise UnknownGameError(
        f"no game '{game_id}'{did_you_mean(game_id, [g.id for g in GAMES])}; "
        f"games: {', '.join(g.id for g in GAMES)}"
    )


def optional_module(name: str) -> ModuleType | None:
    """The module ``name``, or None when it does not exist.

    Per-game extras (a greedy policy, a terminal renderer) are found by module name; a game
    without one is not an error there. A module that exists but fails to import still raises.
    """
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


@cache
def load_game(game_id: str) -> Game:
    """The game's definition object; raises for unknown or not-yet-playable ids."""
    info = game_info(game_id)
    if info.module is None:
        raise GameNotPlayableError(f"{info.title} ({game_id}) is not playable yet")
    return importlib.import_module(info.module).GAME

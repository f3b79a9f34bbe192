"""カルドセプト カードゲーム (test 0.75): six lands a side, tolls, invasions, battle cards."""

from cardtable.games.culdcept.game import GAME

__all__ = ["GAME"]

"""サラスヴァティTCG: librarians summon stories from books and fight over three forbidden books."""

from cardtable.games.sarasvati.game import GAME

__all__ = ["GAME"]

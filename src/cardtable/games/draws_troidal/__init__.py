"""DRAWS-◎-TROIDAL (beta rules, 2010): five lanes, eight attributes, power, risk and guard."""

from cardtable.games.draws_troidal.game import GAME

__all__ = ["GAME"]

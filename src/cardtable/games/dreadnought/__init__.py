"""Dreadnought (ドレッドノート): two casters each, units and codes, speed, bursts and chains."""

from cardtable.games.dreadnought.game import GAME

__all__ = ["GAME"]

"""Cardguard Dice and Monsters (カードガルド・ダイス・アンド・モンスターズ): the rules core."""

from cardtable.games.dice_and_monsters.game import GAME

# The compiled build: damage, leap, commands, order and targeting take the battle's extension
# types from the battle module when they load, and the battle takes their functions and
# constants, so the battle must be the first of them to load (whichever one is asked for).
from cardtable.games.dice_and_monsters import battle  # noqa: F401  # isort: skip

__all__ = ["GAME"]

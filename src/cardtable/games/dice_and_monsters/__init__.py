"""Cardguard Dice and Monsters (カードガルド・ダイス・アンド・モンスターズ): the rules core."""

from cardtable.games.dice_and_monsters.game import GAME

__all__ = ["GAME"]

"""Cardguard Dice and Monsters' options, each declared once: default, range, and label and help
in both languages (``core/options.py``); the record (``record.py``) names them."""

from cardtable.core.options import Option
from cardtable.games.dice_and_monsters import actions as act

OPTIONS = (
    Option("rounds", 4, (1, 99),
           en=("Rounds", "Rounds in a game."),
           ja=("ラウンド数", "1ゲームのラウンド数。")),
    Option("deck_size", 8, (4, act.DECK_MAX),
           en=("Main deck size", "Cards in a main deck, exactly (4-8)."),
           ja=("メインデッキ枚数", "メインデッキの枚数（ちょうど、4〜8）。")),
    # a team is three units and a command
    Option("min_units", 3, (3, act.DECK_MAX),
           en=("Fewest units", "Units a deck must hold at least."),
           ja=("ユニット最少枚数", "デッキに入れるユニットの最少枚数。")),
    Option("min_commands", 1, (1, act.DECK_MAX),
           en=("Fewest commands", "Commands a deck must hold at least."),
           ja=("コマンド最少枚数", "デッキに入れるコマンドの最少枚数。")),
    Option("leap_max", 3, (0, 3),
           en=("Leap deck size", "★ units a leap deck may hold."),
           ja=("リープデッキ上限", "リープデッキに入れられる★ユニットの数。")),
)

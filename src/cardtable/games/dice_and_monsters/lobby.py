"""What the lobby says about Cardguard Dice and Monsters: one line, and each option's help."""

TAGLINE = {
    "en": "Draft a small deck from a pool, line up four squares of units and a hidden "
          "command, and roll dice through a few rounds of battle.",
    "ja": "カードプールから小さなデッキを組み、ユニットと伏せたコマンドを4マスに並べて、"
          "ダイスで数ラウンドのバトルを戦う。",
}
OPTION_HELP = {
    "rounds": {"en": ("Rounds", "Rounds in a game."),
               "ja": ("ラウンド数", "1ゲームのラウンド数。")},
    "deck_size": {"en": ("Main deck size", "Cards in a main deck, exactly (4-8)."),
                  "ja": ("メインデッキ枚数", "メインデッキの枚数（ちょうど、4〜8）。")},
    "min_units": {"en": ("Fewest units", "Units a deck must hold at least."),
                  "ja": ("ユニット最少枚数", "デッキに入れるユニットの最少枚数。")},
    "min_commands": {"en": ("Fewest commands", "Commands a deck must hold at least."),
                     "ja": ("コマンド最少枚数", "デッキに入れるコマンドの最少枚数。")},
    "leap_max": {"en": ("Leap deck size", "★ units a leap deck may hold."),
                 "ja": ("リープデッキ上限", "リープデッキに入れられる★ユニットの数。")},
}

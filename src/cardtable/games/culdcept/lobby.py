"""What the lobby says about the Culdcept card game: one line, and each option's help."""

TAGLINE = {
    "en": "Roll the die around six lands a side, place creatures to hold them, collect tolls "
          "and fight invaders until you reach the toll points that win.",
    "ja": "ダイスで土地を巡り、クリーチャーを置いて領地にし、通行料を集め、侵略者と戦って"
          "目標の通行料ポイントを目指す。",
}
OPTION_HELP = {
    "hand_size": {"en": ("Starting hand", "Cards drawn at the start."),
                  "ja": ("初期手札", "最初に引くカードの枚数。")},
    "hand_limit": {"en": ("Hand limit", "Cards kept at the end of one's own turn."),
                   "ja": ("手札上限", "自分のターン終了時に残せる手札の枚数。")},
    "points_to_win": {"en": ("Points to win", "Toll points that win the game."),
                      "ja": ("勝利ポイント", "勝利に必要な通行料ポイント。")},
    "deck_size": {"en": ("Smallest deck", "Cards in a deck, at least."),
                  "ja": ("デッキ最少枚数", "デッキの最少枚数。")},
    "max_deck_size": {"en": ("Largest deck", "Cards in a deck, at most (0: no maximum)."),
                      "ja": ("デッキ最大枚数", "デッキの最大枚数（0: 上限なし）。")},
    "max_copies": {"en": ("Copies per card", "Copies of one card name a deck may hold."),
                   "ja": ("同名カード上限", "デッキに入れられる同名カードの枚数。")},
    "turn_limit": {"en": ("Turn limit",
                          "Turns (both players' counted) after which toll points decide."),
                   "ja": ("ターン上限",
                          "このターン数（両者合計）の後は通行料ポイントで勝敗を決める。")},
    "open_decklists": {"en": ("Open decklists", "Each player may see the other's decklist."),
                       "ja": ("デッキリスト公開", "互いのデッキリストを見られる。")},
}

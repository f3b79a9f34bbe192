"""What the lobby says about DRAWS-◎-TROIDAL: one line, and each option's label and help."""

TAGLINE = {
    "en": "Five lanes a side: set cards face down, open them together, and let power, risk "
          "and guard decide each lane until one player's life runs out.",
    "ja": "5つのレーンにカードを裏向きでセットし、同時に公開。パワー・リスク・ガードで各レーンを"
          "競い、相手のライフを0にすれば勝ち。",
}
OPTION_HELP = {
    "life": {"en": ("Starting life", "Life each player starts with; lower it for a short game."),
             "ja": ("初期ライフ", "各プレイヤーの最初のライフ。短いゲームにするなら下げる。")},
    "deck_size": {"en": ("Deck size", "Cards in a deck, exactly."),
                  "ja": ("デッキ枚数", "デッキの枚数（ちょうど）。")},
    "hand_size": {"en": ("Hand size", "The hand is refilled to this many cards (1-5)."),
                  "ja": ("手札枚数", "手札はこの枚数まで補充される（1〜5）。")},
    "max_swaps": {"en": ("Swaps in a shuffle", "Adjacent swaps allowed in the field shuffle."),
                  "ja": ("シャッフルの入れ替え回数",
                         "フィールドシャッフルで隣同士を入れ替えられる回数。")},
    "win_limit": {"en": ("Wins before trash", "A card with this many wins in a row is trashed."),
                  "ja": ("連勝上限", "この回数連続で勝ったカードは捨て札になる。")},
    "opening_redos": {"en": ("Opening redos", "Times the opening five may be turned over again."),
                      "ja": ("最初の5枚の引き直し", "最初の5枚をめくり直せる回数。")},
    "max_copies": {"en": ("Copies per card", "Copies of one card a deck may hold."),
                   "ja": ("同名カード上限", "デッキに入れられる同名カードの枚数。")},
    "open_decklists": {"en": ("Open decklists", "Each player may see the other's decklist."),
                       "ja": ("デッキリスト公開", "互いのデッキリストを見られる。")},
}

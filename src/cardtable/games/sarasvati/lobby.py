"""What the lobby says about サラスヴァティTCG: one line, and each option's label and help."""

TAGLINE = {
    "en": "Summon characters into front and back rows, charge voltage to pay for them, and "
          "break your opponent's three forbidden books.",
    "ja": "キャラクターを前列・後列に召喚し、ボルテージをためて支払い、相手の3冊の禁書を破壊する。",
}
OPTION_HELP = {
    "hand_size": {"en": ("Starting hand", "Cards drawn at the start."),
                  "ja": ("初期手札", "最初に引くカードの枚数。")},
    "deck_size": {"en": ("Deck size", "Cards in a deck besides the forbidden books, exactly."),
                  "ja": ("デッキ枚数", "禁書を除くデッキの枚数（ちょうど）。")},
    "max_copies": {"en": ("Copies per card", "Copies of one card a deck may hold."),
                   "ja": ("同名カード上限", "デッキに入れられる同名カードの枚数。")},
    "books": {"en": ("Forbidden books", "Forbidden books per player."),
              "ja": ("禁書の数", "各プレイヤーの禁書の冊数。")},
    "book_cost_limit": {"en": ("Book cost limit",
                               "The three books cost at most this much together."),
                        "ja": ("禁書コスト上限", "3冊の禁書のコスト合計の上限。")},
    "first_player_skips_draw": {
        "en": ("First player skips a draw", "The first player does not draw on the first turn."),
        "ja": ("先攻は最初のドローなし", "先攻プレイヤーは最初のターンにカードを引かない。")},
    "open_decklists": {"en": ("Open decklists", "Each player may see the other's decklist."),
                       "ja": ("デッキリスト公開", "互いのデッキリストを見られる。")},
}

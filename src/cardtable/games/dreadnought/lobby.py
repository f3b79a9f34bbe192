"""What the lobby says about Dreadnought: one line, and each option's label and help."""

TAGLINE = {
    "en": "Two casters a side, units cast into their areas, reactions chained in answer: "
          "break both enemy casters' HP to win.",
    "ja": "左右のエリアにキャスターとユニット、チェーンで応酬。"
          "相手のキャスター2体のHPを削り切れば勝ち。",
}
OPTION_HELP = {
    "hand_size": {"en": ("Starting hand", "Cards drawn at the start."),
                  "ja": ("初期手札", "最初に引くカードの枚数。")},
    "deck_size": {"en": ("Deck size", "Cards in a deck."), "ja": ("デッキ枚数", "デッキの枚数。")},
    "max_copies": {"en": ("Copies per card", "Copies of one card a deck may hold."),
                   "ja": ("同名カード上限", "デッキに入れられる同名カードの枚数。")},
    "turn_limit": {"en": ("Turn limit", "A match still running after this many turns is a draw."),
                   "ja": ("ターン上限", "このターン数を過ぎても続く対戦は引き分け。")},
    "infinite_cap": {"en": ("Repeat cap", "How often an 'infinite' ability may repeat in one go."),
                     "ja": ("無限の上限", "「無限」の能力を一度に繰り返せる回数の上限。")},
    "cast_action_cap": {"en": ("Cast action cap",
                               "Cast actions (casts, dummies, discards, slot moves) one player "
                               "may take in a cast phase."),
                        "ja": ("キャスト行動の上限",
                               "1回のキャストフェイズに行えるキャスト行動（キャスト、ダミー、"
                               "ユニットを捨札、スロット移動）の回数の上限。")},
    "open_decklists": {"en": ("Open decklists", "Each player may see the other's decklist."),
                       "ja": ("デッキリスト公開", "互いのデッキリストを見られる。")},
}

"""DRAWS-◎-TROIDAL's options, each declared once: default, range, and label and help in both
languages (``core/options.py``); the record (``record.py``) names them."""

from cardtable.core.options import OPEN_DECKLISTS, Option
from cardtable.games.draws_troidal import actions as act

OPTIONS = (
    Option("life", 50, (1, 999),
           en=("Starting life", "Life each player starts with; lower it for a short game."),
           ja=("初期ライフ", "各プレイヤーの最初のライフ。短いゲームにするなら下げる。")),
    # the opening sets five cards
    Option("deck_size", 60, (act.LANES, 200),
           en=("Deck size", "Cards in a deck, exactly."),
           ja=("デッキ枚数", "デッキの枚数（ちょうど）。")),
    # hands are refilled to this many (at most five: the action space places at most five)
    Option("hand_size", 5, (1, act.HAND_MAX),
           en=("Hand size", "The hand is refilled to this many cards (1-5)."),
           ja=("手札枚数", "手札はこの枚数まで補充される（1〜5）。")),
    # ten adjacent swaps reach every order of five
    Option("max_swaps", 2, (0, 10),
           en=("Swaps in a shuffle", "Adjacent swaps allowed in the field shuffle."),
           ja=("シャッフルの入れ替え回数", "フィールドシャッフルで隣同士を入れ替えられる回数。")),
    Option("win_limit", 5, (1, 99),
           en=("Wins before trash", "A card with this many wins in a row is trashed."),
           ja=("連勝上限", "この回数連続で勝ったカードは捨て札になる。")),
    Option("opening_redos", 1, (0, 9),
           en=("Opening redos", "Times the opening five may be turned over again."),
           ja=("最初の5枚の引き直し", "最初の5枚をめくり直せる回数。")),
    Option("max_copies", 4, (1, 200),
           en=("Copies per card", "Copies of one card a deck may hold."),
           ja=("同名カード上限", "デッキに入れられる同名カードの枚数。")),
    OPEN_DECKLISTS,
)

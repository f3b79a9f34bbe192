"""The Culdcept card game's options, each declared once: default, range, and label and help in
both languages (``core/options.py``); the record (``record.py``) names them."""

from cardtable.core.options import OPEN_DECKLISTS, Option

OPTIONS = (
    Option("hand_size", 6, (0, 10),  # the seed: 6
           en=("Starting hand", "Cards drawn at the start."),
           ja=("初期手札", "最初に引くカードの枚数。")),
    # the seed: 10; hands stay below the 20 distinct cards codes count
    Option("hand_limit", 10, (1, 15),
           en=("Hand limit", "Cards kept at the end of one's own turn."),
           ja=("手札上限", "自分のターン終了時に残せる手札の枚数。")),
    Option("points_to_win", 10, (1, 100),  # the seed: 10
           en=("Points to win", "Toll points that win the game."),
           ja=("勝利ポイント", "勝利に必要な通行料ポイント。")),
    Option("deck_size", 60, (1, 120),  # the seed: 60 or more
           en=("Smallest deck", "Cards in a deck, at least."),
           ja=("デッキ最少枚数", "デッキの最少枚数。")),
    # 0: no maximum, as the seed says (デッキ枚数: 60枚以上); a table may still set one
    Option("max_deck_size", 0, (0, 10_000),
           en=("Largest deck", "Cards in a deck, at most (0: no maximum)."),
           ja=("デッキ最大枚数", "デッキの最大枚数（0: 上限なし）。")),
    Option("max_copies", 4, (1, 60),  # the seed: 4
           en=("Copies per card", "Copies of one card name a deck may hold."),
           ja=("同名カード上限", "デッキに入れられる同名カードの枚数。")),
    Option("turn_limit", 120, (1, 10_000),
           en=("Turn limit", "Turns (both players' counted) after which toll points decide."),
           ja=("ターン上限", "このターン数（両者合計）の後は通行料ポイントで勝敗を決める。")),
    OPEN_DECKLISTS,
)

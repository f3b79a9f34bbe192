"""サラスヴァティTCG's options, each declared once: default, range, and label and help in both
languages (``core/options.py``); the record (``record.py``) names them."""

from cardtable.core.options import OPEN_DECKLISTS, Option
from cardtable.games.sarasvati import actions as act

OPTIONS = (
    # the seed suggests 6-7 may be tried; an empty opening hand could never play a card
    Option("hand_size", 5, (1, 10),
           en=("Starting hand", "Cards drawn at the start."),
           ja=("初期手札", "最初に引くカードの枚数。")),
    Option("deck_size", 40, (1, act.KINDS),
           en=("Deck size", "Cards in a deck besides the forbidden books, exactly."),
           ja=("デッキ枚数", "禁書を除くデッキの枚数（ちょうど）。")),
    Option("max_copies", 4, (1, 40),
           en=("Copies per card", "Copies of one card a deck may hold."),
           ja=("同名カード上限", "デッキに入れられる同名カードの枚数。")),
    # the table has three book places
    Option("books", 3, (act.BOOKS, act.BOOKS),
           en=("Forbidden books", "Forbidden books per player."),
           ja=("禁書の数", "各プレイヤーの禁書の冊数。")),
    Option("book_cost_limit", 13, (0, 99),
           en=("Book cost limit", "The three books cost at most this much together."),
           ja=("禁書コスト上限", "3冊の禁書のコスト合計の上限。")),
    Option("first_player_skips_draw", True,
           en=("First player skips a draw", "The first player does not draw on the first turn."),
           ja=("先攻は最初のドローなし", "先攻プレイヤーは最初のターンにカードを引かない。")),
    OPEN_DECKLISTS,
)

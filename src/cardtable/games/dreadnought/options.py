"""Dreadnought's options, each declared once: default, range, and label and help in both
languages (``core/options.py``); the record (``record.py``) names them."""

from cardtable.core.options import OPEN_DECKLISTS, Option

OPTIONS = (
    Option("hand_size", 7, (0, 20),  # the opening hand (seed: 手札7枚)
           en=("Starting hand", "Cards drawn at the start."),
           ja=("初期手札", "最初に引くカードの枚数。")),
    Option("deck_size", 50, (10, 50),  # units and codes in a deck besides the two casters
           en=("Deck size", "Cards in a deck."),
           ja=("デッキ枚数", "デッキの枚数。")),
    Option("max_copies", 4, (1, 50),  # copies of one name
           en=("Copies per card", "Copies of one card a deck may hold."),
           ja=("同名カード上限", "デッキに入れられる同名カードの枚数。")),
    Option("turn_limit", 60, (1, 10_000),
           en=("Turn limit", "A match still running after this many turns is a draw."),
           ja=("ターン上限", "このターン数を過ぎても続く対戦は引き分け。")),
    Option("infinite_cap", 10, (1, 100),  # plays of one 無限 ability per phase
           en=("Repeat cap", "How often an 'infinite' ability may repeat in one go."),
           ja=("無限の上限", "「無限」の能力を一度に繰り返せる回数の上限。")),
    # cast actions (unit and dummy casts, unit discards, slot moves) of one seat per cast
    # phase: the seed allows any number, and a bound keeps a loop finite
    Option("cast_action_cap", 10, (1, 100),
           en=("Cast action cap",
               "Cast actions (casts, dummies, discards, slot moves) one player may take in a "
               "cast phase."),
           ja=("キャスト行動の上限",
               "1回のキャストフェイズに行えるキャスト行動（キャスト、ダミー、ユニットを捨札、"
               "スロット移動）の回数の上限。")),
    OPEN_DECKLISTS,
)

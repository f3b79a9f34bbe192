"""Everything the Culdcept card game offers, declared once (``core/parts.py``); the registry
(``core/registry.py``) is its only reader."""

from cardtable.core.parts import GameParts, conventional
from cardtable.games.culdcept.options import OPTIONS

PARTS = GameParts(
    id="culdcept",
    title="Culdcept card game (test 0.75)",
    title_ja="カルドセプト カードゲーム（テスト版0.75）",
    package=__package__,
    tagline=("Roll the die around six lands a side, place creatures to hold them, collect tolls "
             "and fight invaders until you reach the toll points that win.",
             "ダイスで土地を巡り、クリーチャーを置いて領地にし、通行料を集め、侵略者と戦って"
             "目標の通行料ポイントを目指す。"),
    options=OPTIONS,
    **conventional("view", "policy", "value", "projection", "sentences", "picks", "encoding",
                   "writer"),
    max_length=5000,  # random games stay far below it (103 at most over 60 games)
    hot=("game", "view", "state", "legal", "turn", "board", "battle", "movement", "spell",
         "territory", "effects", "determinize", "actions", "observe_fast", "greedy", "value"),
)

"""Everything Dreadnought offers, declared once (``core/parts.py``); the registry
(``core/registry.py``) is its only reader."""

from cardtable.core.parts import GameParts, conventional
from cardtable.games.dreadnought.options import OPTIONS

PARTS = GameParts(
    id="dreadnought",
    title="Dreadnought",
    title_ja="ドレッドノート",
    package=__package__,
    tagline=("Two casters a side, units cast into their areas, reactions chained in answer: "
             "break both enemy casters' HP to win.",
             "左右のエリアにキャスターとユニット、チェーンで応酬。"
             "相手のキャスター2体のHPを削り切れば勝ち。"),
    options=OPTIONS,
    **conventional("view", "policy", "value", "projection", "sentences", "picks", "encoding",
                   "writer"),
    max_length=10000,  # random games stay far below it (283 at most over 60 games)
    hot=("game", "view", "state", "legal", "rules", "effects", "determinize", "observe_fast",
         "greedy", "value"),
)

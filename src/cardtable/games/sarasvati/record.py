"""Everything サラスヴァティTCG offers, declared once (``core/parts.py``); the registry
(``core/registry.py``) is its only reader."""

from cardtable.core.parts import GameParts, conventional
from cardtable.games.sarasvati.options import OPTIONS

PARTS = GameParts(
    id="sarasvati",
    title="Sarasvati TCG",
    title_ja="サラスヴァティTCG",
    package=__package__,
    tagline=("Summon characters into front and back rows, charge voltage to pay for them, and "
             "break your opponent's three forbidden books.",
             "キャラクターを前列・後列に召喚し、ボルテージをためて支払い、相手の3冊の禁書を破壊する。"),
    options=OPTIONS,
    **conventional("view", "policy", "value", "projection", "sentences", "picks", "why_not",
                   "encoding", "writer"),
    max_length=5000,  # random games stay far below it (268 at most over 60 games)
    hot=("game", "view", "state", "legal", "turn", "battle", "resolve", "imagine", "stats",
         "zones", "opening", "determinize", "effects", "observe_fast", "greedy", "value"),
)

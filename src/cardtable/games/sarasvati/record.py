"""Everything サラスヴァティTCG offers, declared once (``core/parts.py``); the registry
(``core/registry.py``) is its only reader; its titles and tagline are wording, in
``data/words.toml``."""

from cardtable.core.parts import GameParts, about, conventional
from cardtable.games.sarasvati.options import OPTIONS

PARTS = GameParts(
    id="sarasvati", package=__package__, options=OPTIONS, **about(__file__),
    **conventional("view", "policy", "value", "projection", "sentences", "picks", "why_not",
                   "encoding", "writer", "scenario"),
    max_length=5000,  # random games stay far below it (268 at most over 60 games)
    hot=("game", "view", "state", "legal", "turn", "battle", "resolve", "imagine", "stats",
         "zones", "opening", "determinize", "effects", "observe_fast", "greedy", "value"),
)

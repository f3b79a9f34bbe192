"""Everything Dreadnought offers, declared once (``core/parts.py``); the registry
(``core/registry.py``) is its only reader; its titles and tagline are wording, in
``data/words.toml``."""

from cardtable.core.parts import GameParts, about, conventional
from cardtable.games.dreadnought.options import OPTIONS

PARTS = GameParts(
    id="dreadnought", package=__package__, options=OPTIONS, **about(__file__),
    **conventional("view", "policy", "value", "projection", "sentences", "picks", "stops",
                   "why_not", "encoding", "writer", "scenario"),
    max_length=10000,  # random games stay far below it (283 at most over 60 games)
    hot=("game", "view", "state", "board", "choices", "legal", "rules", "effects", "determinize",
         "observe_fast", "greedy", "value"),
)

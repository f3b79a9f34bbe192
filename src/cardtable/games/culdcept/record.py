"""Everything the Culdcept card game offers, declared once (``core/parts.py``); the registry
(``core/registry.py``) is its only reader; its titles and tagline are wording, in
``data/words.toml``."""

from cardtable.core.parts import GameParts, about, conventional
from cardtable.games.culdcept.options import OPTIONS

PARTS = GameParts(
    id="culdcept", package=__package__, options=OPTIONS, **about(__file__),
    **conventional("view", "policy", "value", "projection", "sentences", "picks", "stops",
                   "why_not", "encoding", "writer", "scenario"),
    max_length=5000,  # random games stay far below it (103 at most over 60 games)
    hot=("game", "view", "state", "legal", "turn", "board", "battle", "movement", "spell",
         "territory", "effects", "determinize", "actions", "observe_fast", "greedy", "value"),
)

"""Everything DRAWS-◎-TROIDAL offers, declared once (``core/parts.py``); the registry
(``core/registry.py``) is its only reader; its titles and tagline are wording, in
``data/words.toml``."""

from cardtable.core.parts import GameParts, about, conventional
from cardtable.games.draws_troidal.options import OPTIONS

PARTS = GameParts(
    id="draws-troidal", package=__package__, options=OPTIONS, **about(__file__),
    # encoding: its observe_into is the writer
    **conventional("view", "policy", "value", "projection", "sentences", "picks", "why_not",
                   "encoding", "scenario"),
    max_length=1000,  # random games stay far below it (46 at most over 60 games)
    hot=("game", "view", "state", "legal", "actions", "turn", "steps", "draw", "opening",
         "determinize", "field_set", "field_battle", "field_shuffle", "field_open", "core_rng",
         "attributes", "encoding", "greedy", "value"),
)

"""Everything DRAWS-◎-TROIDAL offers, declared once (``core/parts.py``); the registry
(``core/registry.py``) is its only reader."""

from cardtable.core.parts import GameParts, conventional
from cardtable.games.draws_troidal.options import OPTIONS

PARTS = GameParts(
    id="draws-troidal",
    title="DRAWS-◎-TROIDAL",
    title_ja="DRAWS-◎-TROIDAL",
    package=__package__,
    tagline=("Five lanes a side: set cards face down, open them together, and let power, risk "
             "and guard decide each lane until one player's life runs out.",
             "5つのレーンにカードを裏向きでセットし、同時に公開。パワー・リスク・ガードで各レーンを"
             "競い、相手のライフを0にすれば勝ち。"),
    options=OPTIONS,
    # encoding: its observe_into is the writer
    **conventional("view", "policy", "value", "projection", "sentences", "picks", "encoding"),
    max_length=1000,  # random games stay far below it (46 at most over 60 games)
    hot=("game", "view", "state", "legal", "actions", "turn", "steps", "draw", "opening",
         "determinize", "field_set", "field_battle", "field_shuffle", "field_open", "core_rng",
         "attributes", "encoding", "greedy", "value"),
)

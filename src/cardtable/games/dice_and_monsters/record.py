"""Everything Cardguard Dice and Monsters offers, declared once (``core/parts.py``); the registry
(``core/registry.py``) is its only reader; its titles and tagline are wording, in
``data/words.toml``."""

from cardtable.core.parts import GameParts, about, conventional
from cardtable.games.dice_and_monsters.options import OPTIONS

PARTS = GameParts(
    id="dice-and-monsters", package=__package__, options=OPTIONS, **about(__file__),
    # encoding: its observe_into is the writer
    # terminal: draws a battle's squares between its rounds
    **conventional("view", "policy", "projection", "sentences", "picks", "why_not", "encoding",
                   "terminal", "scenario"),
    max_length=200,  # random games stay far below it (24 at most over 60 games)
    hot=("game", "view", "state", "legal", "battle", "leap", "commands", "damage", "targeting",
         "order", "flow", "board", "deckbuilding", "determinize", "actions", "encoding", "greedy"),
)

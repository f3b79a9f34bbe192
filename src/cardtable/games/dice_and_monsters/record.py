"""Everything Cardguard Dice and Monsters offers, declared once (``core/parts.py``); the
registry (``core/registry.py``) is its only reader."""

from cardtable.core.parts import GameParts, conventional
from cardtable.games.dice_and_monsters.options import OPTIONS

PARTS = GameParts(
    id="dice-and-monsters",
    title="Cardguard Dice and Monsters",
    title_ja="カードガルド・ダイス・アンド・モンスターズ",
    package=__package__,
    tagline=("Draft a small deck from a pool, line up four squares of units and a hidden "
             "command, and roll dice through a few rounds of battle.",
             "カードプールから小さなデッキを組み、ユニットと伏せたコマンドを4マスに並べて、"
             "ダイスで数ラウンドのバトルを戦う。"),
    options=OPTIONS,
    # encoding: its observe_into is the writer
    # terminal: draws a battle's squares between its rounds
    **conventional("view", "policy", "projection", "sentences", "picks", "encoding", "terminal"),
    max_length=200,  # random games stay far below it (24 at most over 60 games)
    hot=("game", "view", "state", "legal", "battle", "leap", "commands", "damage", "targeting",
         "order", "flow", "board", "deckbuilding", "determinize", "actions", "encoding", "greedy"),
)

"""Cardguard Dice and Monsters' options, declared once in ``data/options.toml`` (default, range,
and label and help in both languages; ``core/options.read_options``); the record
(``record.py``) names them."""

from cardtable.core.options import read_options
from cardtable.games.dice_and_monsters import actions as act

OPTIONS = read_options(__file__, DECK_MAX=act.DECK_MAX)

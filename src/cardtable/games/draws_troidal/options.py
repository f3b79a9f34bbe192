"""DRAWS-◎-TROIDAL's options, declared once in ``data/options.toml`` (default, range, and label
and help in both languages; ``core/options.read_options``); the record (``record.py``) names
them."""

from cardtable.core.options import OPEN_DECKLISTS, read_options
from cardtable.games.draws_troidal import actions as act

OPTIONS = (*read_options(__file__, LANES=act.LANES, HAND_MAX=act.HAND_MAX), OPEN_DECKLISTS)

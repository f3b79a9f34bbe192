"""サラスヴァティTCG's options, declared once in ``data/options.toml`` (default, range, and label
and help in both languages; ``core/options.read_options``); the record (``record.py``) names
them."""

from cardtable.core.options import OPEN_DECKLISTS, read_options
from cardtable.games.sarasvati import actions as act

OPTIONS = (*read_options(__file__, KINDS=act.KINDS, BOOKS=act.BOOKS), OPEN_DECKLISTS)

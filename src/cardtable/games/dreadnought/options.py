"""Dreadnought's options, declared once in ``data/options.toml`` (default, range, and label and
help in both languages; ``core/options.read_options``); the record (``record.py``) names
them."""

from cardtable.core.options import OPEN_DECKLISTS, read_options

OPTIONS = (*read_options(__file__), OPEN_DECKLISTS)

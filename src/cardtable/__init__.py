"""cardtable: rules engines, a terminal table and simulators for five Japanese card games."""

__version__ = "0.1.0"

"""Rules cores, one package per game; each exposes ``GAME`` (a ``cardtable.core.Game``)."""

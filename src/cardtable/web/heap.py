"""The server process's garbage collector: what it walks, and how often.

A full collection walks every object the collector tracks, with the event loop stopped: every
seat of every table waits for it. Two things keep it short and rare. At start-up, once the
application, the games' card data and the resumed tables are loaded, ``settle`` moves all that
into the collector's permanent generation (``gc.freeze``): objects that live as long as the
process are never walked again. And the youngest generation is collected after 20,000 new
objects instead of 700, so the objects one message is built from (a few thousand, gone when
it is sent) die before a collection moves them to an older generation, where each full
collection would walk them again.

The tables' own long-lived data is kept small for the same reason (``tables.LiveTable``'s
frames and log lines are text and tuples, not trees of dicts). Only ``cardtable serve`` calls
``settle``; an embedding application (or a test) keeps its own settings.
"""

from __future__ import annotations

import gc

#: objects allocated (less those freed) between collections of the youngest generation
YOUNG = 20_000


def settle() -> None:
    """Freeze what exists now, and collect the young generation less often."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)

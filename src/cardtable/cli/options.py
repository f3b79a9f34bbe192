"""``--option key=value`` flags: game options from the command line, typed as they read."""

from __future__ import annotations

import os
from typing import Any

from cardtable.core.errors import CardtableError, OptionError
from cardtable.core.options import typed_value


def parse_options(items: list[str] | None) -> dict[str, Any] | None:
    """``["deck_size=40", "life=30"]`` -> ``{"deck_size": 40, "life": 30}``; none -> None."""
    if not items:
        return None
    options: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise CardtableError(f"--option '{item}' must be key=value, e.g. --option life=30")
        key = key.strip()
        if key in options:  # keeping the last silently would run another game than asked
            raise OptionError(f"--option {key} is given twice ({key}={options[key]} and "
                              f"{item.strip()}); give each option once")
        options[key] = typed_value(value.strip())
    return options


#: command-line ranges, shown in ``--help`` and checked by ``check_range`` before anything runs
MAX_SEED = 2**63 - 1            # seeds are 63-bit: a record stores any of them exactly
MAX_GAMES = 10_000_000          # a simulate batch
#: worker processes: more than twice the cores only slows a batch down (twice, not once, so an
#: example written for two workers still runs on a one-core machine)
MAX_WORKERS = 2 * (os.cpu_count() or 1)
MIN_SECONDS, MAX_SECONDS = 0.1, 3600.0  # bench's playout time
MAX_SEARCH = 1_000_000          # bench --search iterations per decision


def check_range(flag: str, value: float, lo: float, hi: float, why: str = "") -> None:
    """``OptionError`` naming the flag and its range when ``value`` lies outside it (NaN too)."""
    if not lo <= value <= hi:
        reason = f" ({why})" if why else ""
        raise OptionError(f"{flag} must be {_number(lo)} to {_number(hi)}{reason}, "
                          f"got {_number(value)}")


def _number(x: float) -> str:
    """Whole numbers with thousands separators, anything else (0.1, nan, inf) as written."""
    return f"{x:,}" if isinstance(x, int) else f"{x:g}"
